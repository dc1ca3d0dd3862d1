extension ModalAction {
    /// An app command whose data is any `Encodable` value, encoded as JSON without Foundation.
    ///
    /// Disfavoured so that a `JSONValue` argument still picks the enum case.
    @_disfavoredOverload
    public static func command<Data: Encodable>(scheme: String, name: String, data: Data) throws -> ModalAction {
        .command(scheme: scheme, name: name, data: try JSONValueEncoder().encode(data) as JSONValue?)
    }

    /// The data of an app command decoded as `T`; nil when this is not a command or it has no data.
    public func commandData<T: Decodable>(as type: T.Type) throws -> T? {
        guard case .command(_, _, let data?) = self else { return nil }
        return try JSONValueDecoder().decode(type, from: data)
    }
}
