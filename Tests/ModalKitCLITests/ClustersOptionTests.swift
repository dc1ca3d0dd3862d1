import TestSupport
import Testing

@testable import ModalKitCLI

/// `render --clusters`: emoji sequences whole, or only what fits where terminals draw per code point.
@Suite struct ClustersOptionTests {
    static let family = "👨\u{200D}👩\u{200D}👧"
    static let modal = Array(#"{"msg": "Hi \#(family) team"}"#.utf8)

    func render(_ arguments: [String], term: String? = nil) -> (status: Int32, stdout: String, stderr: String) {
        runCLI(["render", "--format", "ansi", "--width", "30"] + arguments + ["-"], stdin: Self.modal) { io in
            io.variables["TERM"] = term
        }
    }

    @Test func explicitModes() {
        let whole = render(["--color", "truecolor", "--clusters", "whole"])
        expectEqual(whole.status, 0)
        expect(whole.stdout.contains(Self.family))
        let fallback = render(["--color", "truecolor", "--clusters", "fallback"])
        expectEqual(fallback.status, 0)
        expect(!fallback.stdout.unicodeScalars.contains("\u{200D}"))
        expect(fallback.stdout.contains("\u{1B}7👨\u{1B}8\u{1B}[2C"))
    }

    @Test func fallbackIsTheDefaultForTheOldestTerminals() {
        expect(!render(["--color", "16"]).stdout.unicodeScalars.contains("\u{200D}"))
        expect(!render(["--color", "truecolor"], term: "linux").stdout.unicodeScalars.contains("\u{200D}"))
        expect(render(["--color", "256"], term: "xterm-256color").stdout.contains(Self.family))
    }

    @Test func unknownModeIsAUsageError() {
        let result = render(["--clusters", "some"])
        expectEqual(result.status, 2)
        expect(result.stderr.contains("--clusters must be whole or fallback, not 'some'"))
    }
}
