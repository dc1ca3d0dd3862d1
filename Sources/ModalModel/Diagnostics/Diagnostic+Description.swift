extension Diagnostic: CustomStringConvertible {
    /// One line in the compiler style: `LINE:COLUMN: SEVERITY: MESSAGE [CODE]`, then the pointer and hint if any.
    ///
    /// The column counts Unicode scalars, as `SourceLocation.column` does.
    public var description: String {
        var text = "\(location.line):\(location.column): \(severity.rawValue): \(message) [\(code)]"
        if !pointer.isEmpty { text += " at \(pointer)" }
        if let hint { text += "; hint: \(hint)" }
        return text
    }
}
