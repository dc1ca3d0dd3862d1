import ModalActions
import ModalModel

/// Something the bridge tells its host, one JSON object per line with an `event` field.
package enum BridgeEvent: Sendable, Equatable {
    /// The bridge is listening; `protocolVersion` changes only with incompatible protocol changes.
    case ready(protocolVersion: Int, toolVersion: String)
    /// The user activated a button or link; the event carries the fields of dialog mode's result line
    /// (`PreviewOutcome.jsonLine`) and the document's identity.
    case action(PreviewOutcome, BridgeDocument)
    /// What was shown is gone: the user closed the last modal, or the host sent `close`.
    case closed(modal: Int, document: BridgeDocument)
    /// The user cancelled (Esc or q) on the modal at this index.
    case cancelled(modal: Int, document: BridgeDocument)
    /// The modal at this index of the document is shown now, though the host did not ask: the user paged
    /// with `n` or `p`, or a `replace` or `r` brought a version with fewer modals.
    case paged(modal: Int, document: BridgeDocument)
    /// A command line could not be carried out.
    case error(BridgeError)
}
