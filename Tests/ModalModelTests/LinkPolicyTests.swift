import PositionedJSON
import TestSupport
import Testing

@testable import ModalModel

/// The link policy: which actions may become hyperlinks, and how the parser treats dangerous schemes and
/// names that hide or reorder text.
@Suite struct LinkPolicyTests {
    func parsed(_ text: String) -> ParsedAction? { try? ModalAction.parse(text) }
    func failure(_ text: String) -> ActionError? {
        if case .failure(let error) = ModalAction.parsing(text) { return error }
        return nil
    }

    @Test func allowedLinksKeepTheirTarget() {
        expectEqual(ModalAction.openURL("https://example.com/a").hyperlinkTarget, "https://example.com/a")
        expectEqual(ModalAction.openURL("HTTP://example.com").hyperlinkTarget, "HTTP://example.com")
        expect(ModalAction.openURL("mailto:help@example.com").isSafeLink)
        expect(ModalAction.openURL("tel:+15551234567").isSafeLink)
        let command = ModalAction.command(
            scheme: "kash", name: "apply coupon", data: .number(JSONNumber(double: 5, exactInteger: 5)))
        expectEqual(command.hyperlinkTarget, "kash://invoke/cmd/apply%20coupon/data/5")
    }

    @Test func everythingElseIsNeverALink() {
        for action: ModalAction in [
            .openURL("javascript:alert(1)"), .openURL("data:text/html,<script>x</script>"),
            .openURL("file:///etc/passwd"), .openURL("VBScript:msgbox"), .openURL("ftp://example.com"),
            .openURL("no scheme"), .custom("javascript:alert(1)"), .custom("open_settings"), .close, .next,
            .previous, .command(scheme: "javascript", name: "x", data: nil),
            .command(scheme: "kash", name: "a\u{0}b", data: nil),
            .command(scheme: "kash", name: "x\u{202E}", data: nil),
            .command(scheme: "kash", name: "", data: nil), .command(scheme: "ka sh", name: "x", data: nil),
        ] {
            expect(action.hyperlinkTarget == nil, "\(action)")
            expect(!action.isSafeLink)
        }
    }

    @Test func dangerousSchemesWarnAndStayCustom() throws {
        for text in [
            "javascript:alert(1)", "data:text/html,<script>alert(1)</script>", "file:///etc/passwd",
            "vbscript:msgbox", "JavaScript://invoke/cmd/x",
        ] {
            let result = try #require(parsed(text), "\(text)")
            expectEqual(result.action, .custom(text))
            expectEqual(result.warnings.map(\.code), ["unsafe-url-scheme"], "\(text)")
            expect(!result.action.isSafeLink)
        }
        let wrapped = try #require(parsed("open_url:javascript:alert(1)"))
        expectEqual(wrapped.warnings.map(\.code), ["unsafe-url-scheme"])
        expect(!wrapped.action.isSafeLink)
        expectEqual(failure("javascript:alert( 1 )")?.code, "invalid-action")
    }

    @Test func commandNamesWithControlsOrBidiAreErrors() {
        expectEqual(failure("kash://invoke/cmd/%00")?.code, "unsafe-action-name")
        expectEqual(failure("kash://invoke/cmd/a%1Bb")?.code, "unsafe-action-name")
        expectEqual(failure("kash://invoke/cmd/a%C2%9Bb")?.code, "unsafe-action-name")
        expectEqual(failure("kash://invoke/cmd/pay%E2%80%AEyou")?.code, "unsafe-action-name")
        expectEqual(failure("kash://invoke/cmd/pay\u{202E}you")?.code, "unsafe-action-name")
        expectEqual(failure("kash://invoke/cmd/pay%E2%80%AEyou")?.message.contains("RIGHT-TO-LEFT OVERRIDE"), true)
        expectEqual(failure("open\u{202E}settings")?.code, "unsafe-action-name")
        expectEqual(failure("open\u{2067}settings")?.code, "unsafe-action-name")
        expectEqual(failure("open\u{85}settings")?.code, "unsafe-action-name")
        expectEqual(failure("myapp://x\u{202E}")?.code, "unsafe-action-name")
        expectEqual(failure("https://example.com/\u{202E}moc.evil")?.code, "invalid-action")
        expectEqual(parsed("kash://invoke/cmd/caf%C3%A9")?.action, .command(scheme: "kash", name: "café", data: nil))
    }
}
