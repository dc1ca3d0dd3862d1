import ModalModel
import Renderers
import Screen
import ScreenLayout
import TestSupport
import Testing
import TextLayout

/// A terminal that runs the ANSI output: escape sequences (SGR, OSC 8, the cursor's save and restore, and
/// the moves right and to a column) and text, advancing by its own idea of each character's width. It records
/// what lands in each cell and whether anything was written past the last column (where a real terminal
/// would wrap). It is `indent` cells wider than the output, for output that a pipe indented.
struct ModelTerminal {
    enum Kind: CaseIterable {
        /// Advances by each code point's own width, as ncurses and older terminals do (`wcwidth`).
        case perCodePoint
        /// Advances by each grapheme cluster's width, as layout does.
        case graphemeAware
    }

    let kind: Kind
    let width: Int
    let indent: Int
    private(set) var rows: [[Unicode.Scalar?]] = [[]]
    private(set) var writtenPastEdge: [String] = []
    private var column = 0
    private var savedColumn = 0

    init(kind: Kind, width: Int, indent: Int = 0) {
        self.kind = kind
        self.width = width + indent
        self.indent = indent
        rows = [Array(repeating: nil, count: width + indent)]
    }

    mutating func run(_ output: String) {
        var scalars = Array(output.unicodeScalars)[...]
        var text = String.UnicodeScalarView()
        func flush() {
            if !text.isEmpty { write(String(text)) }
            text = String.UnicodeScalarView()
        }
        while let scalar = scalars.popFirst() {
            if scalar == "\u{1B}" {
                flush()
                guard let kind = scalars.popFirst() else { return }
                if kind == "7" {
                    savedColumn = column
                } else if kind == "8" {
                    column = savedColumn
                } else if kind == "[" {
                    var parameters = ""
                    while let next = scalars.popFirst() {
                        if next == "m" { break }
                        if next == "G" {
                            column = (Int(parameters) ?? 1) - 1
                            break
                        }
                        if next == "C" {
                            column = min(width - 1, column + (Int(parameters) ?? 1))
                            break
                        }
                        parameters.unicodeScalars.append(next)
                    }
                } else if kind == "]" {
                    // OSC ... ESC \
                    while let next = scalars.popFirst() {
                        if next == "\u{1B}" {
                            _ = scalars.popFirst()
                            break
                        }
                    }
                }
            } else if scalar == "\n" {
                flush()
                rows.append(Array(repeating: nil, count: width))
                column = 0
            } else {
                text.append(scalar)
            }
        }
        flush()
    }

    private mutating func write(_ text: String) {
        switch kind {
        case .perCodePoint:
            for scalar in text.unicodeScalars {
                let cells = max(0, CellWidth.of(scalar: scalar))
                if cells > 0 { place(scalar, cells: cells, what: String(scalar)) }
            }
        case .graphemeAware:
            for cluster in text {
                let cells = CellWidth.of(cluster)
                if cells > 0 { place(cluster.unicodeScalars.first!, cells: cells, what: String(cluster)) }
            }
        }
    }

    private mutating func place(_ scalar: Unicode.Scalar, cells: Int, what: String) {
        if column + cells > width {
            writtenPastEdge.append("row \(rows.count - 1) column \(column): \(what.unicodeScalars.map(\.value))")
        }
        for offset in 0..<cells where column + offset < width {
            rows[rows.count - 1][column + offset] = offset == 0 ? scalar : " "
        }
        column += cells
    }
}

/// The ANSI output through both model terminals, over every sample and thousands of generated modals:
/// the frame stays intact and nothing is written past it, in both cluster modes.
@Suite struct TerminalModelTests {
    static let sampleNames = [
        "app-command", "centered-alert", "cjk-promotion", "combining-marks", "emoji-greeting", "error", "link",
        "onboarding", "rtl-notice", "terms-of-service", "welcome", "hostile/terminal-escapes",
    ]

    /// Clusters that terminals disagree on, mixed with ordinary text.
    static let pieces = [
        "Hello", " ", "world", "漢字", "café", "e\u{301}", "👍🏽", "👨\u{200D}👩\u{200D}👧\u{200D}👦", "👩\u{200D}💻",
        "🏳\u{FE0F}\u{200D}⚧\u{FE0F}", "👁\u{FE0F}\u{200D}🗨\u{FE0F}",
        "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}",
        "🇯🇵", "🇫🇷", "⚠\u{FE0F}", "❤\u{FE0F}", "1\u{FE0F}\u{20E3}", "🎁", "🧑🏿\u{200D}🤝\u{200D}🧑🏻", "\n", "ｶﾀｶﾅ",
        "مرحبا", "ok", "\u{1F3FB}", "\u{200D}", "\u{FE0F}", "—", "\t",
    ]

    static func generatedModal(_ generator: inout SeededGenerator) -> Modal {
        var message = ""
        for _ in 0..<Int.random(in: 1...30, using: &generator) {
            message += pieces.randomElement(using: &generator)!
        }
        let length = message.utf16.count
        var styles: [ModalStyle] = []
        for _ in 0..<Int.random(in: 0...3, using: &generator) {
            let from = Int.random(in: 0...length, using: &generator)
            styles.append(
                ModalStyle(
                    range: UTF16Range(
                        utf16Offset: from, utf16Length: Int.random(in: 0...(length - from), using: &generator)),
                    fontStyle: .bold, color: ModalColor(red: 200, green: 30, blue: 30),
                    link: Bool.random(using: &generator) ? .openURL("https://example.com") : nil))
        }
        let buttons = (0..<Int.random(in: 0...2, using: &generator)).map { _ in
            ModalButton(label: pieces.randomElement(using: &generator)! + "OK", action: .close)
        }
        return Modal(message: message, styles: styles, buttons: buttons)
    }

    static func check(_ grid: CellGrid, _ context: String) {
        for clusters in ClusterMode.allCases {
            let output = ANSIRenderer.render(grid, colorDepth: .trueColor, hyperlinks: true, clusters: clusters)
            // Indented as `sed 's/^/    /'` would: the output must move the cursor only relative to the row.
            let indented = output.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
            for kind in ModelTerminal.Kind.allCases {
                for (indent, text) in [(0, output), (4, indented)] {
                    var terminal = ModelTerminal(kind: kind, width: grid.size.width, indent: indent)
                    terminal.run(text)
                    let where_ = "\(context), \(clusters), \(kind), indent \(indent)"
                    expect(terminal.writtenPastEdge.isEmpty, "\(where_): \(terminal.writtenPastEdge.prefix(3))")
                    guard terminal.rows.count == grid.size.height + 1 else {
                        Issue.record("\(where_): \(terminal.rows.count - 1) rows for \(grid.size.height)")
                        continue
                    }
                    let last = grid.size.width - 1
                    for y in 0..<grid.size.height {
                        let columns = y == 0 || y == grid.size.height - 1 ? Array(0...last) : [0, last]
                        for x in columns {
                            let expected = grid.row(y)[grid.row(y).startIndex + x].grapheme.unicodeScalars.first
                            if terminal.rows[y][indent + x] != expected {
                                let found = String(describing: terminal.rows[y][indent + x])
                                Issue.record("\(where_): frame cell (\(x), \(y)) is \(found)")
                                return
                            }
                        }
                    }
                }
            }
        }
    }

    @Test(arguments: [20, 44, 80])
    func everySampleKeepsItsFrame(width: Int) throws {
        for name in Self.sampleNames {
            let bytes = try #require(readFileBytes(repositoryRoot + "/samples/" + name + ".json"))
            let document = try #require(ModalDecoder.decode(bytes).document)
            for modal in document.modals {
                Self.check(
                    ModalView(modal: modal, options: ModalViewOptions(width: ModalWidth(clamping: width))).render()
                        .grid, name)
            }
        }
    }

    @Test(.tags(.slow), arguments: [20, 44, 80])
    func generatedModalsKeepTheirFrame(width: Int) {
        var generator = SeededGenerator(seed: 20_261_130)
        for index in 0..<TestScale.rounds(2_000, quick: 10) {
            let modal = Self.generatedModal(&generator)
            Self.check(
                ModalView(modal: modal, options: ModalViewOptions(width: ModalWidth(clamping: width))).render().grid,
                "modal \(index)")
        }
    }
}
