/// Why text or offsets give no UTF-16 range of a message, or a range no `String` range, with the fix.
public struct UTF16RangeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong and how to fix it, such as `"sale" does not occur in the message; …`.
    public var reason: String

    package init(_ reason: String) { self.reason = reason }

    /// `no UTF-16 range: <reason>`.
    public var description: String { "no UTF-16 range: \(reason)" }
}
