import ModalModel

/// Reads bridge commands and writes bridge events: pure functions over one line each.
///
/// Commands are parsed with ModalKit's own JSON parser; events are written with `JSONWriter`, which
/// escapes every control character, so a label can never break a line or reach a terminal raw.
/// Reading never throws and never traps: every bad line gives a `BridgeError`.
package enum BridgeCodec {
    /// The protocol version sent in the `ready` event.
    package static let protocolVersion = 1
    /// The default longest command line, as `--max-bytes` defaults elsewhere.
    package static let defaultMaxLineBytes = ByteSize.defaultInputLimit

    /// The commands and what each one needs.
    static let commandNames = ["show", "replace", "focus", "close", "quit"]

    /// Reads one command line (without its newline); `number` is its 1-based line number.
    package static func decode(_ line: [UInt8], number: Int) -> Result<BridgeCommand, BridgeError> {
        func failure(_ code: String, _ message: String) -> Result<BridgeCommand, BridgeError> {
            .failure(BridgeError(line: number, code: code, message: message))
        }
        guard case .success(let root) = JSONParser.parse(line) else {
            if case .failure(let error) = JSONParser.parse(line) {
                return failure("bridge-invalid-json", "not JSON: \(error.message) at byte \(error.byteOffset + 1)")
            }
            return failure("bridge-invalid-json", "not JSON")
        }
        guard case .object(let members) = root.value else {
            return failure("bridge-not-object", "a command is a JSON object such as {\"command\":\"quit\"}")
        }
        func member(_ key: String) -> JSONValue? { members.last { $0.key == key }?.value.value }
        guard let commandValue = member("command") else {
            return failure("bridge-missing-command", "the object has no \"command\"; use one of \(namesList)")
        }
        guard case .string(let name) = commandValue else {
            return failure("bridge-unknown-command", "\"command\" must be a string, one of \(namesList)")
        }
        switch name {
        case "show", "replace":
            switch source(member) {
            case .success(let source): return .success(name == "show" ? .show(source) : .replace(source))
            case .failure(let problem): return failure(problem.code, "\(name): \(problem.message)")
            }
        case "focus":
            for (key, make) in [("button", BridgeTarget.button), ("link", BridgeTarget.link)] {
                guard let value = member(key) else { continue }
                guard case .number(let number) = value, let index = number.exactInteger, index >= 0 else {
                    return failure("bridge-invalid-field", "focus: \"\(key)\" must be an index from 0")
                }
                return .success(.focus(make(index)))
            }
            return failure("bridge-missing-field", "focus needs \"button\": J or \"link\": K")
        case "close": return .success(.close)
        case "quit": return .success(.quit)
        default:
            let shown = String(JSONWriter.quoted(String(name.prefix(40))))
            return failure("bridge-unknown-command", "unknown command \(shown); use one of \(namesList)")
        }
    }

    private static var namesList: String { commandNames.joined(separator: ", ") }

    private struct SourceProblem: Error {
        var code: String
        var message: String
    }

    /// The document source of `show` and `replace`: exactly one of `document`, `path` and `url`.
    private static func source(_ member: (String) -> JSONValue?) -> Result<BridgeSource, SourceProblem> {
        let given = ["document", "path", "url"].filter { member($0) != nil }
        guard given.count == 1 else {
            return .failure(
                SourceProblem(
                    code: given.isEmpty ? "bridge-missing-field" : "bridge-invalid-field",
                    message: "give exactly one of \"document\", \"path\" and \"url\""))
        }
        let value = member(given[0])!
        switch given[0] {
        case "document":
            guard case .object = value else {
                if case .array = value { return decodeDocument(value) }
                return .failure(
                    SourceProblem(
                        code: "bridge-invalid-field", message: "\"document\" must be a modal object or an array of them"
                    ))
            }
            return decodeDocument(value)
        default:
            guard case .string(let text) = value, !text.isEmpty else {
                return .failure(
                    SourceProblem(code: "bridge-invalid-field", message: "\"\(given[0])\" must be a non-empty string"))
            }
            return .success(given[0] == "path" ? .path(text) : .url(text))
        }
    }

    /// Validates an inline document as a file would be; the first error becomes the message.
    private static func decodeDocument(_ value: JSONValue) -> Result<BridgeSource, SourceProblem> {
        let result = ModalDecoder.decode(Array(JSONWriter.serialize(value).utf8))
        guard let document = result.document, !result.hasErrors else {
            let first = result.diagnostics.first { $0.severity == .error }
            let pointer = first.map { $0.pointer.isEmpty ? "" : " at \($0.pointer)" } ?? ""
            return .failure(
                SourceProblem(
                    code: "bridge-invalid-document",
                    message:
                        "the document is invalid\(pointer): \(first?.message ?? "unknown error") [\(first?.code ?? "")]"
                ))
        }
        return .success(.document(document))
    }

    /// The error for a line longer than the limit.
    package static func tooLongError(number: Int, byteCount: Int, maxLineBytes: Int) -> BridgeError {
        BridgeError(
            line: number, code: "bridge-line-too-long",
            message: "the line has \(byteCount) bytes, more than the limit of \(maxLineBytes)")
    }

    /// One event as a JSON line, without the newline.
    package static func encode(_ event: BridgeEvent) -> String {
        var out = "{\"event\":"
        switch event {
        case .ready(let protocolVersion, let toolVersion):
            out += "\"ready\",\"protocol\":\(protocolVersion),\"modalkit\":"
            JSONWriter.writeQuoted(toolVersion, into: &out)
        case .action(let outcome):
            out += "\"action\","
            outcome.writeFields(into: &out)
        case .closed(let modal):
            out += "\"closed\",\"modal\":\(modal)"
        case .cancelled(let modal):
            out += "\"cancelled\",\"modal\":\(modal)"
        case .error(let error):
            out += "\"error\",\"line\":\(error.line),\"code\":"
            JSONWriter.writeQuoted(error.code, into: &out)
            out += ",\"message\":"
            JSONWriter.writeQuoted(error.message, into: &out)
        }
        return out + "}"
    }
}
