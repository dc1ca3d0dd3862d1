import Reporting
import Screen

/// Reads options and operands in order, understanding `--name value`, `--name=value` and `--`.
struct ArgumentReader {
    private var remaining: ArraySlice<String>
    private var pendingValue: String?
    private(set) var afterDoubleDash = false

    init(_ arguments: [String]) { remaining = arguments[...] }

    mutating func next() -> String? {
        guard let argument = remaining.popFirst() else { return nil }
        if afterDoubleDash { return argument }
        if argument == "--" {
            afterDoubleDash = true
            return next()
        }
        if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
            pendingValue = String(argument[argument.index(after: equals)...])
            return String(argument[..<equals])
        }
        return argument
    }

    /// The value of an option, or nil after reporting that it is missing.
    mutating func value(for option: String, io: CLIIO) -> String? {
        guard let value = value(for: option) else {
            io.writeError("modalkit: \(option) needs a value\n")
            return nil
        }
        return value
    }

    /// The value of an option (`--name=value` or the next argument), or nil when there is none.
    mutating func value(for option: String) -> String? {
        if let pendingValue {
            self.pendingValue = nil
            return pendingValue
        }
        return remaining.popFirst()
    }

    /// Whether the option just read came as `--name=value` with its value not yet taken.
    var hasUnreadValue: Bool { pendingValue != nil }

    /// Whether an option given as `--name=value` left its value unread (then it takes no value).
    mutating func rejectUnexpectedValue(for option: String, io: CLIIO) -> Bool {
        guard pendingValue != nil else { return false }
        pendingValue = nil
        io.writeError("modalkit: \(option) takes no value\n")
        return true
    }

    /// The help of `--bidi`, the same in `render` and `preview` (the contract is `BidiDisplay`).
    static let bidiHelp = """
          --bidi MODE   visual (the default) or logical order of right-to-left text: visual for terminals
                        that do not reorder (xterm, tmux, kitty, Alacritty, Windows Terminal), logical for
                        those that do (VTE-based, Konsole, mlterm); default from \(BidiDisplay.environmentVariable)

        """

    /// The display `render` and `preview` use: `--bidi` when given, else `MODALKIT_BIDI`, else visual.
    static func bidiDisplay(option: BidiDisplay?, io: CLIIO) -> BidiDisplay {
        BidiDisplay.resolve(option: option, environmentValue: io.environment(BidiDisplay.environmentVariable))
    }

    /// A byte count: digits with an optional binary K, M or G suffix, read as the config file reads it.
    static func byteCount(_ text: String) -> Int? { ValidationConfig.byteCount(text) }
}
