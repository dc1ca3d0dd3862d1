import PositionedJSON

// `print(modal)` shows the modal as the format writes it, the text a reader compares with what a server sent;
// the default dump named every nested type with its module (`ModalModel.ModalTextAlignment.start`).

extension ModalDocument: CustomStringConvertible {
    /// The document as compact JSON in the wire form, `{…}` or `[{…}]` as `isArray` says.
    public var description: String { wireValue.description }
}

extension Modal: CustomStringConvertible {
    /// The modal as a compact JSON object in the wire form, such as `{"msg":"Hi","max_lines":2}`.
    public var description: String { wireValue.description }
}

extension ModalStyle: CustomStringConvertible {
    /// The style as a compact JSON object in the wire form.
    public var description: String { wireValue.description }
}

extension ModalButton: CustomStringConvertible {
    /// The button as a compact JSON object in the wire form.
    public var description: String { wireValue.description }
}

extension ModalAction: CustomStringConvertible {
    /// The action string as the format writes it: `close`, `https://…`, `kash://invoke/cmd/…`.
    public var description: String { text }
}

extension ModalAction {
    /// The Swift case, `previous` for `prev`: what a table of names shows beside the wire form, now that
    /// `description` gives the wire form.
    package var caseName: String {
        switch self {
        case .close: "close"
        case .next: "next"
        case .previous: "previous"
        case .openURL: "openURL"
        case .command: "command"
        case .custom: "custom"
        }
    }
}
