import ModalKit

/// What the server article's blocks use and do not define: the JSON about to be sent, and the server's error.
struct BuildingModalsOnAServerContext: DocContext {
    let output = DocOutput()
    var json = #"{"msg":"Spring sale","buttons":[{"label":"Close","action":"close"}]}"#

    /// The server's own error for a modal that clients would refuse.
    struct BadModal: Error {
        var diagnostics: [Diagnostic]
        init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }
    }
}
