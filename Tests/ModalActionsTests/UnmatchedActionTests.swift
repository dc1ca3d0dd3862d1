import ModalActions
import ModalModel
import PositionedJSON
import TestSupport
import Testing

/// `onUnmatched` hears every action that no handler took, whichever way it failed to match.
@Suite struct UnmatchedActionTests {
    final class Heard {
        var lines: [String] = []
    }

    struct Coupon: Decodable {
        var code: String
    }

    /// A router with one handler of each kind but URL and `next`, so that each way of not matching can be reached.
    static func router(_ heard: Heard) -> ActionRouter {
        var router = ActionRouter()
        router.onCommand("applyCoupon", as: Coupon.self) { _ in }
        router.onCustomAction("open_settings") {}
        router.onClose {}
        router.onUnmatched { action, failure in heard.lines.append(action.text + " | " + failure.description) }
        return router
    }

    /// Each way an action string can go unmatched, with the failure case it must report.
    static let unmatchedTexts: [(text: String, failure: String)] = [
        ("not a token", "invalidAction"),
        ("", "invalidAction"),
        ("kash://invoke/cmd/x/data/%7Bnope", "invalidAction"),
        ("kash://invoke/cmd/refresh", "unknownCommand"),
        (#"kash://invoke/cmd/applyCoupon/data/%7B%22cod%22%3A1%7D"#, "undecodableData"),
        ("open_help", "unknownCustomAction"),
        ("next", "noHandler"),
        ("https://example.com", "noHandler"),
    ]

    @Test(arguments: unmatchedTexts.indices)
    func everyUnmatchedActionTextReachesTheHandler(index: Int) {
        let (text, expectedFailure) = Self.unmatchedTexts[index]
        let heard = Heard()
        let result = Self.router(heard).dispatch(actionText: text)
        guard case .unmatched(let failure) = result else {
            Issue.record("\(text.debugDescription) was not unmatched: \(result)")
            return
        }
        expectEqual(Self.caseName(failure), expectedFailure, "\(text.debugDescription)")
        expectEqual(heard.lines, [text + " | " + failure.description], "\(text.debugDescription)")
    }

    @Test func textThatIsNotAnActionIsHeardAsWritten() {
        let heard = Heard()
        _ = Self.router(heard).dispatch(actionText: "not a token")
        expectEqual(heard.lines.count, 1)
        expectEqual(heard.lines.first?.hasPrefix("not a token | invalid action [invalid-action]"), true)
    }

    @Test func aHandlerThatRanAndThrewIsNotUnmatched() {
        struct Refused: Error {}
        let heard = Heard()
        var router = Self.router(heard)
        router.onClose { throw Refused() }
        guard case .handlerFailed(let error) = router.dispatch(actionText: "close") else {
            Issue.record("a throwing handler is reported as handlerFailed")
            return
        }
        expect(error is Refused)
        expect(heard.lines.isEmpty)
    }

    @Test func aHandledActionIsNotHeard() {
        let heard = Heard()
        let router = Self.router(heard)
        for text in ["close", "open_settings", #"kash://invoke/cmd/applyCoupon/data/%7B%22code%22%3A%22A%22%7D"#] {
            guard case .handled = router.dispatch(actionText: text) else {
                Issue.record("\(text) was not handled")
                continue
            }
        }
        expect(heard.lines.isEmpty)
    }

    /// The result crosses actors (a dispatch on the main actor, a log on another), so it must be `Sendable`.
    @Test func theResultCrossesActors() async {
        let result = ActionRouter().dispatch(actionText: "close")
        let described = await Task.detached { "\(result)" }.value
        expectEqual(described, "unmatched(no handler for 'close')")
    }

    static func caseName(_ failure: ActionRouteFailure) -> String {
        switch failure {
        case .unknownCommand: "unknownCommand"
        case .undecodableData: "undecodableData"
        case .unknownCustomAction: "unknownCustomAction"
        case .noHandler: "noHandler"
        case .invalidAction: "invalidAction"
        }
    }
}
