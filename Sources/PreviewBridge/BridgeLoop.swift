import ModalModel
import Preview
import Screen

/// The bridge's pure core: bridge commands and preview events go in, the preview's state changes and
/// bridge events come out.
///
/// It speaks the preview state machine's vocabulary: `show` and `replace` are `PreviewEvent.fileChanged`
/// (on a fresh state, or on the current one so the modal and focus stay), keys and clicks are the
/// preview's own events, and the `PreviewEffect`s that `update` returns become events for the host
/// (`exit` with an outcome is an `action`, `exit` without one a `cancelled`). A `path` or `url` to read (a
/// `show`, a `replace`, the `r` key) is state, `pendingLoad`, which the host fulfils off the input thread
/// with `finish(_:_:)`, so that keys and commands are answered while it loads.
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
    /// The identity events about the document shown carry.
    package private(set) var document = BridgeDocument(source: BridgeCodec.inlineName, generation: 0)
    /// The `path` or `url` being read for a `show`, a `replace` or the `r` key; nil when none is. The host
    /// reads it off the input thread and answers with `finish(_:_:)`; meanwhile keys act on what is shown.
    package private(set) var pendingLoad: PendingLoad?
    /// Commands that wait for the `show` or `replace` loading: a `focus` names an item of the document on its
    /// way, and once one waits, every later command waits behind it, so that commands keep their order.
    /// They are carried out once the document is shown or the load is dropped.
    private var waitingCommands: [(command: BridgeCommand, line: Int)] = []

    /// A source on its way to the screen.
    package struct PendingLoad: Sendable, Equatable {
        /// What asks for it.
        package enum Reason: Sendable, Equatable {
            case show, replace, reload
        }

        /// The request the preview's state waits for (`PreviewState.pendingLoad`).
        package var request: LoadRequest
        /// What to read.
        package var source: BridgeSource
        /// Whether it is shown fresh, swapped in, or read again.
        package var reason: Reason
        /// The command line that asked for it; 0 for the `r` key.
        package var line: Int
    }

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
        var events = handle(line: bytes, number: number)
        events += finishPendingLoad(load)
        return events
    }

    /// Reads and carries out command line `number` as `handle(_:line:)` does, leaving a `path` or `url` to
    /// load in `pendingLoad`.
    package mutating func handle(line bytes: [UInt8], number: Int) -> [BridgeEvent] {
        // Nothing after a `quit` is read, even while the `quit` waits for a load.
        guard !BridgeCodec.isBlank(bytes), !waitingCommands.contains(where: { $0.command == .quit }) else { return [] }
        switch BridgeCodec.decode(bytes, number: number) {
        case .failure(let error): return [.error(error)]
        case .success(let command): return handle(command, line: number)
        }
    }

    /// Whether a document is shown: a modal, or the problems of a source read again with `r`.
    package var isShowing: Bool { !state.document.modals.isEmpty || state.problem != nil }

    /// Carries out one command read from line `line` at once, reading a `path` or `url` source with `load`.
    /// Returns the events to send: an `error` when the command cannot be carried out (what was shown stays).
    package mutating func handle(
        _ command: BridgeCommand, line: Int, load: (BridgeSource) -> FileLoad
    ) -> [BridgeEvent] {
        var events = handle(command, line: line)
        events += finishPendingLoad(load)
        return events
    }

    /// Carries out one command read from line `line`. A `show` or `replace` of a `path` or `url` only starts:
    /// the source is named in `pendingLoad`, the host reads it and hands it to `finish(_:_:)`. Every other
    /// command is answered at once, even while a load runs (a new `show`, `replace` or `close` drops that
    /// load), except that a `focus` waits for the document on its way, and every command after it too.
    package mutating func handle(_ command: BridgeCommand, line: Int) -> [BridgeEvent] {
        if !waitingCommands.isEmpty {
            waitingCommands.append((command, line))
            return []
        }
        switch command {
        case .show(let source), .replace(let source):
            var events = dropPendingLoad()
            let reason: PendingLoad.Reason
            if case .show = command { reason = .show } else { reason = .replace }
            if case .document(let document) = source {
                events += show(.decoded(document: document, diagnostics: []), from: source, reason: reason, line: line)
                return events
            }
            let request = state.beginLoad(sourceName: Self.name(of: source) ?? Self.inlineName)
            pendingLoad = PendingLoad(request: request, source: source, reason: reason, line: line)
            return events
        case .focus where pendingLoad != nil && pendingLoad?.reason != .reload:
            waitingCommands.append((command, line))
            return []
        case .focus(let target):
            return focus(target, line: line)
        case .close:
            var events = dropPendingLoad()
            // Closing what is already gone changes nothing, so there is nothing to tell the host.
            if isShowing { events += dismiss() }
            return events
        case .quit:
            hasQuit = true
            return []
        }
    }

    /// Reads the pending source, if any, with `load` and shows it: for a host that has no other thread.
    private mutating func finishPendingLoad(_ load: (BridgeSource) -> FileLoad) -> [BridgeEvent] {
        guard let pending = pendingLoad else { return [] }
        return finish(pending.request, load(pending.source))
    }

    /// Takes what the host read for `request` and shows it as its command asked; an answer to a load that
    /// was dropped meanwhile (Esc, or a newer command) is ignored.
    package mutating func finish(_ request: LoadRequest, _ loaded: FileLoad) -> [BridgeEvent] {
        guard let pending = pendingLoad, pending.request == request else { return [] }
        pendingLoad = nil
        state.cancelLoad()
        var events = show(loaded, from: pending.source, reason: pending.reason, line: pending.line)
        events += runWaitingCommands()
        return events
    }

    /// Drops the load running, carrying out the commands that waited for it against what stays shown.
    private mutating func dropPendingLoad() -> [BridgeEvent] {
        guard pendingLoad != nil else { return [] }
        pendingLoad = nil
        state.cancelLoad()
        return runWaitingCommands()
    }

    private mutating func runWaitingCommands() -> [BridgeEvent] {
        var waiting = waitingCommands[...]
        waitingCommands = []
        var events: [BridgeEvent] = []
        while let next = waiting.popFirst() {
            events += handle(next.command, line: next.line)
            // A `show` among them loads in turn, and the ones after it wait for it, as they did for the first.
            if pendingLoad != nil {
                waitingCommands = Array(waiting)
                break
            }
        }
        return events
    }

    /// Shows a loaded source: fresh for `show`, or in place of the document for `replace` and `r`, keeping
    /// the modal and the focus where they still exist and reporting `paged` when the modal shown moved.
    /// A source that cannot be shown is refused with an `error`, and what was shown stays, as it was.
    private mutating func show(
        _ loaded: FileLoad, from source: BridgeSource, reason: PendingLoad.Reason, line: Int
    ) -> [BridgeEvent] {
        let name = Self.name(of: source) ?? Self.inlineName
        // A failed `r` is about the document shown, not about a command line.
        let about = reason == .reload ? document : nil
        if var problem = Self.problem(loaded, source: source, line: line) {
            problem.document = about
            state.status = reason == .reload ? "\(name) cannot be shown again; the last good version stays" : nil
            return [.error(problem)]
        }
        if case .decoded(let decoded?, _) = loaded, decoded.modals.isEmpty {
            state.status = reason == .reload ? "\(name) has no modals now; the last good version stays" : nil
            return [
                .error(
                    BridgeError(
                        line: line, code: .invalidDocument, message: "\(name): \(BridgeCodec.emptyDocumentMessage)",
                        document: about))
            ]
        }
        var options = state.options
        options.canReload = Self.name(of: source) != nil
        options.sourceName = name
        self.source = options.canReload ? source : nil
        let wasShowing = isShowing
        let modalShown = state.modalIndex
        if reason == .show || !wasShowing {
            document = BridgeDocument(source: name, generation: document.generation + 1)
            let loadCount = state.loadCount
            state = PreviewState(
                document: ModalDocument(modals: []), terminalSize: state.terminalSize, options: options)
            state.loadCount = loadCount
        } else {
            document.source = name
            state.options = options
        }
        state = state.update(.fileChanged(loaded)).0
        state.status = reason == .reload ? state.status : nil
        guard reason != .show, wasShowing, state.modalIndex != modalShown else { return [] }
        return [.paged(modal: state.modalIndex, document: document)]
    }

    /// Moves the focus to `target` of the modal shown.
    private mutating func focus(_ target: BridgeTarget, line: Int) -> [BridgeEvent] {
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
    }

    /// Applies one preview event (a key, the mouse, a resize) and reads a pending load at once with `load`:
    /// for a host without another thread.
    package mutating func handle(_ event: PreviewEvent, load: (BridgeSource) -> FileLoad) -> [BridgeEvent] {
        var events = handle(event)
        events += finishPendingLoad(load)
        return events
    }

    /// Applies one preview event (a key, the mouse, a resize). Keys act on what is on screen: while a source
    /// loads they answer the document shown, and Esc drops the load instead (answered with
    /// `bridge-load-cancelled` for a host's `show` or `replace`). `r` leaves the source to read in `pendingLoad`.
    package mutating func handle(_ event: PreviewEvent) -> [BridgeEvent] {
        var events: [BridgeEvent] = []
        let modalShown = state.modalIndex
        let (next, effects) = state.update(event)
        state = next
        for effect in effects {
            switch effect {
            case .exit(_, let outcome?):
                events.append(.action(outcome, document))
                if outcome.action == .close { events += dismiss() }
            case .exit where !isShowing:
                // There is no modal to cancel; the host is told only of what the user did to one.
                state.status = "nothing is shown, so there is nothing to cancel"
            case .exit:
                events.append(.cancelled(modal: state.modalIndex, document: document))
            case .repaint:
                repaintRequested = true
            }
        }
        if let pending = pendingLoad, state.pendingLoad != pending.request {
            pendingLoad = nil
            if pending.reason != .reload {
                events.append(
                    .error(
                        BridgeError(
                            line: pending.line, code: .loadCancelled,
                            message:
                                "\(pending.request.sourceName): loading was cancelled with Esc; what was shown stays"
                        )))
            }
            events += runWaitingCommands()
        }
        if pendingLoad == nil, let request = state.pendingLoad, let source {
            pendingLoad = PendingLoad(request: request, source: source, reason: .reload, line: 0)
        }
        // The host decides what comes next only if it knows what is shown: paging is reported.
        if state.modalIndex != modalShown && !state.document.modals.isEmpty {
            events.append(.paged(modal: state.modalIndex, document: document))
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
        let loadCount = state.loadCount
        state = PreviewState(document: ModalDocument(modals: []), terminalSize: state.terminalSize, options: options)
        state.loadCount = loadCount
        // A reload of the document taken away has nothing left to replace; a host's `show` still comes.
        if pendingLoad?.reason == .reload { pendingLoad = nil }
        state.pendingLoad = pendingLoad?.request
        return [.closed(modal: modal, document: document)]
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
