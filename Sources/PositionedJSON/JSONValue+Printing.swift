// `print(value)` shows JSON, not the positioned enum cases: what a reader compares with the source is JSON text.
// The text is the writer's compact form, whose strings escape every character a terminal would act on.

extension JSONValue: CustomStringConvertible, CustomDebugStringConvertible {
    /// The value as compact JSON text, such as `{"msg":"Hi","max_lines":2}`, members in their order.
    public var description: String { JSONWriter.serialize(self) }

    /// The same compact JSON text as `description`, so that values inside arrays and dumps print as JSON too.
    public var debugDescription: String { description }
}

extension JSONNode: CustomStringConvertible, CustomDebugStringConvertible {
    /// The node's value as compact JSON text; its position is not shown.
    public var description: String { value.description }

    /// The same text as `description`.
    public var debugDescription: String { description }
}

extension JSONMember: CustomStringConvertible, CustomDebugStringConvertible {
    /// The member as JSON text, `"key":value`; its position is not shown.
    public var description: String { JSONWriter.quoted(key) + ":" + value.description }

    /// The same text as `description`.
    public var debugDescription: String { description }
}

extension JSONNumber: CustomStringConvertible, CustomDebugStringConvertible {
    /// The number as JSON writes it: `7` for a whole number, else the shortest text that reads back the same.
    public var description: String { JSONWriter.serialize(.number(self)) }

    /// The same text as `description`.
    public var debugDescription: String { description }
}
