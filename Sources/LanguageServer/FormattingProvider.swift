import LanguageServerProtocol
import ModalModel
import PositionedJSON

/// Answers `textDocument/formatting` with the canonical encoder's pretty layout.
///
/// The members and values stay as written, in their order, duplicates included: formatting changes only
/// white space and the spelling of numbers and escapes, so it never changes what a document means, and
/// formatting its own output changes nothing.
package enum FormattingProvider {
    /// The edits that format the document: none when it is formatted already. A document that is not JSON
    /// is refused with an error, and no edit.
    package static func edits(for document: TextDocument, encoding: PositionEncoding) throws(ResponseError)
        -> [JSONValue]
    {
        let root: JSONNode
        switch JSONParser.parse(document.bytes, knownStrings: .modalFormat) {
        case .success(let node): root = node
        case .failure(let error):
            let location = SourceText(bytes: document.bytes).location(ofByteOffset: error.byteOffset)
            throw ResponseError(
                code: -32803,
                message: "not formatted: the document is not JSON (line \(location.line), column "
                    + "\(location.column): \(error.message))")
        }
        let formatted = ModalEncoder(layout: .pretty).encode(root.value)
        if formatted == document.bytes { return [] }
        return [
            [
                "range": document.range(from: 0, to: document.bytes.count, encoding: encoding),
                "newText": .string(String(decoding: formatted, as: UTF8.self)),
            ]
        ]
    }
}
