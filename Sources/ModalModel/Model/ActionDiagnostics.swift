extension ActionError {
    /// Creates an error with a code from the catalogue.
    package init(code: DiagnosticCode, message: String, hint: String?) {
        self.init(diagnosticCode: code, message: message, hint: hint)
    }
}

extension ActionWarning {
    /// Creates a warning with a code from the catalogue.
    package init(code: DiagnosticCode, message: String, hint: String?) {
        self.init(diagnosticCode: code, message: message, hint: hint)
    }
}
