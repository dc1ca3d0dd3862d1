import ModalModel
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
        guard label.unicodeScalars.contains(where: { $0.value >= 0x590 }) else { return (shown, shown, [], cells) }
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

    /// The one line `text` lays out to, left-aligned at its own width, with the direction its text gives.
    private static func visualLine(_ text: String) -> LayoutLine? {
        let lines = wrap(
            StyledText(text: text, spans: []),
            // Placeholders are never narrower than what they replace, so the line never wraps.
            options: WrapOptions(
                width: max(1, CellWidth.of(ControlCharacters.singleLine(text)) + 1), alignment: .left,
                direction: .auto))
        return lines.count == 1 ? lines[0] : nil
    }
}
