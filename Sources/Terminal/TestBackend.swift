import Screen

#if canImport(Glibc)
    import Glibc
#endif

/// A terminal in memory: it keeps the screen as the cells it was sent left it, and plays a script of
/// input, so a whole interactive run (the preview, the bridge) is tested in process, as text on a grid.
///
/// The screen is built only from the cells each draw paints, over what was there, as a terminal's is: a
/// change the session failed to send shows as a wrong screen.
package final class TestBackend: TerminalBackend {
    /// One step of the input script.
    package enum Step {
        /// These inputs arrive together, in one read; a `resize` among them changes `size` as it arrives, and
        /// the screen keeps only the cells that fit the new size, as a terminal that cuts its rows does.
        case inputs([TerminalInput])
        /// Another program writes `text` on the screen at `point`, behind the session's back.
        case scribble(String, at: Point)
        /// Runs `action` between reads (to edit a watched file, or change what a server answers).
        case run(_ action: () -> Void)
        /// Waits until the screen shows `text`, answering reads with nothing (so the host's tick runs),
        /// for at most `timeoutMilliseconds`; a wait that times out is recorded in `missedWaits`.
        case waitForScreen(containing: String, timeoutMilliseconds: Int = 15_000)
        /// Answers reads with nothing for `milliseconds`, so that the host's ticks run (a bridge reads its
        /// commands there).
        case idle(milliseconds: Int)
    }

    package private(set) var size: Size
    package let colorDepth: ColorDepth
    /// The screen as the draws left it; blank before the first.
    package private(set) var screen: CellGrid
    /// How many frames were drawn, and how many cells were painted in all.
    package private(set) var drawCount = 0
    package private(set) var paintedCellCount = 0
    /// Whether the session restored the terminal.
    package private(set) var isRestored = false
    /// The texts of `waitForScreen` steps that timed out.
    package private(set) var missedWaits: [String] = []
    /// Whether a read found the script used up; the backend then reports a hang-up, so a run that
    /// does not end by itself still ends.
    package private(set) var ranOutOfScript = false

    private var script: [Step]
    private var stepDeadlineMilliseconds: Int?

    /// A terminal of `size` cells drawing with `colorDepth`, whose input is `script`.
    package init(size: Size, colorDepth: ColorDepth = .trueColor, script: [Step]) {
        self.size = size
        self.colorDepth = colorDepth
        screen = CellGrid(size: size)
        self.script = script.reversed()
    }

    /// The screen's rows as text.
    package var lines: [String] { screen.lines }

    /// Whether `text` is on one of the screen's rows.
    package func shows(_ text: String) -> Bool { screen.lines.contains { $0.contains(text) } }

    /// The 0-based cell where `text` first starts on the screen.
    package func locate(_ text: String) -> Point? {
        for y in 0..<screen.size.height {
            let row = screen.row(y)
            for x in row.indices where !row[x].isContinuation {
                var cluster = x
                var rest = Substring(text)
                while !rest.isEmpty, cluster < row.endIndex, rest.hasPrefix(row[cluster].grapheme) {
                    rest = rest.dropFirst(row[cluster].grapheme.count)
                    cluster += 1
                    while cluster < row.endIndex, row[cluster].isContinuation { cluster += 1 }
                }
                if rest.isEmpty { return Point(x: x - row.startIndex, y: y) }
            }
        }
        return nil
    }

    package func draw(_ grid: CellGrid, over previous: CellGrid?) {
        drawCount += 1
        if previous == nil || screen.size != grid.size { screen = CellGrid(size: grid.size) }
        paintedCellCount += GridDiff.forEachChange(from: previous, to: grid) { x, y in
            screen[x, y] = grid[x, y]
            var covered = x + 1
            while covered < grid.size.width, grid[covered, y].isContinuation {
                screen[covered, y] = grid[covered, y]
                covered += 1
            }
        }
    }

    package func readInputs(timeoutMilliseconds: Int) -> [TerminalInput] {
        while let step = script.last {
            switch step {
            case .inputs(let inputs):
                finishStep()
                for case .resize(let newSize) in inputs {
                    size = newSize
                    var kept = CellGrid(size: newSize)
                    for y in 0..<min(screen.size.height, newSize.height) { kept.copyRow(y, of: screen, toX: 0, y: y) }
                    screen = kept
                }
                return inputs
            case .scribble(let text, let point):
                finishStep()
                _ = screen.putLine(text, at: point, maxWidth: screen.size.width - point.x, style: CellStyle())
            case .run(let action):
                finishStep()
                action()
            case .idle(let milliseconds):
                if stepHasLasted(milliseconds) {
                    finishStep()
                    continue
                }
                nap(timeoutMilliseconds)
                return []
            case .waitForScreen(let text, let timeout):
                if shows(text) {
                    finishStep()
                    continue
                }
                if stepHasLasted(timeout) {
                    missedWaits.append(text)
                    finishStep()
                    continue
                }
                nap(timeoutMilliseconds)
                return []
            }
        }
        ranOutOfScript = true
        return [.signal(SIGHUP)]
    }

    package func restore() { isRestored = true }

    /// The bytes the session gave back to the terminal's input.
    package private(set) var givenBack: [UInt8] = []

    package func giveBack(_ bytes: [UInt8]) -> Bool {
        givenBack += bytes
        return true
    }

    private func finishStep() {
        script.removeLast()
        stepDeadlineMilliseconds = nil
    }

    /// Whether `milliseconds` have passed since the current step was first read.
    private func stepHasLasted(_ milliseconds: Int) -> Bool {
        let now = TerminalLoop.monotonicMilliseconds()
        let deadline = stepDeadlineMilliseconds ?? now + milliseconds
        stepDeadlineMilliseconds = deadline
        return now >= deadline
    }

    /// Short naps: the loop draws between reads, and its tick comes round on its own clock.
    private func nap(_ timeoutMilliseconds: Int) {
        usleep(useconds_t(max(0, min(timeoutMilliseconds, 10)) * 1000))
    }
}
