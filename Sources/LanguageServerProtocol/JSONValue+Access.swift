import PositionedJSON

extension JSONValue {
    /// The text of a string value, or nil.
    package var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The value of an integer, or nil.
    package var intValue: Int? {
        if case .number(let number) = self { return number.exactInteger }
        return nil
    }

    /// The value of a number, or nil.
    package var doubleValue: Double? {
        if case .number(let number) = self { return number.double }
        return nil
    }

    /// The value of a boolean, or nil.
    package var boolValue: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }

    /// The elements of an array, or nil.
    package var arrayValue: [JSONValue]? {
        if case .array(let items) = self { return items.map(\.value) }
        return nil
    }
}

extension Optional where Wrapped == JSONValue {
    /// The member `key` of an object, or nil; lets a path such as `params["textDocument"]["uri"]` be written.
    package subscript(key: String) -> JSONValue? {
        self.flatMap { $0[key] }
    }
}
