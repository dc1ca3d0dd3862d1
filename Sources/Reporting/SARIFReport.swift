import ModalModel

/// Reports as one SARIF 2.1.0 log, the format GitHub code scanning and SARIF viewers read.
///
/// - The tool driver is `modalkit` with its version and one rule per diagnostic code (`DiagnosticRule.all`).
/// - Each diagnostic is a result with a physical location (the path as a URI reference, start line and
///   column), the JSON pointer as a logical location, the hint after the message and in `properties.hint`.
/// - `columnKind` is `utf16CodeUnits`, and columns are counted that way (`SourceText.utf16Column`), unlike
///   the text, JSON and GitHub outputs, which count Unicode scalars. Without the source (an unreadable or
///   too large file) there is no region.
/// - Where `ModalFixer` has a certain fix, the result carries it in `fixes[]` as replacement regions.
public enum SARIFReport {
    /// The SARIF log for `reports`, ending in a line feed. `toolVersion` is the driver's version.
    public static func format(_ reports: [FileReport], toolVersion: String) -> String {
        var rules = DiagnosticRule.all
        var ruleIndex: [String: Int] = [:]
        for (index, rule) in rules.enumerated() { ruleIndex[rule.code] = index }
        var results: [String] = []
        for report in reports {
            let uri = uriReference(report.path)
            if let reason = report.unreadable {
                let index = ruleIndex[DiagnosticCode.fileUnreadable.rawValue]!
                results.append(
                    "{\"ruleId\":\"\(DiagnosticCode.fileUnreadable.rawValue)\",\"ruleIndex\":\(index),\"level\":\"error\""
                        + ",\"message\":{\"text\":\(JSONWriter.quoted("cannot read the file: \(reason)"))}"
                        + ",\"locations\":[{\"physicalLocation\":{\"artifactLocation\":{\"uri\":\(JSONWriter.quoted(uri))}}}]}"
                )
                continue
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
                        diagnostic, ruleIndex: ruleIndex[diagnostic.code]!, uri: uri, source: report.source,
                        lines: lines, fixes: fixes.filter { $0.resolves(diagnostic) }))
            }
        }
        var out = "{\"$schema\":\"https://json.schemastore.org/sarif-2.1.0.json\",\"version\":\"2.1.0\",\"runs\":[{"
        out += "\"tool\":{\"driver\":{\"name\":\"modalkit\",\"version\":\(JSONWriter.quoted(toolVersion))"
        out += ",\"rules\":["
        out += rules.map(ruleObject).joined(separator: ",")
        out += "]}},\"columnKind\":\"utf16CodeUnits\",\"results\":["
        out += results.joined(separator: ",")
        out += "]}]}\n"
        return out
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
        _ diagnostic: Diagnostic, ruleIndex: Int, uri: String, source: SourceText?, lines: LineIndex?,
        fixes: [ModalFix]
    ) -> String {
        var message = diagnostic.message
        if let hint = diagnostic.hint { message += "\nhint: " + hint }
        var out = "{\"ruleId\":\(JSONWriter.quoted(diagnostic.code)),\"ruleIndex\":\(ruleIndex)"
        out += ",\"level\":\"\(level(diagnostic.severity))\",\"message\":{\"text\":\(JSONWriter.quoted(message))}"
        out += ",\"locations\":[{\"physicalLocation\":{\"artifactLocation\":{\"uri\":\(JSONWriter.quoted(uri))}"
        if let source {
            let column = source.utf16Column(of: diagnostic.location)
            out += ",\"region\":{\"startLine\":\(diagnostic.location.line),\"startColumn\":\(column)}"
        }
        out += "}"
        if !diagnostic.pointer.isEmpty {
            out += ",\"logicalLocations\":[{\"fullyQualifiedName\":\(JSONWriter.quoted(diagnostic.pointer))"
            out += ",\"kind\":\"element\"}]"
        }
        out += "}]"
        if let source, let lines, !fixes.isEmpty {
            out +=
                ",\"fixes\":["
                + fixes.map { fixObject($0, uri: uri, source: source, lines: lines) }.joined(separator: ",") + "]"
        }
        var properties: [String] = []
        if !diagnostic.pointer.isEmpty { properties.append("\"pointer\":\(JSONWriter.quoted(diagnostic.pointer))") }
        if let hint = diagnostic.hint { properties.append("\"hint\":\(JSONWriter.quoted(hint))") }
        if !properties.isEmpty { out += ",\"properties\":{" + properties.joined(separator: ",") + "}" }
        return out + "}"
    }

    static func fixObject(_ fix: ModalFix, uri: String, source: SourceText, lines: LineIndex) -> String {
        let replacements = fix.edits.sorted { $0.byteOffset < $1.byteOffset }.map { edit in
            let start = lines.location(ofByteOffset: edit.byteOffset)
            let end = lines.location(ofByteOffset: edit.byteOffset + edit.byteLength)
            return "{\"deletedRegion\":{\"startLine\":\(start.line)"
                + ",\"startColumn\":\(source.utf16Column(ofByteOffset: edit.byteOffset))"
                + ",\"endLine\":\(end.line)"
                + ",\"endColumn\":\(source.utf16Column(ofByteOffset: edit.byteOffset + edit.byteLength))}"
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
