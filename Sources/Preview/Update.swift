import ModalActions
import ModalModel
import Screen
import ScreenLayout
import Terminal

extension PreviewState {
    /// Applies one event to the preview: the new state, and the effects the host must carry out, in order.
    package func update(_ event: PreviewEvent) -> (PreviewState, [PreviewEffect]) {
        var next = self
        let effects = next.apply(event)
        next.cacheLayouts()
        return (next, effects)
    }

    /// Rows the mouse wheel scrolls per notch.
    static let wheelRows = 3
    /// The status for a key that would act on a modal the terminal is too small to show.
    static let tooSmallStatus = "terminal too small"

    mutating func apply(_ event: PreviewEvent) -> [PreviewEffect] {
        switch event {
        case .key(let key):
            return handle(key)
        case .mouse(let x, let y, let button, let pressed):
            return handleMouse(at: Point(x: x, y: y), button: button, pressed: pressed)
        case .resize(let size):
            terminalSize = size
            cacheLayouts()
            // A press that straddles a resize would hit-test against a layout that no longer exists.
            pressedFocusIndex = nil
            if let placement = Placement(self) { scrollOffset = placement.scrollOffset }
            return []
        case .fileChanged(let load):
            receive(load)
            return []
        case .reloadRequested:
            requestReload(replacingLoad: true)
            return []
        case .loaded(let request, let load):
            guard request == pendingLoad else { return [] }
            pendingLoad = nil
            receive(load)
            return []
        case .laidOut(let request, let layout):
            receive(layout, for: request)
            return []
        case .layoutRunning(let milliseconds):
            if pendingLayout != nil { layoutMilliseconds = milliseconds }
            return []
        case .timeLimitReached:
            return reachTimeLimit()
        }
    }

    /// Puts a whole layout in place of the first lines shown meanwhile, keeping the scroll position and the
    /// focused item; a layout nobody waits for any more (the terminal was resized again) is dropped.
    private mutating func receive(_ layout: ModalLayout, for request: LayoutRequest) {
        guard request == pendingLayout else { return }
        // Links further down the message now come before the buttons in the focus order.
        let focused = focusIndex.flatMap { index in
            Placement(self).flatMap { $0.focusables.indices.contains(index) ? $0.focusables[index] : nil }
        }
        layouts = [layout]
        pendingLayout = nil
        layoutMilliseconds = nil
        pressedFocusIndex = nil
        guard let placement = Placement(self) else { return }
        if let focused { focusIndex = Self.successor(of: focused, in: placement.focusables) }
        scrollOffset = awaitsEnd ? placement.maxScrollOffset : placement.scrollOffset
        awaitsEnd = false
    }

    private mutating func handle(_ key: Key) -> [PreviewEffect] {
        let command = Keymap.command(for: key)
        // A repaint changes nothing on the screen it fixes, so it does not dismiss the help either.
        if command == .repaint { return [.repaint] }
        if isHelpShown {
            // The help hides whatever is behind it, so a key only dismisses it rather than acting unseen.
            isHelpShown = false
            return []
        }
        status = nil
        switch command {
        case .cancel where pendingLoad != nil:
            // Esc takes back the load, the one thing the user may not have meant; the document shown stays.
            cancelLoad()
            status = Self.loadCancelledStatus
            return []
        case .cancel: return [.exit(code: 1, outcome: nil)]
        case .toggleHelp:
            isHelpShown = true
            return []
        case .reload:
            requestReload(replacingLoad: false)
            return []
        default: break
        }
        guard problem == nil, let placement = Placement(self) else { return [] }
        guard placement.fits else {
            // The modal is not on screen, so no key may move focus, scroll, page or activate it unseen.
            status = Self.tooSmallStatus
            return []
        }
        guard let command else {
            status = "unknown key; ? shows the keys"
            return []
        }
        // End cannot reach the end of a message not yet laid out whole; the end is shown once it is.
        awaitsEnd = command == .scrollToEnd && !placement.layout.isComplete
        // The arrows follow the screen: in a right-to-left modal the next button is to the left.
        let rightStep = placement.layout.direction == .rightToLeft ? -1 : 1
        switch command {
        case .focusNext: moveFocus(by: 1, placement)
        case .focusPrevious: moveFocus(by: -1, placement)
        case .focusRight: moveFocus(by: rightStep, placement)
        case .focusLeft: moveFocus(by: -rightStep, placement)
        case .scrollUp: scroll(to: placement.scrollOffset - 1, placement)
        case .scrollDown: scroll(to: placement.scrollOffset + 1, placement)
        case .pageUp: scroll(to: placement.scrollOffset - placement.pageRows, placement)
        case .pageDown: scroll(to: placement.scrollOffset + placement.pageRows, placement)
        case .scrollToTop: scroll(to: 0, placement)
        case .scrollToEnd: scroll(to: placement.maxScrollOffset, placement)
        case .activate: return activateFocused(placement)
        case .nextModal: show(modalAt: modalIndex + 1)
        case .previousModal: show(modalAt: modalIndex - 1)
        case .cancel, .toggleHelp, .reload, .repaint: break
        }
        return []
    }

    private mutating func handleMouse(at point: Point, button: MouseButton, pressed: Bool) -> [PreviewEffect] {
        if isHelpShown {
            if pressed { isHelpShown = false }
            return []
        }
        guard problem == nil, let placement = Placement(self), placement.fits else {
            pressedFocusIndex = nil
            return []
        }
        if pressed { awaitsEnd = false }
        switch button {
        case .wheelUp where pressed:
            scroll(to: placement.scrollOffset - Self.wheelRows, placement)
        case .wheelDown where pressed:
            scroll(to: placement.scrollOffset + Self.wheelRows, placement)
        case .left:
            // A click is a press and a release on the same item, so a press can still be taken back by
            // moving off before letting go; the press alone focuses, which shows what will be activated.
            let hit = placement.focusable(atScreen: point)
            if pressed {
                pressedFocusIndex = hit
                if let hit {
                    focusIndex = hit
                    status = nil
                }
            } else {
                let pressedIndex = pressedFocusIndex
                pressedFocusIndex = nil
                if let hit, hit == pressedIndex {
                    return activate(placement.focusables[hit])
                }
            }
        default:
            break
        }
        return []
    }

    private mutating func moveFocus(by step: Int, _ placement: Placement) {
        let count = placement.focusables.count
        guard count > 0 else {
            status = "this modal has no buttons or links"
            return
        }
        let target: Int
        if let current = focusIndex, current < count {
            target = ((current + step) % count + count) % count
        } else {
            target = step > 0 ? 0 : count - 1
        }
        focusIndex = target
        scrollOffset = placement.scrollOffset(revealing: target)
    }

    private mutating func scroll(to offset: Int, _ placement: Placement) {
        scrollOffset = min(max(0, offset), placement.maxScrollOffset)
    }

    /// Shows another modal from its top with its first button focused, or says why not.
    mutating func show(modalAt index: Int) {
        guard document.modals.indices.contains(index) else {
            status = index < modalIndex ? "this is the first modal" : "this is the last modal"
            return
        }
        modalIndex = index
        scrollOffset = 0
        pressedFocusIndex = nil
        awaitsEnd = false
        cacheLayouts()
        focusIndex = initialFocusIndex()
    }

    /// The focus a modal starts with: its button `options.initialButton` (its last when it has fewer), so
    /// that Enter activates it at once; nil when it has no buttons. Starting focused does not scroll: the
    /// message is read from its top, and the button row stays on screen (`Placement` pins it).
    func initialFocusIndex() -> Int? {
        let focusables = self.focusables
        var buttonIndices: [Int] = []
        for case .button(let index) in focusables.map(\.kind) { buttonIndices.append(index) }
        guard let last = buttonIndices.max() else { return nil }
        let wanted = min(max(0, options.initialButton), last)
        return focusables.firstIndex { $0.kind == .button(index: wanted) }
            ?? focusables.firstIndex { if case .button = $0.kind { true } else { false } }
    }

    private mutating func activateFocused(_ placement: Placement) -> [PreviewEffect] {
        guard let index = focusIndex, placement.focusables.indices.contains(index) else {
            status = "nothing is focused; Tab chooses a button or link"
            return []
        }
        return activate(placement.focusables[index])
    }

    /// Carries out a button's or link's action: navigation stays inside the preview, anything else ends it.
    mutating func activate(_ focusable: Focusable) -> [PreviewEffect] {
        let closing = modalIndex
        // A bridge host is told of navigation too, and decides itself what comes next.
        switch options.reportsNavigation ? nil : focusable.action {
        case .close where modalIndex + 1 < document.modals.count:
            show(modalAt: modalIndex + 1)
            status = "closed modal \(closing + 1)"
            return []
        case .next:
            show(modalAt: modalIndex + 1)
            return []
        case .previous:
            show(modalAt: modalIndex - 1)
            return []
        default:
            let outcome = PreviewOutcome(
                modalIndex: modalIndex, control: PreviewOutcome.Control(focusable.kind), label: focusable.label,
                action: focusable.action)
            if options.stay {
                status = outcome.jsonLine
                return []
            }
            return [.exit(code: 0, outcome: outcome)]
        }
    }

    /// The status after Esc dropped a load.
    package static let loadCancelledStatus = "loading cancelled; the document shown stays"

    /// Asks the host to read `sourceName` off the input thread (`pendingLoad`), replacing any load
    /// still running; the request returned is the one `PreviewEvent.loaded` must answer.
    package mutating func beginLoad(sourceName: String) -> LoadRequest {
        loadCount += 1
        let request = LoadRequest(serial: loadCount, sourceName: sourceName)
        pendingLoad = request
        return request
    }

    /// Drops the load running, if any: its answer will be ignored.
    package mutating func cancelLoad() {
        pendingLoad = nil
    }

    /// Reads the source again in the background. The `r` key leaves a load already running alone (under a
    /// bridge it may be the host's `show`); a change seen by a watcher replaces it, as it is newer.
    private mutating func requestReload(replacingLoad: Bool) {
        if pendingLoad != nil && !replacingLoad { return }
        guard options.canReload else {
            // Under a bridge there is no standard input to blame: the host sent the document inline, or nothing.
            status =
                !options.reportsNavigation
                ? "standard input cannot be read again"
                : currentModal == nil
                    ? "nothing to read again: no document is shown"
                    : "an inline document cannot be read again"
            return
        }
        _ = beginLoad(sourceName: options.sourceName)
    }

    /// Takes a new version of the source: a valid one replaces the document and keeps the modal and the
    /// focused item where they still exist; an invalid one is reported and the last valid document kept.
    private mutating func receive(_ load: FileLoad) {
        pressedFocusIndex = nil
        switch load {
        case .failed(let message):
            problem = .unreadable(message)
            status = "cannot read \(options.sourceName)"
        case .decoded(let decoded, let diagnostics):
            let errors = diagnostics.filter { $0.severity == .error }.count
            guard let decoded, errors == 0 else {
                problem = .invalid(diagnostics)
                status = "\(plural(max(errors, 1), "error")); the preview resumes when the file is valid"
                return
            }
            let focused = focusIndex.flatMap { index in
                Placement(self).flatMap { placement in
                    placement.focusables.indices.contains(index)
                        ? placement.focusables[index] : nil
                }
            }
            document = decoded
            problem = nil
            cacheLayouts()
            if modalIndex >= decoded.modals.count {
                modalIndex = max(0, decoded.modals.count - 1)
                scrollOffset = 0
                cacheLayouts()
                focusIndex = initialFocusIndex()
            } else {
                focusIndex = nil
                if let focused, let placement = Placement(self) {
                    focusIndex = Self.successor(of: focused, in: placement.focusables)
                }
                if focusIndex == nil { focusIndex = initialFocusIndex() }
            }
            if let placement = Placement(self) { scrollOffset = placement.scrollOffset }
            let warnings = diagnostics.filter { $0.severity == .warning }.count
            status = warnings == 0 ? "reloaded" : "reloaded with \(plural(warnings, "warning"))"
        }
    }
}

extension PreviewState {
    /// Where a focused item went in an edited modal: the same item (label and action) at its old place,
    /// else the same item moved, else whatever took its place (its label or action was edited), else nothing.
    static func successor(of focused: Focusable, in focusables: [Focusable]) -> Int? {
        func isSameItem(_ candidate: Focusable) -> Bool {
            candidate.label == focused.label && candidate.action == focused.action
                && candidate.kind.isButton == focused.kind.isButton
        }
        return focusables.firstIndex { $0.kind == focused.kind && isSameItem($0) }
            ?? focusables.firstIndex(where: isSameItem)
            ?? focusables.firstIndex { $0.kind == focused.kind }
    }
}

extension Focusable.Kind {
    fileprivate var isButton: Bool {
        if case .button = self { return true }
        return false
    }
}

/// "1 error", "3 errors".
func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
