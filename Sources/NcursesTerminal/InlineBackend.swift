import CNcursesw
import Screen
import Terminal

#if canImport(Glibc)
    import Glibc
#endif

/// The preview inline below the shell prompt, in a region of a few rows (`--height N`, as `fzf --height`
/// draws), instead of ncurses' full screen: what was on the screen stays, and the region is cleared on the
/// way out, so the outcome printed after it lands just below the prompt.
///
/// ncurses cannot do this (it owns and addresses the whole screen), so this backend drives the terminal
/// itself: its own terminal modes (`termios`), rows painted with relative moves (`InlineFrame`), and the key
/// sequences decoded here (`KeySequences`). It reports no mouse: a click's row is counted from the top of
/// the screen, which the region does not know.
final class InlineBackend: TerminalBackend {
    private(set) var size: Size
    let colorDepth: ColorDepth
    private let height: Int
    private let descriptor: Int32
    private let signalDescriptor: Int32
    private var savedSignalMask = sigset_t()
    private var savedSettings = termios()
    private var frame: InlineFrame
    /// The terminal modes the preview runs in, set again after a stop.
    private var previewSettings = termios()
    /// The grid in the region, painted again whole after a stop.
    private var shown: CellGrid?

    /// Opens the controlling terminal and makes room for `height` rows (fewer when the terminal is shorter).
    init(options: TerminalSession.Options, height: Int) throws {
        let descriptor = open("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { throw TerminalSession.OpenError.noTerminal(String(cString: strerror(errno))) }
        guard tcgetattr(descriptor, &savedSettings) == 0 else {
            let why = String(cString: strerror(errno))
            close(descriptor)
            throw TerminalSession.OpenError.unusableTerminal("cannot read the terminal's settings: \(why)")
        }
        var savedMask = sigset_t()
        let signalDescriptor = cnc_open_signal_fd(&savedMask)
        guard signalDescriptor >= 0 else {
            close(descriptor)
            throw TerminalSession.OpenError.unusableTerminal(
                "cannot watch for signals: \(String(cString: strerror(errno)))")
        }
        cnc_fatal_save_settings(descriptor)
        var settings = savedSettings
        // Keys one at a time, unechoed; Ctrl-C still interrupts (the signal descriptor reports it).
        settings.c_lflag &= ~tcflag_t(ICANON | ECHO)
        settings.c_iflag &= ~tcflag_t(ICRNL | IXON)
        withUnsafeMutableBytes(of: &settings.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        _ = tcsetattr(descriptor, TCSANOW, &settings)
        previewSettings = settings
        self.descriptor = descriptor
        self.signalDescriptor = signalDescriptor
        savedSignalMask = savedMask
        self.height = max(1, height)
        colorDepth = options.noColor ? .none : options.colorDepth ?? .indexed256
        frame = InlineFrame(colorDepth: colorDepth, clusters: options.clusters ?? .whole)
        size = Size(width: 0, height: 0)
        size = currentSize()
        // A resize interrupts poll, so that it is drawn at once; the handler itself does nothing.
        signal(SIGWINCH) { _ in }
        write(frame.reserve(height: size.height) + Self.hideCursor)
        let undo = "\u{1B}[0m\u{1B}[J" + String(decoding: Self.showCursor, as: UTF8.self)
        _ = undo.withCString { cnc_fatal_install(descriptor, $0, strlen($0), ExitSignalWait.chainsCrashReporter) }
    }

    static let hideCursor: [UInt8] = Array("\u{1B}[?25l".utf8)
    static let showCursor: [UInt8] = Array("\u{1B}[?25h".utf8)

    func draw(_ grid: CellGrid, over previous: CellGrid?) {
        write(frame.draw(grid, over: previous))
        shown = grid
    }

    /// A terminal stop (Ctrl-Z): the region is cleared and the shell's terminal modes and cursor put back
    /// while stopped; once continued the region is made again and painted whole (or, at a new size, left to
    /// the resize input that follows).
    private func stopAndContinue() {
        var mask = sigset_t()
        cnc_begin_stop(&mask)
        write(frame.clear() + Self.showCursor)
        _ = tcsetattr(descriptor, TCSANOW, &savedSettings)
        cnc_stop_process(&mask)
        _ = tcsetattr(descriptor, TCSANOW, &previewSettings)
        let now = currentSize()
        write(frame.reserve(height: now.height) + Self.hideCursor)
        if let shown, shown.size == now { draw(shown, over: nil) }
    }

    func readInputs(timeoutMilliseconds: Int) -> [TerminalInput] {
        var inputs = ExitSignalWait.wait(
            terminal: descriptor, signals: signalDescriptor, timeoutMilliseconds: timeoutMilliseconds)
        if ExitSignalWait.takeStop(from: &inputs) { stopAndContinue() }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += chunk[..<count]
            if count < chunk.count { break }
        }
        inputs += KeySequences.decode(bytes)
        let now = currentSize()
        if now != size {
            size = now
            inputs.append(.resize(now))
        }
        return inputs
    }

    func giveBack(_ bytes: [UInt8]) -> Bool {
        TerminalInputQueue.push(bytes, descriptor: descriptor)
    }

    func restore() {
        cnc_fatal_remove()
        write(frame.clear() + Self.showCursor)
        _ = tcsetattr(descriptor, TCSANOW, &savedSettings)
        signal(SIGWINCH, SIG_DFL)
        cnc_close_signal_fd(signalDescriptor, &savedSignalMask)
        close(descriptor)
    }

    /// The region's size: the terminal's width, and `height` rows or all of them on a shorter terminal.
    private func currentSize() -> Size {
        var window = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else {
            return Size(width: 80, height: min(height, 24))
        }
        return Size(width: Int(window.ws_col), height: min(height, Int(window.ws_row)))
    }

    private func write(_ bytes: [UInt8]) {
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            written += n
        }
    }
}
