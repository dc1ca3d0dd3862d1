import ModalModel
import PositionedJSON
import TestSupport
import Testing

@testable import Preview

@Suite struct DiagnosticLineTests {
    @Test func diagnosticsPrintLikeACompiler() {
        let diagnostic = Diagnostic(
            severity: .warning, code: .unknownKey, message: "unknown key \"colour\"",
            location: SourceLocation(line: 4, column: 9, byteOffset: 50))
        expectEqual(
            DiagnosticLine.format(diagnostic, sourceName: "a/b.json"),
            "a/b.json:4:9: warning: unknown key \"colour\" [unknown-key]")
    }
}
