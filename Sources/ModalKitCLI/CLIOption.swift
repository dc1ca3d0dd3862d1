/// A command line that cannot run, with what is wrong in words for the user.
struct UsageError: Error, Equatable {
    var message: String
}

/// What an option's value is, as the completions offer it.
enum OptionValue: Equatable, Sendable {
    /// A flag, which takes no value.
    case none
    /// One of these words.
    case words([String])
    case file
    case number
    /// Free text, such as a header line.
    case text
}

/// An entry of `--help` (an option, an operand, a key): its label, then its description. Where the
/// description starts is not the entry's to say: `HelpList` computes it for the whole list.
struct HelpEntry: Sendable {
    var label: String
    /// The description, in pieces that are joined with spaces (so that the source stays narrow).
    var lines: [String]

    init(_ label: String, _ lines: String...) {
        self.label = label
        self.lines = lines
    }

    /// The description as one paragraph, for the man page and for wrapping.
    var paragraph: String { lines.joined(separator: " ") }
}

/// Entries of `--help` laid out as one list: every description starts in the same column, two spaces after
/// the longest label that fits before it, and is wrapped to `width`.
enum HelpList {
    /// The widest `--help` line, in characters.
    static let width = 100
    /// The longest label that keeps its description beside it; a longer one has it start on the next line,
    /// so that one long label does not push every description of the list to the right.
    static let longestLabelBeside = 16
    /// The indent of each label.
    static let indent = 2

    /// The column where the descriptions of a list with these labels start.
    static func column(forLabels labels: [String]) -> Int {
        indent + (labels.map(\.count).filter { $0 <= longestLabelBeside }.max() ?? 0) + 2
    }

    /// The entries as `--help` shows them, one list.
    static func text(_ entries: [HelpEntry]) -> String {
        let column = column(forLabels: entries.map(\.label))
        let margin = String(repeating: " ", count: column)
        var text = ""
        for entry in entries {
            var line = String(repeating: " ", count: indent) + entry.label
            if line.count + 2 > column {
                text += line + "\n"
                line = margin
            } else {
                line += String(repeating: " ", count: column - line.count)
            }
            var lineIsEmpty = true
            for word in entry.paragraph.split(separator: " ") {
                if !lineIsEmpty && line.count + 1 + word.count > width {
                    text += line + "\n"
                    line = margin
                    lineIsEmpty = true
                }
                line += (lineIsEmpty ? "" : " ") + word
                lineIsEmpty = false
            }
            text += line + "\n"
        }
        return text
    }
}

/// How an option is spelt and described: everything that `--help`, the completions and the man page show.
struct OptionDescription: Sendable {
    /// Its spellings, the one the synopsis shows first (`-H`, `--header`).
    var names: [String]
    var value: OptionValue
    /// What the synopsis shows for the value; the words joined by `|` when nil.
    var placeholder: String?
    var repeatable: Bool
    /// The short description of the completions.
    var summary: String
    var help: HelpEntry
    /// What a missing value is told it needs (`--width needs a number of cells`).
    var needs: String

    var takesValue: Bool { value != .none }

    /// The option in a synopsis: `[--width N]`, `[--ascii]`, `[-H 'Name: value']...`.
    var synopsis: String {
        var text = "[" + names[0]
        switch value {
        case .none: break
        case .words(let words): text += " " + (placeholder ?? words.joined(separator: "|"))
        case .file, .number, .text: text += " " + (placeholder ?? "VALUE")
        }
        return text + "]" + (repeatable ? "..." : "")
    }
}

/// One command-line option, declared once: how it is described, and how its value is read.
struct CLIOption<Value>: Sendable {
    var description: OptionDescription
    var read: @Sendable (String) -> Result<Value, UsageError>

    init(
        _ names: String..., value: OptionValue, placeholder: String? = nil, repeatable: Bool = false,
        summary: String, help: HelpEntry, needs: String? = nil,
        read: @escaping @Sendable (String) -> Result<Value, UsageError>
    ) {
        var missing = needs ?? "a value"
        if needs == nil, case .words(let words) = value { missing = orList(words) }
        description = OptionDescription(
            names: names, value: value, placeholder: placeholder, repeatable: repeatable, summary: summary, help: help,
            needs: missing)
        self.read = read
    }

    /// The same option described differently in one command's `--help`.
    func helping(_ help: HelpEntry) -> CLIOption {
        var option = self
        option.description.help = help
        return option
    }
}

extension CLIOption where Value == Int {
    /// An option whose value is a whole number in `range`; a value outside it is told what it `mustBe`.
    static func number(
        _ name: String, in range: ClosedRange<Int>, placeholder: String, summary: String, help: HelpEntry,
        needs: String, mustBe: String
    ) -> CLIOption {
        CLIOption(name, value: .number, placeholder: placeholder, summary: summary, help: help, needs: needs) { text in
            guard let number = Int(text), range.contains(number) else {
                return .failure(UsageError(message: "\(name) must be \(mustBe), got '\(text)'"))
            }
            return .success(number)
        }
    }
}

extension CLIOption where Value == Void {
    /// A flag: an option that takes no value.
    static func flag(_ names: String..., summary: String, help: HelpEntry) -> CLIOption {
        var option = CLIOption(value: .none, summary: summary, help: help) { _ in .success(()) }
        option.description.names = names
        return option
    }
}

// `SendableMetatype`: the `@Sendable` reader calls `Value(rawValue:)`, so it captures the metatype.
extension CLIOption
where Value: RawRepresentable, Value.RawValue == String, Value: CaseIterable, Value: SendableMetatype {
    /// An option that takes one of the words of `Value`, refused as `--name must be a, b or c, not 'x'`.
    static func choice(_ name: String, of _: Value.Type = Value.self, summary: String, help: HelpEntry) -> CLIOption {
        let words = Value.allCases.map(\.rawValue)
        return CLIOption(name, value: .words(words), summary: summary, help: help) { text in
            Value(rawValue: text).map { .success($0) }
                ?? .failure(UsageError(message: "\(name) must be \(orList(words)), not '\(text)'"))
        }
    }
}

/// `a`, `a or b`, `a, b or c`: the words an option accepts, as its messages list them.
func orList(_ words: [String]) -> String {
    guard let last = words.last, words.count > 1 else { return words.first ?? "" }
    return words.dropLast().joined(separator: ", ") + " or " + last
}

/// An option as one command takes it: its description and where its value goes.
struct OptionBinding<Target>: Sendable {
    var description: OptionDescription
    /// Reads the value (ignored for a flag) into the target; the refusal when the value is wrong.
    var apply: @Sendable (inout Target, String) -> UsageError?

    init<Value>(_ option: CLIOption<Value>, set: @escaping @Sendable (inout Target, Value) -> Void) {
        description = option.description
        let read = option.read
        apply = { target, text in
            switch read(text) {
            case .success(let value):
                set(&target, value)
                return nil
            case .failure(let error): return error
            }
        }
    }

    init<Value>(_ option: CLIOption<Value>, _ path: WritableKeyPath<Target, Value?> & Sendable) {
        self.init(option) { $0[keyPath: path] = $1 }
    }

    init(_ flag: CLIOption<Void>, set: @escaping @Sendable (inout Target) -> Void) {
        self.init(flag) { target, _ in set(&target) }
    }
}
