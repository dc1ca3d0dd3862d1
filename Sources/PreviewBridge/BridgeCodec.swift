import HTTPSource
import ModalModel
import PositionedJSON
@_spi(Kernel) import TextKernel

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

    /// Whether a line holds nothing but whitespace: such a line is skipped, not answered.
    package static func isBlank(_ line: [UInt8]) -> Bool {
        line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }

    /// Reads one command line (without its newline); `number` is its 1-based line number.
    package static func decode(_ line: [UInt8], number: Int) -> Result<BridgeCommand, BridgeError> {
        func failure(_ code: BridgeErrorCode, _ message: String) -> Result<BridgeCommand, BridgeError> {
            .failure(BridgeError(line: number, code: code, message: message))
        }
        if isBlank(line) {
            return failure(
                .invalidJSON, "the line is blank; a command is a JSON object such as {\"command\":\"quit\"}")
        }
        let root: JSONNode
        switch JSONParser.parse(line) {
        case .success(let parsed): root = parsed
        case .failure(let error):
            return failure(.invalidJSON, "not JSON: \(error.message) at byte \(error.byteOffset + 1)")
        }
        guard case .object(let members) = root.value else {
            return failure(.notObject, "a command is a JSON object such as {\"command\":\"quit\"}")
        }
        // A field given twice has no one meaning (parsers disagree on which wins), so it is refused.
        var seen = Set<String>()
        for member in members where !seen.insert(member.key).inserted {
            let key = String(JSONWriter.quoted(String(member.key.prefix(40))))
            return failure(.invalidField, "\(key) is given twice; give each field once")
        }
        func member(_ key: String) -> JSONNode? { members.first { $0.key == key }?.value }
        guard let commandValue = member("command")?.value else {
            return failure(.missingCommand, "the object has no \"command\"; use one of \(namesList)")
        }
        guard case .string(let name) = commandValue else {
            return failure(.unknownCommand, "\"command\" must be a string, one of \(namesList)")
        }
        switch name {
        case "show", "replace":
            switch source(member, line: line, number: number) {
            case .success(let source): return .success(name == "show" ? .show(source) : .replace(source))
            case .failure(let problem):
                // A document's error reads as a diagnostic does, starting with where it is.
                let prefix = problem.code == .invalidDocument ? "" : "\(name): "
                return failure(problem.code, prefix + problem.message)
            }
        case "focus":
            let targets = [("button", BridgeTarget.button), ("link", BridgeTarget.link)].filter { member($0.0) != nil }
            guard targets.count <= 1 else {
                return failure(.invalidField, "focus: give one of \"button\" and \"link\", not both")
            }
            guard let (key, make) = targets.first else {
                return failure(.missingField, "focus needs \"button\": J or \"link\": K")
            }
            guard case .number(let number) = member(key)?.value, let index = number.exactInteger, index >= 0 else {
                return failure(.invalidField, "focus: \"\(key)\" must be an index from 0")
            }
            return .success(.focus(make(index)))
        case "close": return .success(.close)
        case "quit": return .success(.quit)
        default:
            let shown = String(JSONWriter.quoted(String(name.prefix(40))))
            return failure(.unknownCommand, "unknown command \(shown); use one of \(namesList)")
        }
    }

    private static var namesList: String { commandNames.joined(separator: ", ") }

    private struct SourceProblem: Error {
        var code: BridgeErrorCode
        var message: String
    }

    /// The document source of `show` and `replace`: exactly one of `document`, `path` and `url`.
    private static func source(
        _ member: (String) -> JSONNode?, line: [UInt8], number: Int
    ) -> Result<BridgeSource, SourceProblem> {
        let given = ["document", "path", "url"].filter { member($0) != nil }
        guard given.count == 1, let node = member(given[0]) else {
            return .failure(
                SourceProblem(
                    code: given.isEmpty ? .missingField : .invalidField,
                    message: "give exactly one of \"document\", \"path\" and \"url\""))
        }
        switch (given[0], node.value) {
        case ("document", .object), ("document", .array):
            return decodeDocument(at: node.byteOffset, of: line, number: number)
        case ("document", _):
            return .failure(
                SourceProblem(
                    code: .invalidField, message: "\"document\" must be a modal object or an array of them"))
        case (let field, .string(let text)) where !text.isEmpty:
            switch SourceAddress(text) {
            case .unsupported(let scheme):
                return .failure(
                    SourceProblem(
                        code: .unsupportedScheme,
                        message: "\"\(field)\": \(SourceAddress.unsupportedMessage(scheme: scheme, text: text))"))
            case .web(let url):
                return .success(.url(url))
            case .file(let path) where field == "path" || text != path:
                return .success(.path(path))
            case .file:
                return .failure(
                    SourceProblem(
                        code: .invalidField,
                        message: "\"url\" must be an http:// or https:// URL; give a file as \"path\""))
            }
        case (let field, _):
            return .failure(
                SourceProblem(code: .invalidField, message: "\"\(field)\" must be a non-empty string"))
        }
    }

    /// Validates an inline document as a file would be, from the command line's own bytes, so that its
    /// first error is placed by line (the command line's) and column (counted in scalars, as diagnostics are).
    private static func decodeDocument(
        at start: Int, of line: [UInt8], number: Int
    ) -> Result<BridgeSource, SourceProblem> {
        let end = valueEnd(in: line, from: start)
        let result = ModalDecoder.decode(Array(line[start..<end]))
        guard let document = result.document, !result.hasErrors else {
            let first = result.diagnostics.first { $0.severity == .error }
            let byte = start + (first?.location.byteOffset ?? 0)
            let column = 1 + line[..<min(byte, line.count)].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
            return .failure(
                SourceProblem(
                    code: .invalidDocument,
                    message:
                        "\(inlineName):\(number):\(column): \(first?.message ?? "the document is invalid") [\(first?.code ?? "")]"
                ))
        }
        guard !document.modals.isEmpty else {
            let column = 1 + line[..<min(start, line.count)].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
            return .failure(
                SourceProblem(
                    code: .invalidDocument, message: "\(inlineName):\(number):\(column): \(emptyDocumentMessage)"))
        }
        return .success(.document(document))
    }

    /// Why a document without modals is refused: the empty screen is `close`'s, so it is never shown by mistake.
    package static let emptyDocumentMessage =
        "the document has no modals; show at least one, or send close to show nothing"

    /// The name an inline document is reported under.
    package static let inlineName = "<document>"

    /// The index just past the JSON object or array that starts at `start` of `bytes`, which parsed.
    static func valueEnd(in bytes: [UInt8], from start: Int) -> Int {
        var depth = 0
        var inString = false
        var escaped = false
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if inString {
                if escaped {
                    escaped = false
                } else if byte == 0x5C {
                    escaped = true
                } else if byte == 0x22 {
                    inString = false
                }
                continue
            }
            switch byte {
            case 0x22: inString = true
            case 0x7B, 0x5B: depth += 1
            case 0x7D, 0x5D:
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
        }
        return bytes.count
    }

    /// The error for a line longer than the limit.
    package static func tooLongError(number: Int, byteCount: Int, maxLineBytes: Int) -> BridgeError {
        BridgeError(
            line: number, code: .lineTooLong,
            message: "the line has \(byteCount) bytes, more than the limit of \(maxLineBytes)")
    }

    /// One event as a JSON line, without the newline.
    package static func encode(_ event: BridgeEvent) -> String {
        var out = "{\"event\":"
        switch event {
        case .ready(let protocolVersion, let toolVersion):
            out += "\"ready\",\"protocol\":\(protocolVersion),\"modalkit\":"
            JSONWriter.writeQuoted(toolVersion, into: &out)
        case .action(let outcome, let document):
            out += "\"action\","
            outcome.writeFields(into: &out)
            write(document, into: &out)
        case .closed(let modal, let document):
            out += "\"closed\",\"modal\":\(modal)"
            write(document, into: &out)
        case .cancelled(let modal, let document):
            out += "\"cancelled\",\"modal\":\(modal)"
            write(document, into: &out)
        case .paged(let modal, let document):
            out += "\"paged\",\"modal\":\(modal)"
            write(document, into: &out)
        case .error(let error):
            out += "\"error\",\"line\":\(error.line),\"code\":"
            JSONWriter.writeQuoted(error.code, into: &out)
            out += ",\"message\":"
            JSONWriter.writeQuoted(error.message, into: &out)
            if let document = error.document { write(document, into: &out) }
        }
        return out + "}"
    }

    /// Appends a document's identity fields, `source` and `generation`.
    private static func write(_ document: BridgeDocument, into out: inout String) {
        out += ",\"source\":"
        JSONWriter.writeQuoted(document.source, into: &out)
        out += ",\"generation\":\(document.generation)"
    }
}
