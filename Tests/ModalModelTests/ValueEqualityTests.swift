import ModalModel
import PositionedJSON
import TestSupport
import Testing

/// What `==` means for documents and JSON values: equal values write equal bytes, so equality follows what the
/// encoder would write, not only what a reader would take from it.
@Suite struct ValueEqualityTests {
    static let modal = Modal(message: "Hi", buttons: [ModalButton(label: "OK", action: .close)])

    /// A single object and the same modal in an array are two documents: they encode differently.
    @Test func theDocumentsFormIsPartOfItsValue() throws {
        let single = ModalDocument(modals: [Self.modal], isArray: false)
        let array = ModalDocument(modals: [Self.modal])
        expect(single != array)
        expectEqual(single.modals, array.modals)
        let singleBytes = try ModalEncoder().encode(single)
        let arrayBytes = try ModalEncoder().encode(array)
        expect(singleBytes.first == UInt8(ascii: "{") && arrayBytes.first == UInt8(ascii: "["))
        expectEqual(ModalDecoder.decode(singleBytes).document, single)
        expectEqual(ModalDecoder.decode(arrayBytes).document, array)
    }

    static func value(_ text: String) throws -> JSONValue { try JSONValue(parsing: Array(text.utf8)) }

    /// Objects compare member by member, in order, duplicates included: the value is the positioned model of
    /// the text, and the writer writes members in that order.
    @Test func objectsCompareTheirMembersInOrder() throws {
        expect(try Self.value(#"{"a":1,"b":2}"#) != Self.value(#"{"b":2,"a":1}"#))
        expect(try Self.value(#"{"a":1,"a":1}"#) != Self.value(#"{"a":1}"#))
        expect(try Self.value(#"{ "a" : 1 , "b" : [ 2.0 ] }"#) == Self.value(#"{"a":1,"b":[2]}"#))
    }

    /// What the modal says does not depend on member order: decode to `Modal` to compare meaning.
    @Test func modalsCompareWhatTheySay() throws {
        let inOrder = ModalDecoder.decode(Array(#"{"msg":"Hi","max_lines":2}"#.utf8)).document
        let reordered = ModalDecoder.decode(Array(#"{"max_lines":2,"msg":"Hi"}"#.utf8)).document
        expect(inOrder != nil && inOrder == reordered)
    }

    /// Equal values write equal text, and values that write equal text are equal.
    @Test(arguments: [
        (#"{"a":1,"b":2}"#, #"{"b":2,"a":1}"#), (#"[1,2]"#, #"[1.0,2e0]"#),
        (#"{"a":{"b":null}}"#, #"{"a":{"b":null}}"#),
        (#"{"a":1,"a":2}"#, #"{"a":2}"#), (#""é""#, #""\u00e9""#),
    ])
    func equalityAgreesWithTheWrittenText(first: String, second: String) throws {
        let (a, b) = (try Self.value(first), try Self.value(second))
        expectEqual((a == b), (a.description == b.description), "\(first) vs \(second)")
    }
}
