extension JSONValue {
    /// Parses JSON text, for example a server's whole response around its modals; throws an error naming the line
    /// and column when the bytes are not valid JSON.
    public init(parsing bytes: some Collection<UInt8>) throws {
        self = try JSONParser.parse(Array(bytes)).get().value
    }
}
