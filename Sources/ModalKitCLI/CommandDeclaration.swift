import Reporting

/// One way of calling a command in its synopsis: the words it starts with, then its lines of options and
/// operands. An item that names one of the command's options shows as that option's synopsis; any other
/// item is shown as written.
struct SynopsisForm: Sendable {
    var head: String
    var lines: [[String]]
}

/// A piece of a command's `--help`: an option's entry, another entry (an operand, a key), or text as
/// written. Consecutive entries of either kind form one list, aligned together.
enum HelpPart<Target>: Sendable {
    case option(OptionBinding<Target>)
    case entry(HelpEntry)
    case text(String)

    /// The entry this part shows in a list, or nil for text.
    var helpEntry: HelpEntry? {
        switch self {
        case .option(let binding): binding.description.help
        case .entry(let entry): entry
        case .text: nil
        }
    }
}

/// What a command shows of itself, whatever it parses into: for the completions, the man page and the tests.
protocol DeclaredCommand: Sendable {
    var name: String { get }
    var summary: String { get }
    var options: [OptionDescription] { get }
    /// The words its operand may be, when it is one of a few (`completions bash|zsh|fish`); else files.
    var operandWords: [String] { get }
    var synopsis: [SynopsisForm] { get }
    var usageText: String { get }
    var helpText: String { get }
}

/// A command's whole command line, declared once: its synopsis, its `--help`, and from them its options.
///
/// Parsing, `--help`, the completions and the man page all read this, so they cannot disagree.
struct CommandDeclaration<Target>: DeclaredCommand {
    var name: String
    var summary: String
    var synopsis: [SynopsisForm]
    var help: [HelpPart<Target>]
    var operandWords: [String] = []
    /// Whether a refused command line is shown the whole `--help` (else only the synopsis).
    var refusalShowsHelp = true
    /// Takes one operand; the refusal when there is one too many or it is wrong.
    var operand: @Sendable (inout Target, String) -> UsageError?

    var bindings: [OptionBinding<Target>] {
        help.compactMap {
            guard case .option(let binding) = $0 else { return nil }
            return binding
        }
    }

    var options: [OptionDescription] { bindings.map(\.description) }

    /// The synopsis, each form's items filled into lines of at most `HelpList.width` columns, as `--help`
    /// lists are (an item is never split), so no declaration sets where a line breaks.
    var usageText: String {
        var text = ""
        for (index, form) in synopsis.enumerated() {
            let prefix = (index == 0 ? "usage: " : "       ") + form.head + " "
            if form.lines.isEmpty { text += prefix.dropLast() + "\n" }
            let indent = String(repeating: " ", count: prefix.count)
            var lineCount = 0
            func emit(_ line: String) {
                text += (lineCount == 0 ? prefix : indent) + line + "\n"
                lineCount += 1
            }
            var line = ""
            for item in form.lines.joined().map(synopsisItem) {
                if !line.isEmpty && prefix.count + line.count + 1 + item.count > HelpList.width {
                    emit(line)
                    line = ""
                }
                line += (line.isEmpty ? "" : " ") + item
            }
            if !line.isEmpty { emit(line) }
        }
        return text
    }

    func synopsisItem(_ item: String) -> String {
        options.first { $0.names.contains(item) }?.synopsis ?? item
    }

    var helpText: String {
        var text = usageText
        var list: [HelpEntry] = []
        for part in help {
            if let entry = part.helpEntry {
                list.append(entry)
                continue
            }
            text += HelpList.text(list)
            list = []
            if case .text(let written) = part { text += written }
        }
        return text + HelpList.text(list)
    }

    /// What a command line asks for.
    enum Outcome {
        case run
        case help
        case refused(UsageError)
    }

    /// Reads the arguments into `target`, the same way for every command: `--name value` and
    /// `--name=value`, `-` as an operand, and everything after `--` as operands.
    func parse(_ arguments: [String], into target: inout Target) -> Outcome {
        let bindings = bindings
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--" {
                for operand in remaining {
                    if let error = self.operand(&target, operand) { return .refused(error) }
                }
                return .run
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                if let error = operand(&target, argument) { return .refused(error) }
                continue
            }
            var name = argument
            var attached: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                attached = String(argument[argument.index(after: equals)...])
            }
            if name == "-h" || name == "--help" { return .help }
            guard let binding = bindings.first(where: { $0.description.names.contains(name) }) else {
                return .refused(unknownOption(name))
            }
            let value: String
            if !binding.description.takesValue {
                if attached != nil { return .refused(UsageError(message: "\(name) takes no value")) }
                value = ""
            } else if let given = attached ?? remaining.popFirst() {
                value = given
            } else {
                return .refused(UsageError(message: "\(name) needs \(binding.description.needs)"))
            }
            if let error = binding.apply(&target, value) { return .refused(error) }
        }
        return .run
    }

    /// Parses, printing `--help` or the refusal; the exit status when the command ends there, else nil.
    func parse(_ arguments: [String], into target: inout Target, io: CLIIO) -> Int32? {
        switch parse(arguments, into: &target) {
        case .run: return nil
        case .help:
            io.write(helpText)
            return 0
        case .refused(let error): return refuse(error.message, io: io)
        }
    }

    /// Writes what is wrong with the command line, and the usage, to standard error; returns exit status 2.
    func refuse(_ message: String, io: CLIIO) -> Int32 {
        io.writeError(
            "modalkit \(name): \(DiagnosticFormatter.safe(message))\n\(refusalShowsHelp ? helpText : usageText)")
        return 2
    }

    func unknownOption(_ name: String) -> UsageError {
        let known = options.flatMap(\.names).filter { $0.hasPrefix("--") } + ["--help"]
        let suggestion = ValidationConfig.closest(to: name, among: known).map { "; did you mean '\($0)'?" } ?? ""
        return UsageError(message: "unknown option '\(name)'\(suggestion)")
    }
}
