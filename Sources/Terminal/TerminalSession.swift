import Screen

/// The screen the preview runs on: it draws cell grids, sending only the cells that changed, and reads
/// keys, mouse clicks, resizes and exit signals, through a `TerminalBackend` (ncurses on the controlling
/// terminal, or memory in tests). `NcursesTerminal` opens the controlling terminal (`open(options:)`).
///
/// `close()` (also run on deinit) restores the terminal; `TerminalLoop.run` makes sure it happens on every
/// way out of the loop.
package final class TerminalSession {
    /// How to set the terminal up.
    package struct Options: Sendable, Equatable {
        /// Whether to ask the terminal for mouse reports.
        package var mouse: Bool
        /// Whether to draw attributes only, as `NO_COLOR` asks.
        package var noColor: Bool
        /// Whether the grids come in visual order already, so a terminal that reorders right-to-left text
        /// itself (VTE's implicit bidi mode) must be told not to (BDSM reset, `CSI 8 l`, as the terminal
        /// working group's bidi recommendation asks of such programs; other terminals ignore the mode).
        package var explicitBidi: Bool
        /// The colour depth to draw at, as `render` decides it (`--color`, `COLORTERM`, `TERM`); nil for
        /// what the terminal description says.
        package var colorDepth: ColorDepth?
        /// Whether to send emoji sequences whole or cut down (`--clusters`); nil to ask the terminal.
        package var clusters: ClusterMode?
        /// Whether to ask the terminal what it can do at start (`TerminalProbe`).
        package var probes: Bool
        /// Rows to draw in below the prompt instead of the full screen (`--height`, `InlineBackend`); nil
        /// for the full screen.
        package var inlineHeight: Int?

        /// Creates options.
        package init(
            mouse: Bool = true, noColor: Bool = false, explicitBidi: Bool = false, colorDepth: ColorDepth? = nil,
            clusters: ClusterMode? = nil, probes: Bool = true, inlineHeight: Int? = nil
        ) {
            self.inlineHeight = inlineHeight
            self.mouse = mouse
            self.noColor = noColor
            self.explicitBidi = explicitBidi
            self.colorDepth = colorDepth
            self.clusters = clusters
            self.probes = probes
        }
    }

    /// Why no session could be opened.
    package enum OpenError: Error, Equatable, CustomStringConvertible {
        /// There is no controlling terminal to open, as under CI.
        case noTerminal(String)
        /// ncurses does not know the terminal (`TERM`), or could not set it up.
        case unusableTerminal(String)
        /// Neither the user's locale nor C.UTF-8 is a UTF-8 locale.
        case noUTF8Locale

        package var description: String {
            switch self {
            case .noTerminal(let why): "cannot open /dev/tty: \(why)"
            case .unusableTerminal(let why): why
            case .noUTF8Locale: "no UTF-8 locale is available (not even C.UTF-8)"
            }
        }
    }

    /// The terminal's size in cells.
    package var size: Size { backend.size }
    /// The colours this session draws with.
    package var colorDepth: ColorDepth { backend.colorDepth }
    /// What the terminal was found to draw, and its background colour.
    package var capabilities: TerminalCapabilities { backend.capabilities }

    private let backend: any TerminalBackend
    /// The grid on screen, to draw only what changes.
    private var shown: CellGrid?
    private var isClosed = false

    /// A session on `backend`, which has already taken the terminal.
    package init(backend: any TerminalBackend) {
        self.backend = backend
    }

    deinit { close() }

    /// Restores the terminal. Safe to call more than once.
    package func close() {
        guard !isClosed else { return }
        isClosed = true
        backend.restore()
    }

    /// Shows a grid, sending only the cells that differ from the last one shown.
    package func draw(_ grid: CellGrid) {
        guard !isClosed else { return }
        if let shown, shown == grid { return }
        backend.draw(grid, over: shown?.size == grid.size ? shown : nil)
        shown = grid
    }

    /// Gives the keys among `inputs` back to the terminal, for whatever reads it after the preview: keys that
    /// arrived with the one that ended it. False when the terminal does not take them back (they are lost).
    @discardableResult
    package func giveBack(_ inputs: [TerminalInput]) -> Bool {
        let bytes = KeySequences.encode(inputs)
        guard !isClosed, !bytes.isEmpty else { return bytes.isEmpty }
        return backend.giveBack(bytes)
    }

    /// Makes the next `draw` paint every cell, over a screen that no longer shows what was drawn (Ctrl-L).
    package func repaintAll() { shown = nil }

    /// Waits up to `timeoutMilliseconds` for input, then returns everything that has arrived: exit signals
    /// first, then keys, mouse events and resizes in order. Empty when the time ran out or once closed.
    ///
    /// After any resize the next frame is painted whole, even at the size last drawn: a terminal shrunk and
    /// restored between two frames has cut or reflowed the rows it held.
    package func readInputs(timeoutMilliseconds: Int) -> [TerminalInput] {
        guard !isClosed else { return [] }
        let inputs = backend.readInputs(timeoutMilliseconds: timeoutMilliseconds)
        if inputs.contains(where: { if case .resize = $0 { true } else { false } }) { shown = nil }
        return inputs
    }
}
