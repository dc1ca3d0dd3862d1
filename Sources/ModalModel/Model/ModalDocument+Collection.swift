/// A document is its modals: `for modal in document`, `document[0]`, `document.count`, as `modals` gives them.
extension ModalDocument: RandomAccessCollection {
    /// The position of the first modal.
    public var startIndex: Int { modals.startIndex }
    /// The position after the last modal.
    public var endIndex: Int { modals.endIndex }
    /// The modal at `position`, in document order.
    public subscript(position: Int) -> Modal { modals[position] }
}
