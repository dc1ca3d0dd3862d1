/// The one contract for a modal's width (`--width` in `render` and `preview`): its range and its default.
package enum ModalWidth {
    /// The narrowest modal a user may ask for: narrower frames leave too little body to read.
    package static let minimum = 10
    /// The widest modal a user may ask for.
    package static let maximum = 1000
    /// The widths a user may ask for; anything else is refused, never silently changed.
    package static let range = minimum...maximum
    /// The width used when none is asked for and the terminal is wide enough.
    package static let preferred = 60
    /// The narrowest default: on a narrower terminal the modal is drawn this wide and cut by the terminal.
    package static let narrowestDefault = 16

    /// The width when none is asked for: the terminal's width within `narrowestDefault…preferred`, or
    /// `preferred` without a terminal.
    package static func defaultWidth(terminalColumns: Int?) -> Int {
        guard let terminalColumns else { return preferred }
        return min(preferred, max(narrowestDefault, terminalColumns))
    }

    /// Parses a `--width` value; nil when it is not a whole number within `range`.
    package static func parse(_ argument: String) -> Int? {
        guard let width = Int(argument), range.contains(width) else { return nil }
        return width
    }
}
