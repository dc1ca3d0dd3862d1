import ModalModel
import PositionedJSON

/// Decodes an app command's JSON data into a `Decodable` type.
///
/// The router decodes command data only through `decode(_:from:)`, so the decoder behind it is chosen in one place:
/// the model's own `JSONValueDecoder`, which needs no Foundation and throws `DecodingError` with the coding path.
enum CommandDataDecoding {
    /// `value` decoded as `type`.
    static func decode<Payload: Decodable>(_ type: Payload.Type, from value: JSONValue) throws -> Payload {
        try JSONValueDecoder().decode(type, from: value)
    }
}
