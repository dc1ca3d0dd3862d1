import LanguageServerProtocol
import ModalModel
import PositionedJSON

/// An open document: its text as the editor has it, kept in step with every change the client sends.
package struct TextDocument: Sendable {
    /// The document's URI.
    package let uri: String
    /// The version the client gave with the last change.
    package private(set) var version: Int
    /// The UTF-8 text.
    package private(set) var bytes: [UInt8]
    /// Where its lines start.
    package private(set) var lines: LineTable

    /// Creates a document as opened.
    package init(uri: String, version: Int, text: String) {
        self.uri = uri
        self.version = version
        self.bytes = Array(text.utf8)
        self.lines = LineTable(bytes)
    }

    /// Applies `contentChanges` of a `didChange` in order: whole-text changes and range changes alike.
    package mutating func apply(
        changes: [JSONValue], version: Int, encoding: PositionEncoding
    ) throws(ResponseError) {
        for change in changes {
            guard let text = change["text"]?.stringValue else {
                throw .invalidParams("a content change needs a 'text' string")
            }
            if let rangeValue = change["range"] {
                guard let start = Position(rangeValue["start"]), let end = Position(rangeValue["end"]), start <= end
                else { throw .invalidParams("a content change has a malformed range") }
                let from = lines.byteOffset(of: start, in: bytes, encoding: encoding)
                let to = max(from, lines.byteOffset(of: end, in: bytes, encoding: encoding))
                let inserted = text.utf8.count
                bytes.replaceSubrange(from..<to, with: text.utf8)
                lines.update(replacing: from..<to, insertedCount: inserted, in: bytes)
            } else {
                bytes = Array(text.utf8)
                lines = LineTable(bytes)
            }
        }
        self.version = version
    }

    /// The position of a byte offset.
    package func position(ofByteOffset offset: Int, encoding: PositionEncoding) -> Position {
        lines.position(ofByteOffset: offset, in: bytes, encoding: encoding)
    }

    /// The byte offset of a position.
    package func byteOffset(of position: Position, encoding: PositionEncoding) -> Int {
        lines.byteOffset(of: position, in: bytes, encoding: encoding)
    }

    /// A range between two byte offsets, as JSON.
    package func range(from start: Int, to end: Int, encoding: PositionEncoding) -> JSONValue {
        [
            "start": position(ofByteOffset: start, encoding: encoding).json,
            "end": position(ofByteOffset: end, encoding: encoding).json,
        ]
    }
}
