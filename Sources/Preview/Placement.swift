import ModalModel
import Screen

/// Where the current modal goes on the screen; shared by `view` (to draw) and `update` (to hit-test and scroll).
struct Placement {
    /// The modal laid out at the width chosen for this terminal (kept in the state across events).
    var layout: ModalLayout
    /// Screen column of the modal's left edge.
    var originX: Int
    /// Screen row of the modal's row 0 when not scrolled.
    var originY: Int
    /// Screen rows available to the modal: all but the status line.
    var areaHeight: Int
    /// The scroll offset clamped to what this terminal allows.
    var scrollOffset: Int
    /// The largest useful scroll offset; 0 when the modal fits.
    var maxScrollOffset: Int
    /// The smallest terminal that can show this modal (scrolling if it must).
    var requiredSize: Size
    /// Whether the terminal is at least `requiredSize`.
    var fits: Bool
    /// The focused item's index in `focusables`, if any.
    var focusIndex: Int?

    /// Fewest modal rows worth showing with scrolling; below that the terminal is "too small".
    static let minimumVisibleRows = 3

    /// The placement of the state's current modal, or nil when there is none. Layouts come from the
    /// state's cache when it holds them (it does after every `update`), so this costs no wrapping.
    init?(_ state: PreviewState) {
        guard let modal = state.currentModal else { return nil }
        let terminal = state.terminalSize
        focusIndex = state.focusIndex
        areaHeight = max(0, terminal.height - 1)
        var width = ModalWidth.chosen(state.options.modalWidth, terminalColumns: terminal.width)
        layout = state.layout(of: modal, width: width)
        if state.options.modalWidth == nil, layout.size.height > areaHeight, width.cells >= terminal.width,
            let narrower = width.oneColumnNarrower, narrower >= ModalWidth.narrowestDefault
        {
            // A modal that scrolls needs a column for its scroll bar, which would otherwise cover the frame.
            width = narrower
            layout = state.layout(of: modal, width: width)
        }
        let modalHeight = layout.size.height
        requiredSize = Size(width: width.cells, height: min(modalHeight, Placement.minimumVisibleRows) + 1)
        fits = terminal.width >= requiredSize.width && terminal.height >= requiredSize.height
        originX = max(0, (terminal.width - width.cells) / 2)
        if modalHeight <= areaHeight {
            originY = (areaHeight - modalHeight) / 2
            maxScrollOffset = 0
        } else {
            originY = 0
            maxScrollOffset = modalHeight - areaHeight
        }
        scrollOffset = min(max(0, state.scrollOffset), maxScrollOffset)
    }

    /// Buttons and links in focus order.
    var focusables: [Focusable] { layout.focusables }

    /// The modal rows on screen.
    var visibleRows: Range<Int> {
        scrollOffset..<min(layout.size.height, scrollOffset + areaHeight)
    }

    /// The screen row where a modal row is drawn.
    func screenRow(ofModalRow row: Int) -> Int { originY + row - scrollOffset }

    /// The index of the focusable drawn at a screen cell, if any.
    func focusable(atScreen point: Point) -> Int? {
        let row = point.y.subtractingSaturating(originY).addingSaturating(scrollOffset)
        guard visibleRows.contains(row) else { return nil }
        let local = Point(x: point.x.subtractingSaturating(originX), y: row)
        return layout.focusables.firstIndex { $0.rects.contains { $0.contains(local) } }
    }

    /// The scroll offset that brings a focusable fully into view (its top first when it is taller than the screen).
    func scrollOffset(revealing index: Int) -> Int {
        let rects = layout.focusables[index].rects
        guard let top = rects.map(\.origin.y).min(),
            let bottom = rects.map({ $0.origin.y + $0.size.height }).max()
        else { return scrollOffset }
        var offset = scrollOffset
        if bottom > offset + areaHeight { offset = bottom - areaHeight }
        if top < offset { offset = top }
        return min(max(0, offset), maxScrollOffset)
    }
}

extension PreviewState {
    /// The layout of `modal` at `width` with this state's options: the cached one when it matches, else
    /// computed now (and not kept; `cacheLayouts()` keeps them).
    func layout(of modal: Modal, width: ModalWidth) -> ModalLayout {
        if let cached = layouts.first(where: { $0.width == width && $0.modal == modal }),
            cached.ascii == options.ascii, cached.panel == options.panel
        {
            return cached
        }
        return ModalLayout(
            modal: modal,
            options: ModalViewOptions(width: width, ascii: options.ascii, bidi: options.bidi, panel: options.panel))
    }

    /// Keeps the layouts the current modal needs at this terminal size, so the events that follow (focus
    /// moves, scrolling, clicks) and `view` only read them. Lays out again only when the modal, the width
    /// or the file changed.
    mutating func cacheLayouts() {
        guard problem == nil, let placement = Placement(self) else { return }
        var needed = [placement.layout]
        // The scroll-bar case tried the full width first; keep that one too so the next event finds both.
        let fullWidth = ModalWidth.chosen(options.modalWidth, terminalColumns: terminalSize.width)
        if placement.layout.width != fullWidth, let modal = currentModal {
            needed.append(layout(of: modal, width: fullWidth))
        }
        if needed != layouts { layouts = needed }
    }
}

extension PreviewState {
    /// The current modal's buttons and links in focus order, as laid out at this session's width; empty
    /// when no modal is shown.
    package var focusables: [Focusable] { Placement(self)?.focusables ?? [] }
}
