extension ModalDocument {
    /// The diagnostics that decoding this document's canonical JSON gives: the same codes, severities, messages
    /// and JSON pointers. Locations are zero: a value in memory has no lines or columns.
    public func validate() -> [Diagnostic] {
        InMemoryValidation.diagnostics(of: ModalEncoder().encode(self))
    }
}

extension Modal {
    /// The diagnostics that decoding this modal's canonical JSON gives (pointers relative to the modal,
    /// such as `/styles/0/apply_to/length`). Locations are zero.
    public func validate() -> [Diagnostic] {
        InMemoryValidation.diagnostics(of: ModalEncoder().encode(self))
    }
}

/// Validation of values built in memory, by the one set of rules that reads JSON.
///
/// Encoding first and decoding the bytes means there is no second copy of any rule to drift apart.
enum InMemoryValidation {
    static func diagnostics(of bytes: [UInt8]) -> [Diagnostic] {
        ModalDecoder.decode(bytes).diagnostics.map {
            var diagnostic = $0
            diagnostic.location = SourceLocation(line: 0, column: 0, byteOffset: 0)
            return diagnostic
        }
    }
}
