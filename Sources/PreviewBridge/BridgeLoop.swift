import ModalModel
import Preview
import Screen

/// The bridge's pure core: bridge commands and preview events go in, the preview's state changes and
/// bridge events come out.
///
/// It speaks the preview state machine's vocabulary: `show` and `replace` are `PreviewEvent.fileChanged`
/// (on a fresh state, or on the current one so the modal and focus stay), keys and clicks are the
/// preview's own events, and the `PreviewEffect`s that `update` returns become events for the host
/// (`exit` with an outcome is an `action`, `exit` without one a `cancelled`, `reload` reads the source again).
/// A Swift program can run it in-process: feed it commands and terminal events, draw `view(state)`.
package struct BridgeLoop: Sendable {
    /// The preview's state; `view(state)` draws it.
    package private(set) var state: PreviewState
    /// Whether a `quit` command has been carried out.
    package private(set) var hasQuit = false
    /// Whether the user asked for the screen to be drawn again (Ctrl-L) since the host last took the request.
    package private(set) var repaintRequested = false
    /// Where the document shown came from, read again for the `r` key; nil for an inline document.
    package private(set) var source: BridgeSource?

    /// The name given to an inline document in messages.
    static var inlineName: String { BridgeCodec.inlineName }

    /// A bridge showing nothing yet, on a terminal of `terminalSize`; `options` apply to every document
    /// shown (actions are always reported, navigation included, and never end the bridge).
    package init(terminalSize: Size, options: PreviewOptions = PreviewOptions()) {
        var options = options
        options.stay = false
        options.reportsNavigation = true
        options.canReload = false
        options.sourceName = Self.inlineName
        state = PreviewState(document: ModalDocument(modals: []), terminalSize: terminalSize, options: options)
    }

    /// The first event of a session.
    package static func ready(toolVersion: String) -> BridgeEvent {
        .ready(protocolVersion: BridgeCodec.protocolVersion, toolVersion: toolVersion)
    }

    /// Reads and carries out command line `number` (without its newline): a blank line is skipped, a bad one
    /// is answered with an `error`, and a command is carried out as `handle(_:line:load:)` does.
    package mutating func handle(
        line bytes: [UInt8], number: Int, load: (BridgeSource) -> FileLoad
    ) -> [BridgeEvent] {
        guard !BridgeCodec.isBlank(bytes) else { return [] }
        switch BridgeCodec.decode(bytes, number: number) {
        case .failure(let error): return [.error(error)]
        case .success(let command): return handle(command, line: number, load: load)
        }
    }

    /// Whether a document is shown: a modal, or the problems of a source read again with `r`.
    package var isShowing: Bool { !state.document.modals.isEmpty || state.problem != nil }

    /// Carries out one command read from line `line`; `load` reads a `path` or `url` source. Returns the
    /// events to send: an `error` when the command cannot be carried out (what was shown stays).
    package mutating func handle(
        _ command: BridgeCommand, line: Int, load: (BridgeSource) -> FileLoad
    ) -> [BridgeEvent] {
        switch command {
        case .show(let source), .replace(let source):
            let loaded: FileLoad
            if case .document(let document) = source {
                loaded = .decoded(document: document, diagnostics: [])
            } else {
                loaded = load(source)
            }
            if let problem = Self.problem(loaded, source: source, line: line) { return [.error(problem)] }
            var options = state.options
            options.canReload = Self.name(of: source) != nil
            options.sourceName = Self.name(of: source) ?? Self.inlineName
            self.source = options.canReload ? source : nil
            if case .show = command {
                state = PreviewState(
                    document: ModalDocument(modals: []), terminalSize: state.terminalSize, options: options)
            } else {
                state.options = options
            }
            state = state.update(.fileChanged(loaded)).0
            state.status = nil
            return []
        case .focus(let target):
            guard state.currentModal != nil, state.problem == nil else {
                return [
                    .error(BridgeError(line: line, code: .nothingShown, message: "focus: no modal is shown"))
                ]
            }
            // The targets as this session lays them out: which links show depends on the width.
            let index = state.focusables.firstIndex { focusable in
                switch (focusable.kind, target) {
                case (.button(let index), .button(let wanted)): index == wanted
                case (.link(let index), .link(let wanted)): index == wanted
                default: false
                }
            }
            guard let index else {
                let (kind, number) =
                    switch target {
                    case .button(let number): ("button", number)
                    case .link(let number): ("link", number)
                    }
                return [
                    .error(
                        BridgeError(
                            line: line, code: .noSuchTarget,
                            message: "focus: the modal shown has no \(kind) \(number)"))
                ]
            }
            state.focusIndex = index
            // A resize to the same size scrolls the focused item into view, as the preview does after any change.
            state = state.update(.resize(state.terminalSize)).0
            return []
        case .close:
            // Closing what is already gone changes nothing, so there is nothing to tell the host.
            return isShowing ? dismiss() : []
        case .quit:
            hasQuit = true
            return []
        }
    }

    /// Applies one preview event (a key, the mouse, a resize); `load` reads the source shown again for `r`.
    ///
    /// The loop looks up its own source and hands it to `load`, instead of taking a closure that reads the
    /// source back from the loop: such a closure, called while this mutating method runs, is a second
    /// access to the loop during the first, which Swift's exclusivity check stops with a fatal error.
    package mutating func handle(_ event: PreviewEvent, load: (BridgeSource) -> FileLoad) -> [BridgeEvent] {
        var pending = [event]
        var events: [BridgeEvent] = []
        let modalShown = state.modalIndex
        while !pending.isEmpty {
            let (next, effects) = state.update(pending.removeFirst())
            state = next
            for effect in effects {
                switch effect {
                case .exit(_, let outcome?):
                    events.append(.action(outcome))
                    if outcome.action == .close { events += dismiss() }
                case .exit where !isShowing:
                    // There is no modal to cancel; the host is told only of what the user did to one.
                    state.status = "nothing is shown, so there is nothing to cancel"
                case .exit:
                    events.append(.cancelled(modal: state.modalIndex))
                case .reload:
                    let loaded = source.map(load) ?? .failed(message: "an inline document cannot be read again")
                    pending.append(.fileChanged(loaded))
                case .repaint:
                    repaintRequested = true
                }
            }
        }
        // The host decides what comes next only if it knows what is shown: paging is reported, as a reload
        // that dropped the modal shown is.
        if state.modalIndex != modalShown && !state.document.modals.isEmpty {
            events.append(.paged(modal: state.modalIndex))
        }
        return events
    }

    /// Whether a repaint was asked for since the last call; the request is taken.
    package mutating func takeRepaintRequest() -> Bool {
        defer { repaintRequested = false }
        return repaintRequested
    }

    /// Takes the document away, leaving the empty screen.
    private mutating func dismiss() -> [BridgeEvent] {
        let modal = state.modalIndex
        var options = state.options
        options.canReload = false
        source = nil
        state = PreviewState(document: ModalDocument(modals: []), terminalSize: state.terminalSize, options: options)
        return [.closed(modal: modal)]
    }

    /// The name a path or URL source is reported under; nil for an inline document.
    static func name(of source: BridgeSource) -> String? {
        switch source {
        case .document: nil
        case .path(let path): path
        case .url(let url): url
        }
    }

    /// Why a loaded source cannot be shown, as an error for line `line`; nil when it can.
    static func problem(_ load: FileLoad, source: BridgeSource, line: Int) -> BridgeError? {
        let name = name(of: source) ?? inlineName
        switch load {
        case .failed(let message):
            return BridgeError(line: line, code: .sourceUnreadable, message: "\(name): \(message)")
        case .decoded(let document, let diagnostics):
            let first = diagnostics.first { $0.severity == .error }
            guard document == nil || first != nil else { return nil }
            let place = first.map { ":\($0.location.line):\($0.location.column)" } ?? ""
            return BridgeError(
                line: line, code: .invalidDocument,
                message: "\(name)\(place): \(first?.message ?? "the document is invalid") [\(first?.code ?? "")]")
        }
    }
}
