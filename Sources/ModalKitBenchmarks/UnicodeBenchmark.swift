import TextLayout

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Throughput of line-break finding and cluster widths, and the width dump for Scripts/wcwidth_diff.py.
///
/// `unicode [FILE] [REPS]` prints `RESULT` lines in the format of the peer benchmarks (MB = 10^6 bytes of
/// UTF-8 input). `dump-widths FILE...` prints every distinct grapheme cluster of the files once, as
/// `COUNT WIDTH WIDTH_AMBIGUOUS_WIDE HEX...`.
enum UnicodeBenchmark {
    static let defaultCorpus = "/tmp/modal-corpus/big/text.txt"

    static func run(arguments: [String]) -> Int32 {
        // The tables decode from base64 and the line-break transitions build on first use: time that once.
        let firstUseStart = Bench.now()
        _ = CellWidth.of(scalar: "a")
        _ = LineBreaker.breakActions(["a"])
        print(
            "RESULT name=swift_unicode_tables_first_use unit=ms value=\(Bench.format((Bench.now() - firstUseStart) * 1000))"
        )

        let path = arguments.first ?? defaultCorpus
        let reps = arguments.count > 1 ? Int(arguments[1]) ?? 5 : 5
        guard let bytes = readFile(path) else {
            printError(
                "cannot read \(path) (generate it with python3 /work/shared/bench/gen_corpus.py /tmp/modal-corpus)")
            return 1
        }
        let text = String(decoding: bytes, as: UTF8.self)
        let byteCount = bytes.count

        measure("swift_scalars_break_actions", reps: reps, bytes: byteCount) {
            let scalars = Array(text.unicodeScalars)
            return count(LineBreaker.breakActions(scalars))
        }
        measure("swift_utf8_break_actions", reps: reps, bytes: byteCount) {
            count(LineBreaker.utf8BreakActions(text))
        }
        var buffer = [BreakAction](repeating: .prohibited, count: byteCount + 1)
        var utf8 = text
        measure("swift_utf8_break_actions_into_buffer", reps: reps, bytes: byteCount) {
            utf8.withUTF8 { input in
                buffer.withUnsafeMutableBufferPointer { LineBreaker.utf8BreakActions(input, into: $0) }
            }
            return count(buffer)
        }
        measure("swift_character_iteration", reps: reps, bytes: byteCount) {
            var clusters = 0
            for _ in text { clusters += 1 }
            return clusters
        }
        measure("swift_character_cell_widths", reps: reps, bytes: byteCount) {
            var cells = 0
            for cluster in text { cells += CellWidth.of(cluster) }
            return cells
        }
        measure("swift_index_after_utf8_cell_widths", reps: reps, bytes: byteCount) {
            var cells = 0
            let string = text
            utf8.withUTF8 { bytes in
                var index = string.startIndex
                var offset = 0
                while index < string.endIndex {
                    let next = string.index(after: index)
                    let nextOffset = string.utf8.distance(from: string.startIndex, to: next)
                    cells += CellWidth.of(utf8: UnsafeBufferPointer(rebasing: bytes[offset..<nextOffset]))
                    index = next
                    offset = nextOffset
                }
            }
            return cells
        }
        measure("swift_for_each_cluster_cell_widths", reps: reps, bytes: byteCount) {
            var cells = 0
            CellWidth.forEachCluster(in: text) { _, width in cells += width }
            return cells
        }
        return 0
    }

    /// Breaks (allowed or mandatory) in a list of actions, without counting the end of text.
    private static func count(_ actions: [BreakAction]) -> Int {
        var breaks = 0
        for action in actions.dropLast() where action != .prohibited { breaks += 1 }
        return breaks
    }

    private static func measure(_ name: String, reps: Int, bytes: Int, _ body: () -> Int) {
        var rates: [Double] = []
        var result: Int?
        for _ in 0..<reps {
            let start = Bench.now()
            let value = body()
            let seconds = Bench.now() - start
            if let result, result != value { printError("\(name): result changed between reps") }
            result = value
            rates.append(Double(bytes) / 1e6 / seconds)
        }
        rates.sort()
        let median = rates[rates.count / 2]
        print(
            "RESULT name=\(name) unit=MB/s value=\(Bench.format(median)) min=\(Bench.format(rates.first!)) "
                + "max=\(Bench.format(rates.last!)) reps=\(reps) bytes=\(bytes) result=\(result ?? 0)")
    }

    static func dumpWidths(paths: [String]) -> Int32 {
        var order: [String] = []
        var seen: [String: Int] = [:]
        for path in paths {
            guard let bytes = readFile(path) else {
                printError("cannot read \(path)")
                return 1
            }
            for cluster in String(decoding: bytes, as: UTF8.self) {
                let key = String(cluster)
                if let count = seen[key] {
                    seen[key] = count + 1
                } else {
                    seen[key] = 1
                    order.append(key)
                }
            }
        }
        var output = ""
        for key in order {
            let cluster = Character(key)
            output += "\(seen[key]!) \(CellWidth.of(cluster)) \(CellWidth.of(cluster, ambiguousIsWide: true))"
            for scalar in key.unicodeScalars { output += " " + String(scalar.value, radix: 16, uppercase: true) }
            output += "\n"
            if output.utf8.count > 1 << 16 {
                print(output, terminator: "")
                output = ""
            }
        }
        print(output, terminator: "")
        return 0
    }

    private static func printError(_ message: String) {
        let line = message + "\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
    }

    private static func readFile(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }
}
