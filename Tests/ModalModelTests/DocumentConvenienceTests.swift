import ModalModel
import PositionedJSON
import TestSupport
import Testing

/// The conveniences a service reaches for first: text in, modals as a collection, validation that points somewhere.
@Suite struct DocumentConvenienceTests {
    @Test func aDocumentDecodesFromText() throws {
        let document = try ModalDecoder.decodeDocument(#"[{"msg": "Hi"}, {"msg": "Bye"}]"#)
        expectEqual(document.modals.map(\.message), ["Hi", "Bye"])
        #expect(throws: ModalRuleViolation.self) { try ModalDecoder.decodeDocument(#"{"msg": 1}"#) }
    }

    @Test func aDocumentIsACollectionOfItsModals() {
        let document = ModalDocument(modals: [Modal(message: "a"), Modal(message: "b"), Modal(message: "c")])
        expectEqual(document.count, 3)
        expectEqual(document[1].message, "b")
        expectEqual(document.map(\.message), ["a", "b", "c"])
        expectEqual(document.reversed().first?.message, "c")
        expectEqual(Array(document), document.modals)
        expect(ModalDocument(modals: []).isEmpty)
    }

    /// A location is a line and column of the pretty encoding, which the caller can print and look at.
    @Test func validateLocatesProblemsInThePrettyEncoding() throws {
        let modal = Modal(
            message: "Hi", styles: [ModalStyle(range: UTF16Range(utf16Offset: 0, utf16Length: 9), fontStyle: .bold)])
        let diagnostic = try #require(modal.validate().first { $0.severity == .error })
        expectEqual(diagnostic.pointer, "/styles/0/apply_to/length")
        let text = String(
            decoding: try ModalEncoder(layout: .pretty, writesInvalidModals: true).encode(modal), as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        expect(diagnostic.location.line > 1 && diagnostic.location.line <= lines.count)
        let line = lines[diagnostic.location.line - 1]
        let column = line.unicodeScalars.index(line.unicodeScalars.startIndex, offsetBy: diagnostic.location.column - 1)
        expect(String(line.unicodeScalars[column...]).hasPrefix("9"), "\(diagnostic) in \(text)")
        expect(!diagnostic.description.hasPrefix("0:0"))

        let document = ModalDocument(modals: [Modal(message: "ok"), modal])
        let inDocument = try #require(document.validate().first { $0.severity == .error })
        expectEqual(inDocument.pointer, "/1/styles/0/apply_to/length")
        expect(inDocument.location.line > diagnostic.location.line)
    }
}
