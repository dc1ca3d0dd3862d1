import HTTPSource
import ModalActions
import ModalModel
import Preview
import PreviewBridge
import PreviewHost
import Renderers
import Screen
import ScreenLayout
import Terminal
@_spi(Kernel) import TextKernel

/// `modalkit preview`: shows a modal document in the terminal and reports the action a user picks.
///
/// Exit status (`ExitStatus`): 0 after an action (its JSON line on standard output, or on `--output-fd`) and
/// after printing the modals as asked (`--no-interactive`); 1 when the user cancels or the file is invalid; 2
/// for usage errors and files that cannot be read; 3 when no interactive terminal can be used (the modals
/// are printed as plain text on standard error); 4 when `--time-limit` runs out with no default button;
/// 128 + N when signal N ends the preview.
package enum PreviewCommand {
    /// The statuses a script can tell apart, declared once for the man page, `--help` and the code.
    enum ExitStatus {
        static let chosen: Int32 = 0
        static let cancelled: Int32 = 1
        static let usage: Int32 = 2
        static let noInteractiveTerminal: Int32 = 3
        static let timedOut = PreviewState.timedOutStatus
    }

    static let watch = CLIOption.flag(
        "--watch", summary: "reload when the file changes",
        help: HelpEntry("--watch", "read FILE again whenever it changes (not with -)"))
    static let noMouse = CLIOption.flag(
        "--no-mouse", summary: "do not capture the mouse",
        help: HelpEntry("--no-mouse", "do not ask the terminal for mouse reports"))
    static let stay = CLIOption.flag(
        "--stay", summary: "show actions in the status line and go on",
        help: HelpEntry("--stay", "show actions in the status line and keep going"))
    static let noInteractive = CLIOption.flag(
        "--no-interactive", summary: "print a render instead",
        help: HelpEntry(
            "--no-interactive", "print the modals as text instead (also done when there is no terminal)"))
    static let focus = CLIOption.number(
        "--focus", in: 0...(1 << 20) - 1, placeholder: "N", summary: "the button focused at start",
        help: HelpEntry(
            "--focus N", "start each modal on button N (0 is the first, the default; a modal with",
            "fewer buttons starts on its last)"),
        needs: "a button index", mustBe: "a button index from 0")
    /// The fewest rows `--height` accepts: the modal's frame around one line, and the status line.
    static let minimumHeight = 4
    static let height = CLIOption.number(
        "--height", in: minimumHeight...1000, placeholder: "N", summary: "draw inline in N rows below the prompt",
        help: HelpEntry(
            "--height N", "draw in N rows below the prompt instead of the full screen, leaving",
            "what was on the screen (no mouse; at least \(minimumHeight) rows)"),
        needs: "a number of rows", mustBe: "a number of rows from \(minimumHeight) to 1000")
    static let outputDescriptor = CLIOption.number(
        "--output-fd", in: 0...Int(Int32.max), placeholder: "N", summary: "write the choice to descriptor N",
        help: HelpEntry(
            "--output-fd N", "write the chosen action's JSON line to file descriptor N instead of",
            "standard output, as dialog does (N must be open for writing)"),
        needs: "a file descriptor number", mustBe: "a file descriptor number")
    static let timeLimit = SharedOptions.seconds(
        "--time-limit", summary: "end after SECONDS, choosing --default-button", example: "30",
        help: "end the preview SECONDS after it starts: with --default-button that button of the modal on "
            + "screen is chosen (status \(ExitStatus.chosen)), without one it ends with status \(ExitStatus.timedOut)")
    static let defaultButton = CLIOption.number(
        "--default-button", in: 0...(1 << 20) - 1, placeholder: "N", summary: "the button --time-limit chooses",
        help: HelpEntry(
            "--default-button N", "the button --time-limit chooses (0 is the first; a modal with fewer",
            "buttons gives its last); its action is reported, not followed"),
        needs: "a button index", mustBe: "a button index from 0")
    static let bridge = CLIOption.flag(
        "--bridge", summary: "JSON-line commands in, events out",
        help: HelpEntry(
            "--bridge", "take JSON-line commands on standard input and write JSON-line events on",
            "standard output, drawing on the terminal (see docs/bridge.md); with",
            "--no-interactive, or without a terminal, commands are answered unseen"))

    // `render`'s declarations, with help that says what they do here.
    static let color = RenderCommand.color.helping(
        HelpEntry(
            "--color", "colour depth; auto, the default, decides as render does (NO_COLOR,",
            "COLORTERM, TERM)"))
    static let clusters = RenderCommand.clusters.helping(
        HelpEntry(
            "--clusters", "emoji sequences whole, or only what fits where terminals draw them per",
            "code point; default: whole where the terminal reports mode 2027"))

    static let declaration = CommandDeclaration<Invocation>(
        name: "preview", summary: "show modals in the terminal, interactively",
        synopsis: [
            SynopsisForm(
                head: "modalkit preview",
                lines: [
                    ["--watch", "--width", "--height", "--no-mouse", "--stay", "--no-interactive", "FILE|-|URL"],
                    ["--focus", "--color", "--clusters", "--bidi", "-H", "--timeout"],
                    [
                        "--interval", "--max-bytes", "--output-fd", "--time-limit", "--default-button",
                    ],
                ]),
            SynopsisForm(
                head: "modalkit preview --bridge",
                lines: [
                    ["--width", "--focus", "--no-mouse", "--no-interactive", "--max-bytes"],
                    ["--color", "--clusters", "-H", "--timeout"],
                ]),
        ],
        help: [
            .text(
                """

                Shows the modals of FILE (or standard input for -) in the terminal, each starting on its first
                button. An action other than \(orList(ModalAction.builtins.map(\.name))) (or closing the last modal) ends the preview
                and prints {"modal":I,"button":J,"label":...,"action":{...}} on standard output. The keys:

                """)
        ] + Keymap.bindings.map { .entry(HelpEntry($0.label, $0.meaning)) } + [
            .text("\n"),
            .option(OptionBinding(watch) { $0.watch = true }),
            .option(
                OptionBinding(
                    SharedOptions.width.helping(
                        HelpEntry(
                            "--width N",
                            "draw the modal N cells wide (\(ModalWidth.minimum)-\(ModalWidth.maximum)); default: "
                                + "the terminal's width within \(ModalWidth.narrowestDefault)-\(ModalWidth.preferred)")),
                    \.width)),
            .option(OptionBinding(height, \.height)),
            .option(OptionBinding(noMouse) { $0.mouse = false }),
            .option(OptionBinding(focus, \.focus)),
            .option(OptionBinding(stay) { $0.stay = true }),
            .option(OptionBinding(noInteractive) { $0.interactive = false }),
            .option(OptionBinding(outputDescriptor) { $0.outputDescriptor = Int32($1) }),
            .option(OptionBinding(timeLimit) { $0.timeLimitMilliseconds = Int(($1 * 1000).rounded(.up)) }),
            .option(OptionBinding(defaultButton, \.defaultButton)),
            .option(
                OptionBinding(
                    SharedOptions.maxBytes.helping(
                        HelpEntry(
                            "--max-bytes N",
                            "refuse a document (or, with --bridge, a command line) larger than N bytes",
                            "(default \(ByteSize.text(ByteSize.defaultInputLimit)))")),
                    \.url.maxBytes)),
            .option(OptionBinding(bridge) { $0.bridge = true }),
            .option(OptionBinding(color) { $0.color = $1 }),
            .option(OptionBinding(clusters, \.clusters)),
            .text("FILE may be an http:// or https:// URL; with --watch it is polled with conditional requests.\n"),
        ] + SharedOptions.urlRequestHelp(\.url) + [
            .option(
                OptionBinding(SharedOptions.interval) { $0.url.intervalMilliseconds = max(1, Int($1 * 1000)) }),
            .option(OptionBinding(SharedOptions.bidi, \.bidi)),
        ],
        refusalShowsHelp: false
    ) { invocation, path in
        invocation.paths.append(path)
        return nil
    }

    /// What the command line asked for.
    struct Invocation: Equatable {
        var path: String
        /// The operands as given; `parse` checks that there is one, and sets `path`.
        var paths: [String] = []
        var watch = false
        var width: ModalWidth?
        var focus: Int?
        /// Rows to draw in inline (`--height`); nil for the full screen.
        var height: Int?
        var mouse = true
        var stay = false
        var interactive = true
        var bidi: BidiDisplay?
        var bridge = false
        var color = ColorRequest.auto
        var clusters: ClusterMode?
        var url = URLSourceOptions()
        /// Where the choice goes (`--output-fd`); nil for standard output.
        var outputDescriptor: Int32?
        /// How long the preview may run (`--time-limit`); nil for no limit.
        var timeLimitMilliseconds: Int?
        /// The button a time limit chooses (`--default-button`).
        var defaultButton: Int?

        var readsStandardInput: Bool { path == "-" }
        var readsURL: Bool { HTTPRequest.isURL(path) }
        /// The file `--watch` watches: the operand, or the path of a `file://` URL; nil for a web URL.
        var watchedFilePath: String? {
            if case .file(let filePath) = SourceAddress(path) { return filePath }
            return nil
        }
        var maxBytes: Int { url.maxBytes ?? ByteSize.defaultInputLimit }
        var sourceName: String { readsStandardInput ? "<stdin>" : path }
    }

    /// Runs `modalkit preview` with the arguments after `preview` and returns the exit status.
    package static func run(arguments: [String], io: CLIIO) -> Int32 {
        let invocation: Invocation
        switch parse(arguments) {
        case .failure(let error):
            return declaration.refuse(error.message, io: io)
        case .success(nil):
            io.write(declaration.helpText)
            return 0
        case .success(let parsed?):
            invocation = parsed
        }
        if invocation.bridge { return runBridge(invocation, io: io) }
        if let descriptor = invocation.outputDescriptor, !io.isOpenForWriting(descriptor: descriptor) {
            return declaration.refuse(
                "--output-fd \(descriptor): file descriptor \(descriptor) is not open for writing "
                    + "(open it in the shell, as in 3>&1 or 3>choice.json)", io: io)
        }
        let loaded = InputLoader.load(
            path: invocation.path, io: io, maxBytes: invocation.maxBytes, urlOptions: invocation.url)
        // With --watch an invalid file is worth opening: the preview shows its diagnostics until it is fixed.
        let opensInvalid = loaded.status == 1 && invocation.watch && invocation.interactive
        guard loaded.document != nil || opensInvalid else { return loaded.status }
        if let document = loaded.document, !invocation.interactive {
            return printModals(document, invocation: invocation, io: io)
        }
        // A dumb terminal (Emacs' shell, a CI log) cannot address the cursor: a full screen would be garbage.
        if let document = loaded.document, Self.isDumbTerminal(io.environment("TERM")) {
            return printWithoutTerminal(document, because: "TERM=dumb cannot show a full screen", invocation, io: io)
        }
        let session: TerminalSession
        do {
            session = try io.openTerminal(options: terminalOptions(invocation, io: io))
        } catch {
            guard let document = loaded.document else { return 1 }
            return printWithoutTerminal(document, because: "\(error)", invocation, io: io)
        }
        let initial: FileLoad =
            loaded.document.map { .decoded(document: $0, diagnostics: []) }
            ?? reload(invocation, io: io)
        var options = PreviewOptions(
            modalWidth: invocation.width, stay: invocation.stay, sourceName: invocation.sourceName,
            canReload: !invocation.readsStandardInput,
            bidi: SharedOptions.bidiDisplay(option: invocation.bidi, io: io))
        options.initialButton = invocation.focus ?? 0
        options.defaultButton = invocation.defaultButton
        options.panel = panel(on: session)
        let configuration = PreviewHost.Configuration(
            options: options,
            watchedPath: invocation.watch ? invocation.watchedFilePath : nil)
        // A watched URL is polled by its own event source, in the background, with conditional requests.
        var sources: [any PreviewEventSource] = []
        if invocation.watch && invocation.readsURL {
            sources.append(
                URLSourceWatcher(
                    request: invocation.url.request(url: invocation.path, maxBytes: invocation.maxBytes),
                    intervalMilliseconds: invocation.url.intervalMilliseconds, initial: initial))
        }
        if let milliseconds = invocation.timeLimitMilliseconds {
            sources.append(TimeLimitSource(milliseconds: milliseconds))
        }
        do {
            let outcome = try PreviewHost.run(
                session: session, initial: initial, configuration: configuration,
                reload: { [shared = LoaderIO(io)] in reload(invocation, io: shared.io) }, sources: sources)
            if let action = outcome.action {
                if let descriptor = invocation.outputDescriptor {
                    guard io.write(action.jsonLine + "\n", descriptor: descriptor) else {
                        io.writeError("modalkit preview: cannot write the choice to file descriptor \(descriptor)\n")
                        return ExitStatus.usage
                    }
                } else {
                    io.write(action.jsonLine + "\n")
                }
            }
            if outcome.exitStatus == ExitStatus.timedOut && outcome.action == nil {
                io.writeError("modalkit preview: no choice within the time limit\n")
            }
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
                session = try io.openTerminal(options: terminalOptions(invocation, io: io))
            } catch {
                io.writeError("modalkit preview: \(error); the bridge answers commands without showing the modals\n")
            }
        }
        var options = PreviewOptions(
            modalWidth: invocation.width, bidi: SharedOptions.bidiDisplay(option: invocation.bidi, io: io))
        options.initialButton = invocation.focus ?? 0
        options.panel = session.flatMap(panel(on:))
        let configuration = PreviewHost.BridgeConfiguration(
            options: options,
            toolVersion: CLI.version,
            maxLineBytes: invocation.maxBytes)
        let urlOptions = invocation.url
        let maxBytes = invocation.maxBytes
        let shared = LoaderIO(io)
        do {
            return try PreviewHost.runBridge(session: session, configuration: configuration) { source in
                switch source {
                case .document(let document): .decoded(document: document, diagnostics: [])
                case .path(let path), .url(let path):
                    InputLoader.reload(path: path, io: shared.io, maxBytes: maxBytes, urlOptions: urlOptions)
                }
            }
        } catch {
            io.writeError("modalkit preview: \(error)\n")
            return 1
        }
    }

    /// How to set the terminal up: colours decided as `render` decides them on a terminal, so that both
    /// show a colour alike, and clusters as asked.
    static func terminalOptions(_ invocation: Invocation, io: CLIIO) -> TerminalSession.Options {
        TerminalSession.Options(
            mouse: invocation.mouse, noColor: ColorRequest.noColorRequested(io.environment("NO_COLOR")),
            explicitBidi: SharedOptions.bidiDisplay(option: invocation.bidi, io: io) == .visual,
            colorDepth: invocation.color.depth(environment: io.environment, isTerminal: true),
            clusters: invocation.clusters, inlineHeight: invocation.height)
    }

    /// The modal's own background on this terminal; none without colours.
    static func panel(on session: TerminalSession) -> ModalColor? {
        session.colorDepth == .none ? nil : ModalPanel.color(onTerminalBackground: session.capabilities.background)
    }

    /// The invocation, nil for `--help`, or what is wrong with the arguments.
    static func parse(_ arguments: [String]) -> Result<Invocation?, UsageError> {
        var invocation = Invocation(path: "")
        switch declaration.parse(arguments, into: &invocation) {
        case .run: break
        case .help: return .success(nil)
        case .refused(let error): return .failure(error)
        }
        let paths = invocation.paths
        if invocation.bridge {
            guard paths.isEmpty else {
                return .failure(UsageError(message: "--bridge takes no FILE; send show commands instead"))
            }
            guard !invocation.watch, !invocation.stay else {
                return .failure(UsageError(message: "--bridge cannot be combined with --watch or --stay"))
            }
            guard invocation.outputDescriptor == nil, invocation.timeLimitMilliseconds == nil,
                invocation.defaultButton == nil
            else {
                return .failure(
                    UsageError(
                        message: "--output-fd, --time-limit and --default-button are for a single choice, not --bridge")
                )
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
        if invocation.defaultButton != nil && invocation.timeLimitMilliseconds == nil {
            return .failure(
                UsageError(message: "--default-button is the button --time-limit chooses; give --time-limit"))
        }
        return .success(invocation)
    }

    /// Whether `TERM` names a terminal without cursor addressing, where only printed text makes sense.
    static func isDumbTerminal(_ term: String?) -> Bool { term == "dumb" }

    /// No interactive terminal: the modals as plain text on standard error, where a person sees them and a
    /// script capturing standard output finds no choice in them, then the status that says so. Plain
    /// whatever standard error is: a dumb terminal takes no escape sequence, and a log should hold none.
    static func printWithoutTerminal(
        _ document: ModalDocument, because reason: String, _ invocation: Invocation, io: CLIIO
    ) -> Int32 {
        io.writeError(
            "modalkit preview: \(reason); no choice can be made, so the modals follow as text "
                + "(exit status \(ExitStatus.noInteractiveTerminal))\n")
        let options = DocumentRenderOptions(
            format: .plain, width: ModalWidth.chosen(invocation.width, terminalColumns: nil).cells, colorDepth: .none,
            bidi: SharedOptions.bidiDisplay(option: invocation.bidi, io: io))
        do {
            try DocumentRenderer.render(
                document, options: options, limits: RenderLimits(), output: { io.writeError($0) },
                outputUTF8: { io.writeError(String(decoding: $0, as: UTF8.self)) })
        } catch {
            io.writeError("modalkit preview: \(error.message)\n")
        }
        return ExitStatus.noInteractiveTerminal
    }

    /// Prints the modals as `render` does by default: ANSI on a terminal, plain text otherwise.
    static func printModals(_ document: ModalDocument, invocation: Invocation, io: CLIIO) -> Int32 {
        var options = RenderCommand.Options()
        options.width = invocation.width
        options.bidi = invocation.bidi
        options.color = invocation.color
        options.clusters = invocation.clusters
        return RenderCommand.render(document, options: options, io: io)
    }
}

/// The command's input and output, handed to the thread that loads a source off the input thread.
///
/// Loading a file or URL reads nothing from it but standard input for `-`, which cannot be read again, so
/// the other thread never uses it while this one does.
private struct LoaderIO: @unchecked Sendable {
    let io: CLIIO

    init(_ io: CLIIO) { self.io = io }
}
