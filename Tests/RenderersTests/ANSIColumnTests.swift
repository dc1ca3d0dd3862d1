import ModalModel
import Renderers
import Screen
import Testing
import TextLayout

/// Regression tests for rows that slid in a real terminal after emoji.
///
/// Bug: in tmux 3.3a the right frame of `samples/emoji-greeting.json` ended up one to three cells off on
/// the rows holding 1️⃣, ⚠️, 👩‍💻 and the like, because a terminal advances by its own width of each code point
/// (one cell for ⚠ before VS16, four for the two pictographs of 👩‍💻), not by the layout's two.
@Suite struct ANSIColumnTests {
    @Test func emojiSequencesAreFollowedByTheLayoutColumn() {
        // ⚠️ is two cells in layout; the next cell is column 2, so the cursor goes to column 3 (1-based).
        #expect(
            ANSIRenderer.render(CellGrid(lines: ["⚠\u{FE0F}ab"]), colorDepth: .none)
                == "⚠\u{FE0F}\u{1B}[3Gab\u{1B}[0m\n")
        #expect(
            ANSIRenderer.render(CellGrid(lines: ["x👩\u{200D}💻|  "]), colorDepth: .none)
                == "x👩\u{200D}💻\u{1B}[4G|  \u{1B}[0m\n")
        // A wide emoji that older terminals count as one cell.
        #expect(ANSIRenderer.render(CellGrid(lines: ["🎁|"]), colorDepth: .none) == "🎁\u{1B}[3G|\u{1B}[0m\n")
    }

    @Test func clustersEveryTerminalAgreesOnAreNotRepositioned() {
        // CJK, decomposed accents, Arabic, Cyrillic and box drawing: nothing but the closing reset.
        let out = ANSIRenderer.render(CellGrid(lines: ["漢e\u{301}مЖ─│ｶ"]), colorDepth: .none)
        #expect(out == "漢e\u{301}مЖ─│ｶ\u{1B}[0m\n")
    }

    @Test func noMoveAfterTheLastCluster() {
        #expect(ANSIRenderer.render(CellGrid(lines: ["a漢"]), colorDepth: .none) == "a漢\u{1B}[0m\n")
        #expect(ANSIRenderer.render(CellGrid(lines: ["a🎁"]), colorDepth: .none) == "a🎁\u{1B}[0m\n")
    }

    /// Drawn per code point, 👍🏽 takes four cells, which would run past a row of three and wrap: even in
    /// `whole` mode only what fits is written there (the hand, without its skin tone).
    @Test func clusterThatWouldRunPastTheRowFallsBack() {
        #expect(ANSIRenderer.render(CellGrid(lines: ["a👍🏽"]), colorDepth: .none) == "a👍\u{1B}[0m\n")
        #expect(ANSIRenderer.render(CellGrid(lines: ["a👍🏽  "]), colorDepth: .none) == "a👍🏽\u{1B}[4G  \u{1B}[0m\n")
    }

    /// Every cluster that is not plain text gets a column fix, even where its code points' widths happen
    /// to add up to the layout's (🏳️‍⚧️, 👁️‍🗨️, the England flag's tag sequence).
    @Test func sequencesWhoseWidthsAddUpAreRepositionedToo() {
        for cluster in [
            "🏳\u{FE0F}\u{200D}⚧\u{FE0F}", "👁\u{FE0F}\u{200D}🗨\u{FE0F}",
            "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}", "🇯🇵",
        ] {
            let out = ANSIRenderer.render(CellGrid(lines: [cluster + "|     "]), colorDepth: .none)
            #expect(out.hasPrefix(cluster + "\u{1B}[3G|"), "\(out.unicodeScalars.map(\.value))")
        }
    }

    /// With the fallback, a ZWJ sequence is written as its first emoji and a space; a flag as its letters.
    @Test func fallbackWritesOnlyWhatFits() {
        let family = "👨\u{200D}👩\u{200D}👧"
        #expect(
            ANSIRenderer.render(CellGrid(lines: [family + "|"]), colorDepth: .none, clusters: .fallback)
                == "👨\u{1B}[3G|\u{1B}[0m\n")
        #expect(
            ANSIRenderer.render(CellGrid(lines: ["⚠\u{FE0F}|"]), colorDepth: .none, clusters: .fallback)
                == "⚠\u{FE0F} \u{1B}[3G|\u{1B}[0m\n")
        #expect(ClusterMode.automatic(colorDepth: .ansi16, term: "xterm") == .fallback)
        #expect(ClusterMode.automatic(colorDepth: .trueColor, term: "linux") == .fallback)
        #expect(ClusterMode.automatic(colorDepth: .indexed256, term: "xterm-256color") == .whole)
    }

    /// A whole modal through two model terminals that disagree with layout in opposite directions: every
    /// row's right frame lands in the last column.
    @Test func frameStaysInPlaceInTerminalsThatCountEmojiDifferently() {
        let modal = Modal(
            message: "⚠\u{FE0F} Hi 👋🏽 from our 👨\u{200D}👩\u{200D}👧\u{200D}👦 team 👩\u{200D}💻 — "
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
        // One terminal sums the code points' own widths; the other also counts wide emoji as one cell.
        let sumOfScalars: (Character) -> Int = { cluster in
            cluster.unicodeScalars.reduce(0) { $0 + CellWidth.of(scalar: $1) }
        }
        let oldTables: (Character) -> Int = { cluster in
            cluster.unicodeScalars.reduce(0) { $0 + ($1.properties.isEmojiPresentation ? 1 : CellWidth.of(scalar: $1)) }
        }
        for terminal in [sumOfScalars, oldTables] {
            let rows = lastBorderColumns(of: out, width: terminal)
            #expect(rows.count == grid.size.height)
            #expect(rows.allSatisfy { $0 == grid.size.width - 1 }, "\(rows)")
        }
        // Without the moves, the first model terminal puts some borders elsewhere: the test can tell.
        let unmoved = stripCursorMoves(out)
        #expect(lastBorderColumns(of: unmoved, width: sumOfScalars).contains { $0 != grid.size.width - 1 })
    }
}

/// The column (0-based) of the last frame character on each row, as a terminal that advances by `width`
/// per grapheme cluster and obeys CHA would place it.
private func lastBorderColumns(of output: String, width: (Character) -> Int) -> [Int] {
    var columns: [Int] = []
    for row in output.split(separator: "\n") {
        var column = 0
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

/// The output with every CHA sequence (`ESC [ n G`) removed.
private func stripCursorMoves(_ output: String) -> String {
    var out = ""
    var characters = Array(output)[...]
    while let character = characters.first {
        if character == "\u{1B}", characters.dropFirst().first == "[" {
            let sequence = characters.prefix { !$0.isLetter }
            let after = characters.dropFirst(sequence.count)
            if after.first == "G" {
                characters = after.dropFirst()
                continue
            }
        }
        out.append(character)
        characters = characters.dropFirst()
    }
    return out
}
