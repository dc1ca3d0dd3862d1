import ModalModel
import TestSupport
import Testing

/// The catalogue of codes and FORMAT.md's table describe the same set, with the same severities.
@Suite struct DiagnosticCatalogueTests {
    /// The rows of FORMAT.md's "Diagnostic codes" table as (code, severity column, meaning column).
    static func formatTableRows() throws -> [(code: String, severity: String, meaning: String)] {
        let text = try #require(readFile(repositoryRoot + "/FORMAT.md"))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0 == "## Diagnostic codes" })
        var rows: [(String, String, String)] = []
        for line in lines[(start + 1)...] {
            if line.hasPrefix("## ") { break }
            let cells = line.split(separator: "|").map { $0.trimmingSpaces() }
            guard line.hasPrefix("| `"), cells.count >= 3 else { continue }
            rows.append((String(cells[0].dropFirst().dropLast()), cells[1], cells[2]))
        }
        return rows
    }

    @Test func formatListsExactlyTheCataloguedCodes() throws {
        let rows = try Self.formatTableRows()
        expectEqual(rows.map(\.code).sorted(), DiagnosticCode.allCases.map(\.rawValue).sorted())
        expectEqual(Set(rows.map(\.code)).count, rows.count, "a code is listed twice")
    }

    @Test func formatSeveritiesMatchTheCatalogue() throws {
        for row in try Self.formatTableRows() {
            guard let code = DiagnosticCode(rawValue: row.code) else { continue }
            expect(row.severity.hasPrefix(code.severity.rawValue), "\(row.code): \(row.severity)")
        }
    }

    @Test func everyAnchorNamesAHeadingOfFormat() throws {
        let text = try #require(readFile(repositoryRoot + "/FORMAT.md"))
        let anchors = Set(
            text.split(separator: "\n").filter { $0.hasPrefix("#") }.map { heading in
                "#"
                    + String(heading.drop { $0 == "#" || $0 == " " }).lowercased().compactMap { character in
                        character == " "
                            ? "-" : (character.isLetter || character.isNumber || character == "-" ? character : nil)
                    }
            })
        for code in DiagnosticCode.allCases {
            expect(anchors.contains(code.anchor), "\(code.rawValue) points to \(code.anchor)")
        }
    }

    /// SARIF's rule descriptions carry the catalogue's summary and users read FORMAT.md's meaning column: a code
    /// whose summary is missing, swapped with another's or edited on one side only would read differently.
    @Test func summariesAreTheMeaningColumnOfFormat() throws {
        let rows = try Self.formatTableRows()
        expectEqual(rows.count, DiagnosticCode.allCases.count)
        for row in rows {
            let code = try #require(DiagnosticCode(rawValue: row.code), "\(row.code) is not in the catalogue")
            expectEqual(code.summary, row.meaning, "\(row.code)")
        }
        expectEqual(Set(DiagnosticCode.allCases.map(\.summary)).count, DiagnosticCode.allCases.count)
    }

    @Test func decodedDiagnosticsCarryCataloguedCodesAndSeverities() {
        let result = ModalDecoder.decode(
            Array(#"[{"msg":"Hi","colour":"red","styles":[{"apply_to":{"from":0,"length":0}}]}]"#.utf8))
        expectEqual(result.diagnostics.map(\.code), ["unknown-key", "range-empty"])
        for diagnostic in result.diagnostics {
            expectEqual(diagnostic.diagnosticCode?.severity, diagnostic.severity)
        }
    }
}

extension Substring {
    fileprivate func trimmingSpaces() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
