import Reporting

// The formatters live in the Reporting library; these names keep the other commands' call sites unchanged.

/// One checked input (see `Reporting.FileReport`).
typealias FileReport = Reporting.FileReport

/// The text formatter and the terminal-safe text policy, as the commands call them.
enum DiagnosticFormatter {
    /// Compiler-style text for one report (`ReportFormat.text`).
    static func text(_ report: FileReport) -> String { ReportFormat.text.render([report]) }

    /// Text safe to print on a terminal (`TerminalSafeText.safe`).
    static func safe(_ text: String) -> String { TerminalSafeText.safe(text) }
}
