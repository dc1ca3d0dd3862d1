import Glibc
import ModalModel
import TextLayout

/// Wrapping throughput on the mixed-script corpus: `ModalKitBenchmarks wrap [text.txt] [reps] [--only PART]`.
///
/// Reports UTF-8 megabytes (10^6 bytes) of message per second for `wrap` at width 80 over styled text, the
/// cost of resolving styles (`StyledText(modal:)`), and the same wrap at 1 KB, 100 KB and 10 MB to show that the
/// cost per byte stays flat. `--only` runs one part (`resolve`, `styled`, `plain`, `resolve-and-wrap`,
/// `linearity`), so that a profiler sees that part alone.
enum WrapBenchmark {
    /// The parts `--only` can choose.
    private static let parts: Set<String> = ["resolve", "styled", "plain", "resolve-and-wrap", "linearity"]

    static func run(_ arguments: [String]) -> Int32 {
        var arguments = arguments
        var only: String? = nil
        if let flag = arguments.firstIndex(of: "--only") {
            guard flag + 1 < arguments.count, parts.contains(arguments[flag + 1]) else {
                print("--only takes one of: \(parts.sorted().joined(separator: ", "))")
                return 2
            }
            only = arguments[flag + 1]
            arguments.removeSubrange(flag...flag + 1)
        }
        let runs = { (part: String) in only == nil || only == part }
        let path = arguments.first ?? "/tmp/modal-corpus/big/text.txt"
        let reps = arguments.count > 1 ? max(1, Int(arguments[1]) ?? 5) : 5
        guard let corpus = readFile(path) else {
            print("cannot read \(path); generate it with: python3 /work/shared/bench/gen_corpus.py /tmp/modal-corpus")
            return 1
        }
        print("corpus \(path): \(corpus.utf8.count) bytes, \(corpus.utf16.count) UTF-16 units; median of \(reps) reps")

        var generator = SplitMix(seed: 20_261_130)
        let modal = Modal(message: corpus, styles: randomStyles(over: corpus, count: 4_000, using: &generator))
        var styled = StyledText(text: "", spans: [])
        if runs("resolve") {
            let buildSeconds = Bench.medianSeconds(reps: reps) { styled = StyledText(modal: modal) }
            report("styles_resolve", "4,000 styles over the corpus", seconds: buildSeconds, bytes: corpus.utf8.count)
            print("  \(styled.spans.count) spans")
        } else if runs("styled") {
            styled = StyledText(modal: modal)
        }

        var lines: [LayoutLine] = []
        if runs("styled") {
            let wrapSeconds = Bench.medianSeconds(reps: reps) { lines = styled.wrap(options: WrapOptions(width: 80)) }
            report("wrap80_styled", "wrap at width 80, 4,000 styles", seconds: wrapSeconds, bytes: corpus.utf8.count)
            let segments = lines.reduce(0) { $0 + $1.segments.count }
            print("  \(lines.count) lines, \(segments) segments")
        }

        if runs("plain") {
            let plain = StyledText(modal: Modal(message: corpus))
            let plainSeconds = Bench.medianSeconds(reps: reps) { lines = plain.wrap(options: WrapOptions(width: 80)) }
            report("wrap80_plain", "wrap at width 80, unstyled", seconds: plainSeconds, bytes: corpus.utf8.count)
        }

        if runs("resolve-and-wrap") {
            let endToEnd = Bench.medianSeconds(reps: reps) {
                lines = StyledText(modal: modal).wrap(options: WrapOptions(width: 80))
            }
            report("resolve_and_wrap80", "styles + wrap at width 80", seconds: endToEnd, bytes: corpus.utf8.count)
        }

        guard runs("linearity") else { return 0 }
        print("linearity (wrap at width 80, 1 style per 2 KB):")
        for size in [1_000, 100_000, 10_000_000] {
            let text = sized(corpus, toUTF8Count: size)
            let sample = StyledText(
                modal: Modal(
                    message: text, styles: randomStyles(over: text, count: max(1, size / 2_000), using: &generator)))
            let repeats = max(1, 2_000_000 / size)
            let seconds = Bench.medianSeconds(reps: reps) {
                for _ in 0..<repeats { lines = sample.wrap(options: WrapOptions(width: 80)) }
            }
            report(
                "wrap80_\(size / 1_000)kb", "\(text.utf8.count) bytes", seconds: seconds / Double(repeats),
                bytes: text.utf8.count)
        }

        let huge = sized(corpus, toUTF8Count: 1_000_000)
        let hugeModal = Modal(message: huge, styles: randomStyles(over: huge, count: 20_000, using: &generator))
        let hugeSeconds = Bench.medianSeconds(reps: reps) { styled = StyledText(modal: hugeModal) }
        print(
            "RESULT name=styles_resolve_20k_1mb unit=ms value=\(fixed(hugeSeconds * 1000))   (20,000 styles over 1 MB)")
        return 0
    }

    private static func report(_ name: String, _ what: String, seconds: Double, bytes: Int) {
        let megabytesPerSecond = Double(bytes) / 1e6 / seconds
        print(
            "RESULT name=\(name) unit=MB/s value=\(fixed(megabytesPerSecond)) time_ms=\(fixed(seconds * 1000, 2))   (\(what))"
        )
    }

    /// `value` with `digits` decimals (no Foundation formatting here).
    private static func fixed(_ value: Double, _ digits: Int = 1) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = Int((value * scale).rounded())
        let whole = String(scaled / Int(scale))
        let fraction = String(scaled % Int(scale))
        return digits == 0 ? whole : whole + "." + String(repeating: "0", count: digits - fraction.count) + fraction
    }

    private static func readFile(_ path: String) -> String? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { break }
            bytes.append(contentsOf: buffer[0..<count])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `text` cut or repeated to about `count` UTF-8 bytes, cut at a character boundary.
    private static func sized(_ text: String, toUTF8Count count: Int) -> String {
        var result = ""
        while result.utf8.count + text.utf8.count <= count { result += text }
        for character in text {
            if result.utf8.count + character.utf8.count > count { break }
            result.append(character)
        }
        return result
    }

    /// Random styles on scalar boundaries, sorted by start like a server would send them.
    private static func randomStyles(over text: String, count: Int, using generator: inout SplitMix) -> [ModalStyle] {
        var boundaries: [Int] = []
        var offset = 0
        for scalar in text.unicodeScalars {
            if generator.next() % 16 == 0 { boundaries.append(offset) }
            offset += scalar.utf16.count
        }
        boundaries.append(offset)
        let colors = [
            ModalColor(red: 255, green: 0, blue: 0), ModalColor(red: 0, green: 128, blue: 255),
            ModalColor(red: 20, green: 20, blue: 20),
        ]
        var styles: [ModalStyle] = []
        for _ in 0..<count {
            let start = boundaries[Int(generator.next() % UInt64(boundaries.count))]
            let end = min(offset, start + Int(generator.next() % 400))
            let from = start
            var style = ModalStyle(range: UTF16Range(utf16Offset: from, utf16Length: max(0, end - from)))
            switch generator.next() % 4 {
            case 0: style.fontStyle = .bold
            case 1: style.color = colors[Int(generator.next() % 3)]
            case 2: style.underline = true
            default: style.backgroundColor = colors[Int(generator.next() % 3)]
            }
            styles.append(style)
        }
        styles.sort { $0.range.utf16Offset < $1.range.utf16Offset }
        return styles
    }
}

/// SplitMix64, so the benchmark input is the same on every run.
struct SplitMix {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
