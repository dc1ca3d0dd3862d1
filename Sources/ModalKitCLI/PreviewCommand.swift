import HTTPSource
import ModalActions
import ModalModel
import Preview
import PreviewBridge
import PreviewHost
import Screen
import Terminal

/// `modalkit preview`: shows a modal document in the terminal and reports the action a user picks.
///
/// Exit status: 0 after an action (its JSON line on standard output) or after printing the modals when no
/// terminal can be used; 1 when the user cancels or the file is invalid; 2 for usage errors and files that
/// cannot be read; 128 + N when signal N ends the preview.
package enum PreviewCommand {
    static let usage = """
        usage: modalkit preview [--watch] [--width N] [--no-mouse] [--stay] [--no-interactive] FILE|-|URL
                                [--bidi visual|logical] [-H 'Name: value']... [--timeout SECONDS]
                                [--interval SECONDS] [--max-bytes N]
               modalkit preview --bridge [--width N] [--no-mouse] [--no-interactive] [--max-bytes N]
                                         [-H 'Name: value']... [--timeout SECONDS]
        """

    static let help = """
        \(usage)

        Shows the modals of FILE (or standard input for -) in the terminal. Tab, Shift-Tab and the arrow
        keys move between buttons and links, Enter, Space or a click activates, n and p page, ? lists
        every key, Esc or q cancels. An action other than close, next or prev (or closing the last modal)
        ends the preview and prints {"modal":I,"button":J,"label":...,"action":{...}} on standard output.

          --watch           read FILE again whenever it changes (not with -)
          --width N         draw the modal N cells wide (\(ModalWidth.minimum)-\(ModalWidth.maximum)); \
        default: the terminal's width within \(ModalWidth.narrowestDefault)-\(ModalWidth.preferred)
          --no-mouse        do not ask the terminal for mouse reports
          --stay            show actions in the status line and keep going
          --no-interactive  print the modals as text instead (also done when there is no terminal)
          --max-bytes N     refuse a document (or, with --bridge, a command line) larger than N bytes
                            (default 16M)
          --bridge          take JSON-line commands on standard input and write JSON-line events on
                            standard output, drawing on the terminal (see docs/bridge.md); with
                            --no-interactive, or without a terminal, commands are answered unseen
        FILE may be an http:// or https:// URL; with --watch it is polled with conditional requests.
        \(URLSourceOptions.usage)\
          --interval SECONDS
                     how often --watch polls a URL (default 2)
        \(ArgumentReader.bidiHelp)
        """

    /// What the command line asked for.
    struct Invocation: Equatable {
        var path: String
        var watch = false
        var width: ModalWidth?
        var mouse = true
        var stay = false
        var interactive = true
        var bidi: BidiDisplay?
        var bridge = false
        var url = URLSourceOptions()

        var readsStandardInput: Bool { path == "-" }
        var readsURL: Bool { HTTPRequest.isURL(path) }
        var maxBytes: Int { url.maxBytes ?? 16 << 20 }
        var sourceName: String { readsStandardInput ? "<stdin>" : path }
    }

    /// A command line the command cannot run, with what is wrong.
    struct UsageError: Error, Equatable {
        var message: String
    }

    /// Runs `modalkit preview` with the arguments after `preview` and returns the exit status.
    package static func run(arguments: [String], io: CLIIO) -> Int32 {
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
        if invocation.bridge { return runBridge(invocation, io: io) }
        let loaded = InputLoader.load(
            path: invocation.path, io: io, maxBytes: invocation.maxBytes, urlOptions: invocation.url)
        // With --watch an invalid file is worth opening: the preview shows its diagnostics until it is fixed.
        let opensInvalid = loaded.status == 1 && invocation.watch && invocation.interactive
        guard loaded.document != nil || opensInvalid else { return loaded.status }
        if let document = loaded.document, !invocation.interactive {
            return printModals(document, invocation: invocation, io: io)
        }
        let session: TerminalSession
        do {
            session = try io.openTerminal(
                options: TerminalSession.Options(
                    mouse: invocation.mouse, noColor: ColorDepth.noColorRequested(io.environment("NO_COLOR")),
                    explicitBidi: ArgumentReader.bidiDisplay(option: invocation.bidi, io: io) == .visual))
        } catch {
            guard let document = loaded.document else { return 1 }
            io.writeError("modalkit preview: \(error); printing the modals instead\n")
            return printModals(document, invocation: invocation, io: io)
        }
        let initial: FileLoad =
            loaded.document.map { .decoded(document: $0, diagnostics: []) }
            ?? reload(invocation, io: io)
        let configuration = PreviewHost.Configuration(
            options: PreviewOptions(
                modalWidth: invocation.width, stay: invocation.stay, sourceName: invocation.sourceName,
                canReload: !invocation.readsStandardInput,
                bidi: ArgumentReader.bidiDisplay(option: invocation.bidi, io: io)),
            watchedPath: invocation.watch && !invocation.readsURL ? invocation.path : nil)
        // A watched URL is polled by its own event source, in the background, with conditional requests.
        var sources: [any PreviewEventSource] = []
        if invocation.watch && invocation.readsURL {
            sources.append(
                URLSourceWatcher(
                    request: invocation.url.request(url: invocation.path, maxBytes: invocation.maxBytes),
                    intervalMilliseconds: invocation.url.intervalMilliseconds, initial: initial))
        }
        do {
            let outcome = try PreviewHost.run(
                session: session, initial: initial, configuration: configuration,
                reload: { reload(invocation, io: io) }, sources: sources)
            if let action = outcome.action { io.write(action.jsonLine + "\n") }
            return outcome.exitStatus
        } catch {
            io.writeError("modalkit preview: \(error)\n")
            return 1
        }
    }

    /// The source read again, for `r` and for a watched file.
    static func reload(_ invocation: Invocation, io: CLIIO) -> FileLoad {
        InputLoader.reload(path: invocation.path, io: io, maxBytes: invocation.maxBytes, urlOptions: invocation.url)
    }

    /// `--bridge`: commands on standard input, events on standard output, the modal on the terminal.
    static func runBridge(_ invocation: Invocation, io: CLIIO) -> Int32 {
        var session: TerminalSession?
        if invocation.interactive {
            do {
                session = try io.openTerminal(
                    options: TerminalSession.Options(
                        mouse: invocation.mouse, noColor: ColorDepth.noColorRequested(io.environment("NO_COLOR")),
                        explicitBidi: ArgumentReader.bidiDisplay(option: invocation.bidi, io: io) == .visual))
            } catch {
                io.writeError("modalkit preview: \(error); the bridge answers commands without showing the modals\n")
            }
        }
        let configuration = PreviewHost.BridgeConfiguration(
            options: PreviewOptions(
                modalWidth: invocation.width, bidi: ArgumentReader.bidiDisplay(option: invocation.bidi, io: io)),
            toolVersion: CLI.version,
            maxLineBytes: invocation.maxBytes)
        let options = invocation.url
        let maxBytes = invocation.maxBytes
        do {
            return try PreviewHost.runBridge(session: session, configuration: configuration) { source in
                switch source {
                case .document(let document): .decoded(document: document, diagnostics: [])
                case .path(let path), .url(let path):
                    InputLoader.reload(path: path, io: io, maxBytes: maxBytes, urlOptions: options)
                }
            }
        } catch {
            io.writeError("modalkit preview: \(error)\n")
            return 1
        }
    }

    /// The invocation, nil for `--help`, or what is wrong with the arguments.
    static func parse(_ arguments: [String]) -> Result<Invocation?, UsageError> {
        var invocation = Invocation(path: "")
        var paths: [String] = []
        var reader = ArgumentReader(arguments)
        while let argument = reader.next() {
            if reader.afterDoubleDash || argument == "-" || !argument.hasPrefix("-") {
                paths.append(argument)
                continue
            }
            if argument == "--width" {
                guard let value = reader.value(for: argument) else {
                    return .failure(UsageError(message: "--width needs a number of cells"))
                }
                guard let width = ModalWidth.parse(value) else {
                    return .failure(UsageError(message: ModalWidth.refusal(value)))
                }
                invocation.width = width
                continue
            }
            if argument == "--bidi" {
                guard let value = reader.value(for: argument) else {
                    return .failure(UsageError(message: "--bidi needs visual or logical"))
                }
                guard let display = BidiDisplay.parse(value) else {
                    return .failure(UsageError(message: BidiDisplay.refusal(value)))
                }
                invocation.bidi = display
                continue
            }
            if URLSourceOptions.previewOptions.contains(argument) {
                guard let value = reader.value(for: argument) else {
                    return .failure(UsageError(message: "\(argument) needs a value"))
                }
                if let problem = invocation.url.set(argument, value) { return .failure(UsageError(message: problem)) }
                continue
            }
            switch argument {
            case "-h", "--help": return .success(nil)
            case "--bridge": invocation.bridge = true
            case "--watch": invocation.watch = true
            case "--no-mouse": invocation.mouse = false
            case "--stay": invocation.stay = true
            case "--no-interactive": invocation.interactive = false
            default: return .failure(UsageError(message: "unknown option \(argument)"))
            }
            if reader.hasUnreadValue { return .failure(UsageError(message: "\(argument) takes no value")) }
        }
        if invocation.bridge {
            guard paths.isEmpty else {
                return .failure(UsageError(message: "--bridge takes no FILE; send show commands instead"))
            }
            guard !invocation.watch, !invocation.stay else {
                return .failure(UsageError(message: "--bridge cannot be combined with --watch or --stay"))
            }
            return .success(invocation)
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

    /// Prints the modals as `render` does by default: ANSI on a terminal, plain text otherwise.
    static func printModals(_ document: ModalDocument, invocation: Invocation, io: CLIIO) -> Int32 {
        var options = RenderCommand.Options()
        options.width = invocation.width
        options.bidi = invocation.bidi
        return RenderCommand.render(document, options: options, io: io)
    }
}
