// Builds the spring promotion modal, puts it in this server's own response type, encodes the response with
// Foundation's JSONEncoder and with ModalKit's encoder, and checks that both validate and decode back equal.
//
//     swift run --package-path Examples/PromotionServer [--out DIRECTORY]
//
// With --out, writes response-*.json (the whole response) and modals-*.json (its modal document) for
// `modalkit validate`. Exits 1 when any check fails.
import Foundation
import ModalKit

/// The data of the "apply coupon" app command.
struct Coupon: Codable, Equatable {
    var code: String
    var amount: Int
}

/// This server's response: the campaign, and the modals the app shows.
struct PromotionResponse: Codable, Equatable {
    var campaign: String
    var expiresAt: String
    var modals: ModalDocument
}

/// The promotion: a bold title, a body with 🎉 and CJK text, a coloured price inside the body, a link, an app
/// command with JSON data, and a close button. The builder counts every range.
func promotionModal() throws -> Modal {
    var builder = ModalBuilder()
    builder.append("Spring sale 🎉", .bold)
    builder.append("\n\n春のセールが始まりました! Every plan is now ")
    builder.append("$5 off", StyleAttributes(fontStyle: .bold, color: try ModalColor(hex: "#e4572e")))
    builder.append(" until Sunday. ")
    builder.appendLink("See the terms", to: .openURL("https://example.com/spring/terms"), .underlined)
    builder.addButton(
        "Apply coupon",
        action: try .command(scheme: "kash", name: "applyCoupon", data: Coupon(code: "SPRING24", amount: 5)),
        backgroundColor: try ModalColor(hex: "#3478f6"), foregroundColor: try ModalColor(hex: "#ffffff"))
    builder.addButton("Close", action: .close)
    return builder.modal
}

var failures: [String] = []
@MainActor func check(_ condition: Bool, _ what: String) {
    print((condition ? "ok    " : "FAILED ") + what)
    if !condition { failures.append(what) }
}

let arguments = CommandLine.arguments.dropFirst()
let outputDirectory = arguments.first == "--out" ? arguments.dropFirst().first : nil

do {
    let modal = try promotionModal()
    check(modal.validate().isEmpty, "the modal validates in memory with no diagnostics")
    let response = PromotionResponse(
        campaign: "spring-2026", expiresAt: "2026-04-30T23:59:59Z", modals: ModalDocument(modals: [modal]))

    let foundationEncoder = JSONEncoder()
    foundationEncoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes]
    let encodings: [(name: String, response: [UInt8], modals: [UInt8])] = [
        (
            "foundation", Array(try foundationEncoder.encode(response)),
            Array(try foundationEncoder.encode(response.modals))
        ),
        (
            "modalkit", try ModalEncoder(layout: .pretty).encode(response),
            try ModalEncoder(layout: .pretty).encode(response.modals)
        ),
    ]

    for encoding in encodings {
        let checked = ModalDecoder.decode(encoding.modals)
        check(checked.diagnostics.isEmpty, "\(encoding.name): the encoded modals validate with no diagnostics")
        check(checked.document == response.modals, "\(encoding.name): the encoded modals decode back equal")

        let viaFoundation = try JSONDecoder().decode(PromotionResponse.self, from: Data(encoding.response))
        check(viaFoundation == response, "\(encoding.name): JSONDecoder reads the response back equal")
        let tree = try JSONValue(parsing: encoding.response)
        let viaModalKit = try JSONValueDecoder().decode(PromotionResponse.self, from: tree)
        check(viaModalKit == response, "\(encoding.name): JSONValueDecoder reads the response back equal")
        let coupon = try viaModalKit.modals.modals[0].buttons[0].action.commandData(as: Coupon.self)
        check(coupon == Coupon(code: "SPRING24", amount: 5), "\(encoding.name): the app reads the coupon back")

        if let outputDirectory {
            try Data(encoding.response).write(
                to: URL(fileURLWithPath: outputDirectory).appendingPathComponent("response-\(encoding.name).json"))
            try Data(encoding.modals).write(
                to: URL(fileURLWithPath: outputDirectory).appendingPathComponent("modals-\(encoding.name).json"))
        }
    }

    // A mistake the rules catch on the way in: the app refuses a response whose range runs past the message.
    let broken =
        #"{"campaign":"x","expiresAt":"y","modals":[{"msg":"Hi 🎉","styles":[{"apply_to":{"from":0,"length":9}}]}]}"#
    do {
        _ = try JSONDecoder().decode(PromotionResponse.self, from: Data(broken.utf8))
        check(false, "a broken response is refused")
    } catch DecodingError.dataCorrupted(let context) {
        check(
            context.debugDescription.hasPrefix("range-out-of-bounds at /modals/0/styles/0/apply_to/length"),
            "a broken response is refused, naming the code and the pointer: \(context.debugDescription)")
    }
} catch {
    check(false, "unexpected error: \(error)")
}

if !failures.isEmpty {
    print("\(failures.count) check(s) failed")
    exit(1)
}
print("all checks passed")
