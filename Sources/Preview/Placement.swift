import ModalModel
import Screen
import ScreenLayout
@_spi(Kernel) import TextKernel

/// Where the current modal goes on the screen; shared by `view` (to draw) and `update` (to hit-test and scroll).
///
/// A modal taller than the screen scrolls its message in a window of its own: the top of the frame and
/// the rows after the message (the button row and the bottom of the frame) stay pinned, so the buttons
/// are on screen however far the message is scrolled. Only when the screen is too short to pin them and
/// still show `minimumVisibleRows` of the message does the whole modal scroll as one.
struct Placement {
    /// The modal laid out at the width chosen for this terminal (kept in the state across events).
    var layout: ModalLayout
    /// Screen column of the modal's left edge.
    var originX: Int
    /// Screen row of the modal's row 0 when not scrolled.
    var originY: Int
    /// Screen rows available to the modal: all but the status line.
    var areaHeight: Int
    /// The scroll offset clamped to what this terminal allows: rows of the message (or, unpinned, of the
    /// whole modal) scrolled off the top of the window.
    var scrollOffset: Int
    /// The largest useful scroll offset; 0 when the modal fits.
    var maxScrollOffset: Int
    /// The smallest terminal that can show this modal (scrolling if it must).
    var requiredSize: Size
    /// Whether the terminal is at least `requiredSize`.
    var fits: Bool
    /// The focused item's index in `focusables`, if any.
    var focusIndex: Int?
    /// Rows at the top of the modal that stay put while the message scrolls (the frame's top); 0 unpinned.
    var pinnedHeaderRows: Int
    /// Rows at the bottom that stay put (the gap, the button rows, the frame's bottom); 0 unpinned.
    var pinnedFooterRows: Int

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
        if state.options.modalWidth == nil, width.cells >= terminal.width,
            let narrower = width.oneColumnNarrower, narrower >= ModalWidth.narrowestDefault,
            state.overflows(modal, width: width, rows: areaHeight)
        {
            // A modal that scrolls needs a column for its scroll bar, which would otherwise cover the frame.
            width = narrower
        }
        layout = state.layout(of: modal, width: width)
        let modalHeight = layout.size.height
        requiredSize = Size(width: width.cells, height: min(modalHeight, Placement.minimumVisibleRows) + 1)
        fits = terminal.width >= requiredSize.width && terminal.height >= requiredSize.height
        originX = max(0, (terminal.width - width.cells) / 2)
        pinnedHeaderRows = 0
        pinnedFooterRows = 0
        if modalHeight <= areaHeight {
            originY = (areaHeight - modalHeight) / 2
            maxScrollOffset = 0
        } else {
            originY = 0
            // Scrolling the message under a pinned top and bottom scrolls it by as many rows as scrolling
            // the whole modal would, so the largest offset is the same either way.
            maxScrollOffset = modalHeight - areaHeight
            let header = layout.bodyArea.minY
            let footer = modalHeight - layout.bodyArea.maxY
            if areaHeight - header - footer >= Placement.minimumVisibleRows {
                pinnedHeaderRows = header
                pinnedFooterRows = footer
            }
        }
        scrollOffset = min(max(0, state.scrollOffset), maxScrollOffset)
    }

    /// Buttons and links in focus order.
    var focusables: [Focusable] { layout.focusables }

    /// Whether the top and bottom of the modal stay put while the message scrolls.
    var isPinned: Bool { pinnedHeaderRows + pinnedFooterRows > 0 }

    /// Screen rows of the scrolling window (the message's when pinned, else the whole area's).
    var windowHeight: Int {
        isPinned ? areaHeight - pinnedHeaderRows - pinnedFooterRows : min(areaHeight, layout.size.height)
    }

    /// Rows PageUp and PageDown move: a window less one, so a line of context stays.
    var pageRows: Int { max(1, windowHeight - 1) }

    /// The modal rows that scroll through the window at this offset.
    var windowRows: Range<Int> {
        let top = pinnedHeaderRows + scrollOffset
        return top..<min(layout.size.height - pinnedFooterRows, top + windowHeight)
    }

    /// The modal rows on screen, in screen order: the pinned top, the window, the pinned bottom.
    var visibleRowRanges: [Range<Int>] {
        guard isPinned else { return [windowRows] }
        let height = layout.size.height
        return [0..<pinnedHeaderRows, windowRows, height - pinnedFooterRows..<height].filter { !$0.isEmpty }
    }

    /// The screen row where a modal row is drawn; nil when it is scrolled out of view.
    func screenRow(ofModalRow row: Int) -> Int? {
        if row < pinnedHeaderRows { return originY + row }
        if row >= layout.size.height - pinnedFooterRows { return originY + row - maxScrollOffset }
        guard windowRows.contains(row) else { return nil }
        return originY + row - scrollOffset
    }

    /// The modal row drawn at a screen row; nil off the modal.
    func modalRow(ofScreenRow y: Int) -> Int? {
        let local = y.subtractingSaturating(originY)
        guard local >= 0, local < min(areaHeight, layout.size.height) else { return nil }
        if local < pinnedHeaderRows { return local }
        if local >= pinnedHeaderRows + windowHeight { return local.addingSaturating(maxScrollOffset) }
        let row = local.addingSaturating(scrollOffset)
        return windowRows.contains(row) ? row : nil
    }

    /// The index of the focusable drawn at a screen cell, if any.
    func focusable(atScreen point: Point) -> Int? {
        guard let row = modalRow(ofScreenRow: point.y) else { return nil }
        let local = Point(x: point.x.subtractingSaturating(originX), y: row)
        return layout.focusables.firstIndex { $0.rects.contains { $0.contains(local) } }
    }

    /// The scroll offset that brings a focusable fully into view (its top first when it is taller than the
    /// window); a pinned button is always in view.
    func scrollOffset(revealing index: Int) -> Int {
        let rects = layout.focusables[index].rects
        guard let top = rects.map(\.origin.y).min(),
            let bottom = rects.map({ $0.origin.y + $0.size.height }).max()
        else { return scrollOffset }
        if isPinned && top >= layout.size.height - pinnedFooterRows { return scrollOffset }
        var offset = scrollOffset
        if bottom > offset + pinnedHeaderRows + windowHeight { offset = bottom - pinnedHeaderRows - windowHeight }
        if top < offset + pinnedHeaderRows { offset = top - pinnedHeaderRows }
        return min(max(0, offset), maxScrollOffset)
    }
}

extension PreviewState {
    /// The layout of `modal` at `width` with this state's options: the cached one when it matches, else
    /// computed now (and not kept; `cacheLayouts()` keeps them).
    ///
    /// A message of `options.backgroundLayoutUTF8Count` bytes or more gets only its first `firstLineCount`
    /// lines here, and `cacheLayouts()` asks the host for the rest (`pendingLayout`).
    func layout(of modal: Modal, width: ModalWidth) -> ModalLayout {
        if let cached = layouts.first(where: { $0.width == width && $0.modal == modal }),
            cached.ascii == options.ascii, cached.panel == options.panel,
            cached.isComplete || cached.bodyLineCount >= firstLineCount
        {
            return cached
        }
        if let limit = options.backgroundLayoutUTF8Count, modal.message.utf8.count >= limit {
            return ModalLayout(firstLinesOf: modal, options: viewOptions(width: width), lineCount: firstLineCount)
        }
        return ModalLayout(modal: modal, options: viewOptions(width: width))
    }

    /// How many lines of a long message are laid out at once: three screenfuls, so that the first page
    /// downs need nothing more while the rest is laid out.
    var firstLineCount: Int { 3 * max(1, terminalSize.height) }

    /// The options a modal of this session is laid out with at `width`.
    func viewOptions(width: ModalWidth) -> ModalViewOptions {
        ModalViewOptions(width: width, ascii: options.ascii, bidi: options.bidi, panel: options.panel)
    }

    /// Keeps the layouts the current modal needs at this terminal size, so the events that follow (focus
    /// moves, scrolling, clicks) and `view` only read them. Lays out again only when the modal, the width
    /// or the file changed.
    mutating func cacheLayouts() {
        guard problem == nil, let placement = Placement(self) else {
            pendingLayout = nil
            layoutMilliseconds = nil
            return
        }
        // The scroll-bar case asked whether the modal overflows at the full width first; keep the answer so
        // the next event does not wrap the top of the message again to ask.
        let fullWidth = ModalWidth.chosen(options.modalWidth, terminalColumns: terminalSize.width)
        let rows = max(0, terminalSize.height - 1)
        if placement.layout.width != fullWidth, let modal = currentModal,
            overflowProbe.map({ !$0.answers(modal, options: viewOptions(width: fullWidth), rows: rows) }) ?? true
        {
            overflowProbe = OverflowProbe(
                modal: modal, options: viewOptions(width: fullWidth), rows: rows,
                overflows: overflows(modal, width: fullWidth, rows: rows))
        }
        if layouts.count != 1 || layouts[0] != placement.layout { layouts = [placement.layout] }
        let wanted =
            placement.layout.isComplete
            ? nil : LayoutRequest(modal: placement.layout.modal, options: viewOptions(width: placement.layout.width))
        if wanted != pendingLayout {
            pendingLayout = wanted
            layoutMilliseconds = nil
        }
    }

    /// Whether `modal` at `width` is taller than `rows`: from its kept layout or the kept answer when
    /// there is one, else by wrapping only the lines that decide it (`ModalLayout.height(of:options:exceeds:)`).
    func overflows(_ modal: Modal, width: ModalWidth, rows: Int) -> Bool {
        if let cached = layouts.first(where: { $0.width == width && $0.modal == modal }),
            cached.ascii == options.ascii, cached.panel == options.panel, cached.bidi == options.bidi
        {
            return cached.size.height > rows
        }
        let viewOptions = viewOptions(width: width)
        if let probe = overflowProbe, probe.answers(modal, options: viewOptions, rows: rows) {
            return probe.overflows
        }
        return ModalLayout.height(of: modal, options: viewOptions, exceeds: rows)
    }
}

extension PreviewState {
    /// The current modal's buttons and links in focus order, as laid out at this session's width; empty
    /// when no modal is shown.
    package var focusables: [Focusable] { Placement(self)?.focusables ?? [] }
}
