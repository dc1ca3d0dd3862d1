import ModalModel
import Screen
import TextLayout

extension PreviewState {
    /// Draws the whole screen for a state: the modal centred (or the source's problems, or a "too small"
    /// notice), the status line with the "2/4" indicator at the bottom, and the keys help when asked for.
    package func view() -> CellGrid {
        let state = self
        var grid = CellGrid(size: state.terminalSize)
        // Under a bridge, q tells the host the user cancelled; the host decides what comes next.
        func hints(_ base: KeyHints) -> KeyHints { state.options.reportsNavigation ? base.cancelling : base }
        guard state.terminalSize.width > 0, state.terminalSize.height > 0 else { return grid }
        if let problem = state.problem {
            let statusRows = ScreenParts.drawStatusLine(
                state.status ?? state.loadProgress, hints: hints(.problem), indicator: nil, into: &grid)
            ScreenParts.drawProblem(
                problem, sourceName: state.options.sourceName, rows: state.terminalSize.height - statusRows, into: &grid
            )
        } else if let placement = Placement(state) {
            let indicator = "\(state.modalIndex + 1)/\(state.document.modals.count)"
            if placement.fits {
                ScreenParts.drawModal(placement, ascii: state.options.ascii, into: &grid)
                ScreenParts.drawStatusLine(
                    state.status ?? state.loadProgress ?? state.layoutProgress, hints: hints(.modal),
                    indicator: indicator, into: &grid)
            } else if state.terminalSize.height >= 2 {
                // The status line stays, so that the keys that still work (q, ?) are named on screen.
                ScreenParts.drawTooSmall(
                    need: placement.requiredSize, have: state.terminalSize, rows: state.terminalSize.height - 1,
                    into: &grid)
                ScreenParts.drawStatusLine(
                    state.status ?? state.loadProgress, hints: hints(.tooSmall), indicator: indicator, into: &grid)
            } else {
                ScreenParts.drawTooSmall(
                    need: placement.requiredSize, have: state.terminalSize, rows: state.terminalSize.height, into: &grid
                )
            }
        } else if state.options.reportsNavigation {
            // A bridge before its first `show` (or after a `close`): the host, not a file, fills the screen.
            ScreenParts.drawCentred(
                wrappedLines(Self.waitingText, width: state.terminalSize.width), rows: state.terminalSize.height - 1,
                into: &grid)
            ScreenParts.drawStatusLine(state.status ?? state.loadProgress, hints: .waiting, indicator: nil, into: &grid)
        } else {
            ScreenParts.drawCentred(["the document has no modals"], into: &grid)
            ScreenParts.drawStatusLine(
                state.status ?? state.loadProgress, hints: hints(.problem), indicator: nil, into: &grid)
        }
        if state.isHelpShown {
            HelpOverlay(ascii: state.options.ascii, reportsToHost: state.options.reportsNavigation).draw(
                into: &grid, area: grid.bounds)
        }
        return grid
    }
}

extension PreviewState {
    /// What a bridge shows while no document is shown.
    package static let waitingText = "waiting for the host to show a modal"

    /// The status line while a source loads: what is read, and that Esc takes the load back.
    var loadProgress: String? {
        pendingLoad.map { "loading \($0.sourceName)… Esc cancels" }
    }

    /// The status line while a long message has been laid out for `layoutProgressMilliseconds` or more:
    /// what is being done, and for how long, so that a wait is never silent.
    var layoutProgress: String? {
        guard let pendingLayout, let milliseconds = layoutMilliseconds,
            milliseconds >= Self.layoutProgressMilliseconds
        else { return nil }
        let tenthsOfMegabytes = (pendingLayout.modal.message.utf8.count + 50_000) / 100_000
        let tenthsOfSeconds = milliseconds / 100
        return "laying out the message (\(tenthsOfMegabytes / 10).\(tenthsOfMegabytes % 10) MB)… "
            + "\(tenthsOfSeconds / 10).\(tenthsOfSeconds % 10) s"
    }
}

/// The pieces `view` puts together.
enum ScreenParts {
    /// Copies the visible rows of the modal to the screen, with a scroll bar beside the window when it
    /// does not fit.
    static func drawModal(_ placement: Placement, ascii: Bool, into grid: inout CellGrid) {
        // Only the rows on screen are drawn, so a frame costs the same for a long message as for a short one.
        for rows in placement.visibleRowRanges {
            let modal = placement.layout.draw(rows: rows, focusIndex: placement.focusIndex)
            for row in rows {
                guard let y = placement.screenRow(ofModalRow: row) else { continue }
                grid.copyRow(row - rows.lowerBound, of: modal, toX: placement.originX, y: y)
            }
        }
        let track = placement.windowHeight
        guard placement.maxScrollOffset > 0, track > 0 else { return }
        // The bar goes right of the modal; on a terminal exactly as wide as the modal it covers the frame.
        let barX = min(placement.originX + placement.layout.size.width, grid.size.width - 1)
        let scrolledRows = track + placement.maxScrollOffset
        // Until a long message is laid out whole its length is not known, so the bar shows no thumb.
        let thumbLength = placement.layout.isComplete ? max(1, track * track / scrolledRows) : 0
        let thumbTop =
            (placement.scrollOffset * (track - thumbLength) + placement.maxScrollOffset / 2)
            / placement.maxScrollOffset
        let barTop = placement.originY + placement.pinnedHeaderRows
        var style = CellStyle()
        style.dim = true
        for y in 0..<track {
            let isThumb = y >= thumbTop && y < thumbTop + thumbLength
            let mark = isThumb ? (ascii ? "#" : "█") : (ascii ? "|" : "│")
            grid[barX, barTop + y] = Cell(grapheme: mark, style: isThumb ? CellStyle() : style)
            grid.repairSeam(x: barX, y: barTop + y)
            grid.repairSeam(x: barX + 1, y: barTop + y)
        }
    }

    /// The source's diagnostics, or why it cannot be read, in the top `available` rows.
    static func drawProblem(
        _ problem: SourceProblem, sourceName: String, rows available: Int, into grid: inout CellGrid
    ) {
        let width = grid.size.width
        guard available > 0 else { return }
        var bold = CellStyle()
        bold.bold = true
        var lines: [String] = []
        switch problem {
        case .unreadable(let message):
            grid.putLine("cannot read \(sourceName)", at: Point(x: 0, y: 0), maxWidth: width, style: bold)
            lines = wrappedLines("\(sourceName): \(message)", width: width)
        case .invalid(let diagnostics):
            let errors = diagnostics.filter { $0.severity == .error }.count
            let heading = "\(sourceName) is invalid (\(plural(max(errors, 1), "error"))):"
            grid.putLine(heading, at: Point(x: 0, y: 0), maxWidth: width, style: bold)
            // Errors first: they are why the preview stopped, and a long list is cut at the bottom.
            let ordered = diagnostics.filter { $0.severity == .error } + diagnostics.filter { $0.severity != .error }
            for diagnostic in ordered {
                lines += wrappedLines(DiagnosticLine.format(diagnostic, sourceName: sourceName), width: width)
            }
        }
        let room = available - 2
        guard room > 0 else { return }
        var shown = lines
        if shown.count > room {
            shown = Array(lines.prefix(room - 1))
            shown.append("… \(lines.count - shown.count) more lines")
        }
        for (i, line) in shown.enumerated() {
            grid.putLine(line, at: Point(x: 0, y: 2 + i), maxWidth: width, style: CellStyle())
        }
    }

    /// The notice shown instead of a modal that cannot fit, centred in the top `rows` rows.
    static func drawTooSmall(need: Size, have: Size, rows: Int, into grid: inout CellGrid) {
        let message =
            "terminal too small (need \(need.width)×\(need.height), have \(have.width)×\(have.height))"
        drawCentred(wrappedLines(message, width: grid.size.width), rows: rows, into: &grid)
    }

    /// Lines centred both ways in the top `rows` rows (the whole grid when nil).
    static func drawCentred(_ lines: [String], rows: Int? = nil, into grid: inout CellGrid) {
        let top = max(0, ((rows ?? grid.size.height) - lines.count) / 2)
        for (i, line) in lines.enumerated() {
            let x = max(0, (grid.size.width - CellWidth.of(line)) / 2)
            grid.putLine(line, at: Point(x: x, y: top + i), maxWidth: grid.size.width - x, style: CellStyle())
        }
    }

    /// Rows a long status message may take from the bottom of the screen.
    static let maxStatusRows = 3

    /// The bottom row in reverse video: the message (else the key hints that fit) on the left, the
    /// indicator on the right. A message too long for the row (an action shown by `--stay`) wraps onto up to
    /// `maxStatusRows` rows, drawn over the rows above, rather than being cut where it says the most.
    /// Returns how many rows it took.
    @discardableResult
    static func drawStatusLine(_ message: String?, hints: KeyHints, indicator: String?, into grid: inout CellGrid)
        -> Int
    {
        let y = grid.size.height - 1
        let width = grid.size.width
        var style = CellStyle()
        style.reverse = true
        var messageRoom = width - 1
        var indicatorWidth = 0
        if let indicator, CellWidth.of(indicator) + 2 <= width {
            indicatorWidth = CellWidth.of(indicator)
            messageRoom = width - indicatorWidth - 3
        }
        let text = message ?? hints.text(room: messageRoom)
        var lines = [text]
        if message != nil, messageRoom > 0, CellWidth.of(text) > messageRoom {
            let wrapped = wrappedLines(text, width: messageRoom)
            let rows = min(wrapped.count, maxStatusRows, max(1, grid.size.height / 3))
            lines = Array(wrapped.prefix(rows - 1)) + [wrapped[(rows - 1)...].joined()]
        }
        let top = y - lines.count + 1
        for (i, line) in lines.enumerated() {
            grid.fill(row: top + i, from: 0, width: width, style: style)
            grid.repairSeam(x: 0, y: top + i)
            grid.putLine(line, at: Point(x: 1, y: top + i), maxWidth: messageRoom, style: style)
        }
        if indicatorWidth > 0, let indicator {
            grid.put(indicator, at: Point(x: width - 1 - indicatorWidth, y: y), style: style)
        }
        return lines.count
    }
}
