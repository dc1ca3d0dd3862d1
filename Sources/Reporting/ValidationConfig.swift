import HTMLRendering
import ModalModel
import PositionedJSON
@_spi(Kernel) import TextKernel

/// The settings of a `.modalkit.json` file.
///
/// ```json
/// {"select": ["range-unit-mismatch", "range-out-of-bounds"],
///  "ignore": [{"code": "range-splits-grapheme", "path": "legacy/**", "pointer": "/0/styles"}],
///  "strict": true, "max-bytes": "1M", "profile": "256", "theme": "dark",
///  "files": ["modals/**/*.json"], "exclude": ["**/fixtures/**"]}
/// ```
/// Unknown settings are errors with a did-you-mean hint, like unknown keys of the modal format.
package struct ValidationConfig: Sendable, Equatable {
    /// When not empty, only these codes are reported (`--select` on the command line replaces them).
    package var selectedCodes: Set<String> = []
    /// Scoped ignores; their globs are relative to the config file's directory.
    package var ignores: [IgnoreRule] = []
    /// Whether warnings make a file invalid; nil when the file does not say.
    package var strict: Bool?
    /// The largest input in bytes; nil when the file does not say.
    package var maxBytes: Int?
    /// The target profile name (`truecolor`, `256`, `16`, `none`); nil when the file does not say.
    package var profile: String?
    /// The card that `theme` and `card` choose; empty when the file sets neither.
    package var card = CardChoice()
    /// Which JSON files are modals (`files` and `exclude`), relative to the config's directory.
    package var selection = FileSelection()

    /// The name of a config file, which applies to the files in its directory and below.
    package static let fileName = ".modalkit.json"

    /// The settings a config file may hold.
    package static let settingNames = [
        "select", "ignore", "strict", "max-bytes", "profile", "theme", "card", "files", "exclude",
    ]
    /// The keys of one `ignore` entry.
    package static let ignoreKeys = ["code", "path", "pointer"]
    /// The profile names.
    package static var profileNames: [String] { TargetProfile.allCases.map(\.rawValue) }

    /// An empty config.
    package init() {}

    /// Parses a config file in `directory` ("" or ending in `/`); every problem is a `config-invalid` error.
    package static func parse(_ bytes: [UInt8], directory: String) -> Result<ValidationConfig, ConfigError> {
        let source = SourceText(bytes: bytes)
        var problems: [Diagnostic] = []
        func problem(_ message: String, at offset: Int, pointer: String, hint: String? = nil) {
            problems.append(
                Diagnostic(
                    severity: .error, code: .configInvalid, message: message,
                    location: source.location(ofByteOffset: offset), pointer: pointer, hint: hint))
        }
        let root: JSONNode
        switch JSONParser.parse(bytes, knownStrings: .modalFormat) {
        case .failure(let error):
            problem(error.message, at: error.byteOffset, pointer: "", hint: error.hint)
            return .failure(ConfigError(diagnostics: problems))
        case .success(let node): root = node
        }
        guard case .object(let members) = root.value else {
            problem("the config must be an object", at: root.byteOffset, pointer: "", hint: "write {\"strict\": true}")
            return .failure(ConfigError(diagnostics: problems))
        }
        func unknown(_ member: JSONMember, among known: [String], what: String, pointer: String) {
            let suggestion = closest(to: member.key, among: known)
            problem(
                "unknown setting \(JSONWriter.quoted(member.key)) in the \(what)", at: member.keyByteOffset,
                pointer: pointer + JSONPointer.pointer([member.key]),
                hint: suggestion.map { "did you mean '\($0)'?" } ?? "the settings are \(known.joined(separator: ", "))")
        }
        var config = ValidationConfig()
        config.selection.baseDirectory = directory
        for member in members {
            let pointer = JSONPointer.pointer([member.key])
            let value = member.value
            switch member.key {
            case "strict":
                guard case .bool(let flag) = value.value else {
                    problem("strict must be true or false", at: value.byteOffset, pointer: pointer)
                    continue
                }
                config.strict = flag
            case "max-bytes":
                switch value.value {
                case .number(let number) where (number.exactInteger ?? 0) > 0:
                    config.maxBytes = number.exactInteger
                case .string(let text) where ByteSize.parse(text) != nil:
                    config.maxBytes = ByteSize.parse(text)
                default:
                    problem(
                        "max-bytes must be a positive number of bytes", at: value.byteOffset, pointer: pointer,
                        hint: "write 1048576 or \"1M\" (K, M and G are binary)")
                }
            case "profile":
                guard case .string(let name) = value.value, profileNames.contains(name) else {
                    problem(
                        "profile must be one of \(profileNames.joined(separator: ", "))", at: value.byteOffset,
                        pointer: pointer)
                    continue
                }
                config.profile = name
            case "theme":
                let names = HTMLTheme.allCases.map(\.rawValue)
                guard case .string(let name) = value.value, let theme = HTMLTheme(rawValue: name) else {
                    problem(
                        "theme must be one of \(names.joined(separator: ", "))", at: value.byteOffset, pointer: pointer,
                        hint: "write \"theme\": \"light\" or \"theme\": \"dark\" for the app's card")
                    continue
                }
                config.card.theme = theme
            case "card":
                guard case .string(let text) = value.value else {
                    problem(
                        "card must be a colour string", at: value.byteOffset, pointer: pointer,
                        hint: "write \"card\": \"#ffffff\" with the colour of the app's card")
                    continue
                }
                switch CardChoice.color(parsing: text) {
                case .success(let color): config.card.color = color
                case .failure(let error):
                    problem(
                        "card must be an opaque colour, not \(JSONWriter.quoted(text))", at: value.byteOffset,
                        pointer: pointer, hint: error.reason)
                }
            case "select":
                guard case .array(let entries) = value.value else {
                    problem(
                        "select must be an array of codes", at: value.byteOffset, pointer: pointer,
                        hint: "write \"select\": [\"range-unit-mismatch\"]")
                    continue
                }
                let codes = DiagnosticCode.allCases.map(\.rawValue)
                for (index, entry) in entries.enumerated() {
                    guard case .string(let code) = entry.value else {
                        problem(
                            "a select entry must be a code string", at: entry.byteOffset,
                            pointer: pointer + "/\(index)", hint: "write \"range-unit-mismatch\"")
                        continue
                    }
                    guard codes.contains(code) else {
                        problem(
                            "unknown code \(JSONWriter.quoted(code)) in select", at: entry.byteOffset,
                            pointer: pointer + "/\(index)",
                            hint: closest(to: code, among: codes).map { "did you mean '\($0)'?" }
                                ?? "modalkit validate prints each finding's code; FORMAT.md lists them all")
                        continue
                    }
                    config.selectedCodes.insert(code)
                }
            case "ignore":
                guard case .array(let entries) = value.value else {
                    problem(
                        "ignore must be an array of entries", at: value.byteOffset, pointer: pointer,
                        hint: "write \"ignore\": [{\"code\": \"range-splits-grapheme\", \"path\": \"legacy/**\"}]")
                    continue
                }
                for (index, entry) in entries.enumerated() {
                    let entryPointer = pointer + "/\(index)"
                    guard case .object(let fields) = entry.value else {
                        problem(
                            "an ignore entry must be an object", at: entry.byteOffset, pointer: entryPointer,
                            hint: "write {\"code\": \"unknown-key\"}")
                        continue
                    }
                    var rule = IgnoreRule(code: "", baseDirectory: directory)
                    for field in fields {
                        guard case .string(let text) = field.value.value else {
                            if ignoreKeys.contains(field.key) {
                                problem(
                                    "\(field.key) must be a string", at: field.value.byteOffset,
                                    pointer: entryPointer + "/" + field.key)
                            } else {
                                unknown(field, among: ignoreKeys, what: "ignore entry", pointer: entryPointer)
                            }
                            continue
                        }
                        switch field.key {
                        case "code": rule.code = text
                        case "path": rule.pathGlob = text
                        case "pointer": rule.pointer = text
                        default: unknown(field, among: ignoreKeys, what: "ignore entry", pointer: entryPointer)
                        }
                    }
                    if rule.code.isEmpty {
                        problem(
                            "this ignore entry has no code", at: entry.byteOffset, pointer: entryPointer,
                            hint: "add \"code\": \"…\" (modalkit validate prints each finding's code)")
                    } else {
                        config.ignores.append(rule)
                    }
                }
            case "files", "exclude":
                let example = member.key == "files" ? "modals/**/*.json" : "**/fixtures/**"
                guard case .array(let entries) = value.value else {
                    problem(
                        "\(member.key) must be an array of path globs", at: value.byteOffset, pointer: pointer,
                        hint: "write \"\(member.key)\": [\"\(example)\"]")
                    continue
                }
                var globs: [String] = []
                for (index, entry) in entries.enumerated() {
                    guard case .string(let glob) = entry.value, !glob.isEmpty, !glob.hasPrefix("/") else {
                        problem(
                            "a \(member.key) entry must be a glob relative to the config's directory",
                            at: entry.byteOffset, pointer: pointer + "/\(index)",
                            hint: "write \"\(example)\" (* within a directory, ** across directories)")
                        continue
                    }
                    globs.append(glob)
                }
                if member.key == "files" { config.selection.files = globs } else { config.selection.exclude = globs }
            default:
                unknown(member, among: settingNames, what: "config", pointer: "")
            }
        }
        return problems.isEmpty ? .success(config) : .failure(ConfigError(diagnostics: problems))
    }

    /// The known name within a third of the letters (at least one edit) of `word`, when exactly one is closest.
    package static func closest(to word: String, among known: [String]) -> String? {
        let lowered = Array(word.lowercased().unicodeScalars)
        let ranked = known.map { ($0, Suggestions.editDistance(lowered, Array($0.unicodeScalars))) }
        guard let best = ranked.min(by: { $0.1 < $1.1 }) else { return nil }
        let allowed = max(1, min(lowered.count, best.0.count) / 3)
        guard best.1 <= allowed, ranked.filter({ $0.1 == best.1 }).count == 1 else { return nil }
        return best.0
    }
}

/// The problems of a config file that cannot be used, as `config-invalid` diagnostics.
package struct ConfigError: Error, Sendable, Equatable {
    /// Every problem found, each with its line, column, pointer and hint.
    package var diagnostics: [Diagnostic]
}
