import ModalModel
import PositionedJSON

/// The JSON line `modalkit preview` prints when a button or link ends it, read back into values.
///
/// `{"modal":0,"button":0,"label":"Apply coupon","action":{"type":"command","scheme":"kash",…}}`, with
/// `"link":K` (the index of the link's style) in place of `"button":J` for a link.
public struct PreviewOutcome: Sendable, Equatable {
    /// What was activated.
    public enum Control: Sendable, Equatable {
        /// The button at this index of the modal's `buttons`.
        case button(Int)
        /// The link of the style at this index of the modal's `styles`.
        case link(styleIndex: Int)
    }

    /// The modal's index in the document, from 0.
    public var modalIndex: Int
    /// The button or link that was activated.
    public var control: Control
    /// Its visible label.
    public var label: String
    /// Its action.
    public var action: ModalAction

    /// Creates an outcome from its parts.
    package init(modalIndex: Int, control: Control, label: String, action: ModalAction) {
        self.modalIndex = modalIndex
        self.control = control
        self.label = label
        self.action = action
    }

    /// The line `modalkit preview` prints for this outcome, without a newline.
    ///
    /// The action is `ModalAction.jsonValue`, as the JSON layout writes it; `JSONWriter` escapes every
    /// control character, so nothing in the line can drive the terminal it is printed to.
    package var jsonLine: String {
        var out = "{"
        writeFields(into: &out)
        return out + "}"
    }

    /// Appends the line's members without its braces, for a message that carries them beside its own
    /// (the bridge's `action` event).
    package func writeFields(into out: inout String) {
        out += "\"modal\":\(modalIndex),"
        switch control {
        case .button(let index): out += "\"button\":\(index),"
        case .link(let styleIndex): out += "\"link\":\(styleIndex),"
        }
        out += "\"label\":"
        JSONWriter.writeQuoted(label, into: &out)
        out += ",\"action\":"
        JSONWriter.write(action.jsonValue, into: &out)
    }

    /// Reads one outcome line; throws `PreviewOutcomeError` naming what is missing or malformed.
    public init(jsonLine: String) throws(PreviewOutcomeError) {
        let root: JSONValue
        switch JSONParser.parse(Array(jsonLine.utf8)) {
        case .success(let node): root = node.value
        case .failure(let error): throw PreviewOutcomeError(message: "the line is not JSON: \(error.message)")
        }
        guard case .object(let members) = root else { throw PreviewOutcomeError(message: "the line is not an object") }
        func member(_ key: String) -> JSONValue? { members.last { $0.key == key }?.value.value }
        guard let modalIndex = member("modal").flatMap(Self.integer) else {
            throw PreviewOutcomeError(message: "no integer \"modal\"")
        }
        if let button = member("button").flatMap(Self.integer) {
            control = .button(button)
        } else if let link = member("link").flatMap(Self.integer) {
            control = .link(styleIndex: link)
        } else {
            throw PreviewOutcomeError(message: "neither an integer \"button\" nor \"link\"")
        }
        guard case .string(let label)? = member("label") else { throw PreviewOutcomeError(message: "no \"label\"") }
        guard let actionValue = member("action") else { throw PreviewOutcomeError(message: "no \"action\"") }
        self.modalIndex = modalIndex
        self.label = label
        self.action = try ModalAction(jsonValue: actionValue)
    }

    private static func integer(_ value: JSONValue) -> Int? {
        guard case .number(let number) = value else { return nil }
        return number.exactInteger
    }
}

/// Why a preview outcome line or an action object could not be read.
public struct PreviewOutcomeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    public var message: String

    /// Creates an error with its message.
    package init(message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}

extension ModalAction {
    /// Reads the JSON object that `jsonValue` writes (`{"type":"command","scheme":…,"name":…,"data":…}`).
    package init(jsonValue: JSONValue) throws(PreviewOutcomeError) {
        guard case .object(let members) = jsonValue else {
            throw PreviewOutcomeError(message: "the action is not a JSON object")
        }
        func string(_ key: String) throws(PreviewOutcomeError) -> String {
            guard case .string(let text)? = members.last(where: { $0.key == key })?.value.value else {
                throw PreviewOutcomeError(message: "the action has no string \"\(key)\"")
            }
            return text
        }
        let type = try string("type")
        if let builtin = ModalAction.builtin(named: type) {
            self = builtin
            return
        }
        switch type {
        case "url": self = .openURL(try string("url"))
        case "custom": self = .custom(try string("name"))
        case "command":
            let data = members.last { $0.key == "data" }?.value.value
            self = .command(scheme: try string("scheme"), name: try string("name"), data: data == .null ? nil : data)
        case let other: throw PreviewOutcomeError(message: "unknown action type \"\(other)\"")
        }
    }
}
