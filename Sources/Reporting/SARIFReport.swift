import ModalModel
import PositionedJSON

/// Reports as one SARIF 2.1.0 log (`ReportFormat.sarif`), the format GitHub code scanning and SARIF viewers read.
///
/// - The tool driver has the options' name and version and one rule per diagnostic code (`DiagnosticRule.all`).
/// - Each diagnostic is a result with a physical location (the path as a URI reference, start line and
///   column), the JSON pointer as a logical location, the hint after the message and in `properties.hint`.
/// - `columnKind` is `utf16CodeUnits` unless the options ask for Unicode scalars (`unicodeCodePoints`), and
///   columns are counted that way (`SourceText.utf16Column`), unlike the text, JSON and GitHub outputs,
///   which count Unicode scalars. Counting UTF-16 units without the source (an unreadable or too large
///   file) there is no region.
/// - Where `ModalFixer` has a certain fix, the result carries it in `fixes[]` as replacement regions.
package enum SARIFReport {
    /// The rules and results over the reports added so far; the log is written once all are in, because
    /// its rule table (extended by any code outside `DiagnosticRule.all`) comes before the results.
    struct Log: Sendable {
        private var rules = DiagnosticRule.all
        private var ruleIndex: [String: Int]
        private var results: [String] = []

        init() {
            var ruleIndex: [String: Int] = [:]
            for (index, rule) in rules.enumerated() { ruleIndex[rule.code] = index }
            self.ruleIndex = ruleIndex
        }

        /// Adds the results of one more report.
        mutating func add(_ report: FileReport, columnUnit: ColumnUnit) {
            let uri = uriReference(report.path)
            if let reason = report.unreadable {
                let index = ruleIndex[DiagnosticCode.fileUnreadable.rawValue]!
                results.append(
                    "{\"ruleId\":\"\(DiagnosticCode.fileUnreadable.rawValue)\",\"ruleIndex\":\(index),\"level\":\"error\""
                        + ",\"message\":{\"text\":\(JSONWriter.quoted("cannot read the file: \(reason)"))}"
                        + ",\"locations\":[{\"physicalLocation\":{\"artifactLocation\":{\"uri\":\(JSONWriter.quoted(uri))}}}]}"
                )
                return
            }
            let lines = report.source.map(LineIndex.init)
            let fixes = report.source.map { ModalFixer.fixes(for: $0.bytes, diagnostics: report.diagnostics) } ?? []
            for diagnostic in report.diagnostics {
                if ruleIndex[diagnostic.code] == nil {
                    ruleIndex[diagnostic.code] = rules.count
                    rules.append(
                        DiagnosticRule(
                            code: diagnostic.code, defaultSeverity: diagnostic.severity, summary: diagnostic.code))
                }
                results.append(
                    result(
                        diagnostic, ruleIndex: ruleIndex[diagnostic.code]!, uri: uri, report: report,
                        lines: lines, fixes: fixes.filter { $0.resolves(diagnostic) }, columnUnit: columnUnit))
            }
        }

        /// The log, ending in a line feed: the tool driver named by the options, its rules, the results.
        func output(options: ReportOptions, columnUnit: ColumnUnit) -> String {
            var out = "{\"$schema\":\"https://json.schemastore.org/sarif-2.1.0.json\",\"version\":\"2.1.0\",\"runs\":[{"
            out += "\"tool\":{\"driver\":{\"name\":\(JSONWriter.quoted(options.toolName))"
            out += ",\"version\":\(JSONWriter.quoted(options.toolVersion))"
            out += ",\"rules\":["
            out += rules.map(ruleObject).joined(separator: ",")
            out += "]}},\"columnKind\":\"\(columnKind(columnUnit))\",\"results\":["
            out += results.joined(separator: ",")
            out += "]}]}\n"
            return out
        }
    }

    /// SARIF's name for a column unit.
    static func columnKind(_ unit: ColumnUnit) -> String {
        switch unit {
        case .utf16CodeUnits: "utf16CodeUnits"
        case .unicodeScalars: "unicodeCodePoints"
        }
    }

    static func ruleObject(_ rule: DiagnosticRule) -> String {
        let level = level(rule.defaultSeverity)
        return "{\"id\":\(JSONWriter.quoted(rule.code))"
            + ",\"shortDescription\":{\"text\":\(JSONWriter.quoted(rule.summary))}"
            + ",\"help\":{\"text\":\(JSONWriter.quoted(helpText(rule)))}"
            + ",\"defaultConfiguration\":{\"level\":\"\(level)\"}}"
    }

    /// The help a viewer shows for a rule: FORMAT.md's meaning, and where the rule is specified.
    static func helpText(_ rule: DiagnosticRule) -> String {
        "\(rule.summary). FORMAT.md, \"Diagnostic codes\", specifies the rule behind `\(rule.code)`; "
            + "`modalkit validate` explains each finding with a hint."
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    static func result(
        _ diagnostic: Diagnostic, ruleIndex: Int, uri: String, report: FileReport, lines: LineIndex?,
        fixes: [ModalFix], columnUnit: ColumnUnit
    ) -> String {
        var message = diagnostic.message
        if let hint = diagnostic.hint { message += "\nhint: " + hint }
        var out = "{\"ruleId\":\(JSONWriter.quoted(diagnostic.code)),\"ruleIndex\":\(ruleIndex)"
        out += ",\"level\":\"\(level(diagnostic.severity))\",\"message\":{\"text\":\(JSONWriter.quoted(message))}"
        out += ",\"locations\":[{\"physicalLocation\":{\"artifactLocation\":{\"uri\":\(JSONWriter.quoted(uri))}"
        if let column = report.column(of: diagnostic.location, in: columnUnit) {
            out += ",\"region\":{\"startLine\":\(diagnostic.location.line),\"startColumn\":\(column)}"
        }
        out += "}"
        if !diagnostic.pointer.isEmpty {
            out += ",\"logicalLocations\":[{\"fullyQualifiedName\":\(JSONWriter.quoted(diagnostic.pointer))"
            out += ",\"kind\":\"element\"}]"
        }
        out += "}]"
        if let source = report.source, let lines, !fixes.isEmpty {
            out +=
                ",\"fixes\":["
                + fixes.map { fixObject($0, uri: uri, source: source, lines: lines, columnUnit: columnUnit) }
                .joined(separator: ",") + "]"
        }
        var properties: [String] = []
        if !diagnostic.pointer.isEmpty { properties.append("\"pointer\":\(JSONWriter.quoted(diagnostic.pointer))") }
        if let hint = diagnostic.hint { properties.append("\"hint\":\(JSONWriter.quoted(hint))") }
        if !properties.isEmpty { out += ",\"properties\":{" + properties.joined(separator: ",") + "}" }
        return out + "}"
    }

    static func fixObject(
        _ fix: ModalFix, uri: String, source: SourceText, lines: LineIndex, columnUnit: ColumnUnit
    ) -> String {
        func column(_ location: SourceLocation) -> Int {
            switch columnUnit {
            case .unicodeScalars: location.column
            case .utf16CodeUnits: source.utf16Column(of: location)
            }
        }
        let replacements = fix.edits.sorted { $0.byteOffset < $1.byteOffset }.map { edit in
            let start = lines.location(ofByteOffset: edit.byteOffset)
            let end = lines.location(ofByteOffset: edit.byteOffset + edit.byteLength)
            return "{\"deletedRegion\":{\"startLine\":\(start.line),\"startColumn\":\(column(start))"
                + ",\"endLine\":\(end.line),\"endColumn\":\(column(end))}"
                + ",\"insertedContent\":{\"text\":\(JSONWriter.quoted(edit.replacement))}}"
        }
        return "{\"description\":{\"text\":\(JSONWriter.quoted(fix.summary))},\"artifactChanges\":[{"
            + "\"artifactLocation\":{\"uri\":\(JSONWriter.quoted(uri))},\"replacements\":["
            + replacements.joined(separator: ",") + "]}]}"
    }

    /// A path as a URI reference: unreserved characters and `/` kept, everything else percent-encoded.
    package static func uriReference(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let digits = Array("0123456789ABCDEF".unicodeScalars)
                out += "%"
                out.unicodeScalars.append(digits[Int(byte >> 4)])
                out.unicodeScalars.append(digits[Int(byte & 0x0F)])
            }
        }
        return out
    }
}
