import Screen

/// What `--color` asks for: a fixed depth, or `auto`, which the environment decides.
enum ColorRequest: Equatable, CaseIterable, RawRepresentable {
    case auto
    case fixed(ColorDepth)

    /// `auto`, then the depths a user may name (`ColorDepth.namedDepths`).
    static var allCases: [ColorRequest] { [.auto] + ColorDepth.namedDepths.map(ColorRequest.fixed) }

    init?(rawValue: String) {
        if rawValue == "auto" {
            self = .auto
        } else if let depth = ColorDepth(word: rawValue) {
            self = .fixed(depth)
        } else {
            return nil
        }
    }

    var rawValue: String {
        switch self {
        case .auto: "auto"
        case .fixed(let depth): depth.word ?? ""
        }
    }

    /// Reads a `--color` value, also taking `24bit` for `truecolor`.
    init?(argument: String) {
        if argument == "24bit" {
            self = .fixed(.trueColor)
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
        if case .fixed(let depth) = self { return depth }
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
