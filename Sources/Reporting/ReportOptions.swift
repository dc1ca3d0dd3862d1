import HTMLRendering
import ModalModel

/// What a report says about the tool that made it, and how it counts and limits what it shows.
public struct ReportOptions: Sendable, Hashable {
    /// The tool named in the report: SARIF's driver, the GitHub overflow notice. The JSON report names no tool,
    /// so its bytes are the same whichever tool or release wrote them.
    public var toolName: String
    /// The tool's version, in SARIF's driver.
    public var toolVersion: String
    /// What columns count; nil is the format's own unit (Unicode scalars, or UTF-16 code units in SARIF).
    public var columnUnit: ColumnUnit?
    /// Whether warnings make a file invalid, as `modalkit validate --strict` decides.
    public var strict: Bool
    /// The most GitHub annotations of each kind (errors, warnings, notices) before the overflow notice.
    ///
    /// GitHub shows at most 10 error and 10 warning annotations per step and drops the rest silently, so the
    /// format keeps to the limit and ends with one notice saying how many were left out; that notice takes
    /// one of the notices' places.
    package var annotationsPerKind: Int
    /// What the GitHub overflow notice tells the reader to do to see every finding; nil says nothing more.
    package var fullReportAdvice: String?
    /// The phone width and theme of the HTML review page's modals.
    public var htmlPage: HTMLPageOptions

    /// Creates options; the defaults report as `modalkit` at ``ModalKitRelease/version``.
    public init(
        toolName: String = "modalkit", toolVersion: String = ModalKitRelease.version, columnUnit: ColumnUnit? = nil,
        strict: Bool = false, htmlPage: HTMLPageOptions = HTMLPageOptions()
    ) {
        self.init(
            toolName: toolName, toolVersion: toolVersion, columnUnit: columnUnit, strict: strict,
            annotationsPerKind: 10, fullReportAdvice: nil, htmlPage: htmlPage)
    }

    /// Creates options with the GitHub limit and overflow advice too, which only the command line changes.
    package init(
        toolName: String = "modalkit", toolVersion: String = ModalKitRelease.version, columnUnit: ColumnUnit? = nil,
        strict: Bool = false, annotationsPerKind: Int, fullReportAdvice: String? = nil,
        htmlPage: HTMLPageOptions = HTMLPageOptions()
    ) {
        self.htmlPage = htmlPage
        self.toolName = toolName
        self.toolVersion = toolVersion
        self.columnUnit = columnUnit
        self.strict = strict
        self.annotationsPerKind = max(1, annotationsPerKind)
        self.fullReportAdvice = fullReportAdvice
    }
}
