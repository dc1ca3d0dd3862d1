import Screen

/// What a `TerminalSession` draws on and reads from: the terminal through ncurses (`NcursesBackend`), or
/// memory in tests (`TestBackend`).
///
/// The session decides what to draw (nothing when the grid is unchanged, everything after a resize); a
/// backend only paints the cells it is given and reports what arrived.
package protocol TerminalBackend: AnyObject {
    /// The terminal's size in cells, as of the last input read.
    var size: Size { get }
    /// The colours the backend draws with.
    var colorDepth: ColorDepth { get }
    /// What the terminal was found to draw beyond the cells, and its background colour.
    var capabilities: TerminalCapabilities { get }
    /// Shows `grid`, painting the cells that differ from `previous`; with no `previous` (the first
    /// frame, or one of another size) the screen is cleared and every cell painted.
    func draw(_ grid: CellGrid, over previous: CellGrid?)
    /// Waits up to `timeoutMilliseconds` for input, then returns everything that has arrived: exit signals
    /// first, then keys, mouse events and resizes in order. Empty when the time ran out.
    func readInputs(timeoutMilliseconds: Int) -> [TerminalInput]
    /// Puts the terminal back as it was before the backend took it; the session calls it once.
    func restore()
    /// Puts `bytes` back in the terminal's input, for the program that reads it next (keys typed ahead that
    /// the preview did not use); false when the terminal does not allow it.
    func giveBack(_ bytes: [UInt8]) -> Bool
}

extension TerminalBackend {
    /// A backend that cannot give input back.
    package func giveBack(_ bytes: [UInt8]) -> Bool { false }

    /// Nothing beyond the cells, and no known background: what a backend that asks nothing reports.
    package var capabilities: TerminalCapabilities { TerminalCapabilities() }
}
