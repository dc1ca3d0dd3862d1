import ModalModel
import TestSupport
import Testing

@testable import ScreenLayout

/// Asking whether a modal is taller than some rows wraps only a screenful of its message; the answer
/// must be the full layout's, for short and long messages, one paragraph or many, with a line limit,
/// buttons in several rows, and rows around the exact height.
@Suite struct ModalHeightProbeTests {
    static let sentence = "Spring sale: 30% off everything until Sunday, 日本語 too. "

    static let modals: [Modal] = [
        Modal(message: "Short", buttons: [ModalButton(label: "OK", action: .close)]),
        Modal(message: String(repeating: sentence, count: 40), buttons: [ModalButton(label: "OK", action: .close)]),
        Modal(message: String(repeating: sentence + "\n", count: 30)),
        Modal(message: String(repeating: sentence, count: 3000)),  // one paragraph of 180 KB: wrapped in windows
        Modal(message: String(repeating: sentence + "\n", count: 1500)),  // long, in pieces
        Modal(message: String(repeating: sentence, count: 40), maxLines: 4),
        Modal(
            message: "שלום " + String(repeating: sentence, count: 20), direction: .rightToLeft),
        Modal(
            message: String(repeating: sentence, count: 5),
            buttons: (0..<7).map { ModalButton(label: "Button number \($0)", action: .close) }),
        Modal(message: ""),
    ]

    @Test(arguments: [16, 23, 60])
    func theProbeAgreesWithTheLayout(width: Int) {
        for modal in Self.modals {
            let options = ModalViewOptions(width: ModalWidth(clamping: width))
            let height = ModalLayout(modal: modal, options: options).size.height
            for rows in Set([0, 1, 3, 10, height - 1, height, height + 1, 200].filter { $0 >= 0 }) {
                expectEqual(
                    ModalLayout.height(of: modal, options: options, exceeds: rows), (height > rows),
                    "\(modal.message.prefix(10)) at \(width): \(height) rows against \(rows)")
            }
        }
    }
}
