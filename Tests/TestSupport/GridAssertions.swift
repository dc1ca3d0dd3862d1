import Screen
import Testing

/// A readable line-by-line comparison of two screens, or nil when they are equal.
///
/// Rows are shown between bars so trailing blanks are visible; differing rows are marked `-` (expected)
/// and `+` (actual) with a caret under the first differing character.
package func screenDiff(actual: [String], expected: [String]) -> String? {
    if actual == expected { return nil }
    var out = "screens differ: expected \(expected.count) rows, got \(actual.count)\n"
    for row in 0..<max(actual.count, expected.count) {
        let want = row < expected.count ? expected[row] : nil
        let got = row < actual.count ? actual[row] : nil
        let label = String(row).padding(toWidth: 3)
        if want == got {
            out += "  \(label)|\(got ?? "")|\n"
            continue
        }
        out += "- \(label)" + (want.map { "|\($0)|" } ?? "(no row)") + "\n"
        out += "+ \(label)" + (got.map { "|\($0)|" } ?? "(no row)") + "\n"
        if let want, let got {
            let common = zip(want, got).prefix { $0 == $1 }.count
            out += "     " + String(repeating: " ", count: common + 1) + "^ column \(common)\n"
        }
    }
    return out
}

/// Records an issue with a readable diff when `actual` is not `expected`, row for row.
package func expectScreen(
    _ actual: [String], _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation
) {
    if let diff = screenDiff(actual: actual, expected: expected) {
        Issue.record(Comment(rawValue: diff), sourceLocation: sourceLocation)
    }
}

/// Records an issue with a readable diff when the grid's text rows are not `expected`.
package func expectGrid(
    _ grid: CellGrid, _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation
) {
    expectScreen(grid.lines, expected, sourceLocation: sourceLocation)
}

/// The grid's styles as rows of marks, one character per cell (continuation cells included), so a style
/// overlay lines up with the grid's cells: `mark` returns the character for a cell's style.
package func styleOverlay(_ grid: CellGrid, mark: (CellStyle) -> Character) -> [String] {
    (0..<grid.size.height).map { y in String(grid.row(y).map { mark($0.style) }) }
}

/// Records an issue with a readable diff when the grid's style overlay (see `styleOverlay`) is not `expected`.
package func expectStyles(
    _ grid: CellGrid, _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation,
    mark: (CellStyle) -> Character
) {
    expectScreen(styleOverlay(grid, mark: mark), expected, sourceLocation: sourceLocation)
}

extension String {
    fileprivate func padding(toWidth width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
