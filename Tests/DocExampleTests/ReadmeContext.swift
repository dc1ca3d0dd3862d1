import ModalKit

/// What the README's blocks use and do not define: a modal's JSON (its ranges counted in graphemes, which
/// `validate` warns about and the fixer converts), and the modal an app received.
struct ReadmeContext: DocContext {
    let output = DocOutput()
    var json =
        #"{"msg":"Café ☕ deals: 20% off 🎉 today only — tap here","styles":[{"apply_to":{"from":24,"length":10}},{"apply_to":{"from":37,"length":8},"link":"https://example.com"}],"buttons":[{"label":"OK","action":"close"}]}"#
    var modal: Modal {
        ModalDecoder.decode(
            #"{"msg":"Sale","buttons":[{"label":"Apply","action":"kash://invoke/cmd/applyCoupon/data/%7B%22code%22%3A%22SPRING24%22%2C%22amount%22%3A5%7D"}]}"#
        ).document?.modals.first ?? Modal(message: "")
    }
}
