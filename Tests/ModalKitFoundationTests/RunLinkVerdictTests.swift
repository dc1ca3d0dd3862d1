import Foundation
import ModalKitFoundation
import ModalModel
import TestSupport
import Testing
import TextLayout

/// A run's link says what the link policy allows, so an app never opens a `javascript:` link by mistake.
@Suite struct RunLinkVerdictTests {
    static func link(_ action: ModalAction) throws -> RunLink {
        let modal = Modal(
            message: "tap", styles: [ModalStyle(range: UTF16Range(utf16Offset: 0, utf16Length: 3), link: action)])
        return try #require(MessageRun.runs(of: modal).first?.attributes.link)
    }

    @Test(arguments: [
        "javascript:alert(1)", "JavaScript:alert(1)", "JAVASCRIPT:alert(1)", " javascript:alert(1)",
        "\tjavascript:alert(1)", "\u{0}javascript:alert(1)", "data:text/html,<script>1</script>",
        "DATA:text/html,x", "file:///etc/passwd", "File:///etc/passwd", "vbscript:msgbox", "ftp://example.com",
    ])
    func refusedURLsAreNeverHyperlinks(url: String) throws {
        let link = try Self.link(.openURL(url))
        expectEqual(link.verdict, .refused)
        expect(!link.isSafe)
        expect(link.hyperlinkTarget == nil)
    }

    @Test(arguments: ["https://example.com", "HTTPS://example.com/a", "mailto:help@example.com", "tel:+15551234"])
    func allowedURLsAreHyperlinks(url: String) throws {
        let link = try Self.link(.openURL(url))
        expectEqual(link.verdict, .hyperlink(url))
        expect(link.isSafe && link.hyperlinkTarget == url)
    }

    @Test func appCommandsFollowTheirScheme() throws {
        expect(
            try Self.link(.command(scheme: "kash", name: "pay", data: nil)).verdict
                == .hyperlink("kash://invoke/cmd/pay"))
        expect(try Self.link(.command(scheme: "javascript", name: "x", data: nil)).verdict == .refused)
        expect(try Self.link(.command(scheme: "kash", name: "p\u{202E}ay", data: nil)).verdict == .refused)
    }

    @Test(arguments: [ModalAction.close, .next, .previous, .custom("open_settings")])
    func builtInAndCustomActionsGoToTheRouter(action: ModalAction) throws {
        let link = try Self.link(action)
        expect(link.verdict == .appAction && link.isSafe && link.hyperlinkTarget == nil)
    }

    /// Foundation's `link` makes text views open the URL on a tap: it is set only for what the policy allows.
    @Test func attributedStringSetsFoundationsLinkOnlyForAllowedURLs() {
        for (url, opens) in [("https://example.com", true), ("javascript:alert(1)", false), (" JavaScript:x", false)] {
            let modal = Modal(
                message: "tap",
                styles: [ModalStyle(range: UTF16Range(utf16Offset: 0, utf16Length: 3), link: .openURL(url))])
            let run = AttributedString(modal: modal).runs.first
            expectEqual((run?.link != nil), opens, "\(url)")
            expectEqual(run?.modalAction, .openURL(url))
        }
    }
}
