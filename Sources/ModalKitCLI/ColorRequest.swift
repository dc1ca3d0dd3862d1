import Screen

/// What `--color` asks for: a fixed depth, or `auto`, which the environment decides.
enum ColorRequest: String, Equatable, CaseIterable {
    case auto
    case trueColor = "truecolor"
    case indexed256 = "256"
    case ansi16 = "16"
    case none

    /// Reads a `--color` value, also taking `24bit` for `truecolor`.
    init?(argument: String) {
        if argument == "24bit" {
            self = .trueColor
        } else {
            self.init(rawValue: argument)
        }
    }

    /// The depth to use for output, from this request and the environment.
    ///
    /// A fixed request wins. For `auto`, in this order:
    /// - `NO_COLOR` set and non-empty → `none` (the user's opt-out wins, even over `FORCE_COLOR`);
    /// - not a terminal and no `FORCE_COLOR` → `none`; `FORCE_COLOR` counts when set, non-empty and not `0`;
    /// - `COLORTERM` is `truecolor` or `24bit` → `trueColor`;
    /// - `TERM` contains `256color` → `indexed256`;
    /// - otherwise `ansi16`.
    func depth(environment: (String) -> String?, isTerminal: Bool) -> ColorDepth {
        switch self {
        case .trueColor: return .trueColor
        case .indexed256: return .indexed256
        case .ansi16: return .ansi16
        case .none: return .none
        case .auto: break
        }
        if Self.noColorRequested(environment("NO_COLOR")) { return .none }
        let forced = environment("FORCE_COLOR").map { !$0.isEmpty && $0 != "0" } ?? false
        if !isTerminal && !forced { return .none }
        if let colorTerm = environment("COLORTERM")?.lowercased(), colorTerm == "truecolor" || colorTerm == "24bit" {
            return .trueColor
        }
        if let term = environment("TERM"), term.contains("256color") { return .indexed256 }
        return .ansi16
    }

    /// Whether `NO_COLOR` asks for no colour: set and not empty (https://no-color.org).
    static func noColorRequested(_ value: String?) -> Bool {
        guard let value else { return false }
        return !value.isEmpty
    }
}
