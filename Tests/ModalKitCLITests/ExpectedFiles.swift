import Foundation
import Testing

/// Compares text with a file checked into the repository; `UPDATE_SNAPSHOTS=1` rewrites the file instead.
func assertMatchesFile(_ actual: String, path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    if ProcessInfo.processInfo.environment["UPDATE_SNAPSHOTS"] == "1" {
        try actual.write(toFile: path, atomically: true, encoding: .utf8)
        return
    }
    guard let expected = try? String(contentsOfFile: path, encoding: .utf8) else {
        Issue.record("missing expected file \(path); run with UPDATE_SNAPSHOTS=1 to create it", sourceLocation: sourceLocation)
        return
    }
    if actual != expected {
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        var diff = ""
        for index in 0..<max(actualLines.count, expectedLines.count) {
            let a = index < actualLines.count ? String(actualLines[index]) : "<none>"
            let e = index < expectedLines.count ? String(expectedLines[index]) : "<none>"
            if a != e { diff += "line \(index + 1):\n  expected: \(e)\n  actual:   \(a)\n" }
        }
        Issue.record("\(path) differs:\n\(diff)", sourceLocation: sourceLocation)
    }
}
