import Foundation
import ModalModel
import TestSupport
import Testing

/// Encoders refuse a modal that their own decoder would refuse, unless told to write it anyway.
@Suite struct EncoderRefusalTests {
    /// The modal of the bug: a range past the end of a 12-unit message, which `ModalEncoder` and `JSONEncoder`
    /// used to write without a word.
    static let outOfRange = Modal(
        message: "Spring sale!",
        styles: [ModalStyle(range: UTF16Range(utf16Offset: 7, utf16Length: 9), fontStyle: .bold)])

    struct Response: Codable {
        var id: Int
        var modals: [Modal]
    }

    @Test func encodingARangePastTheEndThrowsNamingTheRangeAndTheLength() {
        #expect {
            _ = try ModalEncoder().encode(Self.outOfRange)
        } throws: { error in
            guard let violation = error as? ModalRuleViolation else { return false }
            let text = "\(violation)"
            return violation.diagnostics.map(\.code) == ["range-out-of-bounds"]
                && violation.diagnostics[0].pointer == "/styles/0/apply_to/length"
                && text.contains("{from: 7, length: 9}") && text.contains("msg is 12 UTF-16 units long")
        }
        #expect(throws: ModalRuleViolation.self) {
            try ModalEncoder(layout: .pretty).encode(ModalDocument(modals: [Self.outOfRange]))
        }
    }

    @Test func theViolationListsEveryProblemOneALine() throws {
        var modal = Self.outOfRange
        modal.styles.append(ModalStyle(range: UTF16Range(utf16Offset: 20, utf16Length: 1)))
        let violation = try #require(throws: ModalRuleViolation.self) { try ModalEncoder().encode(modal) }
        let lines = "\(violation)".split(separator: "\n")
        expectEqual(lines.first, "the modal breaks the format's rules (2 errors):")
        expectEqual(lines.count, 3)
        expect(
            lines[1].hasPrefix("  range-out-of-bounds at /styles/0/apply_to/length: the range {from: 7, length: 9}"))
        expect(lines[2].hasPrefix("  range-out-of-bounds at /styles/1/apply_to/from: the range {from: 20, length: 1}"))
    }

    @Test func anExplicitOptionWritesTheInvalidModalForTests() throws {
        let bytes = try ModalEncoder(writesInvalidModals: true).encode(Self.outOfRange)
        expectEqual(
            String(decoding: bytes, as: UTF8.self),
            #"{"msg":"Spring sale!","styles":[{"apply_to":{"from":7,"length":9},"font_style":"bold"}]}"#)
        expectEqual(ModalDecoder.decode(bytes).diagnostics.map(\.code), ["range-out-of-bounds"])
    }

    @Test func warningsAloneDoNotStopTheEncoder() throws {
        // "Close" is a custom action that looks like the built-in: a warning, not an error.
        let modal = Modal(message: "Hi", buttons: [ModalButton(label: "OK", action: .custom("Close"))])
        expectEqual(modal.validate().map(\.code), ["builtin-action-case"])
        expect(try ModalEncoder().encode(modal) == ModalEncoder(writesInvalidModals: true).encode(modal))
    }

    /// `JSONEncoder` gets an `EncodingError`, as Codable users expect, with the violation as its underlying error.
    @Test func jsonEncoderRefusesWithTheViolationUnderneath() throws {
        let response = Response(id: 7, modals: [Modal(message: "fine"), Self.outOfRange])
        let error = try #require(throws: EncodingError.self) { try JSONEncoder().encode(response) }
        guard case .invalidValue(_, let context) = error else {
            Issue.record("expected invalidValue, got \(error)")
            return
        }
        let violation = try #require(context.underlyingError as? ModalRuleViolation)
        expectEqual(violation.basePointer, "/modals/1")
        expect(context.debugDescription.contains("/modals/1/styles/0/apply_to/length"))
        expectEqual(violation.diagnostics.map(\.code), ["range-out-of-bounds"])

        let writer = JSONEncoder()
        writer.userInfo[ModalEncoder.writesInvalidModalsKey] = true
        expect(try writer.encode(response).count > 0)
    }

    /// `ModalEncoder` on a response type throws the violation itself, its pointer from the root.
    @Test func modalEncoderOnAnEncodableThrowsTheViolation() throws {
        let response = Response(id: 7, modals: [Self.outOfRange])
        let violation = try #require(throws: ModalRuleViolation.self) { try ModalEncoder().encode(response) }
        expectEqual(violation.basePointer, "/modals/0")
        let written = try ModalEncoder(writesInvalidModals: true).encode(response)
        expect(String(decoding: written, as: UTF8.self).hasPrefix(#"{"id":7,"modals":[{"msg":"Spring sale!""#))
    }

    @Test func decodeDocumentThrowsEveryDiagnosticOrGivesTheDocument() throws {
        let document = try ModalDecoder.decodeDocument(Array(#"{"msg":"Hi"}"#.utf8))
        expectEqual(document.modals, [Modal(message: "Hi")])
        let json = #"{"msg":"Hi","styles":[{"apply_to":{"from":0,"length":5}}],"text_align":"middle"}"#
        let violation = try #require(throws: ModalRuleViolation.self) { try ModalDecoder.decodeDocument(json.utf8) }
        expectEqual(violation.diagnostics, ModalDecoder.decode(json).diagnostics)
        expectEqual(violation.diagnostics.filter { $0.severity == .error }.count, 2)
    }
}
