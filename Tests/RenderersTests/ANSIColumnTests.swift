import ModalModel
import Renderers
import Screen
import ScreenLayout
import TestSupport
import Testing
import TextLayout

/// Regression tests for rows that slid in a real terminal after emoji.
///
/// Bug: in tmux 3.3a the right frame of `samples/emoji-greeting.json` ended up one to three cells off on
/// the rows holding 1️⃣, ⚠️, 👩‍💻 and the like, because a terminal advances by its own width of each code point
/// (one cell for ⚠ before VS16, four for the two pictographs of 👩‍💻), not by the layout's two.
@Suite struct ANSIColumnTests {
    @Test func emojiSequencesAreFollowedByTheLayoutColumn() {
        // ⚠️ is two cells in layout: written from a saved cursor, which is restored and moved right by two.
        expectEqual(
            ANSIRenderer.render(CellGrid(lines: ["⚠\u{FE0F}ab"]), colorDepth: .none),
            "\u{1B}7⚠\u{FE0F}\u{1B}8\u{1B}[2Cab\u{1B}[0m\n")
        expectEqual(
            ANSIRenderer.render(CellGrid(lines: ["x👩\u{200D}💻|  "]), colorDepth: .none),
            "x\u{1B}7👩\u{200D}💻\u{1B}8\u{1B}[2C|  \u{1B}[0m\n")
        // A wide emoji newer than Unicode 9.0 (🥰 is 11.0), which terminals with older tables count as one cell.
        expectEqual(
            ANSIRenderer.render(CellGrid(lines: ["🥰|"]), colorDepth: .none), "\u{1B}7🥰\u{1B}8\u{1B}[2C|\u{1B}[0m\n")
    }

    /// Bug: every emoji, even one code point such as 🎁, was written between `ESC 7` and `ESC 8 ESC[2C`;
    /// `less -R` shows those as text, so the emoji vanished and the row shifted. Every table since
    /// Unicode 9.0 gives 🎁, ⌚ and ⭐ two cells: they are written as they are.
    @Test func singleCodePointsEveryTableAgreesOnAreNotRepositioned() {
        expectEqual(ANSIRenderer.render(CellGrid(lines: ["🎁|⌚|⭐|"]), colorDepth: .none), "🎁|⌚|⭐|\u{1B}[0m\n")
    }

    /// Where tables disagree on a single code point's width, the column is fixed after it: an emoji assigned
    /// after Unicode 9.0, a code point reserved for emoji, and a trigram Unicode 16 widened.
    @Test func singleCodePointsWhoseWidthChangedBetweenVersionsAreRepositioned() {
        for (cluster, cells) in [("🫠", 2), ("\u{1FAFF}", 2), ("\u{2630}", 1)] {
            let out = ANSIRenderer.render(CellGrid(lines: [cluster + "|"]), colorDepth: .none)
            expectEqual(
                out, "\u{1B}7" + cluster + "\u{1B}8\u{1B}[\(cells)C|\u{1B}[0m\n", "\(out.unicodeScalars.map(\.value))"
            )
        }
    }

    /// Bug: after an emoji the output moved the cursor to an absolute column (CHA), so indented by a pipe
    /// (`render --format ansi | sed 's/^/    /'`) the rest of the row jumped back over the indent and the
    /// left frame and text were overwritten. No move may name a column.
    @Test func movesAreRelativeSoIndentedOutputKeepsItsRows() {
        let grid = CellGrid(lines: ["│🎁 a 👍🏽 b 🇯🇵│"])
        let out = ANSIRenderer.render(grid, colorDepth: .none)
        expect(!out.contains { $0 == "G" }, "\(out.unicodeScalars.map(\.value))")
        let indented = "    " + out
        for terminal in [sumOfScalars, graphemeWidths] {
            expectEqual(lastBorderColumns(of: indented, width: terminal), [4 + grid.size.width - 1])
        }
    }

    @Test func clustersEveryTerminalAgreesOnAreNotRepositioned() {
        // CJK, decomposed accents, Arabic, Cyrillic and box drawing: nothing but the closing reset.
        let out = ANSIRenderer.render(CellGrid(lines: ["漢e\u{301}مЖ─│ｶ"]), colorDepth: .none)
        expectEqual(out, "漢e\u{301}مЖ─│ｶ\u{1B}[0m\n")
    }

    @Test func noMoveAfterTheLastCluster() {
        expectEqual(ANSIRenderer.render(CellGrid(lines: ["a漢"]), colorDepth: .none), "a漢\u{1B}[0m\n")
        expectEqual(ANSIRenderer.render(CellGrid(lines: ["a🎁"]), colorDepth: .none), "a🎁\u{1B}[0m\n")
    }

    /// Drawn per code point, 👍🏽 takes four cells, which would run past a row of three and wrap: even in
    /// `whole` mode only what fits is written there (the hand, without its skin tone).
    @Test func clusterThatWouldRunPastTheRowFallsBack() {
        expectEqual(ANSIRenderer.render(CellGrid(lines: ["a👍🏽"]), colorDepth: .none), "a👍\u{1B}[0m\n")
        expectEqual(
            ANSIRenderer.render(CellGrid(lines: ["a👍🏽  "]), colorDepth: .none), "a\u{1B}7👍🏽\u{1B}8\u{1B}[2C  \u{1B}[0m\n")
    }

    /// Every cluster that is not plain text gets a column fix, even where its code points' widths happen
    /// to add up to the layout's (🏳️‍⚧️, 👁️‍🗨️, the England flag's tag sequence).
    @Test func sequencesWhoseWidthsAddUpAreRepositionedToo() {
        for cluster in [
            "🏳\u{FE0F}\u{200D}⚧\u{FE0F}", "👁\u{FE0F}\u{200D}🗨\u{FE0F}",
            "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}", "🇯🇵",
        ] {
            let out = ANSIRenderer.render(CellGrid(lines: [cluster + "|     "]), colorDepth: .none)
            expect(out.hasPrefix("\u{1B}7" + cluster + "\u{1B}8\u{1B}[2C|"), "\(out.unicodeScalars.map(\.value))")
        }
    }

    /// With the fallback, a ZWJ sequence is written as its first emoji and a space; a flag as its letters.
    @Test func fallbackWritesOnlyWhatFits() {
        let family = "👨\u{200D}👩\u{200D}👧"
        expectEqual(
            ANSIRenderer.render(CellGrid(lines: [family + "|"]), colorDepth: .none, clusters: .fallback),
            "\u{1B}7👨\u{1B}8\u{1B}[2C|\u{1B}[0m\n")
        expectEqual(
            ANSIRenderer.render(CellGrid(lines: ["⚠\u{FE0F}|"]), colorDepth: .none, clusters: .fallback),
            "\u{1B}7⚠\u{FE0F} \u{1B}8\u{1B}[2C|\u{1B}[0m\n")
        expectEqual(ClusterMode.automatic(colorDepth: .ansi16, term: "xterm"), .fallback)
        expectEqual(ClusterMode.automatic(colorDepth: .trueColor, term: "linux"), .fallback)
        expectEqual(ClusterMode.automatic(colorDepth: .indexed256, term: "xterm-256color"), .whole)
    }

    /// A whole modal through two model terminals that disagree with layout in opposite directions: every
    /// row's right frame lands in the last column.
    @Test func frameStaysInPlaceInTerminalsThatCountEmojiDifferently() {
        let modal = Modal(
            message: "⚠\u{FE0F} Hi 👋🏽 🥰 from our 👨\u{200D}👩\u{200D}👧\u{200D}👦 team 👩\u{200D}💻 — "
                + "1\u{FE0F}\u{20E3} gift 🎁 in 🇯🇵 and 漢字 café",
            styles: [
                ModalStyle(
                    range: UTF16Range(utf16Offset: 0, utf16Length: 2), fontStyle: .bold,
                    color: ModalColor(red: 255, green: 0, blue: 0))
            ],
            buttons: [
                ModalButton(label: "Open 🎁", action: .close, backgroundColor: ModalColor(red: 0, green: 0, blue: 255))
            ])
        let grid = ModalView(modal: modal, options: ModalViewOptions(width: 24)).render().grid
        let out = ANSIRenderer.render(grid, colorDepth: .trueColor, hyperlinks: true)
        // One terminal sums the code points' own widths; the other has Unicode 9.0 tables, in which emoji
        // assigned later are one cell.
        let oldTables: (Character) -> Int = { cluster in
            cluster.unicodeScalars.reduce(0) { width, scalar in
                let isNewer = scalar.properties.age.map { $0.major > 9 } ?? true
                return width + (scalar.properties.isEmojiPresentation && isNewer ? 1 : CellWidth.of(scalar: scalar))
            }
        }
        for terminal in [sumOfScalars, oldTables] {
            let rows = lastBorderColumns(of: out, width: terminal)
            expectEqual(rows.count, grid.size.height)
            expect(rows.allSatisfy { $0 == grid.size.width - 1 }, "\(rows)")
        }
        // Without the moves, the first model terminal puts some borders elsewhere: the test can tell.
        let unmoved = stripCursorMoves(out)
        expect(lastBorderColumns(of: unmoved, width: sumOfScalars).contains { $0 != grid.size.width - 1 })
    }
}

/// A terminal's width of a cluster: the sum of its code points' own widths, as `wcwidth` terminals count.
let sumOfScalars: @Sendable (Character) -> Int = { cluster in
    cluster.unicodeScalars.reduce(0) { $0 + CellWidth.of(scalar: $1) }
}

/// A terminal's width of a cluster as layout counts it.
let graphemeWidths: @Sendable (Character) -> Int = { CellWidth.of($0) }

/// The column (0-based) of the last frame character on each row, as a terminal that advances by `width`
/// per grapheme cluster and obeys DECSC, DECRC, CUF and CHA would place it.
func lastBorderColumns(of output: String, width: (Character) -> Int) -> [Int] {
    var columns: [Int] = []
    for row in output.split(separator: "\n") {
        var column = 0
        var saved = 0
        var last = -1
        var characters = Array(row)[...]
        while let character = characters.first {
            characters = characters.dropFirst()
            if character == "\u{1B}" {
                guard let introducer = characters.first else { break }
                characters = characters.dropFirst()
                if introducer == "[" {
                    var parameters = ""
                    while let next = characters.first, !next.isLetter {
                        parameters.append(next)
                        characters = characters.dropFirst()
                    }
                    let final = characters.first
                    characters = characters.dropFirst()
                    if final == "G", let target = Int(parameters) { column = target - 1 }
                    if final == "C" { column += Int(parameters) ?? 1 }
                } else if introducer == "7" {
                    saved = column
                } else if introducer == "8" {
                    column = saved
                } else if introducer == "]" {
                    // OSC: skip to the string terminator ESC \.
                    while let next = characters.first, next != "\u{1B}" { characters = characters.dropFirst() }
                    characters = characters.dropFirst(2)
                }
                continue
            }
            if "│┐┘┤".contains(character) { last = column }
            column += width(character)
        }
        columns.append(last)
    }
    return columns
}

/// The output with every cursor save, restore and move (`ESC 7`, `ESC 8`, `ESC [ n C`) removed.
private func stripCursorMoves(_ output: String) -> String {
    var out = ""
    var characters = Array(output)[...]
    while let character = characters.first {
        if character == "\u{1B}", let next = characters.dropFirst().first, next == "7" || next == "8" {
            characters = characters.dropFirst(2)
            continue
        }
        if character == "\u{1B}", characters.dropFirst().first == "[" {
            let sequence = characters.prefix { !$0.isLetter }
            let after = characters.dropFirst(sequence.count)
            if after.first == "C" {
                characters = after.dropFirst()
                continue
            }
        }
        out.append(character)
        characters = characters.dropFirst()
    }
    return out
}
