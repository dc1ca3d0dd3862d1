import ModalModel
import TestSupport
import Testing
@_spi(Kernel) import TextKernel
import TextLayout

/// Random styled messages in mixed scripts, checked against the rules of `wrap` rather than against fixed output.
@Suite struct PropertyWrapTests {
    /// Pieces that random messages are made of: every script and sequence that layout must handle.
    static let fragments: [String] = [
        "hello", "world", "wrap", "a", "I", "supercalifragilisticexpialidocious", "don't", "e-mail", "$100.00",
        "(parentheses)", "https://example.com/path/to/page?id=42&x=y", "1,234.56", "x/y", "—", "…",
        " ", " ", " ", "  ", "    ", "\t", "\u{3000}", "\u{A0}", "\u{2009}", "\u{200B}",
        "\n", "\r\n", "\r", "\n\n", "\u{2028}", "\u{2029}",
        "漢字", "中文文本测试", "日本語", "これは", "テスト", "、", "。", "」", "「", "（", "）", "ｶﾀｶﾅ", "ＡＢＣ", "한국어",
        "👍", "👍🏽", "👨\u{200D}👩\u{200D}👧\u{200D}👦", "🇯🇵", "🇺🇸", "🇫🇷🇩🇪", "1️⃣", "#️⃣", "❤️", "☎️",
        "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",
        "e\u{301}", "a\u{308}\u{323}", "\u{301}", "Z\u{351}\u{36B}\u{343}", "ก\u{E49}", "क्ष", "नमस्ते",
        "مرحبا", "بالعالم", "שלום", "עולם", "\u{200F}", "\u{200E}",
        "\u{1B}", "\u{1B}[2J", "\u{1B}]0;x\u{07}", "\u{9B}", "\u{85}", "\u{202E}", "\u{2066}", "\u{7F}", "\u{0}",
        "\u{8}",
        "\u{B}", "\u{C}", "\u{FEFF}", "\u{AD}",
        // Mixed directions: Arabic and Hebrew words, Arabic-Indic and Eastern digits, brackets around them,
        // marks and isolates.
        "تحديث", "مهم", "(", ")", "[", "]", "«", "»", "123", "3.2", "٣٤٥", "۱۲۳", "Kash Pay", "(שלום)", "[مرحبا]",
        "\u{61C}", "\u{2067}", "\u{2069}", "\u{202B}", "\u{202C}", "ب\u{64E}", "-", "%", "+",
    ]

    static func randomScalar(using generator: inout SeededGenerator) -> Unicode.Scalar {
        while true {
            let ranges: [ClosedRange<UInt32>] = [
                0...0x7F, 0x80...0x7FF, 0x800...0xFFFF, 0x1_0000...0x10_FFFF, 0x1F000...0x1FAFF,
            ]
            let range = ranges[Int.random(in: 0..<ranges.count, using: &generator)]
            if let scalar = Unicode.Scalar(UInt32.random(in: range, using: &generator)) { return scalar }
        }
    }

    static func randomMessage(using generator: inout SeededGenerator) -> String {
        var message = ""
        let count = Int.random(in: 0...40, using: &generator)
        for _ in 0..<count {
            if Int.random(in: 0..<12, using: &generator) == 0 {
                message.unicodeScalars.append(randomScalar(using: &generator))
            } else {
                message += fragments[Int.random(in: 0..<fragments.count, using: &generator)]
            }
        }
        return message
    }

    static func randomStyles(over message: String, using generator: inout SeededGenerator) -> [ModalStyle] {
        let length = message.utf16.count
        let colors = [ModalColor(red: 255, green: 0, blue: 0), ModalColor(red: 0, green: 0, blue: 255)]
        return (0..<Int.random(in: 0...6, using: &generator)).map { _ in
            let from = Int.random(in: -2...(length + 2), using: &generator)
            var style = ModalStyle(
                range: UTF16Range(utf16Offset: from, utf16Length: Int.random(in: -1...(length + 3), using: &generator)))
            if Bool.random(using: &generator) { style.fontStyle = FontStyle.allCases.randomElement(using: &generator) }
            if Int.random(in: 0..<3, using: &generator) == 0 { style.underline = Bool.random(using: &generator) }
            if Int.random(in: 0..<3, using: &generator) == 0 { style.color = colors.randomElement(using: &generator) }
            if Int.random(in: 0..<4, using: &generator) == 0 { style.link = .openURL("https://example.com") }
            return style
        }
    }

    @Test func randomMessagesKeepEveryLayoutRule() {
        var generator = SeededGenerator(seed: 0x5EED_2026)
        var failures: [String] = []
        for iteration in 0..<TestScale.rounds(30_000, quick: 750) where failures.isEmpty {
            let message = Self.randomMessage(using: &generator)
            let modal = Modal(message: message, styles: Self.randomStyles(over: message, using: &generator))
            let styled = StyledText(modal: modal)
            let alignments: [ModalTextAlignment?] = [nil] + ModalTextAlignment.allCases
            let options = WrapOptions(
                width: Int.random(in: 1...120, using: &generator),
                alignment: alignments.randomElement(using: &generator)!,
                maxLines: Int.random(in: 0..<4, using: &generator) == 0
                    ? Int.random(in: 1...4, using: &generator) : nil,
                ambiguousIsWide: Int.random(in: 0..<4, using: &generator) == 0,
                direction: ParagraphDirection.allCases.randomElement(using: &generator)!)
            let problems = WrapChecker(styled: styled, options: options).problems()
            if !problems.isEmpty {
                failures.append(
                    "iteration \(iteration), message \(message.debugDescription), options \(options): "
                        + problems.prefix(5).joined(separator: "; "))
            }
        }
        expect(failures.isEmpty, "\(failures.first ?? "")")
    }

    @Test func wideOnlyTextAtWidthOneUsesOneCellMarks() {
        let lines = wrapPlain("漢字👍🏽", width: 1)
        expectEqual(lines.map(\.text), [WrapMarks.tooWide, WrapMarks.tooWide, WrapMarks.tooWide])
        expectEqual(lines.map { $0.segments.map(\.sourceUTF16Offset) }, [[0], [1], [2]])
        expectEqual(lines.map { $0.segments.map(\.sourceUTF16Length) }, [[1], [1], [4]])
        expectEqual(
            WrapChecker(styled: StyledText(modal: Modal(message: "漢字👍🏽")), options: WrapOptions(width: 1)).problems(), []
        )
    }
}

/// Checks one layout against the rules of `wrap`, returning what is wrong.
struct WrapChecker {
    let styled: StyledText
    let options: WrapOptions

    func problems() -> [String] {
        var problems: [String] = []
        let width = max(1, options.width)
        let lines = styled.wrap(options: options)
        if styled.wrap(options: options) != lines { problems.append("two runs differ") }

        let sanitised = ControlCharacters.sanitisedForLayout(styled.text)
        let units = Array(sanitised.utf16)
        if units.count != styled.text.utf16.count { problems.append("sanitising moved UTF-16 offsets") }
        var isClusterBoundary = [Bool](repeating: false, count: units.count + 1)
        var offset = 0
        var hardBreaks = 0
        for character in sanitised {
            isClusterBoundary[offset] = true
            offset += character.utf16.count
            if character.unicodeScalars.contains(where: LayoutScalars.isLineBreak) { hardBreaks += 1 }
        }
        isClusterBoundary[offset] = true

        if styled.text.isEmpty {
            if !lines.isEmpty { problems.append("the empty message gave lines") }
            return problems
        }
        var unlimited = options
        unlimited.maxLines = nil
        let full = styled.wrap(options: unlimited)
        let oneLinePerParagraph = WrapOptions(
            width: 1_000_000, alignment: unlimited.alignment, ambiguousIsWide: unlimited.ambiguousIsWide,
            direction: unlimited.direction)
        if styled.wrap(options: oneLinePerParagraph).count != hardBreaks + 1 {
            problems.append("\(hardBreaks) mandatory breaks did not give \(hardBreaks + 1) lines")
        }
        if full.count < hardBreaks + 1 { problems.append("fewer lines than mandatory breaks + 1") }

        var wasCut = false
        if let maxLines = options.maxLines {
            if full.count > maxLines {
                wasCut = true
                if lines.count != maxLines { problems.append("cut text gave \(lines.count) lines, not \(maxLines)") }
                if Array(lines.dropLast()) != Array(full.prefix(maxLines - 1)) {
                    problems.append("lines before the cut differ from the unlimited layout")
                }
                let mark = lines.last?.segments.last
                if mark?.sourceUTF16Length != 0
                    || (mark?.text != WrapMarks.ellipsis && mark?.text != WrapMarks.narrowEllipsis)
                {
                    problems.append("cut text does not end with an ellipsis segment")
                }
            } else if lines != full {
                problems.append("maxLines changed a layout that fits")
            }
        }

        var previousEnd = 0
        for (lineIndex, line) in lines.enumerated() {
            if line.cellWidth > width { problems.append("line \(lineIndex) is \(line.cellWidth) cells wide") }
            guard let first = line.segments.first else { continue }
            let lineOffset = first.column
            if line.direction != options.direction.resolved(for: styled.text) {
                problems.append("line \(lineIndex) has direction \(line.direction)")
            }
            problems += visualProblems(line, lineIndex: lineIndex, width: width)
            var alignment = options.alignment ?? .start
            if alignment == .start { alignment = line.direction == .rightToLeft ? .right : .left }
            if alignment == .end { alignment = line.direction == .rightToLeft ? .left : .right }
            switch alignment {
            case .left, .start, .end:
                if lineOffset != 0 { problems.append("left line \(lineIndex) starts at \(lineOffset)") }
            case .right:
                if line.cellWidth != width { problems.append("right line \(lineIndex) ends at \(line.cellWidth)") }
            case .center:
                if lineOffset != (width - (line.cellWidth - lineOffset)) / 2 {
                    problems.append("center line \(lineIndex) starts at \(lineOffset)")
                }
            }
            var column = lineOffset
            for (segmentIndex, segment) in line.segments.enumerated() {
                let name = "line \(lineIndex) segment \(segmentIndex) \(segment.text.debugDescription)"
                if segment.column != column { problems.append("\(name) is at column \(segment.column), not \(column)") }
                column = segment.column + segment.cellWidth
                for scalar in segment.text.unicodeScalars {
                    let value = scalar.value
                    // Isolates reach a segment only when matched within their paragraph (the policy keeps them for
                    // the bidi algorithm); an unmatched one is a placeholder.
                    let isHonouredIsolate = (0x2066...0x2069).contains(value) && segment.sourceUTF16Length > 0
                    if value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
                        || ((0x2066...0x2069).contains(value) && !isHonouredIsolate) || value == 0x2028
                        || value == 0x2029
                    {
                        problems.append("\(name) holds U+\(String(value, radix: 16))")
                    }
                }
                let isMark = segment.sourceUTF16Length == 0
                if isMark {
                    let isLast = lineIndex == lines.count - 1 && segmentIndex == line.segments.count - 1
                    if !(wasCut && isLast) { problems.append("\(name) covers no source") }
                    if segment.cellWidth != CellWidth.of(segment.text, ambiguousIsWide: options.ambiguousIsWide) {
                        problems.append("\(name) mark width \(segment.cellWidth)")
                    }
                    continue
                }
                let start = segment.sourceUTF16Offset
                let end = start + segment.sourceUTF16Length
                guard start >= previousEnd, end <= units.count else {
                    problems.append(
                        "\(name) source \(start)..<\(end) out of order or range (previous end \(previousEnd))")
                    continue
                }
                if !isClusterBoundary[start] || !isClusterBoundary[end] { problems.append("\(name) splits a cluster") }
                let gap = String(decoding: units[previousEnd..<start], as: UTF16.self)
                if gap.unicodeScalars.contains(where: {
                    !LayoutScalars.isBreakableSpace($0) && !LayoutScalars.isLineBreak($0)
                }) {
                    problems.append("\(name): visible text \(gap.debugDescription) was dropped before it")
                }
                previousEnd = end
                let source = String(decoding: units[start..<end], as: UTF16.self)
                if segment.text == WrapMarks.tooWide && source != WrapMarks.tooWide {
                    if source.count != 1 || CellWidth.of(source, ambiguousIsWide: options.ambiguousIsWide) <= width
                        || segment.cellWidth != 1
                    {
                        problems.append("\(name) stands for \(source.debugDescription), which is not too wide")
                    }
                } else {
                    let expected = expandingTabs(source, fromColumn: segment.column - lineOffset, width: width)
                    if segment.text != expected.text {
                        problems.append("\(name) does not match its source \(expected.text.debugDescription)")
                    }
                    if segment.cellWidth != expected.cellWidth {
                        problems.append("\(name) claims \(segment.cellWidth) cells, not \(expected.cellWidth)")
                    }
                }
                if segment.style != style(at: start) { problems.append("\(name) has the wrong style") }
                if segmentIndex > 0 {
                    let before = line.segments[segmentIndex - 1]
                    if before.sourceUTF16Length > 0 && before.text != WrapMarks.tooWide
                        && segment.text != WrapMarks.tooWide
                        && before.style == segment.style && before.sourceUTF16Offset + before.sourceUTF16Length == start
                        && before.bidiLevel == segment.bidiLevel
                    {
                        problems.append("\(name) should have merged with the segment before it")
                    }
                }
            }
        }
        if !wasCut {
            let rest = String(decoding: units[previousEnd...], as: UTF16.self)
            if rest.unicodeScalars.contains(where: {
                !LayoutScalars.isBreakableSpace($0) && !LayoutScalars.isLineBreak($0)
            }) {
                problems.append("visible text \(rest.debugDescription) was dropped at the end")
            }
        }
        return problems
    }

    /// The visual order of one line: a permutation of its segments that covers every source UTF-16 unit of the line
    /// exactly once, placed edge to edge from the line's start column, within the width, with a mark (ellipsis) at
    /// the visual end of the line's direction.
    func visualProblems(_ line: LayoutLine, lineIndex: Int, width: Int) -> [String] {
        var problems: [String] = []
        let order = line.visualOrder
        if order.sorted() != Array(line.segments.indices) {
            return ["line \(lineIndex) visual order \(order) is not a permutation"]
        }
        var covered = Set<Int>()
        var column = line.segments.map(\.column).min() ?? 0
        for index in order {
            let segment = line.segments[index]
            if segment.visualColumn != column {
                problems.append("line \(lineIndex) segment \(index) is drawn at \(segment.visualColumn), not \(column)")
            }
            column = segment.visualColumn + segment.cellWidth
            for unit in segment.sourceUTF16Offset..<(segment.sourceUTF16Offset + segment.sourceUTF16Length)
            where !covered.insert(unit).inserted {
                problems.append("line \(lineIndex): UTF-16 unit \(unit) appears twice in the visual order")
            }
        }
        let logicalUnits = line.segments.reduce(0) { $0 + $1.sourceUTF16Length }
        if covered.count != logicalUnits { problems.append("line \(lineIndex) visual order misses source units") }
        if column > width { problems.append("line \(lineIndex) ends at visual column \(column)") }
        if column != line.cellWidth { problems.append("line \(lineIndex) visual end \(column) != \(line.cellWidth)") }
        if let mark = line.segments.last, mark.sourceUTF16Length == 0 {
            let isVisualEnd =
                line.direction == .rightToLeft ? order.first == order.count - 1 : order.last == order.count - 1
            if !isVisualEnd { problems.append("line \(lineIndex) ellipsis is not at the visual end") }
        }
        for (index, segment) in line.segments.enumerated()
        where segment.bidiLevel % 2 != line.direction.paragraphLevelForTests && segment.sourceUTF16Length == 0 {
            problems.append("line \(lineIndex) mark \(index) has level \(segment.bidiLevel)")
        }
        return problems
    }

    /// The style of the span that holds a UTF-16 offset.
    func style(at utf16Offset: Int) -> TextStyle? {
        styled.spans.first { $0.range.utf16Offset <= utf16Offset && utf16Offset < $0.range.utf16End }?.style
    }

    /// `text` placed at `column` with each tab expanded to the next stop of 8, or the end of the line, and the
    /// cells it takes measured cluster by cluster in the source (expanded spaces may join a following mark).
    func expandingTabs(_ text: String, fromColumn column: Int, width: Int) -> (text: String, cellWidth: Int) {
        var out = ""
        let start = column
        var column = column
        for character in text {
            if character == "\t" {
                let cells = max(0, min(8 - column % 8, width - column))
                out += String(repeating: " ", count: cells)
                column += cells
            } else {
                out.append(character)
                column += CellWidth.of(character, ambiguousIsWide: options.ambiguousIsWide)
            }
        }
        return (out, column - start)
    }
}

extension WritingDirection {
    /// 0 for left to right, 1 for right to left.
    fileprivate var paragraphLevelForTests: UInt8 { self == .rightToLeft ? 1 : 0 }
}
