import ModalKit

/// What the app article's blocks use and do not define: the response, the app's text views and its services.
struct ShowingModalsInAnAppContext: DocContext {
    let output = DocOutput()
    var responseBytes = Array(
        ##"{"msg":"Spring sale: 20% off. Terms","styles":[{"apply_to":{"from":0,"length":11},"font_style":"bold","color":"#e4572e"},{"apply_to":{"from":22,"length":5},"link":"https://example.com/terms"}],"buttons":[{"label":"Apply","action":"kash://invoke/cmd/applyCoupon/data/%7B%22code%22%3A%22SPRING24%22%2C%22amount%22%3A5%7D"},{"label":"Close","action":"close"}]}"##
            .utf8)
    var modal: Modal { document.modals.first ?? Modal(message: "") }
    /// The response decoded; empty (and the tests fail on what the blocks then show) if it does not decode.
    var document: ModalDocument { ModalDecoder.decode(responseBytes).document ?? ModalDocument(modals: []) }
    let label = MyLabel()
    let cart: Cart
    let router: ActionRouter

    init() {
        let output = output
        cart = Cart(output: output)
        var router = ActionRouter()
        router.onURL { output.calls.append("open \($0)") }
        self.router = router
    }

    /// An app's piece of styled text.
    struct MyText {
        var text: String
        var bold = false
        var italic = false
        var underlined = false
        var color: ModalColor?
        var onTap: (() -> Void)?
        init(_ text: String) { self.text = text }
    }

    /// An app's text view, which the pieces are appended to.
    final class MyLabel {
        var pieces: [MyText] = []
        func append(_ piece: MyText) { pieces.append(piece) }
    }

    /// An app's shopping cart.
    final class Cart {
        let output: DocOutput
        init(output: DocOutput) { self.output = output }
        func apply(_ code: String) { output.calls.append("apply \(code)") }
    }

    func open(_ url: String) { output.calls.append("open \(url)") }
    func dismiss() { output.calls.append("dismiss") }
    func log(_ text: String) { output.calls.append("log \(text)") }
}
