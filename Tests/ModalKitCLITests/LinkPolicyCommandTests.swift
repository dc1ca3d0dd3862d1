import TestSupport
import Testing

@testable import ModalKitCLI

/// The link policy end to end: dangerous schemes are never OSC 8 links, and `validate` warns about them.
@Suite struct LinkPolicyCommandTests {
    static let modal = Array(
        #"""
        {"msg": "Safe and unsafe links",
         "styles": [
           {"apply_to": {"from": 0, "length": 4}, "link": "https://example.com/safe"},
           {"apply_to": {"from": 9, "length": 6}, "link": "javascript:alert(1)"},
           {"apply_to": {"from": 16, "length": 5}, "link": "data:text/html,<script>alert(1)</script>"}
         ],
         "buttons": [{"label": "Open", "action": "open_url:file:///etc/passwd"}]}
        """#.utf8)

    @Test func hyperlinksSkipUnsafeSchemes() {
        let result = runCLI(
            ["render", "--format", "ansi", "--color", "truecolor", "--hyperlinks", "--width", "60", "-"],
            stdin: Self.modal)
        expectEqual(result.status, 0, "\(result.stderr)")
        expect(result.stdout.contains("\u{1B}]8;;https://example.com/safe\u{1B}\\"))
        let targets = result.stdout.split(separator: "\u{1B}]8;;", omittingEmptySubsequences: false).dropFirst().map {
            String($0.prefix { $0 != "\u{1B}" })
        }
        expectEqual(Set(targets), ["https://example.com/safe", ""], "OSC 8 targets: \(targets)")
        expect(!result.stdout.contains("javascript"))
        expect(!result.stdout.contains("data:"))
        expect(!result.stdout.contains("file:"))
    }

    @Test func validateWarnsAboutUnsafeSchemes() {
        let result = runCLI(["validate", "-"], stdin: Self.modal)
        expectEqual(result.status, 0, "warnings alone keep the file valid")
        expectEqual(result.stdout.ranges(of: "[unsafe-url-scheme]").count, 3, "\(result.stdout)")
        expectEqual(runCLI(["validate", "--strict", "-"], stdin: Self.modal).status, 1)
    }
}
