import Foundation
import ModalKit
import ModalKitFoundation

/// The data the server attaches to its `applyCoupon` command.
struct Coupon: Decodable {
    var code: String
    var amount: Int
}

// What the server sent: one modal with a bold title, a coloured price, a link and two buttons.
let response = #"""
    {"msg": "Spring sale 🎉\nEarbuds now ¥9,800. See the terms.",
     "styles": [{"apply_to": {"from": 0, "length": 14}, "font_style": "bold", "font_size": 25},
                {"apply_to": {"from": 27, "length": 6}, "color": "#e4002b"},
                {"apply_to": {"from": 43, "length": 5}, "underline": true, "link": "https://example.com/terms"}],
     "buttons": [{"label": "Apply coupon", "bg_color": "#3478f6",
                  "action": "kash://invoke/cmd/applyCoupon/data/%7B%22code%22%3A%22SPRING24%22%2C%22amount%22%3A5%7D"},
                 {"label": "Close", "action": "close"}]}
    """#

let result = ModalDecoder.decode(Array(response.utf8))
for diagnostic in result.diagnostics {
    print("\(diagnostic.location.line):\(diagnostic.location.column): \(diagnostic.code): \(diagnostic.message)")
}
guard let modal = result.document?.modals.first else { exit(1) }

// The text for the UI, with every attribute the modal sets.
let text = AttributedString(modal: modal)
for run in text.runs {
    let bold = run.modalBold == true ? " bold" : ""
    let link = run.modalAction.map { " link \($0.text)" } ?? ""
    print("[\(String(text.characters[run.range]))]\(bold)\(link)")
}

// The actions, routed to typed handlers.
var handled: [String] = []
var router = ActionRouter()
router.onCommand("applyCoupon", as: Coupon.self) { handled.append("apply \($0.code), \($0.amount) off") }
router.onURL { handled.append("open \($0)") }
router.onClose { handled.append("close") }
router.onUnmatched { _, failure in print("unmatched: \(failure)") }

router.dispatch(modal.buttons[0].action)
// Only a link the link policy allows is tapped: a `javascript:` link stays text.
if let link = MessageRun.runs(of: modal).lazy.compactMap(\.attributes.link).first(where: \.isSafe) {
    router.dispatch(link.action)
}
print(handled.joined(separator: "\n"))
exit(handled.count == 2 ? 0 : 1)
