import ModalModel

/// A command a host sends to the bridge, one JSON object per line with a `command` field.
package enum BridgeCommand: Sendable, Equatable {
    /// Show a document from its first modal, replacing whatever is shown.
    case show(BridgeSource)
    /// Swap in a new version of the document, keeping the modal and the focus where they still exist.
    case replace(BridgeSource)
    /// Move the focus to a button or link of the modal shown.
    case focus(BridgeTarget)
    /// Dismiss what is shown; the bridge answers `closed`.
    case close
    /// End the bridge.
    case quit
}

/// Where a document comes from.
package enum BridgeSource: Sendable, Equatable {
    /// Given inline, already decoded and valid.
    case document(ModalDocument)
    /// A file to read.
    case path(String)
    /// An http(s) URL to fetch.
    case url(String)
}

/// A focusable item of a modal, named as action events name it.
package enum BridgeTarget: Sendable, Equatable {
    /// The button at this index of the modal's `buttons`.
    case button(Int)
    /// The link made by the style at this index of the modal's `styles`.
    case link(Int)
}

/// Why a command line was not understood; it becomes an `error` event and the bridge goes on.
package struct BridgeError: Error, Sendable, Equatable {
    /// The 1-based number of the input line; 0 for an error no command line caused (a failed `r`).
    package var line: Int
    /// A stable identifier of the problem, from the catalogue.
    package var errorCode: BridgeErrorCode
    /// The code as text.
    package var code: String { errorCode.rawValue }
    /// What is wrong and how to fix it.
    package var message: String
    /// The document shown that the error is about, when it is not a command's: a reload (`r`) that failed.
    package var document: BridgeDocument?

    /// Creates an error.
    package init(line: Int, code: BridgeErrorCode, message: String, document: BridgeDocument? = nil) {
        self.line = line
        self.errorCode = code
        self.message = message
        self.document = document
    }
}
