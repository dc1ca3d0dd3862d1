import Foundation
import ModalKit
import ModalKitFoundation
import StandInUI
import Testing

// The README's library examples, copied unchanged, in a file that also imports a module declaring the names an
// app gets from SwiftUI, UIKit, AppKit and Foundation. If a ModalKit public type took one of those names, these
// files would stop compiling with "'Color' is ambiguous for type lookup in this context".

/// The README's first library example (decode, render, runs).
@Suite struct ReadmeExamplesBesideUINamesTests {
    @Test func decodeRenderAndRuns() {
        let json =
            #"{"msg":"Hello, world\nSee the docs","styles":[{"apply_to":{"from":17,"length":8},"link":"https://example.com"}],"buttons":[{"label":"OK","action":"close"}]}"#
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

        let result = ModalDecoder.decode(Array(json.utf8))  // parse + validate: never throws, never traps
        for diagnostic in result.diagnostics {
            print("\(diagnostic.location.line):\(diagnostic.location.column) \(diagnostic.code): \(diagnostic.message)")
        }
        if let document = result.document {
            let options = DocumentRenderOptions(format: .ansi, width: 44, colorDepth: .trueColor)
            print(DocumentRenderer.render(document, options: options))  // what `modalkit render` prints
            let runs = MessageRun.runs(of: document.modals[0])  // disjoint styled runs for any UI
            print(runs.map(\.text), runs.compactMap(\.attributes.link).count)
        }

        #expect(printed.count == 2)
        #expect(printed.first?.contains("Hello, world") == true)
        #expect(printed.last == #"["Hello, world\nSee ", "the docs"] 1"#)
    }

    /// The README's server example: build, validate, encode, decode, read the coupon back.
    @Test func writeOnAServer() throws {
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

        let body = try handlePromotionRequest()  // the bytes sent
        let received = ModalDecoder.decode(body)  // what the app does on receipt
        let coupon = try received.document?.modals[0].buttons[0].action.commandData(as: Coupon.self)
        #expect(received.diagnostics.isEmpty)
        #expect(received.document == ModalDocument(modals: [try promotionModal()]))
        #expect(coupon == Coupon(code: "SPRING24", amount: 5))
    }

    /// The README's app example: an AttributedString, and actions routed to typed handlers.
    @Test func showAndActInAnApp() throws {
        struct Coupon: Decodable {
            var code: String
            var amount: Int
        }
        let json =
            #"{"msg":"Sale","buttons":[{"label":"Apply","action":"kash://invoke/cmd/applyCoupon/data/%7B%22code%22%3A%22SPRING24%22%2C%22amount%22%3A5%7D"}]}"#
        let modal = try #require(ModalDecoder.decode(json).document?.modals.first)
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

        let text = AttributedString(modal: modal)  // attributes of AttributeScopes.ModalKitAttributes
        var router = ActionRouter()
        router.onCommand("applyCoupon", as: Coupon.self) { coupon in print("apply", coupon.code) }
        router.onURL { url in print("open", url) }
        router.onUnmatched { action, failure in print(failure) }  // unknown command, or data that does not decode
        router.dispatch(modal.buttons[0].action)

        #expect(String(text.characters) == "Sale")
        #expect(printed == ["apply SPRING24"])
    }

    /// The frameworks' names, unqualified, beside ModalKit's prefixed ones.
    @Test func uiNamesStayTheFrameworks() {
        let swatch = Color("red")
        let button = Button("OK")
        let label = Text("Sale")
        let font = Font(size: 17)
        let style = Style("title")
        let action = Action("tap")
        let alignment = TextAlignment.center
        let frame = Rect(origin: Point(x: 0, y: 0), size: Size(width: 320, height: 44))
        let cell = Cell("row")
        let modalButton = ModalButton(label: button.title, action: .close)
        let modalStyle = ModalStyle(range: UTF16Range(utf16Offset: 0, utf16Length: 4), fontStyle: .bold)
        let modal = Modal(message: label.content, styles: [modalStyle], buttons: [modalButton])
        #expect(modal.validate().isEmpty)
        #expect(swatch == Color("red") && font.size == 17 && style.name == "title" && action.title == "tap")
        #expect(alignment == .center && modal.textAlignment == ModalTextAlignment.start)
        #expect(ModalAction.close != ModalAction.next)
        #expect(frame.size.width == 320 && cell.identifier == "row")
        #expect(ModalColor(red: 255, green: 0, blue: 0) != ModalColor(red: 0, green: 0, blue: 0))
    }
}
