import ModalModel
import TestSupport
import Testing

@testable import Screen
@testable import TextLayout

/// `Paragraph` walks the bytes of text without controls, in runs of ASCII and clusters found without
/// grapheme breaking where no rule can join them; the cells must be exactly those of drawing one
/// `Character` at a time, in logical and in visual order.
@Suite struct ParagraphDrawingTests {
    /// Clusters that each path has to get right: ASCII next to marks, scalars that stand alone next to
    /// ones that join, emoji sequences, Hangul jamo, a prepended mark, zero-width characters, Latin-1,
    /// right-to-left letters with marks, mirrored brackets, and a cluster longer than 15 bytes.
    static let pieces = [
        "a", "word ", "e\u{301}", "1\u{FE0F}\u{20E3}", "日本", "語", "カ\u{3099}", "、", "한국", "\u{1100}\u{1161}\u{11A8}",
        "👩‍👩‍👧", "👋🏽", "🇯🇵", "©\u{FE0F}", "©", "\u{0600}1", "x\u{200B}y", "café", "ß", "Ω", "Ж\u{0483}",
        "שלום", "مَرحبا", "(א)", "ก\u{0E33}", "क\u{094D}ष",
        "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}",
        "ｆｕｌｌ", "…", "—", " ", "!?",
        // Runs of printable ASCII long enough to be taken eight bytes at a time, ending on every lane.
        "wrapping", "supercalifragilistic", "0123456789abcdefghij", "a.b,c;d:e", "(https://example.com/a/b?c=d)",
    ]

    /// Styles of every kind over random UTF-16 ranges of `message`, equal ones among them, so that
    /// neighbouring segments come from different spans with different and with equal styles.
    static func randomStyles(over message: String, using generator: inout some RandomNumberGenerator) -> [ModalStyle] {
        let count = message.utf16.count
        guard count > 0 else { return [] }
        return (0..<Int.random(in: 0...6, using: &generator)).map { _ in
            let from = Int.random(in: 0..<count, using: &generator)
            var style = ModalStyle(
                range: UTF16Range(utf16Offset: from, utf16Length: Int.random(in: 0...(count - from), using: &generator))
            )
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: style.fontStyle = .bold
            case 1: style.underline = true
            case 2: style.color = ModalColor(red: 200, green: 0, blue: 0)
            default: style.backgroundColor = ModalColor(red: 0, green: 0, blue: 200)
            }
            return style
        }
    }

    static func randomText(using generator: inout some RandomNumberGenerator) -> String {
        (0..<Int.random(in: 1...14, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
            .joined()
    }

    /// The grid the `Character` loop draws: each cluster with its width at the column the widths before it
    /// give, in visual order when the line needs it.
    static func reference(_ lines: [LayoutLine], area: Rect, size: Size, bidi: BidiDisplay) -> CellGrid {
        var grid = CellGrid(size: size)
        let mapping = CellStyleMapping()
        for (index, line) in lines.enumerated() {
            let y = area.minY + index
            if bidi == .visual && line.isReordered {
                for cluster in line.visualClusters() where cluster.cellWidth > 0 {
                    grid.putCluster(
                        Character(cluster.text), cellWidth: cluster.cellWidth,
                        at: Point(x: area.minX + cluster.column, y: y),
                        style: mapping.cellStyle(for: line.segments[cluster.segmentIndex].style), within: area)
                }
                continue
            }
            for segment in line.segments {
                var x = area.minX + segment.column
                for cluster in segment.text {
                    let width = CellWidth.of(cluster)
                    if width == 0 { continue }
                    grid.putCluster(
                        cluster, cellWidth: width, at: Point(x: x, y: y), style: mapping.cellStyle(for: segment.style),
                        within: area)
                    x += width
                }
            }
        }
        return grid
    }

    @Test(arguments: [BidiDisplay.visual, .logical])
    func byteWalkingDrawsWhatTheCharacterLoopDraws(bidi: BidiDisplay) {
        var generator = SeededGenerator(seed: 0x5EED_D4A3)
        for round in 0..<TestScale.rounds(6_000, quick: 600) {
            let message = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
                Self.randomText(using: &generator)
            }.joined(separator: "\n")
            let width = Int.random(in: 3...24, using: &generator)
            let styles = round % 4 == 0 ? [] : Self.randomStyles(over: message, using: &generator)
            let lines = StyledText(modal: Modal(message: message, styles: styles)).wrap(
                options: WrapOptions(width: width))
            // Clipped on both sides, so that a wide cluster can straddle the edge.
            let size = Size(width: width + 4, height: lines.count + 1)
            let area = Rect(x: round % 3, y: 0, width: width + 1 - round % 2, height: lines.count)
            var drawn = CellGrid(size: size)
            Paragraph(lines: lines, bidi: bidi).draw(into: &drawn, area: area)
            let expected = Self.reference(lines, area: area, size: size, bidi: bidi)
            expectEqual(drawn, expected, "round \(round): \(message.debugDescription) at \(width)")
            expectEqual(drawn.lines, expected.lines)
        }
    }
}
