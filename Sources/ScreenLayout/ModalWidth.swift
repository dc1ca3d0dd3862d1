/// A modal's width in cells, frame included: the one contract for `--width` in `render` and `preview` and for
/// every layout. A value is always within `minimum...maximum`: a width is checked (`parse`) or clamped
/// (`init(clamping:)`) once, where it comes in, and trusted everywhere below.
package struct ModalWidth: Sendable, Hashable, Comparable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    /// The width in cells, within `minimum...maximum`.
    package let cells: Int

    /// The narrowest modal: narrower frames leave too little body to read.
    package static let minimum = 10
    /// The widest modal, so that no width can ask for an impossible grid.
    package static let maximum = 1000
    /// The widths a user may ask for; anything else is refused, never silently changed.
    package static let range = minimum...maximum
    /// The width used when none is asked for and the terminal is wide enough: about a phone screen.
    package static let preferred = ModalWidth(clamping: 60)
    /// The narrowest default: on a narrower terminal the modal is drawn this wide and cut by the terminal.
    package static let narrowestDefault = ModalWidth(clamping: 16)

    /// The width nearest `cells` within `minimum...maximum`: the edge for a caller whose width is not the
    /// user's to refuse (a library caller, a terminal's size).
    package init(clamping cells: Int) {
        self.cells = min(max(Self.minimum, cells), Self.maximum)
    }

    /// A width written in code, clamped as `init(clamping:)` clamps it.
    package init(integerLiteral cells: Int) {
        self.init(clamping: cells)
    }

    /// Parses a `--width` value; nil when it is not a whole number within `range`.
    package static func parse(_ argument: String) -> ModalWidth? {
        guard let cells = Int(argument), range.contains(cells) else { return nil }
        return ModalWidth(clamping: cells)
    }

    /// The width asked for, or when none is, the terminal's width within `narrowestDefault…preferred`
    /// (`preferred` without a terminal): the one default, for `render` and for every preview frame.
    package static func chosen(_ asked: ModalWidth?, terminalColumns: Int?) -> ModalWidth {
        if let asked { return asked }
        guard let terminalColumns else { return preferred }
        return min(preferred, max(narrowestDefault, ModalWidth(clamping: terminalColumns)))
    }

    /// The width the message is wrapped to: two frame columns and two padding columns less.
    package var bodyCellWidth: Int { cells - 4 }

    /// One column narrower, or nil below `minimum`.
    package var oneColumnNarrower: ModalWidth? { cells > Self.minimum ? ModalWidth(clamping: cells - 1) : nil }

    package static func < (lhs: ModalWidth, rhs: ModalWidth) -> Bool { lhs.cells < rhs.cells }

    package var description: String { String(cells) }
}
