import Foundation
@_spi(Kernel) import TextKernel

/// Whether a small function of TextKernel costs a call when another module uses it in an inner loop:
/// `ModalKitBenchmarks inlining [text.txt] [REPS]`, from a release build.
///
/// Each test is timed three ways in one run: through TextKernel's function, through a copy kept in this
/// module, and through a copy that is never inlined (the cost of a call). The first two at the same speed,
/// and the third slower, mean the optimiser inlines across the module edge, so copies of such functions in
/// other modules buy nothing. Prints the median seconds of each and the ratio to the local copy.
enum InliningBenchmark {
    static func run(_ arguments: [String]) -> Int32 {
        let path = arguments.first ?? "/tmp/modal-corpus/big/text.txt"
        let reps = arguments.count > 1 ? max(1, Int(arguments[1]) ?? 7) : 7
        guard let data = FileManager.default.contents(atPath: path) else {
            print("cannot read \(path); generate it with: python3 /work/shared/bench/gen_corpus.py /tmp/modal-corpus")
            return 1
        }
        let bytes = [UInt8](data)
        let text = String(decoding: bytes, as: UTF8.self)
        let scalars = text.unicodeScalars.map(\.value)
        print("corpus \(path): \(bytes.count) bytes, \(scalars.count) scalars; median of \(reps) reps")

        // A word at every byte offset: a call per position, as the per-cluster loops of wrapping make.
        compare(
            "leading_printable_count", reps: reps,
            across: { sumAcross(bytes) }, local: { sumLocal(bytes) }, called: { sumCalled(bytes) })
        compare(
            "joins_no_neighbour", reps: reps,
            across: { countAcross(scalars) }, local: { countLocal(scalars) }, called: { countCalled(scalars) })
        return 0
    }

    /// Times the three ways alternately, so that a slow stretch of a shared machine falls on all of them.
    private static func compare(
        _ name: String, reps: Int, across: () -> Int, local: () -> Int, called: () -> Int
    ) {
        var times: [[Double]] = [[], [], []]
        var results: [Int] = [0, 0, 0]
        for _ in 0..<reps {
            times[0].append(Bench.seconds { results[0] = across() })
            times[1].append(Bench.seconds { results[1] = local() })
            times[2].append(Bench.seconds { results[2] = called() })
        }
        let medians = times.map(Bench.median)
        let agree = results[0] == results[1] && results[1] == results[2]
        for (label, slot) in [("cross_module_inlinable", 0), ("local_copy", 1), ("never_inlined", 2)] {
            print(
                "RESULT name=swift_inlining_\(name)_\(label) unit=ms value=\(Bench.format(medians[slot] * 1000, decimals: 2)) "
                    + "ratio_to_local=\(Bench.format(medians[slot] / medians[1], decimals: 3))"
                    + (agree ? "" : " RESULTS-DIFFER"))
        }
    }

    // Each way has a loop of its own: a function passed in as a closure would measure closure specialisation.

    private static func sumAcross(_ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBytes { raw in
            var (total, offset) = (0, 0)
            while offset &+ 8 <= raw.count {
                total &+= ByteLanes.leadingPrintableCount(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                offset &+= 1
            }
            return total
        }
    }

    private static func sumLocal(_ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBytes { raw in
            var (total, offset) = (0, 0)
            while offset &+ 8 <= raw.count {
                total &+= localLeadingPrintableCount(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                offset &+= 1
            }
            return total
        }
    }

    private static func sumCalled(_ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBytes { raw in
            var (total, offset) = (0, 0)
            while offset &+ 8 <= raw.count {
                total &+= calledLeadingPrintableCount(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                offset &+= 1
            }
            return total
        }
    }

    private static func countAcross(_ scalars: [UInt32]) -> Int {
        scalars.withUnsafeBufferPointer { scalars in
            var total = 0
            for value in scalars where UTF16Offsets.joinsNoNeighbour(value) { total &+= 1 }
            return total
        }
    }

    private static func countLocal(_ scalars: [UInt32]) -> Int {
        scalars.withUnsafeBufferPointer { scalars in
            var total = 0
            for value in scalars where localJoinsNoNeighbour(value) { total &+= 1 }
            return total
        }
    }

    private static func countCalled(_ scalars: [UInt32]) -> Int {
        scalars.withUnsafeBufferPointer { scalars in
            var total = 0
            for value in scalars where calledJoinsNoNeighbour(value) { total &+= 1 }
            return total
        }
    }

    // The local copies are TextKernel's functions restated, which is what the comparison needs.

    @inline(__always)
    private static func localLeadingPrintableCount(_ word: UInt64) -> Int {
        let high: UInt64 = 0x8080_8080_8080_8080
        let ones: UInt64 = 0x0101_0101_0101_0101
        let belowSpace = (word &- ones &* 0x20) & ~word & high
        let flipped = word ^ (ones &* 0x7F)
        let outside = (word & high) | belowSpace | ((flipped &- ones) & ~flipped & high)
        return outside == 0 ? 8 : outside.trailingZeroBitCount >> 3
    }

    @inline(never)
    private static func calledLeadingPrintableCount(_ word: UInt64) -> Int {
        localLeadingPrintableCount(word)
    }

    @inline(__always)
    private static func localJoinsNoNeighbour(_ scalar: UInt32) -> Bool {
        scalar < 0x300 || (scalar >= 0x4E00 && scalar <= 0x9FFF) || localAlwaysBreaksAround(scalar)
    }

    @inline(never)
    private static func calledJoinsNoNeighbour(_ scalar: UInt32) -> Bool {
        localJoinsNoNeighbour(scalar)
    }

    private static func localAlwaysBreaksAround(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x4E00...0x9FFF, 0x3041...0x3096, 0x309B...0x30FF, 0x3001...0x3029, 0x3030...0x303F, 0xFF01...0xFF5E,
            0x05D0...0x05EA, 0x0620...0x064A, 0x0660...0x0669, 0x0671...0x06D3, 0x0370...0x0482, 0x048A...0x052F,
            0x2010...0x2027, 0x2030...0x205E, 0x2100...0x2BFF, 0x3400...0x4DBF, 0x1F300...0x1F3FA, 0x1F400...0x1F64F,
            0x1F680...0x1F6FF, 0x1F900...0x1F9FF:
            return true
        default:
            return false
        }
    }
}
