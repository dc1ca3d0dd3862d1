import ModalKit
import TestSupport
import Testing

// The README's server example ("Writing modals on a server"), declared exactly as it is there.

struct Coupon: Codable, Equatable {
    var code: String
    var amount: Int
}

/// The promotion modal: every `apply_to` range is counted by the builder, in UTF-16 units.
func promotionModal() throws -> Modal {
    var builder = ModalBuilder()
    builder.append("Spring sale 🎉", StyleAttributes(fontStyle: .bold, fontSize: 22))
    builder.append("\n\n春のセール: every plan is ")
    builder.append("$5 off", StyleAttributes(fontStyle: .bold, color: try ModalColor(hex: "#e4572e")))
    builder.append(" this week. ")
    builder.appendLink("Terms apply", to: .openURL("https://example.com/terms"))
    let coupon = Coupon(code: "SPRING24", amount: 5)
    builder.addButton(
        "Apply coupon", action: try .command(scheme: "kash", name: "applyCoupon", data: coupon),
        backgroundColor: try ModalColor(hex: "#3478f6"), foregroundColor: try ModalColor(hex: "#ffffff"))
    builder.addButton("Close", action: .close)
    return builder.modal
}

/// The server's handler: send canonical JSON; the encoder refuses a modal that breaks the format's rules,
/// throwing a `ModalRuleViolation` that lists every problem.
func handlePromotionRequest() throws -> [UInt8] {
    let document = ModalDocument(modals: [try promotionModal()])
    return try ModalEncoder(layout: .pretty).encode(document)
}

/// The README's server example compiles, round-trips, and writes exactly `samples/promotion.json`.
@Suite struct ServerExampleTests {
    @Test func readmeServerExampleWorks() throws {
        var printed: [String] = []
        func print(_ items: Bool...) { printed.append(items.map(String.init).joined(separator: " ")) }

        let body = try handlePromotionRequest()  // the bytes sent
        let received = ModalDecoder.decode(body)  // what the app does on receipt
        let coupon = try received.document?.modals[0].buttons[0].action.commandData(as: Coupon.self)
        print(received.diagnostics.isEmpty, received.document == ModalDocument(modals: [try promotionModal()]))
        print(coupon == Coupon(code: "SPRING24", amount: 5))  // true true, then true

        #expect(printed == ["true true", "true"])
    }

    @Test func readmeShowsTheCodeThisTestRuns() throws {
        let readme = try #require(readFile(repositoryRoot + "/README.md"))
        for line in [
            ##"    builder.append("$5 off", StyleAttributes(fontStyle: .bold, color: try ModalColor(hex: "#e4572e")))"##,
            "    return try ModalEncoder(layout: .pretty).encode(document)",
            "let coupon = try received.document?.modals[0].buttons[0].action.commandData(as: Coupon.self)",
        ] {
            #expect(readme.contains(line), "README lacks: \(line)")
        }
    }

    @Test func promotionSampleIsWhatTheExampleWrites() throws {
        let body = try handlePromotionRequest()
        expectSnapshot(String(decoding: body, as: UTF8.self), named: "promotion.json", in: "samples")
    }

    @Test func theBuilderPutsEachStyleOnItsPiece() throws {
        let modal = try promotionModal()
        let utf16 = Array(modal.message.utf16)
        func covered(_ style: ModalStyle) -> String {
            String(decoding: utf16[style.range.utf16Offset..<style.range.utf16End], as: UTF16.self)
        }
        #expect(modal.styles.map(covered) == ["Spring sale 🎉", "$5 off", "Terms apply"])
    }
}
