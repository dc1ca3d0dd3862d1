import Foundation
import ModalModel

extension ModalEncoder {
    /// A document as JSON `Data`; throws every problem when it breaks the format's rules.
    public func encodeData(_ document: ModalDocument) throws(ModalRuleViolation) -> Data {
        Data(try encode(document))
    }

    /// One modal as a JSON object in `Data`; throws every problem when it breaks the format's rules.
    public func encodeData(_ modal: Modal) throws(ModalRuleViolation) -> Data { Data(try encode(modal)) }

    /// Any `Encodable` value (a response type that holds modals) as JSON `Data`, as `encode(_:)` writes it.
    public func encodeData<T: Encodable>(_ value: T) throws -> Data { Data(try encode(value)) }
}
