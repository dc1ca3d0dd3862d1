import PositionedJSON

extension ModalAction {
    /// An app command whose data is any `Encodable` value, encoded as JSON without Foundation.
    ///
    /// Disfavoured so that a `JSONValue` argument still picks the enum case.
    @_disfavoredOverload
    public static func command<Data: Encodable>(scheme: String, name: String, data: Data) throws -> ModalAction {
        .command(scheme: scheme, name: name, data: try JSONValueEncoder().encode(data) as JSONValue?)
    }

    /// The data of an app command decoded as `T`; throws, with the fix, when this is not a command, the command
    /// has no data, or the data does not decode as `T`.
    public func commandData<T: Decodable>(as type: T.Type) throws(ActionError) -> T {
        guard case .command(let scheme, let name, let data) = self else {
            throw ActionError(
                code: .invalidActionData, message: "'\(text)' is not an app command, so it has no data",
                hint: "read data only from .command(scheme:name:data:) actions, or route them with ActionRouter")
        }
        guard let data else {
            throw ActionError(
                code: .invalidActionData, message: "the app command '\(name)' has no data",
                hint: "send it as \(scheme)://invoke/cmd/\(name)/data/PERCENT-ENCODED-JSON, or match "
                    + ".command(scheme:name:data:) where data can be nil")
        }
        do {
            return try JSONValueDecoder().decode(type, from: data)
        } catch {
            throw ActionError(
                code: .invalidActionData,
                message: "the data of the app command '\(name)' does not decode as \(T.self): \(error)",
                hint: "send data of the shape \(T.self) decodes (data: \(JSONWriter.serialize(data)))")
        }
    }
}
