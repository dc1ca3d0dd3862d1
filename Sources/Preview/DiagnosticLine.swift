import ModalModel

/// Diagnostics as one line each, the way compilers print them.
public enum DiagnosticLine {
    /// `file:line:col: severity: message [code]`.
    public static func format(_ diagnostic: Diagnostic, sourceName: String) -> String {
        let location = diagnostic.location
        return "\(sourceName):\(location.line):\(location.column): \(diagnostic.severity.rawValue): "
            + "\(diagnostic.message) [\(diagnostic.code)]"
    }
}
