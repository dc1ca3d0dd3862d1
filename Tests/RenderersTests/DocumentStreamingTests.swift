import ModalModel
import Renderers
import Screen
import ScreenLayout
import TestSupport
import Testing
import TextLayout

/// The shapes of the inputs that used to exhaust memory, scaled down: many hard line breaks, and a long
/// message of mixed scripts with styles, links, wide and combining characters.
enum StreamingShapes {
    static func lineFeeds(_ count: Int) -> Modal {
        Modal(message: String(repeating: "\n", count: count), buttons: [ModalButton(label: "OK", action: .close)])
    }

    static let mixedScriptPiece =
        "Plain words, café, naïve. 日本語のテキスト、한국어 문장. Ελληνικά, русский, עברית, العربية. "
        + "Emoji 👩‍👩‍👧 🇯🇵 ✌🏽 e\u{301} and a tab\tand more.\n"

    /// The message `count` pieces long; without tabs, its height has a bound (`LineCountBound`), so plain and
    /// ANSI output wrap it once, as they write it.
    static func mixedScripts(repeating count: Int, withTabs: Bool = true) -> Modal {
        let piece = withTabs ? mixedScriptPiece : mixedScriptPiece.replacing("\t", with: " ")
        let message = String(repeating: piece, count: count)
        let length = message.utf16.count
        return Modal(
            message: message,
            styles: [
                ModalStyle(range: UTF16Range(utf16Offset: 0, utf16Length: 11), fontStyle: .bold, fontSize: 24),
                ModalStyle(
                    range: UTF16Range(utf16Offset: length / 3, utf16Length: 400),
                    color: ModalColor(red: 0xFF, green: 0x88, blue: 0),
                    backgroundColor: ModalColor(red: 0, green: 0, blue: 0x80)),
                ModalStyle(
                    range: UTF16Range(utf16Offset: length / 2, utf16Length: 300), link: .openURL("https://example.com")),
                ModalStyle(range: UTF16Range(utf16Offset: length - 200, utf16Length: 150), fontStyle: .underline),
            ],
            buttons: [
                ModalButton(
                    label: "Go", action: .close, backgroundColor: ModalColor(red: 0x22, green: 0x66, blue: 0xCC)),
                ModalButton(label: "Later", action: .close),
            ])
    }
}

@Suite struct DocumentStreamingTests {
    /// Two modals, each taller than one band, so that band seams and the gap between modals both occur. The
    /// first is long enough to be written by a layout that wraps again instead of keeping its lines.
    static let document = ModalDocument(modals: [
        StreamingShapes.mixedScripts(repeating: 400), StreamingShapes.lineFeeds(700),
    ])
    /// The same without tabs: plain and ANSI output then lay each modal out while drawing it.
    static let documentWithoutTabs = ModalDocument(modals: [
        StreamingShapes.mixedScripts(repeating: 400, withTabs: false), StreamingShapes.lineFeeds(700),
    ])

    @Test func theLongModalIsWrittenWithoutKeepingItsLines() {
        expect(Self.document.modals[0].message.utf8.count > WrappedText.Sizes().wholeUTF8Count)
    }

    static func layouts(width: Int, of document: ModalDocument = document) -> [ModalLayout] {
        document.modals.enumerated().map { index, modal in
            ModalLayout(
                modal: modal, options: ModalViewOptions(width: ModalWidth(clamping: width), pageLabel: "\(index + 1)/2")
            )
        }
    }

    /// A layout of `modal` around the lines of wrapping it whole, whatever the message's length.
    static func keptLayout(_ modal: Modal, _ options: ModalViewOptions) -> ModalLayout {
        let text = StyledText(modal: modal)
        return ModalLayout(
            modal: modal, options: options,
            bodyLines: text.wrap(options: WrapOptions(modal: modal, width: options.width.bodyCellWidth)),
            bodyFontSize: FontEmphasis.bodyFontSize(of: text))
    }

    /// A layout of `modal` that keeps a checkpoint a piece of at least `pieceUTF8Count` bytes, read anywhere.
    static func checkpointedLayout(_ modal: Modal, _ options: ModalViewOptions, pieceUTF8Count: Int) -> ModalLayout {
        let text = StyledText(modal: modal)
        var sizes = WrappedText.Sizes()
        sizes.anywherePieceUTF8Count = pieceUTF8Count
        let body = WrappedText(
            text, options: WrapOptions(modal: modal, width: options.width.bodyCellWidth), sizes: sizes)
        expect(!body.checkpoints.isEmpty)
        return ModalLayout(
            modal: modal, options: options, body: body, bodyFontSize: FontEmphasis.bodyFontSize(of: text))
    }

    /// The widths of the heavy comparisons: all three at full scale, 44 otherwise. At 44 the long modal is still
    /// over two thousand rows, with piece and band seams all through it; at 12 it is four times as many, which
    /// the full run keeps.
    static let comparedWidths = TestScale.prefix([44, 12, 80], quick: 1)

    /// The directions of the rewrapping comparison: right to left, whose lines are reordered, first.
    static let comparedDirections = TestScale.prefix([TextDirection.rightToLeft, .auto], quick: 1)

    /// Whether the bands' document has tabs: with tabs first, where no height bound is known in advance.
    static let tabbedOrNot = TestScale.prefix([true, false], quick: 1)

    @Test(.tags(.slow), arguments: comparedWidths, comparedDirections)
    func aLayoutThatWrapsAgainMatchesOneThatKeepsItsLines(width: Int, direction: TextDirection) {
        var modal = StreamingShapes.mixedScripts(repeating: 400)
        modal.direction = direction
        let options = ModalViewOptions(width: ModalWidth(clamping: width), pageLabel: "1/1")
        let kept = Self.keptLayout(modal, options)
        func ansi(_ grid: CellGrid) -> String { ANSIRenderer.render(grid, colorDepth: .trueColor, hyperlinks: true) }
        // What the kept layout draws, once: each layout that wraps again is compared with the same bytes.
        let keptRows = ansi(kept.draw(rows: 500..<530, focusIndex: 0))
        let keptBands = stride(from: 0, to: kept.size.height, by: 97).map { firstRow in
            ansi(kept.draw(rows: firstRow..<min(kept.size.height, firstRow + 97)))
        }
        // The preview's layout and one with small pieces first; reading in order only at full scale.
        let layouts: [() -> ModalLayout] = [
            { ModalLayout(modal: modal, options: options) },
            { Self.checkpointedLayout(modal, options, pieceUTF8Count: 1000) },
            { ModalLayout(modal: modal, options: options, reading: .inOrder) },
        ]
        for makeLayout in TestScale.prefix(layouts, quick: 2) {
            let rewrapped = makeLayout()
            expectEqual(rewrapped.size, kept.size)
            expectEqual(rewrapped.bodyLineCount, kept.bodyLineCount)
            expectEqual(rewrapped.direction, kept.direction)
            expectEqual(rewrapped.focusables, kept.focusables)
            expect(rewrapped.linkCount == kept.linkCount && kept.linkCount == 1)
            // Runs of lines anywhere, as the preview asks for them: across piece starts, at the ends, past the end.
            var generator = SeededGenerator(seed: UInt64(width))
            for _ in 0..<TestScale.rounds(80, quick: 20) {
                let first = Int.random(in: 0..<kept.bodyLineCount + 5, using: &generator)
                let range = first..<first + Int.random(in: 0...60, using: &generator)
                expectEqual(rewrapped.bodyLines(in: range), kept.bodyLines(in: range), "lines \(range)")
            }
            expectEqual(ansi(rewrapped.draw(rows: 500..<530, focusIndex: 0)), keptRows)
            var bands: [(CellGrid, Int)] = []
            rewrapped.forEachBand(rowCount: 97) { bands.append(($0, $1)) }
            expectEqual(bands.map(\.1), Array(stride(from: 0, to: kept.size.height, by: 97)))
            for ((grid, firstRow), expected) in zip(bands, keptBands) {
                expectEqual(ansi(grid), expected, "band at row \(firstRow)")
            }
        }
    }

    @Test func aLineLimitHoldsWhenLinesAreMadeAgainFromAnyPiece() {
        var modal = StreamingShapes.mixedScripts(repeating: 400)
        modal.maxLines = 150
        let options = ModalViewOptions(width: 30)
        let kept = Self.keptLayout(modal, options)
        let rewrapped = Self.checkpointedLayout(modal, options, pieceUTF8Count: 500)
        expectEqual(kept.bodyLineCount, 150)
        expectEqual(rewrapped.bodyLineCount, 150)
        for first in stride(from: 0, to: 160, by: 7) {
            expectEqual(rewrapped.bodyLines(in: first..<first + 9), kept.bodyLines(in: first..<first + 9))
        }
        expectEqual(rewrapped.bodyLines(in: 149..<150).first?.text.hasSuffix("…"), true)
    }

    @Test func thePreviewsLayoutOfALongMessageWithLongParagraphsKeepsItsLines() {
        // One paragraph of 100 KB: drawing a few rows would mean wrapping all of it again.
        let modal = Modal(message: String(repeating: "word ", count: 20_000))
        let layout = ModalLayout(modal: modal, options: ModalViewOptions(width: 40))
        let text = StyledText(modal: modal)
        expect(WrappedText(text, options: WrapOptions(modal: modal, width: 36)).checkpoints.isEmpty)
        expectEqual(
            layout.bodyLines(in: 0..<2).map(\.text),
            Self.keptLayout(modal, ModalViewOptions(width: 40)).bodyLines(in: 0..<2).map(\.text))
    }

    /// The formats whose bands are compared: every one that draws cells at full scale; otherwise ANSI (the
    /// text band path with escape sequences), SVG and the JSON layout, each written by a different path.
    static let bandFormats = TestScale.prefix(allBandFormats, quick: 3)
    static let allBandFormats: [DocumentFormat] = [.ansi, .svg, .json, .plain, .ansiColors]

    @Test(.tags(.slow), arguments: comparedWidths, tabbedOrNot)
    func bandsGiveTheSameBytesAsTheWholeGrid(width: Int, withTabs: Bool) throws {
        expectEqual(Set(Self.allBandFormats), Set(DocumentFormat.allCases.filter(\.drawsCells)))
        let document = withTabs ? Self.document : Self.documentWithoutTabs
        let layouts = Self.layouts(width: width, of: document)
        expect(layouts.allSatisfy { $0.size.height > DocumentRenderer.bandRowCount })
        let bounds = document.modals.map { ModalLayout.heightUpperBound(of: $0, options: ModalViewOptions(width: 44)) }
        expectEqual(bounds.contains(nil), withTabs)
        let grids = layouts.map { $0.draw() }
        func whole(_ format: DocumentFormat) -> String {
            switch format {
            case .plain: grids.map(PlainRenderer.render).joined(separator: "\n")
            case .ansi:
                grids.map { ANSIRenderer.render($0, colorDepth: .trueColor, hyperlinks: true) }
                    .joined(separator: "\n")
            case .ansiColors:
                grids.map { ANSIRenderer.render($0, colorDepth: .trueColor, hyperlinks: true, movesCursor: false) }
                    .joined(separator: "\n")
            case .svg: SVGRenderer.render(CellGrid.stacked(grids, gap: 1))
            case .json: JSONLayoutRenderer.render(layouts.enumerated().map { (index: $0, layout: $1) })
            case .html: ""
            }
        }
        for format in Self.bandFormats {
            let whole = whole(format)
            let options = DocumentRenderOptions(
                format: format, width: width, colorDepth: .trueColor, hyperlinks: true)
            var pieces: [String] = []
            try DocumentRenderer.render(document, options: options, limits: .unlimited) { pieces.append($0) }
            expectEqual(pieces.joined(), whole, "\(format) at width \(width)")
            expectEqual(DocumentRenderer.render(document, options: options), whole)
            // Written as it is drawn: a piece a band (the JSON layout a piece a 64 KiB), none near the whole.
            guard format != .json else { continue }
            expect(pieces.count > 2, "\(format) at width \(width)")
            let largest = pieces.map(\.utf8.count).max() ?? 0
            expect(largest < whole.utf8.count / 2, "\(format) at width \(width)")
        }
    }

    @Test func jsonLayoutIsWrittenInPiecesOfAboutTheChunkSize() {
        let layouts = Self.layouts(width: 40).enumerated().map { (index: $0, layout: $1) }
        var pieces: [String] = []
        JSONLayoutRenderer.render(layouts, chunkByteCount: 4096) { pieces.append($0) }
        expectEqual(pieces.joined(), JSONLayoutRenderer.render(layouts))
        expect(pieces.count > 10)
        // A piece ends after the line that took it past the chunk size; no line here is near 4 KiB.
        expect(pieces.allSatisfy { $0.utf8.count < 2 * 4096 })
    }

    @Test func svgHeightComesFromTheLayout() throws {
        var pieces: [String] = []
        try DocumentRenderer.render(
            Self.document, options: DocumentRenderOptions(format: .svg, width: 30), limits: .unlimited
        ) { pieces.append($0) }
        let rows = Self.layouts(width: 30).map(\.size.height).reduce(0, +) + 1
        let height = rows * 20  // the default cell height in pixels
        expectEqual(pieces.first?.contains("height=\"\(height)\""), true)
        expectEqual(pieces.last, "</svg>\n")
    }

    @Test(arguments: DocumentFormat.allCases.filter(\.drawsCells))
    func manyLineFeedsAreRefusedBeforeLayout(format: DocumentFormat) {
        let document = ModalDocument(modals: [StreamingShapes.lineFeeds(20_000)])
        let options = DocumentRenderOptions(format: format, width: 1000)
        var written = 0
        let limits = RenderLimits(maximumCells: 1_000_000, maximumSVGCells: 1_000_000)
        #expect(throws: RenderRefusal.self) {
            try DocumentRenderer.render(document, options: options, limits: limits) { written += $0.utf8.count }
        }
        expectEqual(written, 0)
        do {
            try DocumentRenderer.render(document, options: options, limits: limits) { _ in }
        } catch {
            expectEqual(error.limit, .cells)
            expectEqual(error.maximum, 1_000_000)
            expect(error.isLowerBound)
            expectEqual(error.width, 1000)
            expect(error.rowCount >= 20_000)
            expect(error.message.contains("1000000 cells"))
            expect(error.message.contains("--max-cells"))
        }
    }

    @Test func longWrappedTextIsRefusedWithItsExactSize() {
        // No line feeds: only the layout knows how tall the message is.
        let modal = Modal(message: String(repeating: "word ", count: 20_000))
        let document = ModalDocument(modals: [modal])
        let height = ModalLayout(modal: modal, options: ModalViewOptions(width: 20)).size.height
        let limits = RenderLimits(maximumCells: height * 20 - 1)
        do {
            try DocumentRenderer.render(
                document, options: DocumentRenderOptions(format: .plain, width: 20), limits: limits
            ) { _ in Issue.record("output written before the refusal") }
            Issue.record("not refused")
        } catch {
            expectEqual(error.cellCount, height * 20)
            expectEqual(error.rowCount, height)
            expect(!error.isLowerBound)
        }
        var lines = 0
        #expect(throws: Never.self) {
            try DocumentRenderer.render(
                document, options: DocumentRenderOptions(format: .plain, width: 20),
                limits: RenderLimits(maximumCells: height * 20)
            ) { lines += $0.utf8.count(where: { $0 == 0x0A }) }
        }
        expectEqual(lines, height)
    }

    @Test func tallOutputIsRefusedByItsRows() {
        let document = ModalDocument(modals: [StreamingShapes.lineFeeds(5_000), StreamingShapes.lineFeeds(5_000)])
        let limits = RenderLimits(maximumRows: 10_000)
        do {
            try DocumentRenderer.render(
                document, options: DocumentRenderOptions(format: .json, width: 10), limits: limits
            ) { _ in Issue.record("output written before the refusal") }
            Issue.record("not refused")
        } catch {
            expectEqual(error.limit, .rows)
            expect(error.rowCount >= 10_000)
            expect(error.message.contains("10000 rows"))
            expect(error.message.contains("--max-rows"))
        }
        #expect(throws: Never.self) {
            try DocumentRenderer.render(
                document, options: DocumentRenderOptions(format: .json, width: 10, modalIndex: 1), limits: limits
            ) { _ in }
        }
    }

    @Test func svgHasItsOwnLimit() throws {
        let document = ModalDocument(modals: [StreamingShapes.lineFeeds(100)])
        let limits = RenderLimits(maximumCells: 10_000, maximumSVGCells: 1_000)
        try DocumentRenderer.render(document, options: DocumentRenderOptions(format: .plain, width: 20), limits: limits)
        {
            _ in
        }
        #expect(throws: RenderRefusal.self) {
            try DocumentRenderer.render(
                document, options: DocumentRenderOptions(format: .svg, width: 20), limits: limits
            ) { _ in }
        }
    }

    @Test func theWidestModalOfManyLineFeedsDrawsEveryRow() throws {
        let count = 3_000
        var out = ""
        try DocumentRenderer.render(
            ModalDocument(modals: [StreamingShapes.lineFeeds(count)]),
            options: DocumentRenderOptions(format: .plain, width: ModalWidth.maximum), limits: RenderLimits()
        ) { out += $0 }
        let rows = out.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let expectedRows = ModalLayout(
            modal: StreamingShapes.lineFeeds(count),
            options: ModalViewOptions(width: ModalWidth(clamping: ModalWidth.maximum))
        ).size.height
        expectEqual(rows.count, expectedRows)
        expectEqual(rows.first?.count, ModalWidth.maximum)
        expectEqual(
            rows.dropFirst().first.map { $0.first == "│" && $0.last == "│" && $0.count == ModalWidth.maximum }, true)
    }
}

/// The command line takes plain and ANSI bands as bytes; together with the text it is handed, they must be
/// the document `render` gives as one string, for every format, with several modals and a long message.
@Suite struct DocumentBytesOutputTests {
    @Test(arguments: DocumentFormat.allCases)
    func bytesAndTextTogetherAreTheRenderedDocument(format: DocumentFormat) throws {
        let document = ModalDocument(modals: [
            StreamingShapes.mixedScripts(repeating: 300), StreamingShapes.lineFeeds(40),
            Modal(message: "Last one", buttons: [ModalButton(label: "OK", action: .close)]),
        ])
        let options = DocumentRenderOptions(format: format, width: 44, colorDepth: .trueColor, hyperlinks: true)
        var written: [UInt8] = []
        var byteWrites = 0
        try DocumentRenderer.render(
            document, options: options, limits: RenderLimits(), output: { written.append(contentsOf: $0.utf8) },
            outputUTF8: { bytes in
                written.append(contentsOf: bytes)
                byteWrites += 1
            })
        expectEqual(String(decoding: written, as: UTF8.self), DocumentRenderer.render(document, options: options))
        expectEqual((byteWrites > 0), format.isText)
    }
}
