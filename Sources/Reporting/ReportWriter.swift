import ModalModel

/// Writes a report one file at a time, for a caller that prints each file as soon as it is checked.
///
/// What ``write(_:)`` returns can be printed at once, and ``finish()`` returns the rest: together they are
/// exactly ``ReportFormat/render(_:options:)`` of the same reports. The text format gives each file's
/// findings as it comes and the JSON format its object; GitHub annotations (errors first, over all files)
/// and SARIF (one rule table before every result) give everything from ``finish()``, and so does the HTML review
/// page, which leads with its summary and the files with errors.
public struct ReportWriter: Sendable {
    private let format: ReportFormat
    private let options: ReportOptions
    /// The counts over the files written so far.
    public private(set) var summary = ReportSummary()

    private let columnUnit: ColumnUnit
    private var annotations = GitHubAnnotations.Collector()
    private var log: SARIFReport.Log?
    private var review = HTMLReviewPage.Parts()

    /// Creates a writer that has written nothing yet.
    public init(format: ReportFormat, options: ReportOptions = ReportOptions()) {
        self.format = format
        self.options = options
        columnUnit = options.columnUnit ?? format.defaultColumnUnit
        if format == .sarif { log = SARIFReport.Log() }
    }

    /// Counts one more file, and returns the part of the output that can be printed now.
    public mutating func write(_ report: FileReport) -> String {
        let first = summary.files == 0
        summary.add(report, strict: options.strict)
        switch format {
        case .text:
            return TextReport.format(report, columnUnit: columnUnit)
        case .json:
            return (first ? JSONReport.opening : ",")
                + JSONReport.file(report, strict: options.strict, columnUnit: columnUnit)
        case .github:
            annotations.add(report, limit: options.annotationsPerKind, columnUnit: columnUnit)
            return ""
        case .sarif:
            log?.add(report, columnUnit: columnUnit)
            return ""
        case .html:
            review.add(report, index: summary.files - 1, options: options)
            return ""
        }
    }

    /// The rest of the output, as `finish()` returns it, handed to `output` a piece at a time: the review page
    /// of a large run is written without being held twice.
    package func finish(output: (String) -> Void) {
        guard format == .html else { return output(finish()) }
        review.closing(summary: summary, options: options, output: output)
    }

    /// The rest of the output, after the last file: the JSON summary, the annotations, the SARIF log.
    public func finish() -> String {
        switch format {
        case .text:
            return ""
        case .json:
            return (summary.files == 0 ? JSONReport.opening : "") + JSONReport.closing(summary, columnUnit: columnUnit)
        case .github:
            return annotations.output(options: options)
        case .sarif:
            return log?.output(options: options, columnUnit: columnUnit) ?? ""
        case .html:
            return review.closing(summary: summary, options: options)
        }
    }
}
