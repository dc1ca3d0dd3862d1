import ModalKit

/// What the blocks of docs/library.md use and do not define: the modal an app received.
struct LibraryDocContext: DocContext {
    let output = DocOutput()
    var modal: Modal {
        ModalDecoder.decode(
            #"{"msg":"Sale","buttons":[{"label":"Apply","action":"kash://invoke/cmd/applyCoupon/data/%7B%22code%22%3A%22SPRING24%22%2C%22amount%22%3A5%7D"}]}"#
        ).document?.modals.first ?? Modal(message: "")
    }
}
