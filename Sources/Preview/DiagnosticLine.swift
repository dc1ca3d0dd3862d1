import ModalModel

/// Diagnostics as one line each, the way compilers print them.
package enum DiagnosticLine {
    /// `file:line:col: severity: message [code]`.
    package static func format(_ diagnostic: Diagnostic, sourceName: String) -> String {
        let location = diagnostic.location
        return "\(sourceName):\(location.line):\(location.column): \(diagnostic.severity.rawValue): "
            + "\(diagnostic.message) [\(diagnostic.code)]"
    }
}
