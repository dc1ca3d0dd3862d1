import LanguageServerProtocol
import ModalModel
import PositionedJSON
import Reporting

/// Turns validator diagnostics into the protocol's diagnostics for one document.
package struct DiagnosticConversion {
    /// The document the diagnostics are about.
    package let document: TextDocument
    /// The negotiated position encoding.
    package let encoding: PositionEncoding
    /// The URI of FORMAT.md that `codeDescription` links into, or nil for no links.
    package let formatDocumentURI: String?

    /// Creates a conversion for one document.
    package init(document: TextDocument, encoding: PositionEncoding, formatDocumentURI: String?) {
        self.document = document
        self.encoding = encoding
        self.formatDocumentURI = formatDocumentURI
    }

    /// The protocol diagnostic: the range of the token the finding points at, the code, severity and message
    /// as `modalkit validate` reports them (the hint on a line of its own), a link to the code's section of
    /// FORMAT.md, and the second place of a finding that has one.
    package func json(_ diagnostic: Diagnostic, sourceMap: JSONSourceMap?) -> JSONValue {
        let start = diagnostic.location.byteOffset
        let end = JSONSourceMap.tokenEnd(from: start, in: document.bytes)
        var message = diagnostic.message
        if let hint = diagnostic.hint { message += "\nhint: " + hint }
        var members: [JSONMember] = [
            JSONMember(key: "range", value: document.range(from: start, to: end, encoding: encoding)),
            JSONMember(key: "severity", value: .number(JSONNumber(Self.severity(diagnostic.severity)))),
            JSONMember(key: "code", value: .string(diagnostic.code)),
            JSONMember(key: "source", value: "modalkit"),
            JSONMember(key: "message", value: .string(message)),
        ]
        if let formatDocumentURI, let code = diagnostic.diagnosticCode {
            members.append(
                JSONMember(key: "codeDescription", value: ["href": .string(formatDocumentURI + code.anchor)]))
        }
        if let related = relatedInformation(diagnostic, sourceMap: sourceMap) {
            members.append(JSONMember(key: "relatedInformation", value: related))
        }
        var data: [JSONMember] = [JSONMember(key: "pointer", value: .string(diagnostic.pointer))]
        if let hint = diagnostic.hint { data.append(JSONMember(key: "hint", value: .string(hint))) }
        members.append(JSONMember(key: "data", value: .object(data)))
        return .object(members)
    }

    /// 1 error, 2 warning, 3 information (a note).
    static func severity(_ severity: Severity) -> Int {
        switch severity {
        case .error: 1
        case .warning: 2
        case .note: 3
        }
    }

    /// The other place a finding is about: the first of two repeated keys, or the misspelt key a missing key
    /// probably is.
    func relatedInformation(_ diagnostic: Diagnostic, sourceMap: JSONSourceMap?) -> JSONValue? {
        guard let sourceMap else { return nil }
        let place: (offset: Int, message: String)?
        switch diagnostic.diagnosticCode {
        case .duplicateKey?:
            var path = JSONPointer.components(diagnostic.pointer)
            guard let key = path.popLast(), let parent = JSONPointer.node(at: path, in: sourceMap.root),
                case .object(let members) = parent.value,
                let earlier = members.last(where: {
                    $0.key == key && $0.keyByteOffset < diagnostic.location.byteOffset
                })
            else { return nil }
            place = (earlier.keyByteOffset, "the key first appears here")
        case .missingKey?:
            guard let hint = diagnostic.hint, hint.hasPrefix("did you mean '"),
                let says = hint.firstRange(of: "where it says ")
            else { return nil }
            let written = String(hint[says.upperBound...].dropLast())
            guard case .success(let node) = JSONParser.parse(Array(written.utf8)), case .string(let key) = node.value,
                let object = JSONPointer.node(at: JSONPointer.components(diagnostic.pointer), in: sourceMap.root),
                case .object(let members) = object.value,
                let member = members.first(where: { $0.key == key })
            else { return nil }
            place = (member.keyByteOffset, "the key written instead")
        default:
            place = nil
        }
        guard let place else { return nil }
        let end = JSONSourceMap.tokenEnd(from: place.offset, in: document.bytes)
        return [
            [
                "location": [
                    "uri": .string(document.uri),
                    "range": document.range(from: place.offset, to: end, encoding: encoding),
                ],
                "message": .string(place.message),
            ]
        ]
    }
}
