import Dispatch
import HTMLRendering
import HTTPSource
import ModalModel
import PositionedJSON
import Reporting
import Screen
@_spi(Kernel) import TextKernel

/// `modalkit validate`: checks modal JSON files and reports problems with their line and column.
enum ValidateCommand {
    /// What the command line asks for, before a config file fills in what it leaves open.
    struct Options {
        var format = ReportFormat.text
        var strict: Bool?
        var maxBytes: Int?
        var selected: Set<String> = []
        var ignored: Set<String> = []
        var configPath: String?
        var baselinePath: String?
        var writeBaselinePath: String?
        var profile: TargetProfile?
        var jobs: Int?
        var viewport: Int?
        var theme: HTMLTheme?
        var card: ModalColor?
        var paths: [String] = []
        var urlOptions = URLSourceOptions()
    }

    static let format = CLIOption<ReportFormat>.choice(
        "--format", summary: "output format",
        help: HelpEntry(
            "--format",
            "text (compiler style, default), json (one document), github (workflow annotations,",
            "at most 10 errors and 10 warnings), sarif (SARIF 2.1.0 for code scanning) or html",
            "(one review page: every modal drawn beside its file's diagnostics)"))
    static let strict = CLIOption.flag(
        "--strict", summary: "treat warnings as errors",
        help: HelpEntry("--strict", "treat warnings as errors"))
    static let select = codes("--select", summary: "report only codes", help: "report only these codes (repeatable)")
    static let ignore = codes("--ignore", summary: "never report codes", help: "never report these codes (repeatable)")
    static let config = file(
        "--config", summary: "settings file",
        help: HelpEntry(
            "--config FILE",
            "settings file (default: the nearest \(ValidationConfig.fileName) above each input)"))
    static let baseline = file(
        "--baseline", summary: "report only findings not in this baseline",
        help: HelpEntry(
            "--baseline FILE",
            "report only findings not recorded in FILE, and count the recorded ones now gone"))
    static let writeBaseline = file(
        "--write-baseline", summary: "record the findings",
        help: HelpEntry(
            "--write-baseline FILE",
            "record the current findings in FILE (keyed by file, code and JSON pointer)"))
    static let profile = CLIOption<TargetProfile>.choice(
        "--profile", summary: "target terminal",
        help: HelpEntry(
            "--profile P",
            "also warn about what the modals lose on a truecolor, 256, 16 or no-colour",
            "terminal: colours that merge, font sizes, contrast below WCAG AA"))
    static let jobs = CLIOption<Int>(
        "--jobs", value: .number, placeholder: "N", summary: "files checked at a time",
        help: HelpEntry(
            "--jobs N",
            "check N files at a time (default: the number of processors); the output is the",
            "same for every N"),
        needs: "a number of files"
    ) { text in
        guard let jobs = Int(text), jobs >= 1 else {
            return .failure(
                UsageError(message: "--jobs takes a whole number of files to check at a time, 1 or more, not '\(text)'")
            )
        }
        return .success(jobs)
    }

    private static func codes(_ name: String, summary: String, help: String) -> CLIOption<[String]> {
        CLIOption(
            name, value: .words(DiagnosticRule.all.map(\.code)), placeholder: "CODE,…", repeatable: true,
            summary: summary, help: HelpEntry(name + " CODE,…", help), needs: "diagnostic codes"
        ) { text in
            let codes = text.split(separator: ",").map { String($0.trimmingPrefix(" ")) }
            if let unknown = codes.first(where: { DiagnosticRule.rule(for: $0) == nil }) {
                return .failure(UsageError(message: "\(name): unknown code '\(unknown)'\(codeSuggestion(unknown))"))
            }
            return .success(codes)
        }
    }

    private static func file(_ name: String, summary: String, help: HelpEntry) -> CLIOption<String> {
        CLIOption(name, value: .file, placeholder: "FILE", summary: summary, help: help, needs: "a file") {
            .success($0)
        }
    }

    private static let viewportHelp = HelpEntry(
        "--viewport PX",
        "phone width of the html review page's modals in CSS pixels (default: 375)")
    private static let themeHelp = HelpEntry(
        "--theme T",
        "light or dark app card: warn about text under WCAG AA's contrast on it, and draw",
        "the html review page with it (default: no card check, a light page)")
    private static let cardHelp = HelpEntry(
        "--card '#RRGGBB'",
        "the colour of the app's card, for the same check and page (wins over the theme's)")

    static let declaration = CommandDeclaration<Options>(
        name: "validate", summary: "check modal JSON files",
        synopsis: [
            SynopsisForm(
                head: "modalkit validate",
                lines: [
                    ["--format", "--strict", "--max-bytes"], ["--select", "--ignore", "--config"],
                    ["--baseline", "--write-baseline"], ["--profile", "--jobs"],
                    ["--viewport", "--theme", "--card", "PATH..."],
                    ["-H", "--timeout"],
                ])
        ],
        help: [
            .entry(
                HelpEntry(
                    "PATH", "a file, a directory (searched recursively for *.json), - for standard input, or an",
                    "http:// or https:// URL")),
            .option(OptionBinding(format) { $0.format = $1 }),
            .option(OptionBinding(strict) { $0.strict = true }),
            .option(OptionBinding(SharedOptions.maxBytes, \.maxBytes)),
            .option(OptionBinding(select) { $0.selected.formUnion($1) }),
            .option(OptionBinding(ignore) { $0.ignored.formUnion($1) }),
            .option(OptionBinding(config, \.configPath)),
            .option(OptionBinding(baseline, \.baselinePath)),
            .option(OptionBinding(writeBaseline, \.writeBaselinePath)),
            .option(OptionBinding(profile, \.profile)),
            .option(OptionBinding(jobs) { $0.jobs = $1 }),
            .option(OptionBinding(SharedOptions.viewport.helping(viewportHelp), \.viewport)),
            .option(OptionBinding(SharedOptions.theme.helping(themeHelp), \.theme)),
            .option(OptionBinding(SharedOptions.card.helping(cardHelp), \.card)),
        ] + SharedOptions.urlRequestHelp(\.urlOptions) + [
            .text("exit status: 0 all valid, 1 any invalid, 2 usage error, bad config or unreadable input\n")
        ]
    ) { options, path in
        options.paths.append(path)
        return nil
    }

    /// The largest baseline read: it lists findings, so it may be far larger than any one modal.
    static let baselineFileLimit = ByteSize.gibibytes(1)

    static func run(arguments: [String], io: CLIIO) -> Int32 {
        var options = Options()
        if let status = declaration.parse(arguments, into: &options, io: io) { return status }
        if options.paths.isEmpty {
            return declaration.refuse("no input: name files, directories or - for standard input", io: io)
        }

        var configs = ConfigFinder(explicitPath: options.configPath)
        guard let firstConfig = configs.config(forInput: options.paths[0], io: io) else { return 2 }
        let strict = options.strict ?? firstConfig?.strict ?? false
        let maxBytes = options.maxBytes ?? firstConfig?.maxBytes ?? ByteSize.defaultInputLimit
        let profile = options.profile ?? firstConfig?.profile.flatMap(TargetProfile.init(rawValue:))
        let cardChoice = CardChoice(theme: options.theme, color: options.card).or(firstConfig?.card)
        let format = options.format

        let inputs = collectInputs(
            options.paths, maxBytes: maxBytes, io: io, urlOptions: options.urlOptions,
            notModals: [options.baselinePath, options.writeBaselinePath].compactMap { $0 },
            isModal: { file in
                // A config that cannot be used keeps every file: the command stops with its problems anyway.
                guard case .some(.some(let config)) = configs.config(forFile: file.displayText, io: io) else {
                    return true
                }
                return config.selection.chooses(ConfigFinder.absolute(file.displayText))
            })
        var reports = checkAll(
            inputs, maxBytes: maxBytes, keepSource: format == .text || format == .sarif || format == .html,
            keepDocument: format == .html, profile: profile, card: cardChoice.card,
            jobs: options.jobs ?? ProcessorCount.online)
        for index in reports.indices {
            // Reports come in the order of their inputs, and a listed or named file is known to be one.
            let isFile: Bool
            if case .file = inputs[index] { isFile = true } else { isFile = false }
            let config =
                isFile
                ? configs.config(forFile: reports[index].path, io: io)
                : configs.config(forInput: reports[index].path, io: io)
            guard let config else { return 2 }
            let ignores = config?.ignores ?? []
            // `--select` replaces the config's selection, as every option replaces its setting.
            let selected = options.selected.isEmpty ? config?.selectedCodes ?? [] : options.selected
            let selecting = !selected.isEmpty || !options.ignored.isEmpty
            guard selecting || !ignores.isEmpty, !reports[index].diagnostics.isEmpty else { continue }
            let filter = DiagnosticFilter(selectedCodes: selected, ignoredCodes: options.ignored, ignores: ignores)
            let matchingPath = ConfigFinder.absolute(reports[index].path)
            reports[index].diagnostics.removeAll { !filter.keeps($0, path: matchingPath) }
        }
        if let path = options.writeBaselinePath {
            let baseline = Baseline(reports)
            if let reason = FileWriter.replace(path: path, with: Array(baseline.serialized.utf8)) {
                io.writeError("modalkit validate: cannot write \(TerminalSafeText.safe(path)): \(reason)\n")
                return 2
            }
            let count = baseline.counts.values.reduce(0, +)
            io.writeError("wrote \(count) finding\(count == 1 ? "" : "s") to \(TerminalSafeText.safe(path))\n")
        }
        var goneFromBaseline: Int?
        if let path = options.baselinePath {
            let baseline: Baseline
            switch FileReader.read(path: path, maxBytes: baselineFileLimit) {
            case .bytes(let bytes):
                switch Baseline.parse(bytes) {
                case .success(let parsed): baseline = parsed
                case .failure(let error):
                    io.writeError("modalkit validate: \(TerminalSafeText.safe(path)): \(error.message)\n")
                    return 2
                }
            case .tooLarge, .failed:
                io.writeError("modalkit validate: cannot read the baseline \(TerminalSafeText.safe(path))\n")
                return 2
            }
            let result = baseline.newFindings(in: reports)
            reports = result.reports
            goneFromBaseline = result.gone
        }

        let page = cardChoice.htmlPage(
            viewportCSSPixelWidth: options.viewport ?? HTMLPageOptions.defaultViewportCSSPixelWidth)
        var writer = ReportWriter(format: format, options: reportOptions(strict: strict, htmlPage: page))
        for report in reports {
            let text = writer.write(report)
            if !text.isEmpty { io.write(text) }
        }
        writer.finish { io.write($0) }
        let summary = writer.summary
        io.writeError(summary.line)
        if let gone = goneFromBaseline, gone > 0, let path = options.baselinePath {
            io.writeError(
                "\(gone) baselined finding\(gone == 1 ? " is" : "s are") gone; refresh the baseline with "
                    + "--write-baseline \(TerminalSafeText.safe(path))\n")
        }
        if summary.unreadable > 0 { return 2 }
        return summary.invalid > 0 ? 1 : 0
    }

    /// What the reports say about the command: its name and version, and how to see what GitHub leaves out.
    static func reportOptions(strict: Bool, htmlPage: HTMLPageOptions = HTMLPageOptions()) -> ReportOptions {
        ReportOptions(
            toolName: "modalkit", toolVersion: CLI.version, strict: strict, annotationsPerKind: 10,
            fullReportAdvice: "Run 'modalkit validate' with --format text to see them all, "
                + "or upload --format sarif to code scanning.", htmlPage: htmlPage)
    }

    /// "; did you mean 'x'?" for a near-miss code, or "".
    static func codeSuggestion(_ code: String) -> String {
        ValidationConfig.closest(to: code, among: DiagnosticRule.all.map(\.code)).map { "; did you mean '\($0)'?" }
            ?? ""
    }

    /// The inputs named on the command line: files, `*.json` files under directories, standard input for `-`.
    ///
    /// A directory's config files, the files in `notModals` (the baselines), and the files `isModal` turns down
    /// (those a config's `files`/`exclude` globs leave out) are not modals and are left out. A file named on the
    /// command line is always checked.
    static func collectInputs(
        _ paths: [String], maxBytes: Int, io: CLIIO, urlOptions: URLSourceOptions = URLSourceOptions(),
        notModals: [String] = [], isModal: (PathName) -> Bool = { _ in true }
    ) -> [Input] {
        let excluded = Set(notModals.map(ConfigFinder.absolute))
        var inputs: [Input] = []
        for path in paths {
            if path == "-" {
                if let data = io.readStandardInput(maxBytes: maxBytes) {
                    inputs.append(.read("<stdin>", data.count > maxBytes ? .tooLarge(size: data.count) : .bytes(data)))
                } else {
                    inputs.append(.read("<stdin>", .failed("standard input cannot be read")))
                }
                continue
            }
            if case .unsupported(let scheme) = SourceAddress(path) {
                let reason = SourceAddress.unsupportedMessage(scheme: scheme, text: path)
                inputs.append(.read(path, .failed("\(reason) (\(SourceAddress.unsupportedCode))")))
                continue
            }
            if HTTPRequest.isURL(path) {
                inputs.append(.read(path, InputLoader.fetch(url: path, maxBytes: maxBytes, urlOptions: urlOptions)))
                continue
            }
            let pathName = PathName.argument(path)
            switch FileReader.kind(of: pathName) {
            case .directory:
                // Made once, not once a file: this runs on one thread before any file is checked.
                let configSuffix = "/" + ValidationConfig.fileName
                let candidates = FileReader.jsonFiles(under: pathName).filter {
                    !$0.hasSuffix(configSuffix)
                        && (excluded.isEmpty || !excluded.contains(ConfigFinder.absolute($0.displayText)))
                }
                let files = candidates.filter(isModal)
                if candidates.isEmpty {
                    io.writeError("modalkit: warning: no *.json files under \(TerminalSafeText.safe(path))\n")
                } else if files.isEmpty {
                    io.writeError(
                        "modalkit: warning: the files/exclude globs of .modalkit.json leave out every *.json file "
                            + "under \(TerminalSafeText.safe(path))\n")
                }
                inputs.append(contentsOf: files.map(Input.file))
            case .file:
                inputs.append(.file(pathName))
            case .missing(let reason):
                inputs.append(.read(pathName.displayText, .failed(reason)))
            }
        }

        return inputs
    }

    /// One thing to check: a file to read, or input already read (standard input, or a path that failed).
    enum Input {
        /// A file, by the bytes of its name; reports show its `displayText`.
        case file(PathName)
        case read(String, FileReader.ReadResult)
    }

    /// Checks every input on up to `jobs` threads; reports come back in input order whatever `jobs` is.
    ///
    /// Files are independent, so a CI run over thousands of them is bound by how many cores validate at once.
    /// Worker `w` takes inputs `w`, `w + workers`, …: neighbouring files are often alike in size, so striding
    /// shares the work out more evenly than cutting the list into contiguous chunks.
    static func checkAll(
        _ inputs: [Input], maxBytes: Int, keepSource: Bool, keepDocument: Bool = false, profile: TargetProfile? = nil,
        card: ModalCard? = nil, jobs: Int = ProcessorCount.online
    ) -> [FileReport] {
        // Below a few files per thread, starting threads costs more than it saves.
        let workers = min(max(1, jobs), max(1, inputs.count / 8))
        if workers <= 1 {
            return inputs.map {
                check(
                    $0, maxBytes: maxBytes, keepSource: keepSource, keepDocument: keepDocument, profile: profile,
                    card: card)
            }
        }
        let slots = ResultSlots<FileReport>(count: inputs.count)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for index in stride(from: worker, to: inputs.count, by: workers) {
                slots.store(
                    check(
                        inputs[index], maxBytes: maxBytes, keepSource: keepSource, keepDocument: keepDocument,
                        profile: profile, card: card),
                    at: index)
            }
        }
        return slots.results()
    }

    /// Reads and validates one input. The source bytes are kept only where a diagnostic will quote them, the
    /// document only where an output draws it.
    static func check(
        _ input: Input, maxBytes: Int, keepSource: Bool, keepDocument: Bool = false, profile: TargetProfile? = nil,
        card: ModalCard? = nil
    ) -> FileReport {
        let path: String
        let read: FileReader.ReadResult
        switch input {
        case .file(let file):
            path = file.displayText
            read = FileReader.read(path: file, maxBytes: maxBytes)
        case .read(let name, let result):
            path = name
            read = result
        }
        switch read {
        case .bytes(let data):
            return DocumentCheck.report(
                path: path, bytes: data, keepSource: keepSource, keepDocument: keepDocument, profile: profile,
                card: card)
        case .tooLarge(let size):
            return FileReport(
                path: path, source: nil, diagnostics: [DocumentCheck.tooLarge(size: size, maxBytes: maxBytes)])
        case .failed(let reason):
            return FileReport(path: path, source: nil, diagnostics: [], unreadable: reason)
        }
    }
}
