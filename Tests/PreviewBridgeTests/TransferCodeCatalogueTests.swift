import HTTPSource
import ModalModel
import PreviewBridge
import TestSupport
import Testing

/// The URL failure and bridge error codes are declared once, in the catalogue, and documented from it: the
/// tables of FORMAT.md and docs/bridge.md list exactly those codes with the same meanings, and no source
/// file outside the catalogue spells one out.
@Suite struct TransferCodeCatalogueTests {
    /// The (code, meaning) rows of the first table after `heading` in the Markdown file at `path`.
    static func tableRows(of path: String, after heading: String) throws -> [(code: String, meaning: String)] {
        let text = try #require(readFile(repositoryRoot + "/" + path))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0 == heading }, "\(path) has no \(heading)")
        var rows: [(String, String)] = []
        for line in lines[(start + 1)...] {
            if line.hasPrefix("#") { break }
            guard line.hasPrefix("| `"), let end = line.dropFirst(3).firstIndex(of: "`") else { continue }
            let code = String(line[line.index(line.startIndex, offsetBy: 3)..<end])
            let rest = line[line.index(after: end)...].drop { $0 == " " || $0 == "|" }
            rows.append((code, String(rest.dropLast(rest.hasSuffix(" |") ? 2 : 0))))
        }
        return rows
    }

    @Test func formatListsEveryURLFailureCodeWithItsMeaning() throws {
        let rows = try Self.tableRows(of: "FORMAT.md", after: "## URL failure codes (not diagnostics)")
        expectEqual(rows.map(\.code), URLFailureCode.allCases.map(\.rawValue))
        for row in rows {
            expectEqual(URLFailureCode(rawValue: row.code)?.summary, row.meaning, "\(row.code)")
        }
    }

    @Test func bridgeDocumentListsEveryErrorCodeWithItsMeaning() throws {
        let rows = try Self.tableRows(of: "docs/bridge.md", after: "## Bad lines")
        expectEqual(rows.map(\.code), BridgeErrorCode.allCases.map(\.rawValue))
        for row in rows {
            expectEqual(BridgeErrorCode(rawValue: row.code)?.summary, row.meaning, "\(row.code)")
        }
    }

    @Test func noCodeIsADiagnosticCodeToo() {
        let transfer = Set(URLFailureCode.allCases.map(\.rawValue) + BridgeErrorCode.allCases.map(\.rawValue))
        expect(transfer.isDisjoint(with: DiagnosticCode.allCases.map(\.rawValue)))
        expectEqual(transfer.count, URLFailureCode.allCases.count + BridgeErrorCode.allCases.count)
    }

    /// A `"url-…"` or `"bridge-…"` literal anywhere but the catalogue would be a code that can drift from it.
    @Test func onlyTheCatalogueSpellsOutACode() throws {
        let catalogue = ["URLFailureCode.swift", "BridgeErrorCode.swift"]
        let files = swiftFilePaths(under: repositoryRoot + "/Sources")
        try #require(files.count > 100)
        for path in files where !catalogue.contains(where: { path.hasSuffix("/" + $0) }) {
            let text = try #require(readFile(path))
            for prefix in ["\"url-", "\"bridge-"] where text.contains(prefix) {
                Issue.record("\(path) spells out a \(prefix.dropFirst())… code; use URLFailureCode or BridgeErrorCode")
            }
        }
    }
}
