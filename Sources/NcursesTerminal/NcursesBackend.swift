import CNcursesw
import ModalModel
import Screen
import Terminal
@_spi(Kernel) import TextKernel

#if canImport(Glibc)
    import Glibc
#endif

/// The controlling terminal (`/dev/tty`) through ncurses: the backend of every interactive run.
///
/// Layout owns the widths: each cluster is placed at the column the grid gives it (`ClusterPlan`), never
/// where ncurses' per-code-point `wcwidth` would put it.
package final class NcursesBackend: TerminalBackend {
    package private(set) var size: Size
    package let colorDepth: ColorDepth
    package let capabilities: TerminalCapabilities
    /// Whether ncurses loaded a direct-colour description, which takes colours as 0xRRGGBB.
    private let isDirectColor: Bool
    /// Whether grapheme cluster mode was off but known, so this backend set it and must reset it.
    private let setGraphemeClusterMode: Bool

    private let screen: OpaquePointer
    private let inputFile: UnsafeMutablePointer<FILE>
    private let outputFile: UnsafeMutablePointer<FILE>
    private let signalDescriptor: Int32
    private var savedSignalMask: sigset_t
    /// Whether SGR mouse reports must be decoded here because the terminal description does not.
    private let decodesSGRMouseItself: Bool
    /// Whether explicit bidi mode was asked for, so that closing puts the terminal back in implicit mode.
    private let setExplicitBidi: Bool
    // Reused between cells so that drawing does not allocate per cell.
    private var scalars: [UInt32] = []
    private var wideText: [wchar_t] = []
    private var overlayBytes: [UInt8] = []
    private var changedRows: [Bool] = []
    /// The grid on screen, painted again whole when the process is continued after a stop.
    private var shown: CellGrid?
    /// What `init` set up, to set it again after a stop.
    private let mouse: Bool
    /// Keys the user typed while the probe read the terminal's replies, for the first read.
    private var typedDuringProbe: [TerminalInput] = []

    /// Opens the controlling terminal and puts it in the preview's mode: no echo, keys one at a time,
    /// keypad and mouse decoding, 25 ms to tell Esc from an escape sequence, hidden cursor.
    package init(options: TerminalSession.Options) throws {
        guard cnc_use_utf8_locale() != 0 else { throw TerminalSession.OpenError.noUTF8Locale }
        guard let inputFile = fopen("/dev/tty", "re") else {
            throw TerminalSession.OpenError.noTerminal(String(cString: strerror(errno)))
        }
        guard let outputFile = fopen("/dev/tty", "we") else {
            let why = String(cString: strerror(errno))
            fclose(inputFile)
            throw TerminalSession.OpenError.noTerminal(why)
        }
        var savedMask = sigset_t()
        let signalDescriptor = cnc_open_signal_fd(&savedMask)
        guard signalDescriptor >= 0 else {
            fclose(inputFile)
            fclose(outputFile)
            throw TerminalSession.OpenError.unusableTerminal(
                "cannot watch for signals: \(String(cString: strerror(errno)))")
        }
        cnc_fatal_save_settings(fileno(outputFile))
        let term = getenv("TERM").map { String(cString: $0) } ?? ""
        var capabilities = TerminalCapabilities()
        if options.probes, TerminalCapabilities.mayProbe(term: term) {
            let outcome = TerminalProbe.run(input: fileno(inputFile), output: fileno(outputFile))
            typedDuringProbe = KeySequences.decode(outcome.replies.typed)
            capabilities = TerminalCapabilities(replies: outcome.replies, term: term, clusters: options.clusters)
            capabilities.probeMilliseconds = outcome.elapsedMilliseconds
        } else if let clusters = options.clusters {
            capabilities.wholeClusters = clusters == .whole
        }
        var opened: OpaquePointer?
        let wantedDepth = options.noColor ? ColorDepth.none : options.colorDepth
        for candidate in TerminalDescriptionChoice.candidates(term: term, depth: wantedDepth) {
            opened = newterm(candidate, outputFile, inputFile)
            if opened != nil { break }
        }
        guard let screen = opened ?? newterm(nil, outputFile, inputFile) else {
            cnc_close_signal_fd(signalDescriptor, &savedMask)
            fclose(inputFile)
            fclose(outputFile)
            throw TerminalSession.OpenError.unusableTerminal(
                term.isEmpty ? "TERM is not set" : "ncurses cannot drive the terminal type \"\(term)\"")
        }
        _ = set_term(screen)
        _ = set_escdelay(25)
        _ = cbreak()
        _ = noecho()
        _ = nonl()
        let window = cnc_stdscr()
        _ = intrflush(window, false)
        _ = keypad(window, true)
        _ = nodelay(window, true)
        _ = leaveok(window, true)
        _ = curs_set(0)

        Self.defineAlternativeKeys()

        let hasColors = has_colors()
        if hasColors && !options.noColor {
            _ = start_color()
            _ = use_default_colors()
        }
        var sgrByHand = false
        if options.mouse {
            _ = mouseinterval(0)  // report presses and releases, not ncurses' synthesised clicks
            _ = mousemask(cnc_all_mouse_events(), nil)
            sgrByHand = cnc_terminfo_has_sgr_mouse() == 0
        }
        self.screen = screen
        self.inputFile = inputFile
        self.outputFile = outputFile
        self.signalDescriptor = signalDescriptor
        savedSignalMask = savedMask
        let describedDepth = ColorDepth.forTerminal(
            colors: Int(cnc_colors()), hasColors: hasColors, noColor: options.noColor)
        colorDepth = TerminalDescriptionChoice.depth(wanted: wantedDepth, described: describedDepth)
        isDirectColor = describedDepth == .trueColor
        setGraphemeClusterMode = capabilities.wholeClusters && capabilities.graphemeClusterModeCanBeSet
        self.capabilities = capabilities
        decodesSGRMouseItself = sgrByHand
        setExplicitBidi = options.explicitBidi
        mouse = options.mouse
        size = Self.windowSize()
        scalars.reserveCapacity(ClusterPlan.maxCodePoints)
        wideText.reserveCapacity(ClusterPlan.maxCodePoints + 1)
        _ = wrefresh(window)
        setHandMadeModes()
        let undo = Self.restoreSequence(
            mouse: options.mouse, sgrByHand: sgrByHand, explicitBidi: options.explicitBidi,
            graphemeClusters: setGraphemeClusterMode, synchronizedOutput: capabilities.synchronizedOutput)
        _ = undo.withCString {
            cnc_fatal_install(fileno(outputFile), $0, strlen($0), ExitSignalWait.chainsCrashReporter)
        }
    }

    /// The modes ncurses knows nothing of, which this backend sets by hand.
    private func setHandMadeModes() {
        if decodesSGRMouseItself {
            // Extended coordinates: the description only knows the old encoding, which stops at column 223.
            writeRaw("\u{1B}[?1006h")
        }
        if setExplicitBidi { writeRaw(TerminalModeSequences.explicitBidiMode) }
        if setGraphemeClusterMode { writeRaw(TerminalModeSequences.graphemeClusterModeOn) }
    }

    /// Resets the modes `setHandMadeModes` set, in the reverse order.
    private func resetHandMadeModes() {
        if setGraphemeClusterMode { writeRaw(TerminalModeSequences.graphemeClusterModeOff) }
        if decodesSGRMouseItself { writeRaw("\u{1B}[?1006l") }
        if setExplicitBidi { writeRaw(TerminalModeSequences.implicitBidiMode) }
    }

    /// What puts the terminal back when the process dies of a signal and `restore()` cannot run: the modes
    /// this backend set, undone in the reverse order, with the description's own strings where it has them.
    static func restoreSequence(
        mouse: Bool, sgrByHand: Bool, explicitBidi: Bool, graphemeClusters: Bool = false,
        synchronizedOutput: Bool = false
    ) -> String {
        func capability(_ name: String, or fallback: String) -> String {
            cnc_terminfo_string(name).map { String(cString: $0) } ?? fallback
        }
        // A frame cut off by the signal would otherwise stay unshown until the terminal's own timeout.
        var sequence = synchronizedOutput ? TerminalModeSequences.endSynchronizedUpdate : ""
        if graphemeClusters { sequence += TerminalModeSequences.graphemeClusterModeOff }
        if explicitBidi { sequence += TerminalModeSequences.implicitBidiMode }
        if sgrByHand { sequence += "\u{1B}[?1006l" }
        if mouse { sequence += "\u{1B}[?1003l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[?1006l" }
        sequence += capability("sgr0", or: "\u{1B}[0m")
        sequence += capability("cnorm", or: "\u{1B}[?25h")
        sequence += capability("rmkx", or: "")
        sequence += capability("rmcup", or: "\u{1B}[?1049l")
        return sequence
    }

    /// Teaches ncurses the other common encodings of the keys the preview uses. Terminals and
    /// multiplexers disagree (tmux sends ESC [ 4 ~ for End where xterm's description says ESC O F), and an
    /// unknown sequence would otherwise arrive as Esc plus letters.
    private static func defineAlternativeKeys() {
        let alternatives: [(sequences: [String], key: Int32)] = [
            (["[A", "OA"], KEY_UP), (["[B", "OB"], KEY_DOWN), (["[C", "OC"], KEY_RIGHT), (["[D", "OD"], KEY_LEFT),
            (["[1~", "[7~", "[H", "OH"], KEY_HOME), (["[4~", "[8~", "[F", "OF"], KEY_END),
            (["[5~"], KEY_PPAGE), (["[6~"], KEY_NPAGE), (["[Z"], KEY_BTAB),
        ]
        for (sequences, key) in alternatives {
            for sequence in sequences where key_defined("\u{1B}" + sequence) == 0 {
                _ = define_key("\u{1B}" + sequence, key)
            }
        }
    }

    /// Restores the terminal: mouse reporting off, cursor back, the normal screen, the signal mask as it
    /// was.
    package func restore() {
        cnc_fatal_remove()
        resetHandMadeModes()
        _ = curs_set(1)
        _ = endwin()
        delscreen(screen)
        fclose(inputFile)
        fclose(outputFile)
        cnc_close_signal_fd(signalDescriptor, &savedSignalMask)
    }

    // MARK: Drawing

    package func draw(_ grid: CellGrid, over previous: CellGrid?) {
        let window = cnc_stdscr()
        if capabilities.synchronizedOutput { writeRaw(TerminalModeSequences.beginSynchronizedUpdate) }
        if previous == nil {
            _ = werase(window)
            _ = clearok(window, true)
        }
        changedRows.removeAll(keepingCapacity: true)
        changedRows.append(contentsOf: repeatElement(previous == nil, count: grid.size.height))
        GridDiff.forEachChange(from: previous, to: grid) { x, y in
            changedRows[y] = true
            put(grid, x: x, y: y, in: window)
        }
        // ncurses cannot tell a cell drawn over by hand from the one it sent: a changed row that held or
        // holds such cells goes out whole, and they are drawn over again after it.
        var overlaid = false
        for y in 0..<grid.size.height where changedRows[y] {
            if rowHasOverlay(grid, y: y) || previous.map({ rowHasOverlay($0, y: y) }) == true {
                _ = wredrawln(window, Int32(y), 1)
                overlaid = true
            } else {
                changedRows[y] = false
            }
        }
        _ = wnoutrefresh(window)
        _ = doupdate()
        if overlaid { drawOverlay(grid) }
        if capabilities.synchronizedOutput { writeRaw(TerminalModeSequences.endSynchronizedUpdate) }
        shown = grid
    }

    // MARK: Stopping

    /// A terminal stop (Ctrl-Z): the shell gets its terminal back with no mode of the preview's left set
    /// (mouse reports, keypad, alternate screen, hidden cursor), and once continued (SIGCONT, `fg`) the
    /// modes are set again and the screen painted whole, since the shell drew over it meanwhile. A resize
    /// while stopped reaches ncurses' own handler and comes as a resize input after.
    private func stopAndContinue() {
        var mask = sigset_t()
        cnc_begin_stop(&mask)
        resetHandMadeModes()
        if mouse { _ = mousemask(0, nil) }
        _ = curs_set(1)
        _ = endwin()
        cnc_stop_process(&mask)
        _ = reset_prog_mode()
        let window = cnc_stdscr()
        _ = keypad(window, true)
        _ = curs_set(0)
        if mouse { _ = mousemask(cnc_all_mouse_events(), nil) }
        setHandMadeModes()
        if let shown { draw(shown, over: nil) }
    }

    // MARK: Drawing what ncurses cannot

    /// Whether ncurses cannot draw the cell at `index` as the grid has it: struck-through text (ncurses
    /// has no such attribute), a link (OSC 8), or, where the terminal draws them, a cluster ncurses would
    /// cut down to what it draws per code point.
    private func needsOverlay(_ grid: CellGrid, x: Int, y: Int) -> Bool {
        // Read from the stored cell, so that the rows of every frame are checked without making strings.
        let stored = grid.storage[y * grid.size.width + x]
        if stored.grapheme.isContinuation { return false }
        let style = grid.style(at: stored.styleIndex)
        if capabilities.strikethrough && style.strikethrough { return true }
        if capabilities.hyperlinks && style.link != nil { return true }
        guard capabilities.wholeClusters, stored.grapheme.singleByte == nil else { return false }
        let cell = grid[x, y]
        let view = cell.grapheme.unicodeScalars
        guard let first = view.first, first.value >= 0x80, cnc_wcwidth(first.value) != 0 else { return false }
        let cellWidth = x + 1 < grid.size.width && grid[x + 1, y].isContinuation ? 2 : 1
        let wcwidth: (UInt32) -> Int = { Int(cnc_wcwidth($0)) }
        // A flag goes out as its two letters, which such a terminal joins itself.
        if ClusterPlan.flagLetters(cell.grapheme, cellWidth: cellWidth, wcwidth: wcwidth) != nil { return false }
        let padding = ClusterPlan.plan(cell.grapheme, cellWidth: cellWidth, into: &scalars, wcwidth: wcwidth)
        return padding > 0 || scalars.count != view.count
    }

    private func rowHasOverlay(_ grid: CellGrid, y: Int) -> Bool {
        guard capabilities.strikethrough || capabilities.hyperlinks || capabilities.wholeClusters else { return false }
        for x in 0..<grid.size.width where needsOverlay(grid, x: x, y: y) { return true }
        return false
    }

    /// Writes the cells of the rows marked in `changedRows` that ncurses cannot draw, each at its own
    /// column, straight to the terminal after ncurses' update.
    private func drawOverlay(_ grid: CellGrid) {
        overlayBytes.removeAll(keepingCapacity: true)
        // DECSC now and DECRC at the end put the cursor and attributes back where ncurses believes they are.
        overlayBytes.append(contentsOf: "\u{1B}7".utf8)
        let width = grid.size.width
        let height = grid.size.height
        for y in 0..<height where changedRows[y] {
            var openLink: String?
            // A whole cluster drawn wider than layout gave it (a terminal that counts per code point after
            // all) covers the cells after it, which ncurses drew before: those are written again after it.
            var rewriteBefore = 0
            for x in 0..<width {
                let overlaid = needsOverlay(grid, x: x, y: y)
                guard overlaid || x < rewriteBefore else { continue }
                // The bottom-right cell would scroll a terminal with automatic margins.
                if y == height - 1 && x == width - 1 { continue }
                let cell = grid[x, y]
                if cell.isContinuation { continue }
                let link = capabilities.hyperlinks ? cell.style.link : nil
                if link != openLink {
                    if openLink != nil { EscapeSequenceEncoder.appendCloseLink(to: &overlayBytes) }
                    if let link { EscapeSequenceEncoder.appendOpenLink(link, to: &overlayBytes) }
                    openLink = link
                }
                overlayBytes.append(contentsOf: "\u{1B}[\(y + 1);\(x + 1)H".utf8)
                var style = cell.style
                style.strikethrough = style.strikethrough && capabilities.strikethrough
                EscapeSequenceEncoder.appendReset(andStyle: style, depth: colorDepth, to: &overlayBytes)
                let cellWidth = x + 1 < width && grid[x + 1, y].isContinuation ? 2 : 1
                let view = cell.grapheme.unicodeScalars
                if capabilities.wholeClusters || view.count == 1 || !overlaid {
                    overlayBytes.append(contentsOf: ControlCharacters.singleLine(cell.grapheme).utf8)
                    if overlaid && capabilities.wholeClusters {
                        let perCodePoint = view.reduce(0) { $0 + max(0, Int(cnc_wcwidth($1.value))) }
                        rewriteBefore = max(rewriteBefore, x + cellWidth + min(12, max(0, perCodePoint - cellWidth)))
                    }
                } else {
                    // Struck or linked, but cut down as ncurses drew it.
                    let padding = ClusterPlan.plan(
                        cell.grapheme, cellWidth: cellWidth, into: &scalars, wcwidth: { Int(cnc_wcwidth($0)) })
                    for scalar in scalars {
                        overlayBytes.append(contentsOf: String(Unicode.Scalar(scalar) ?? "\u{FFFD}").utf8)
                    }
                    if scalars.isEmpty { overlayBytes.append(0x20) }
                    overlayBytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: max(0, padding)))
                }
            }
            if openLink != nil { EscapeSequenceEncoder.appendCloseLink(to: &overlayBytes) }
        }
        overlayBytes.append(contentsOf: "\u{1B}[0m\u{1B}8".utf8)
        writeRaw(overlayBytes)
    }

    private func put(_ grid: CellGrid, x: Int, y: Int, in window: UnsafeMutablePointer<WINDOW>?) {
        let cell = grid[x, y]
        let cellWidth = x + 1 < grid.size.width && grid[x + 1, y].isContinuation ? 2 : 1
        let attributes = self.attributes(cell.style)
        let pair = colorPair(cell.style)
        let wcwidth: (UInt32) -> Int = { Int(cnc_wcwidth($0)) }
        if let (first, second) = ClusterPlan.flagLetters(cell.grapheme, cellWidth: cellWidth, wcwidth: wcwidth) {
            var letter = cchar_t()
            _ = cnc_setcchar(&letter, [wchar_t(bitPattern: first), 0], attributes, pair)
            _ = mvwadd_wch(window, Int32(y), Int32(x), &letter)
            _ = cnc_setcchar(&letter, [wchar_t(bitPattern: second), 0], attributes, pair)
            _ = mvwadd_wch(window, Int32(y), Int32(x + 1), &letter)
            // ncurses sends only the cells that changed; a new flag with the same first letter would reach
            // the terminal as a lone second letter, so the row is sent whole.
            _ = wredrawln(window, Int32(y), 1)
            return
        }
        let padding = ClusterPlan.plan(cell.grapheme, cellWidth: cellWidth, into: &scalars, wcwidth: wcwidth)
        wideText.removeAll(keepingCapacity: true)
        for scalar in scalars { wideText.append(wchar_t(bitPattern: scalar)) }
        if wideText.isEmpty { wideText.append(0x20) }
        wideText.append(0)
        var character = cchar_t()
        _ = cnc_setcchar(&character, wideText, attributes, pair)
        _ = mvwadd_wch(window, Int32(y), Int32(x), &character)
        if padding > 0 {
            var blank = cchar_t()
            _ = cnc_setcchar(&blank, [0x20, 0], attributes, pair)
            for offset in 1...padding {
                _ = mvwadd_wch(window, Int32(y), Int32(x + cellWidth - padding + offset - 1), &blank)
            }
        }
    }

    /// ncurses has no strikethrough attribute; struck text is drawn over afterwards (`drawOverlay`).
    private func attributes(_ style: CellStyle) -> attr_t {
        var value = cnc_a_normal()
        if style.bold { value |= cnc_a_bold() }
        if style.dim { value |= cnc_a_dim() }
        if style.italic { value |= cnc_a_italic() }
        if style.underline { value |= cnc_a_underline() }
        if style.reverse { value |= cnc_a_reverse() }
        return value
    }

    /// A colour pair for the cell's colours from ncurses' pair allocator, which recycles the least
    /// recently used pair when the table is full; 0 (default colours) without colour.
    private func colorPair(_ style: CellStyle) -> Int32 {
        guard colorDepth != .none, style.foreground != nil || style.background != nil else { return 0 }
        let numbers = TerminalColor.pairNumbers(for: style, depth: colorDepth, direct: isDirectColor)
        let pair = alloc_pair(numbers.foreground, numbers.background)
        return max(0, pair)
    }

    private func writeRaw(_ text: String) { writeRaw(Array(text.utf8)) }

    private func writeRaw(_ bytes: [UInt8]) {
        let descriptor = fileno(outputFile)
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            written += n
        }
    }

    // MARK: Input

    package func readInputs(timeoutMilliseconds: Int) -> [TerminalInput] {
        // Keys typed while the probe read the terminal's replies come first, without a wait.
        let typed = typedDuringProbe
        typedDuringProbe = []
        var inputs = ExitSignalWait.wait(
            terminal: fileno(inputFile), signals: signalDescriptor,
            timeoutMilliseconds: typed.isEmpty ? timeoutMilliseconds : 0)
        if ExitSignalWait.takeStop(from: &inputs) { stopAndContinue() }
        let window = cnc_stdscr()
        var raw: [InputDecoder.Raw] = []
        var character: wint_t = 0
        while true {
            let result = wget_wch(window, &character)
            if result == ERR { break }
            if result == KEY_CODE_YES {
                for input in keyInputs(forKeyCode: Int32(bitPattern: character)) { raw.append(.input(input)) }
            } else {
                raw.append(.character(character))
            }
        }
        inputs += InputDecoder.decode(raw, sgrMouse: decodesSGRMouseItself)
        // Exit signals stay first.
        let signals = inputs.prefix { if case .signal = $0 { true } else { false } }
        return Array(signals) + typed + inputs.dropFirst(signals.count)
    }

    package func giveBack(_ bytes: [UInt8]) -> Bool {
        TerminalInputQueue.push(bytes, descriptor: fileno(inputFile))
    }

    private func keyInputs(forKeyCode code: Int32) -> [TerminalInput] {
        switch code {
        case KEY_UP: return [.key(.up)]
        case KEY_DOWN: return [.key(.down)]
        case KEY_LEFT: return [.key(.left)]
        case KEY_RIGHT: return [.key(.right)]
        case KEY_PPAGE: return [.key(.pageUp)]
        case KEY_NPAGE: return [.key(.pageDown)]
        case KEY_HOME: return [.key(.home)]
        case KEY_END: return [.key(.end)]
        case KEY_BTAB: return [.key(.shiftTab)]
        case KEY_ENTER: return [.key(.enter)]
        case KEY_RESIZE:
            size = Self.windowSize()
            return [.resize(size)]
        case KEY_MOUSE:
            var event = MEVENT()
            guard getmouse(&event) == OK else { return [] }
            return Self.mouseInputs(event)
        default:
            return []
        }
    }

    private static func mouseInputs(_ event: MEVENT) -> [TerminalInput] {
        let state = event.bstate
        let buttons: [(button: MouseButton, pressed: mmask_t, released: mmask_t, clicks: (Int32) -> mmask_t)] =
            [
                (.left, cnc_button1_pressed(), cnc_button1_released(), cnc_button1_clicks),
                (.middle, cnc_button2_pressed(), cnc_button2_released(), cnc_button2_clicks),
                (.right, cnc_button3_pressed(), cnc_button3_released(), cnc_button3_clicks),
            ]
        for entry in buttons {
            let clicks = (1...3).last { state & entry.clicks(Int32($0)) != 0 } ?? 0
            let report = MouseReport(
                button: entry.button, pressed: state & entry.pressed != 0, released: state & entry.released != 0,
                clicks: clicks)
            let inputs = report.inputs(x: Int(event.x), y: Int(event.y))
            if !inputs.isEmpty { return inputs }
        }
        if state & cnc_button4_pressed() != 0 {
            return [.mouse(x: Int(event.x), y: Int(event.y), button: .wheelUp, pressed: true)]
        }
        if state & cnc_button5_pressed() != 0 {
            return [.mouse(x: Int(event.x), y: Int(event.y), button: .wheelDown, pressed: true)]
        }
        return []
    }

    private static func windowSize() -> Size {
        var rows: Int32 = 0
        var columns: Int32 = 0
        cnc_getmaxyx(cnc_stdscr(), &rows, &columns)
        return Size(width: Int(max(0, columns)), height: Int(max(0, rows)))
    }
}
