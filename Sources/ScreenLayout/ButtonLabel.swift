import ModalModel
import Screen
@_spi(Kernel) import TextKernel
import TextLayout

/// A button label made fit for one row: sanitised, cut to a number of cells, and put in visual order.
enum ButtonLabel {
    /// The label as shown in logical order, the same in visual order, its right-to-left runs (`x` from the
    /// label's first cell) and the cells it takes.
    ///
    /// A label without right-to-left text is `ControlCharacters.singleLine` cut with "…" by `Truncation`. One
    /// with right-to-left text is laid out as a one-line message (line breaks and tabs as spaces), so the
    /// one untrusted-text policy and the bidi algorithm treat it as they treat `msg`, with its own first
    /// strong character deciding its direction; bidi marks and isolates are then left out of what is shown.
    static func fit(_ label: String, maxCells: Int) -> (
        label: String, visualLabel: String, runs: [RightToLeftRun], cellWidth: Int
    ) {
        let (shown, cells) = Truncation.fit(ControlCharacters.singleLine(label), maxCells: maxCells)
        guard label.unicodeScalars.contains(where: mayTakePartInReordering) else { return (shown, shown, [], cells) }
        var oneLine = String.UnicodeScalarView()
        for scalar in label.unicodeScalars {
            oneLine.append(LayoutScalars.isLineBreak(scalar) || scalar == "\t" ? " " : scalar)
        }
        guard var line = visualLine(String(oneLine)), line.isReordered else { return (shown, shown, [], cells) }
        var logical = ControlCharacters.removingBidiFormats(line.segments.map(\.text).joined())
        var logicalCells = line.cellWidth
        if logicalCells > maxCells {
            (logical, logicalCells) = Truncation.fit(logical, maxCells: maxCells)
            guard let cut = visualLine(logical) else { return (shown, shown, [], cells) }
            line = cut
        }
        let visual = line.visualClusters().filter { $0.cellWidth > 0 }.map(\.text).joined()
        let runs = line.segments.filter { $0.isRightToLeft && $0.cellWidth > 0 }.map {
            RightToLeftRun(
                y: 0, x: $0.visualColumn, cellWidth: $0.cellWidth, text: ControlCharacters.removingBidiFormats($0.text))
        }
        return (logical, visual, runs, logicalCells)
    }

    /// Whether `scalar` lies where every right-to-left letter, Arabic number and bidi control of Unicode 15.0
    /// lies (Hebrew to the end of Indic's start, the bidi controls and marks, the presentation forms, the
    /// historic right-to-left scripts), so labels in other scripts (Latin, CJK, emoji) skip the bidi pass.
    private static func mayTakePartInReordering(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (0x590..<0x900).contains(value) || (0x200E...0x2069).contains(value)
            || (0xFB1D..<0xFF00).contains(value) || (0x1_0800..<0x1_1000).contains(value)
            || (0x1_E800..<0x1_F000).contains(value)
    }

    /// The one line `text` lays out to, left-aligned at its own width, with the direction its text gives.
    private static func visualLine(_ text: String) -> LayoutLine? {
        // Placeholders are never narrower than what they replace, so the line never wraps.
        let lines = StyledText(text: text, spans: []).wrap(
            options: WrapOptions(
                width: max(1, CellWidth.of(ControlCharacters.singleLine(text)) + 1), alignment: .left,
                direction: .auto))
        return lines.count == 1 ? lines[0] : nil
    }
}
