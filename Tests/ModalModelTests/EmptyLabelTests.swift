import ModalModel
import TestSupport
import Testing

/// FORMAT.md: a label of only white space is an error (`empty-label`), as an empty one is; the message says which.
@Suite struct EmptyLabelTests {
    static func labelDiagnostics(_ labelLiteral: String) -> [Diagnostic] {
        let json = #"{"msg": "Hi", "buttons": [{"label": \#(labelLiteral), "action": "close"}]}"#
        return ModalDecoder.decode(Array(json.utf8)).diagnostics
    }

    @Test func anEmptyLabelIsEmpty() {
        let diagnostics = Self.labelDiagnostics(#""""#)
        expectEqual(diagnostics.map(\.code), ["empty-label"])
        expectEqual(diagnostics.first?.message, "the button label is empty")
    }

    @Test(arguments: [#"" ""#, #""\t\n""#, #""\u00a0""#, #""\u3000 ""#])
    func aLabelOfOnlyWhiteSpaceIsAnErrorThatSaysSo(literal: String) {
        let diagnostics = Self.labelDiagnostics(literal)
        expectEqual(diagnostics.map(\.code), ["empty-label"], "\(literal)")
        expectEqual(diagnostics.map(\.severity), [.error])
        expectEqual(diagnostics.first?.message, "the button label is only white space, which draws as a blank button")
        expectEqual(diagnostics.first?.pointer, "/buttons/0/label")
    }

    @Test func aModalBuiltInMemoryGetsTheSameDiagnostic() {
        let modal = Modal(message: "Hi", buttons: [ModalButton(label: "  ", action: .close)])
        expectEqual(
            modal.validate().map(\.message), ["the button label is only white space, which draws as a blank button"])
    }

    @Test(arguments: [#"" OK ""#, #""·""#, #""\u200bOK""#])
    func aLabelWithAnyVisibleCharacterIsNotEmpty(literal: String) {
        expect(!Self.labelDiagnostics(literal).contains { $0.code == "empty-label" }, "\(literal)")
    }
}
