import Foundation
import ModalKitFoundation
import ModalModel
import TestSupport
import Testing

/// `Data` in and out, for code that hands JSON to `URLSession` or reads it from one.
@Suite struct EncoderDataTests {
    static let modal = Modal(
        message: "Hello", styles: [ModalStyle(range: UTF16Range(utf16Offset: 0, utf16Length: 5), fontStyle: .bold)])

    @Test func dataIsTheEncodersBytes() throws {
        let encoder = ModalEncoder()
        let document = ModalDocument(modals: [Self.modal, Modal(message: "Bye")])
        expectEqual(Array(try encoder.encodeData(Self.modal)), (try encoder.encode(Self.modal)))
        expectEqual(Array(try encoder.encodeData(document)), (try encoder.encode(document)))
        struct Response: Encodable { var modal: Modal }
        let response = try encoder.encodeData(Response(modal: Self.modal))
        expect(String(decoding: response, as: UTF8.self).hasPrefix(#"{"modal":{"msg":"Hello""#))
    }

    @Test func dataDecodesBack() throws {
        let document = ModalDocument(modals: [Self.modal])
        let data = try ModalEncoder(layout: .pretty).encodeData(document)
        expect(try ModalDecoder.decodeDocument(data) == document)
        expectEqual(ModalDecoder.decode(data).document, document)
    }

    @Test func anInvalidModalThrowsItsViolation() {
        let modal = Modal(message: "Hi", styles: [ModalStyle(range: UTF16Range(utf16Offset: 0, utf16Length: 9))])
        #expect(throws: ModalRuleViolation.self) { try ModalEncoder().encodeData(modal) }
    }
}
