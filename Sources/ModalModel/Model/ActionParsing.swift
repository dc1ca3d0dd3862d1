import PositionedJSON
@_spi(Kernel) import TextKernel

/// Why an action string was refused, with a hint where one helps.
public struct ActionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `invalid-action` or `invalid-action-data`.
    package var diagnosticCode: DiagnosticCode
    /// The code as text.
    public var code: String { diagnosticCode.rawValue }
    /// What is wrong.
    public var message: String
    /// How to fix it.
    public var hint: String?

    /// `<message> [<code>]`, then `; <hint>` when there is one.
    public var description: String { "\(message) [\(code)]" + (hint.map { "; \($0)" } ?? "") }
}

/// A parsed action with the warnings its text deserves.
public struct ParsedAction: Sendable, Equatable, CustomStringConvertible {
    /// The action.
    public var action: ModalAction
    /// Problems that do not stop the action from working, as (code, message, hint).
    public var warnings: [ActionWarning]

    /// The action as the format writes it, then its warnings in parentheses, one after another.
    public var description: String {
        action.text + (warnings.isEmpty ? "" : " (" + warnings.map(\.description).joined(separator: "; ") + ")")
    }
}

/// A non-fatal remark about an action string.
public struct ActionWarning: Sendable, Equatable, CustomStringConvertible {
    /// The catalogue code.
    package var diagnosticCode: DiagnosticCode
    /// The code as text.
    public var code: String { diagnosticCode.rawValue }
    /// What is odd.
    public var message: String
    /// What to do about it.
    public var hint: String?

    /// `<message> [<code>]`, then `; <hint>` when there is one, as ``ActionError`` prints.
    public var description: String { "\(message) [\(code)]" + (hint.map { "; \($0)" } ?? "") }
}

extension ModalAction {
    /// The built-in actions, by the names the format gives them, with what each does: the one list that
    /// parsing, writing, the JSON outcome, the schema and the language server read.
    package static let builtins: [(name: String, action: ModalAction, meaning: String)] = [
        ("close", .close, "Dismiss this modal and show the next (or end)."),
        ("next", .next, "Go to the next modal."),
        ("prev", .previous, "Go to the previous modal."),
    ]

    /// The built-in names as a list in prose: "close, next, prev".
    package static var builtinNameList: String { builtins.map(\.name).joined(separator: ", ") }

    /// The built-in action called `name` exactly, or nil.
    package static func builtin(named name: String) -> ModalAction? {
        builtins.first { $0.name == name }?.action
    }

    /// The name of a built-in action, or nil for any other.
    var builtinName: String? { Self.builtins.first { $0.action == self }?.name }

    /// The hint for an action that is not one: every form an action may take.
    package static var actionFormsHint: String {
        "use \(builtinNameList), a URL, an app command or a custom action name"
    }

    /// The schemes that open as URLs.
    package static let urlSchemes = ["https", "http", "mailto", "tel"]

    /// Schemes that run code or read local files when opened: never a link, whatever the action's form.
    package static let unsafeURLSchemes = ["javascript", "data", "file", "vbscript"]

    /// What a hyperlink (OSC 8, a preview's link target) may point at for this action, or nil when it must
    /// not be one: only URLs with a scheme of `urlSchemes` and app commands whose scheme is not unsafe and
    /// whose name has no control or bidi character qualify. Built-ins and custom names are not links.
    public var hyperlinkTarget: String? {
        switch self {
        case .openURL(let url):
            guard let scheme = Self.scheme(of: url), Self.urlSchemes.contains(scheme.lowercased()) else { return nil }
            return url
        case .command(let scheme, let name, _):
            guard Self.scheme(of: scheme + ":") == scheme, !Self.unsafeURLSchemes.contains(scheme.lowercased()),
                !name.isEmpty, !name.unicodeScalars.contains(where: Self.isUnsafeInName)
            else { return nil }
            return text
        case .close, .next, .previous, .custom: return nil
        }
    }

    /// Whether the action may be drawn as a hyperlink (`hyperlinkTarget` is not nil).
    package var isSafeLink: Bool { hyperlinkTarget != nil }

    /// Whether a scalar must not appear in an action or command name: C0 and C1 controls (NUL included),
    /// DEL, and the bidi marks, embeddings, overrides and isolates that can make a name read differently.
    static func isUnsafeInName(_ scalar: Unicode.Scalar) -> Bool {
        ControlCharacters.isControl(scalar) || ControlCharacters.isBidiControl(scalar)
    }

    private static func unsafeNameError(_ name: String, what: String) -> ActionError? {
        guard let scalar = name.unicodeScalars.first(where: isUnsafeInName) else { return nil }
        return ActionError(
            code: .unsafeActionName,
            message: "the \(what) contains \(ControlCharacters.describe(scalar)), which could hide or reorder text",
            hint: "use printable characters only; names are matched exactly by the app")
    }

    /// Parses an action string as FORMAT.md describes: built-ins, URLs, `open_url:`, app commands, custom names;
    /// throws why the text is no action, with the fix.
    public static func parse(_ text: String) throws(ActionError) -> ParsedAction { try parsing(text).get() }

    /// `parse(_:)` as a value, for the decoder and the router, which report a refusal rather than unwind.
    package static func parsing(_ text: String) -> Result<ParsedAction, ActionError> {
        if FastPaths.isOn(.printableAction),
            let action = text.utf8.withContiguousStorageIfAvailable(parsingPrintableASCII) ?? nil
        {
            return .success(ParsedAction(action: action, warnings: []))
        }
        return parsingInGeneral(text)
    }

    /// `parsing(_:)` for any text: the reader `parsingPrintableASCII` must agree with.
    package static func parsingInGeneral(_ text: String) -> Result<ParsedAction, ActionError> {
        if text.isEmpty {
            return .failure(
                ActionError(
                    code: .invalidAction, message: "the action is empty",
                    hint: actionFormsHint))
        }
        if isWhitespace(text.unicodeScalars.first!) || isWhitespace(text.unicodeScalars.last!) {
            return .failure(
                ActionError(
                    code: .invalidAction, message: "the action has leading or trailing white space",
                    hint: "remove the spaces"))
        }
        if let builtin = builtin(named: text) {
            return .success(ParsedAction(action: builtin, warnings: []))
        }
        if text.utf8.hasASCIIPrefix("open_url:") {
            let url = String(Substring(text.utf8.dropFirst("open_url:".utf8.count)))
            if let problem = urlProblem(url) {
                return .failure(ActionError(code: .invalidAction, message: "open_url: \(problem)", hint: nil))
            }
            var warnings: [ActionWarning] = []
            if let scheme = scheme(of: url)?.lowercased(), unsafeURLSchemes.contains(scheme) {
                warnings.append(unsafeSchemeWarning(scheme))
            }
            return .success(ParsedAction(action: .openURL(url), warnings: warnings))
        }
        var warnings: [ActionWarning] = []
        let scheme = scheme(of: text)
        let loweredScheme = scheme?.lowercased()
        if let loweredScheme, unsafeURLSchemes.contains(loweredScheme) {
            // Not a URL and not an app command, whatever follows: at most a custom name, never a link.
            warnings.append(unsafeSchemeWarning(loweredScheme))
        } else if let scheme, let lowered = loweredScheme {
            if urlSchemes.contains(lowered) {
                if let problem = urlProblem(text) {
                    return .failure(ActionError(code: .invalidAction, message: problem, hint: nil))
                }
                return .success(ParsedAction(action: .openURL(text), warnings: []))
            }
            let rest = text.utf8.dropFirst(scheme.utf8.count + 1)
            if rest.hasASCIIPrefix("//invoke/") {
                return parseCommand(scheme: scheme, afterInvoke: Substring(rest.dropFirst("//invoke/".utf8.count)))
            }
            if rest.hasASCIIPrefix("//") {
                if let error = unsafeNameError(text, what: "action name") { return .failure(error) }
                let warning = ActionWarning(
                    code: .unknownURLScheme,
                    message:
                        "'\(scheme):' is not a URL scheme that opens (https, http, mailto, tel) nor an app command",
                    hint: "it is passed to the app as a custom action name; for an app command use "
                        + "\(scheme)://invoke/cmd/NAME, for a web page use https://")
                return .success(ParsedAction(action: .custom(text), warnings: [warning]))
            }
        }
        if let error = unsafeNameError(text, what: "action name") { return .failure(error) }
        if text.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F }) {
            return .failure(
                ActionError(
                    code: .invalidAction, message: "a custom action name must be a single token without spaces",
                    hint: "use a name such as 'open_settings'"))
        }
        if ActionWords.builtinLength.contains(text.utf8.count), builtin(named: text.lowercased()) != nil {
            warnings.append(
                ActionWarning(
                    code: .builtinActionCase,
                    message: "'\(text)' is a custom action, not the built-in '\(text.lowercased())'",
                    hint: "actions are case-sensitive: write '\(text.lowercased())'"))
        }
        return .success(ParsedAction(action: .custom(text), warnings: warnings))
    }

    /// The action as the string form the format uses; parsing it gives the same action back.
    public var text: String {
        switch self {
        case .close, .next, .previous: builtinName ?? ""
        case .openURL(let url):
            Self.scheme(of: url).map { Self.urlSchemes.contains($0.lowercased()) } == true
                ? url : "open_url:" + url
        case .command(let scheme, let name, let data):
            scheme + "://invoke/cmd/" + PercentEncoding.encodeComponent(name)
                + (data.map { "/data/" + PercentEncoding.encodeComponent(JSONWriter.serialize($0)) } ?? "")
        case .custom(let name): name
        }
    }

    /// The parsed action as a JSON object, as `render --format json` and `preview` print it.
    package var jsonValue: JSONValue {
        func member(_ key: String, _ value: JSONValue) -> JSONMember {
            JSONMember(key: key, keyByteOffset: 0, value: JSONNode(value: value, byteOffset: 0))
        }
        switch self {
        case .close, .next, .previous: return .object([member("type", .string(builtinName ?? ""))])
        case .openURL(let url): return .object([member("type", .string("url")), member("url", .string(url))])
        case .command(let scheme, let name, let data):
            return .object([
                member("type", .string("command")), member("scheme", .string(scheme)),
                member("name", .string(name)), member("data", data ?? .null),
            ])
        case .custom(let name): return .object([member("type", .string("custom")), member("name", .string(name))])
        }
    }

    /// The scheme of `text` when it starts with `scheme:` (RFC 3986: a letter, then letters, digits, + - .).
    static func scheme(of text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes in
            schemeLength(of: bytes).map { String(decoding: UnsafeBufferPointer(rebasing: bytes[..<$0]), as: UTF8.self) }
        }
    }

    private static func unsafeSchemeWarning(_ scheme: String) -> ActionWarning {
        ActionWarning(
            code: .unsafeURLScheme,
            message: "'\(scheme):' can run code or read local files, so it is never drawn as a link",
            hint: "use an https: URL or an app command (SCHEME://invoke/cmd/NAME)")
    }

    private static func urlProblem(_ url: String) -> String? {
        if url.isEmpty { return "the URL is empty" }
        if url.utf8.contains(UInt8(ascii: " ")) {
            return "the URL '\(url)' contains a space; percent-encode it as %20"
        }
        if ControlCharacters.mayNeedReplacing(url),
            url.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        {
            return "the URL contains a control character"
        }
        if url.unicodeScalars.contains(where: isUnsafeInName) {
            return "the URL contains a bidi control character, which could make it read as another address"
        }
        guard let scheme = scheme(of: url) else { return "'\(url)' is not a URL: it has no scheme such as https:" }
        let lowered = scheme.lowercased()
        if lowered == "http" || lowered == "https" {
            let rest = url.utf8.dropFirst(scheme.utf8.count + 1)
            let host = rest.dropFirst(2).prefix {
                $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#")
            }
            if !rest.hasASCIIPrefix("//") || host.isEmpty {
                return "the URL '\(url)' has no host; write it as \(lowered)://example.com/…"
            }
        } else if url.utf8.count == scheme.utf8.count + 1 {
            return "the URL '\(url)' has nothing after the scheme"
        }
        return nil
    }

    private static func parseCommand(scheme: String, afterInvoke rest: Substring) -> Result<ParsedAction, ActionError> {
        // Only a refusal words the form, so it is not built for every command that parses.
        var form: String { "\(scheme)://invoke/cmd/NAME[/data/PERCENT-ENCODED-JSON]" }
        guard rest.utf8.hasASCIIPrefix("cmd/") else {
            return .failure(
                ActionError(
                    code: .invalidAction, message: "an app command must continue with 'cmd/' after 'invoke/'",
                    hint: "write it as \(form)"))
        }
        // Byte-wise: every delimiter is ASCII, and Character-wise slicing would run the grapheme rules.
        let afterCmd = Substring(rest.utf8.dropFirst(4))
        let encodedName = Substring(afterCmd.utf8.prefix { $0 != UInt8(ascii: "/") })
        let afterName = Substring(afterCmd.utf8.dropFirst(encodedName.utf8.count))
        guard !encodedName.isEmpty else {
            return .failure(
                ActionError(code: .invalidAction, message: "the app command has no name", hint: "write it as \(form)")
            )
        }
        guard let name = PercentEncoding.decode(encodedName).flatMap(PercentEncoding.validUTF8String) else {
            return .failure(
                ActionError(
                    code: .invalidAction,
                    message: "the command name '\(encodedName)' is not valid percent-encoded UTF-8",
                    hint: "encode it with encodeURIComponent"))
        }
        if let error = unsafeNameError(name, what: "command name") { return .failure(error) }
        if afterName.isEmpty {
            return .success(ParsedAction(action: .command(scheme: scheme, name: name, data: nil), warnings: []))
        }
        guard afterName.utf8.hasASCIIPrefix("/data/") else {
            return .failure(
                ActionError(
                    code: .invalidAction, message: "unexpected '\(afterName)' after the command name",
                    hint: "only '/data/' and percent-encoded JSON may follow: \(form)"))
        }
        let encodedData = Substring(afterName.utf8.dropFirst("/data/".utf8.count))
        guard let dataBytes = PercentEncoding.decode(encodedData) else {
            return .failure(
                ActionError(
                    code: .invalidActionData, message: "the command data is not valid percent-encoding",
                    hint: "encode it with encodeURIComponent(JSON.stringify(data))"))
        }
        switch JSONParser.parse(dataBytes, maxDepth: 64) {
        case .success(let node):
            return .success(ParsedAction(action: .command(scheme: scheme, name: name, data: node.value), warnings: []))
        case .failure(let error):
            let decoded = String(decoding: dataBytes, as: UTF8.self)
            return .failure(
                ActionError(
                    code: .invalidActionData,
                    message:
                        "the command data is not valid JSON: \(error.message) (decoded data: \(JSONWriter.quoted(decoded)))",
                    hint: "encode it with encodeURIComponent(JSON.stringify(data))"))
        }
    }
}

/// Whitespace by Unicode's White_Space property, with the ASCII answer first (nearly every action is ASCII).
private func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.value < 0x80 { return scalar == " " || (0x09...0x0D).contains(scalar.value) }
    return scalar.properties.isWhitespace
}

extension Collection<UInt8> {
    /// Whether the bytes start with `prefix`, compared a byte at a time without the generic
    /// sequence machinery of `starts(with:)`, which costs more than the rest of parsing a short action.
    @inline(__always)
    func hasASCIIPrefix(_ prefix: StaticString) -> Bool {
        var index = startIndex
        for offset in 0..<prefix.utf8CodeUnitCount {
            guard index != endIndex, self[index] == prefix.utf8Start[offset] else { return false }
            index = self.index(after: index)
        }
        return true
    }
}
