import HTTPSource
import ModalModel
import Preview
import Renderers
import Screen
import Terminal

#if canImport(Glibc)
    import Glibc
#endif

/// `modalkit preview`: shows a modal document in the terminal and reports the action a user picks.
///
/// Exit status: 0 after an action (its JSON line on standard output) or after printing the modals when no
/// terminal can be used; 1 when the user cancels or the file is invalid or unreadable; 2 for usage errors;
/// 128 + N when signal N ends the preview.
public enum PreviewCommand {
    static let usage = """
        usage: modalkit preview [--watch] [--width N] [--no-mouse] [--stay] [--no-interactive] FILE|-|URL
                                [-H 'Name: value']... [--timeout SECONDS] [--interval SECONDS] [--max-bytes N]
        """

    static let help = """
        \(usage)

        Shows the modals of FILE (or standard input for -) in the terminal. Tab, Shift-Tab and the arrow
        keys move between buttons and links, Enter, Space or a click activates, n and p page, ? lists
        every key, Esc or q cancels. An action other than close, next or prev (or closing the last modal)
        ends the preview and prints {"modal":I,"button":J,"label":...,"action":{...}} on standard output.

          --watch           read FILE again whenever it changes (not with -)
          --width N         draw the modal N cells wide (\(widthRange.lowerBound)-\(widthRange.upperBound)); \
        default: the terminal's width up to \(PreviewOptions.defaultModalWidth)
          --no-mouse        do not ask the terminal for mouse reports
          --stay            show actions in the status line and keep going
          --no-interactive  print the modals as text instead (also done when there is no terminal)
          --max-bytes N     refuse a document larger than N bytes (default 16M)
        FILE may be an http:// or https:// URL; with --watch it is polled with conditional requests.
        \(URLSourceOptions.usage)\
          --interval SECONDS
                     how often --watch polls a URL (default 2)

        """

    /// Widths the preview accepts for `--width`.
    static let widthRange = 10...1000
    /// The largest document read, as a guard against reading a device or a huge file by mistake.
    static let maxInputBytes = 16 << 20

    /// What the command line asked for.
    struct Invocation: Equatable {
        var path: String
        var watch = false
        var width: Int?
        var mouse = true
        var stay = false
        var interactive = true
        var url = URLSourceOptions()

        var readsStandardInput: Bool { path == "-" }
        var sourceName: String { readsStandardInput ? "<stdin>" : path }
    }

    /// A command line the command cannot run, with what is wrong.
    struct UsageError: Error, Equatable {
        var message: String
    }

    /// Runs `modalkit preview` with the arguments after `preview` and returns the exit status.
    public static func run(arguments: [String], io: CLIIO) -> Int32 {
        let invocation: Invocation
        switch parse(arguments) {
        case .failure(let error):
            io.writeError("modalkit preview: \(error.message)\n\(usage)\n")
            return 2
        case .success(nil):
            io.write(help)
            return 0
        case .success(let parsed?):
            invocation = parsed
        }

        let load = self.load(invocation, io: io)
        let document: ModalDocument?
        switch load {
        case .failed(let message):
            io.writeError("modalkit preview: \(invocation.sourceName): \(message)\n")
            return HTTPRequest.isURL(invocation.path) ? 2 : 1
        case .decoded(let decoded, let diagnostics):
            if !diagnostics.isEmpty {
                let source =
                    invocation.readsStandardInput || HTTPRequest.isURL(invocation.path)
                    ? nil : FileReader.read(path: invocation.path, maxBytes: maxInputBytes)
                var text: SourceText?
                if case .bytes(let bytes)? = source { text = SourceText(bytes: bytes) }
                io.writeError(
                    DiagnosticFormatter.text(
                        FileReport(path: invocation.sourceName, source: text, diagnostics: diagnostics)))
            }
            document = decoded
        }
        // With --watch an invalid file is worth opening: the preview shows its diagnostics until it is fixed.
        if document == nil && !(invocation.watch && invocation.interactive) { return 1 }

        guard invocation.interactive else { return printModals(document!, invocation: invocation, io: io) }
        let options = TerminalSession.Options(
            mouse: invocation.mouse, noColor: ColorDepth.noColorRequested(io.environment("NO_COLOR")))
        let session: TerminalSession
        do {
            session = try TerminalSession.open(options: options)
        } catch {
            guard let document else { return 1 }
            io.writeError("modalkit preview: \(error); printing the modals instead\n")
            return printModals(document, invocation: invocation, io: io)
        }
        return interact(session: session, initial: load, invocation: invocation, io: io)
    }

    // MARK: Command line

    /// The invocation, nil for `--help`, or what is wrong with the arguments.
    static func parse(_ arguments: [String]) -> Result<Invocation?, UsageError> {
        var invocation = Invocation(path: "")
        var paths: [String] = []
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                paths.append(argument)
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            switch name {
            case "--": optionsEnded = true
            case "-h", "--help": return .success(nil)
            case "--watch": invocation.watch = true
            case "--no-mouse": invocation.mouse = false
            case "--stay": invocation.stay = true
            case "--no-interactive": invocation.interactive = false
            case _ where URLSourceOptions.previewOptions.contains(name):
                guard let value = inlineValue ?? (index < arguments.count ? arguments[index] : nil) else {
                    return .failure(UsageError(message: "\(name) needs a value"))
                }
                if inlineValue == nil { index += 1 }
                if let problem = invocation.url.set(name, value) { return .failure(UsageError(message: problem)) }
            case "--width":
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else if index < arguments.count {
                    value = arguments[index]
                    index += 1
                } else {
                    return .failure(UsageError(message: "--width needs a number of cells"))
                }
                guard let width = Int(value), widthRange.contains(width) else {
                    return .failure(
                        UsageError(
                            message: "--width must be a whole number from \(widthRange.lowerBound) to "
                                + "\(widthRange.upperBound), not \"\(value)\""))
                }
                invocation.width = width
            default:
                return .failure(UsageError(message: "unknown option \(argument)"))
            }
            if inlineValue != nil && name != "--width" && !URLSourceOptions.previewOptions.contains(name) {
                return .failure(UsageError(message: "\(name) takes no value"))
            }
        }
        guard let path = paths.first else {
            return .failure(UsageError(message: "missing FILE (or - for standard input)"))
        }
        guard paths.count == 1 else {
            return .failure(UsageError(message: "one FILE at a time, got \(paths.count)"))
        }
        invocation.path = path
        if invocation.watch && invocation.readsStandardInput {
            return .failure(UsageError(message: "--watch needs a file; standard input cannot be read again"))
        }
        return .success(invocation)
    }

    // MARK: Reading

    /// Reads and decodes the source.
    static func load(_ invocation: Invocation, io: CLIIO) -> FileLoad {
        let bytes: [UInt8]
        let maxInputBytes = invocation.url.maxBytes ?? Self.maxInputBytes
        if HTTPRequest.isURL(invocation.path) {
            switch invocation.url.fetch(url: invocation.path, maxBytes: maxInputBytes) {
            case .success(let read): bytes = read
            case .failure(let failure): return .failed(message: "\(failure.message) [\(failure.code)]")
            }
        } else if invocation.readsStandardInput {
            guard let read = io.readStandardInput(maxBytes: maxInputBytes) else {
                return .failed(message: "cannot read standard input")
            }
            if read.count > maxInputBytes { return .failed(message: "larger than \(maxInputBytes) bytes") }
            bytes = read
        } else {
            switch FileReader.read(path: invocation.path, maxBytes: maxInputBytes) {
            case .bytes(let read): bytes = read
            case .tooLarge(let size): return .failed(message: "\(size) bytes, more than \(maxInputBytes)")
            case .failed(let why): return .failed(message: why)
            }
        }
        return FileLoad(ModalDecoder.decode(bytes))
    }

    /// What identifies one version of a file on disk, to notice edits without reading it.
    struct FileSignature: Equatable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var modifiedSeconds: Int
        var modifiedNanoseconds: Int

        /// The signature of the file at `path` now, or nil when it cannot be examined.
        init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            size = Int64(info.st_size)
            modifiedSeconds = info.st_mtim.tv_sec
            modifiedNanoseconds = info.st_mtim.tv_nsec
        }
    }

    // MARK: Output without a terminal

    /// Prints the modals as `render` does by default: ANSI on a terminal, plain text otherwise.
    static func printModals(_ document: ModalDocument, invocation: Invocation, io: CLIIO) -> Int32 {
        var options = RenderCommand.Options()
        options.width = invocation.width
        return RenderCommand.render(document, options: options, io: io)
    }

    // MARK: The interactive preview

    static func interact(session: TerminalSession, initial: FileLoad, invocation: Invocation, io: CLIIO) -> Int32 {
        let options = PreviewOptions(
            modalWidth: invocation.width, stay: invocation.stay, sourceName: invocation.sourceName,
            canReload: !invocation.readsStandardInput)
        var state: PreviewState
        if case .decoded(let document?, _) = initial {
            state = PreviewState(document: document, terminalSize: session.size, options: options)
        } else {
            state = PreviewState(document: ModalDocument(modals: []), terminalSize: session.size, options: options)
            state = update(state, .fileChanged(initial)).0
        }
        var signature = invocation.readsStandardInput ? nil : FileSignature(path: invocation.path)
        // Integration seam: a URL source is watched by polling, reported through the same fileChanged event.
        let urlWatcher: SourceWatcher? =
            invocation.watch && HTTPRequest.isURL(invocation.path)
            ? URLSourceWatcher(
                request: invocation.url.request(
                    url: invocation.path, maxBytes: invocation.url.maxBytes ?? maxInputBytes),
                intervalMilliseconds: invocation.url.intervalMilliseconds, initial: initial) : nil
        var outputLine: String?
        var drawn: (state: PreviewState, grid: CellGrid)?

        func apply(_ event: PreviewEvent) -> TerminalLoop.Step {
            let (next, effects) = update(state, event)
            state = next
            for effect in effects {
                switch effect {
                case .exit(let code, let line):
                    outputLine = line
                    return .stop(code)
                case .reload:
                    signature = FileSignature(path: invocation.path)
                    if case .stop(let code) = apply(.fileChanged(load(invocation, io: io))) { return .stop(code) }
                }
            }
            return .proceed
        }

        do {
            let outcome = try TerminalLoop.run(
                session: session,
                frame: {
                    if let drawn, drawn.state == state { return drawn.grid }
                    let grid = view(state)
                    drawn = (state, grid)
                    return grid
                },
                handle: { input in
                    guard let event = previewEvent(for: input) else { return .proceed }
                    return apply(event)
                },
                tick: {
                    guard invocation.watch else { return .proceed }
                    if let urlWatcher {
                        guard let load = urlWatcher.poll() else { return .proceed }
                        return apply(.fileChanged(load))
                    }
                    let current = FileSignature(path: invocation.path)
                    guard current != signature else { return .proceed }
                    signature = current
                    return apply(.fileChanged(load(invocation, io: io)))
                })
            if let outputLine { io.write(outputLine + "\n") }
            return outcome.exitStatus
        } catch {
            io.writeError("modalkit preview: \(error)\n")
            return 1
        }
    }

    /// The preview's reading of a terminal input; nil for inputs the loop handles itself.
    static func previewEvent(for input: TerminalInput) -> PreviewEvent? {
        switch input {
        case .key(let key):
            switch key {
            case .tab: return .key(.tab)
            case .backTab: return .key(.shiftTab)
            case .left: return .key(.left)
            case .right: return .key(.right)
            case .up: return .key(.up)
            case .down: return .key(.down)
            case .pageUp: return .key(.pageUp)
            case .pageDown: return .key(.pageDown)
            case .home: return .key(.home)
            case .end: return .key(.end)
            case .enter: return .key(.enter)
            case .escape: return .key(.escape)
            case .character(" "): return .key(.space)
            case .character(let character): return .key(.char(character))
            }
        case .mouse(let x, let y, let button, let pressed):
            let mapped: PreviewMouseButton
            switch button {
            case .left: mapped = .left
            case .middle: mapped = .middle
            case .right: mapped = .right
            case .wheelUp: mapped = .wheelUp
            case .wheelDown: mapped = .wheelDown
            }
            return .mouse(x: x, y: y, button: mapped, pressed: pressed)
        case .resize(let size):
            return .resize(size)
        case .signal:
            return nil
        }
    }
}
