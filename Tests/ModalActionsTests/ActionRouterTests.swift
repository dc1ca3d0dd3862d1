import ModalActions
import ModalModel
import PositionedJSON
import TestSupport
import Testing

/// The typed data of the `applyCoupon` command in the samples.
private struct Coupon: Decodable, Equatable {
    var code: String
    var amount: Int
}

/// Records which handler ran with what, so each test can check that exactly one ran.
private final class Calls {
    var log: [String] = []
}

@Suite struct ActionRouterTests {
    private static func router(recordingInto calls: Calls) -> ActionRouter {
        var router = ActionRouter()
        router.onCommand("applyCoupon", as: Coupon.self) { calls.log.append("coupon \($0.code) \($0.amount)") }
        router.onCommand("refresh") { calls.log.append("refresh \($0.map(JSONWriter.serialize) ?? "no data")") }
        router.onCustomAction("open_settings") { calls.log.append("settings") }
        router.onURL { calls.log.append("url \($0)") }
        router.onClose { calls.log.append("close") }
        router.onNext { calls.log.append("next") }
        router.onPrevious { calls.log.append("prev") }
        return router
    }

    /// Every action form of the format's table, written as a server would send it, and the handler it reaches.
    @Test(arguments: [
        ("close", "close"),
        ("next", "next"),
        ("prev", "prev"),
        ("https://example.com/sale", "url https://example.com/sale"),
        ("mailto:help@example.com", "url mailto:help@example.com"),
        ("tel:+15551234567", "url tel:+15551234567"),
        ("open_url:https://example.com", "url https://example.com"),
        ("kash://invoke/cmd/refresh", "refresh no data"),
        ("kash://invoke/cmd/refresh/data/%5B1%2Ctrue%5D", "refresh [1,true]"),
        (
            "kash://invoke/cmd/applyCoupon/data/%7B%22code%22%3A%22SPRING24%22%2C%22amount%22%3A5%7D",
            "coupon SPRING24 5"
        ),
        ("open_settings", "settings"),
    ])
    func everyActionFormReachesItsHandler(actionText: String, expected: String) throws {
        let calls = Calls()
        let result = Self.router(recordingInto: calls).dispatch(actionText: actionText)
        guard case .handled = result else {
            Issue.record("\(actionText) was not handled: \(result)")
            return
        }
        expectEqual(calls.log, [expected])
    }

    @Test func anUnknownCommandIsReportedWithTheRegisteredNames() {
        let calls = Calls()
        var router = Self.router(recordingInto: calls)
        var unmatched: [String] = []
        router.onUnmatched { action, failure in unmatched.append(action.text + " | " + failure.description) }
        let result = router.dispatch(.command(scheme: "kash", name: "applyCoupn", data: nil))
        guard case .unmatched(.unknownCommand(let scheme, let name, let registered)) = result else {
            Issue.record("expected an unknown command, got \(result)")
            return
        }
        expect((scheme, name) == ("kash", "applyCoupn"))
        expectEqual(registered, ["applyCoupon", "refresh"])
        expect(calls.log.isEmpty)
        expectEqual(
            unmatched,
            [
                "kash://invoke/cmd/applyCoupn | no receiver for the app command 'applyCoupn' "
                    + "(kash://invoke/cmd/applyCoupn); registered commands: applyCoupon, refresh"
            ])
    }

    @Test func dataThatDoesNotDecodeIsReportedWithTheDecodingError() {
        let calls = Calls()
        let router = Self.router(recordingInto: calls)
        let result = router.dispatch(
            actionText: "kash://invoke/cmd/applyCoupon/data/"
                + "%7B%22code%22%3A%22SPRING24%22%2C%22amount%22%3A%22five%22%7D")
        guard case .unmatched(.undecodableData(let command, let data, let error)) = result else {
            Issue.record("expected undecodable data, got \(result)")
            return
        }
        expectEqual(command, "applyCoupon")
        expectEqual(data.map(JSONWriter.serialize), #"{"code":"SPRING24","amount":"five"}"#)
        guard case DecodingError.typeMismatch(_, let context)? = error as? DecodingError else {
            Issue.record("expected a type mismatch, got \(error)")
            return
        }
        expectEqual(context.codingPath.map(\.stringValue), ["amount"])
        expect(calls.log.isEmpty)
    }

    @Test func aTypedCommandWithoutDataReportsTheMissingValue() {
        let result = Self.router(recordingInto: Calls()).dispatch(actionText: "kash://invoke/cmd/applyCoupon")
        guard case .unmatched(.undecodableData(_, nil, let error)) = result,
            case DecodingError.valueNotFound? = error as? DecodingError
        else {
            Issue.record("expected a missing value, got \(result)")
            return
        }
    }

    @Test func kindsWithoutAHandlerAreReported() {
        let router = ActionRouter()
        for action in [ModalAction.close, .next, .previous, .openURL("https://example.com")] {
            guard case .unmatched(.noHandler(let reported)) = router.dispatch(action) else {
                Issue.record("\(action) should have no handler")
                continue
            }
            expectEqual(reported, action)
        }
        guard
            case .unmatched(.unknownCustomAction(name: "myapp://settings", registered: [])) = router.dispatch(
                actionText: "myapp://settings")
        else {
            Issue.record("a URL with an unknown scheme is a custom action")
            return
        }
    }

    @Test func anInvalidActionStringIsReportedWithItsCode() {
        guard
            case .unmatched(.invalidAction(let error)) = ActionRouter().dispatch(
                actionText: "kash://invoke/cmd/x/data/%7Bnope")
        else {
            Issue.record("expected an invalid action")
            return
        }
        expectEqual(error.code, "invalid-action-data")
    }

    @Test func aThrowingHandlerIsReportedAsItsOwnFailure() {
        struct Refused: Error {}
        var router = ActionRouter()
        router.onClose { throw Refused() }
        guard case .handlerFailed(let error) = router.dispatch(.close) else {
            Issue.record("expected the handler's error")
            return
        }
        expect(error is Refused)
    }

    @Test func typedDataDecodesNestedArraysOptionalsAndNumbers() {
        struct Order: Decodable, Equatable {
            struct Line: Decodable, Equatable {
                var sku: String
                var quantity: UInt8
            }
            var lines: [Line]
            var note: String?
            var total: Double
            var express: Bool
        }
        var received: [Order] = []
        var router = ActionRouter()
        router.onCommand("order", as: Order.self) { received.append($0) }
        let data = #"{"lines":[{"sku":"A1","quantity":2},{"sku":"B2","quantity":1.0}],"total":12.5,"express":false}"#
        let result = router.dispatch(
            actionText: ModalAction.command(scheme: "kash", name: "order", data: Self.parse(data)).text)
        guard case .handled = result else {
            Issue.record("not handled: \(result)")
            return
        }
        expectEqual(
            received,
            [
                Order(
                    lines: [.init(sku: "A1", quantity: 2), .init(sku: "B2", quantity: 1)], note: nil, total: 12.5,
                    express: false)
            ])
        // 300 does not fit a UInt8: the error names the path to the value.
        let tooMany = #"{"lines":[{"sku":"A1","quantity":300}],"total":1,"express":true}"#
        guard
            case .unmatched(.undecodableData(_, _, let error)) = router.dispatch(
                .command(scheme: "kash", name: "order", data: Self.parse(tooMany))),
            case DecodingError.dataCorrupted(let context)? = error as? DecodingError
        else {
            Issue.record("300 should not decode as UInt8")
            return
        }
        expectEqual(context.codingPath.map(\.stringValue), ["lines", "0", "quantity"])
    }

    static func parse(_ json: String) -> JSONValue {
        guard case .success(let node) = JSONParser.parse(Array(json.utf8)) else { return .string("unparsable") }
        return node.value
    }
}

@Suite struct ActionWireFormTests {
    /// Every action kind turns into its wire string and parses back to the same action.
    @Test(arguments: [
        ModalAction.close, .next, .previous, .openURL("https://example.com/sale?x=1"),
        .openURL("mailto:help@example.com"),
        .openURL("tel:+15551234567"), .openURL("myapp-not-a-url-scheme:x"),
        .command(scheme: "kash", name: "refresh", data: nil),
        .command(
            scheme: "kash", name: "apply coupon/ü",
            data: ActionRouterTests.parse(#"{"code":"SPRING24","amount":5,"tags":["a b",null]}"#)),
        .custom("open_settings"),
    ])
    func anActionSurvivesItsWireString(action: ModalAction) {
        guard case .success(let parsed) = ModalAction.parsing(action.text) else {
            Issue.record("\(action.text) does not parse")
            return
        }
        expectEqual(parsed.action, action)
    }

    @Test func theCouponCommandHasTheDocumentedWireString() {
        let action = ModalAction.command(
            scheme: "kash", name: "applyCoupon", data: ActionRouterTests.parse(#"{"code":"SPRING24","amount":5}"#))
        expectEqual(
            action.text, "kash://invoke/cmd/applyCoupon/data/%7B%22code%22%3A%22SPRING24%22%2C%22amount%22%3A5%7D")
    }

    /// The line `modalkit preview samples/app-command.json` prints for its first button, read and dispatched.
    @Test func thePreviewResultLineDispatchesItsAction() throws {
        let line =
            #"{"modal":0,"button":0,"label":"Apply coupon","action":{"type":"command","scheme":"kash","name":"applyCoupon","data":{"code":"SPRING24","amount":5}}}"#
        let outcome = try PreviewOutcome(jsonLine: line)
        expectEqual(outcome.modalIndex, 0)
        expectEqual(outcome.control, .button(0))
        expectEqual(outcome.label, "Apply coupon")
        var coupons: [Coupon] = []
        var router = ActionRouter()
        router.onCommand("applyCoupon", as: Coupon.self) { coupons.append($0) }
        guard case .handled = router.dispatch(outcome.action) else {
            Issue.record("the outcome's action was not handled")
            return
        }
        expectEqual(coupons, [Coupon(code: "SPRING24", amount: 5)])
    }

    /// Every action kind written as the preview writes it (`ModalAction.jsonValue`) reads back equal.
    @Test(arguments: [
        ModalAction.close, .next, .previous, .openURL("https://example.com"), .custom("open_settings"),
        .command(scheme: "kash", name: "refresh", data: nil),
        .command(scheme: "kash", name: "applyCoupon", data: ActionRouterTests.parse(#"{"code":"X","amount":5}"#)),
    ])
    func theJSONFormOfEveryActionReadsBack(action: ModalAction) throws {
        let line = #"{"modal":2,"link":7,"label":"here","action":"# + JSONWriter.serialize(action.jsonValue) + "}"
        let outcome = try PreviewOutcome(jsonLine: line)
        expectEqual(
            outcome, PreviewOutcome(modalIndex: 2, control: .link(styleIndex: 7), label: "here", action: action))
    }

    @Test func aMalformedLineSaysWhatIsWrong() {
        #expect(throws: PreviewOutcomeError(message: "neither an integer \"button\" nor \"link\"")) {
            try PreviewOutcome(jsonLine: #"{"modal":0,"label":"x","action":{"type":"close"}}"#)
        }
        #expect(throws: PreviewOutcomeError(message: "unknown action type \"teleport\"")) {
            try PreviewOutcome(jsonLine: #"{"modal":0,"button":1,"label":"x","action":{"type":"teleport"}}"#)
        }
        #expect(throws: PreviewOutcomeError.self) { try PreviewOutcome(jsonLine: "{") }
    }
}

@Suite struct ActionRouterPropertyTests {
    static let nameFragments = ["apply", "Coupon", " ", "/", "%", "ü", "漢", "🎉", "-", "_", ".", "?", "#", "&", "="]

    static func randomValue(using generator: inout SeededGenerator, depth: Int = 0) -> JSONValue {
        switch Int.random(in: 0..<(depth < 3 ? 7 : 5), using: &generator) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &generator))
        case 2:
            let integer = Int.random(in: -1_000_000...1_000_000, using: &generator)
            return .number(JSONNumber(double: Double(integer), exactInteger: integer))
        case 3, 4:
            return .string(
                (0..<Int.random(in: 0...4, using: &generator)).map { _ in
                    nameFragments.randomElement(using: &generator)!
                }
                .joined())
        case 5:
            return .array(
                (0..<Int.random(in: 0...3, using: &generator)).map { _ in
                    JSONNode(value: randomValue(using: &generator, depth: depth + 1), byteOffset: 0)
                })
        default:
            return .object(
                (0..<Int.random(in: 0...3, using: &generator)).map { index in
                    JSONMember(
                        key: "k\(index)\(nameFragments.randomElement(using: &generator)!)", keyByteOffset: 0,
                        value: JSONNode(value: randomValue(using: &generator, depth: depth + 1), byteOffset: 0))
                })
        }
    }

    /// Commands with awkward names and random data survive their wire string and reach their receiver intact.
    @Test func randomCommandsRoundTripThroughTheirWireStringToTheirReceiver() {
        var generator = SeededGenerator(seed: 20_261_130)
        for _ in 0..<TestScale.rounds(5_000, quick: 500) {
            let name = (1...Int.random(in: 1...5, using: &generator)).map { _ in
                Self.nameFragments.randomElement(using: &generator)!
            }.joined()
            let data = Bool.random(using: &generator) ? Self.randomValue(using: &generator) : nil
            let action = ModalAction.command(scheme: "kash", name: name, data: data)
            var received: [JSONValue?] = []
            var router = ActionRouter()
            router.onCommand(name) { received.append($0) }
            let result = router.dispatch(actionText: action.text)
            guard case .handled = result else {
                Issue.record("\(action.text) was not handled: \(result)")
                continue
            }
            // JSON null data is written as /data/null and reads back as null data, not as no data.
            expectEqual(received, [data], "\(action.text)")
        }
    }

    @Test func anOptionalPayloadAcceptsACommandWithoutData() {
        struct Filter: Decodable, Equatable { var tag: String }
        var received: [Filter?] = []
        var router = ActionRouter()
        router.onCommand("refresh", as: Filter?.self) { received.append($0) }
        router.dispatch(actionText: "kash://invoke/cmd/refresh")
        router.dispatch(actionText: "kash://invoke/cmd/refresh/data/%7B%22tag%22%3A%22new%22%7D")
        expectEqual(received, [nil, Filter(tag: "new")])
    }
}
