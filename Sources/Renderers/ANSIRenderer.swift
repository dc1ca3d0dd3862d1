import Screen

/// Renders a cell grid as text with ANSI escape sequences (SGR attributes and colours, OSC 8 hyperlinks):
/// `render --format ansi`. The sequences are `EscapeSequenceEncoder`'s, which the terminal front shares.
package enum ANSIRenderer {
    /// The grid as ANSI text at `colorDepth`; with `hyperlinks`, cells with a link are wrapped in OSC 8.
    ///
    /// `clusters` says how clusters that terminals may draw per code point are written (see `ClusterMode`);
    /// without `movesCursor` the output has colours and links only, as pagers pass them on (`ansi-colors`).
    package static func render(
        _ grid: CellGrid, colorDepth: ColorDepth, hyperlinks: Bool = false, clusters: ClusterMode = .whole,
        movesCursor: Bool = true
    ) -> String {
        var out: [UInt8] = []
        append(
            grid, colorDepth: colorDepth, hyperlinks: hyperlinks, clusters: clusters, movesCursor: movesCursor,
            to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the grid's ANSI text, as `render` gives it, to `out` as UTF-8.
    package static func append(
        _ grid: CellGrid, colorDepth: ColorDepth, hyperlinks: Bool = false, clusters: ClusterMode = .whole,
        movesCursor: Bool = true, to out: inout [UInt8]
    ) {
        EscapeSequenceEncoder.appendRows(
            grid, colorDepth: colorDepth, hyperlinks: hyperlinks, clusters: clusters, movesCursor: movesCursor,
            to: &out)
    }
}
