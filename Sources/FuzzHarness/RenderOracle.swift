import HTMLRendering
import ModalModel
import PositionedJSON
import Renderers
import Reporting

/// The promise `validate` makes: a document it accepts renders in every format. A `font_size` of 1e16 once
/// passed validation and then trapped in the HTML renderer, losing the whole review page.
package enum RenderOracle {
    /// What went wrong with `bytes`, or nil when validation refuses them or every format rendered well.
    ///
    /// Traps are not caught here (Swift cannot catch them): the fuzzer reports those as crashes.
    package static func failure(_ bytes: [UInt8]) -> String? {
        let result = ModalDecoder.decode(bytes)
        guard let document = result.document, !result.diagnostics.contains(where: { $0.severity == .error }) else {
            return nil
        }
        // The last byte picks the width, so that one document is drawn at several.
        let width = [44, 20, 80, 1, 12][Int(bytes.last ?? 0) % 5]
        for format in DocumentFormat.allCases {
            var output = ""
            do {
                try DocumentRenderer.render(
                    document, options: DocumentRenderOptions(format: format, width: width), limits: RenderLimits()
                ) { output += $0 }
            } catch {
                // The cell and row limits refuse outputs too large to write; that is an answer, not a failure.
                continue
            }
            if output.isEmpty && !document.modals.isEmpty { return "\(format) wrote nothing" }
            if format == .html, let problem = OutputNumbers.firstMalformed(inHTML: output) {
                return "html: \(problem)"
            }
            if format == .svg, let problem = OutputNumbers.firstMalformed(inSVG: output) { return "svg: \(problem)" }
        }
        let report = FileReport(
            path: "input.json", source: SourceText(bytes: bytes), diagnostics: result.diagnostics, document: document)
        for format in ReportFormat.allCases where format != .html { _ = format.render([report]) }
        let page = ReportFormat.html.render([report], options: ReportOptions())
        guard page.contains("id=\"file-0\""), page.hasSuffix(HTMLRenderer.pageEnd) else {
            return "the review page lost the file or its end"
        }
        if let problem = OutputNumbers.firstMalformed(inHTML: page) { return "review page: \(problem)" }
        return nil
    }
}
