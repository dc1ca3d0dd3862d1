import ModalModel
import Renderers
import Screen
import ScreenLayout
import TestSupport
import Testing
import TextLayout

/// `render --format ansi-colors`: colours and links only, for pagers.
///
/// Bug: `less -R` passes on SGR colours and OSC 8 links and shows any other escape sequence as text, so
/// the `ESC 7 … ESC 8 ESC[2C` around each emoji made the emoji vanish, `[2C` show, and 8 of
/// emoji-greeting's 12 rows shift.
@Suite struct PagerSafeANSITests {
    static func render(_ path: String, width: Int = 60, hyperlinks: Bool = true) throws -> String {
        let bytes = try #require(readFile(repositoryRoot + "/" + path)).utf8
        let document = try #require(ModalDecoder.decode(Array(bytes)).document)
        return DocumentRenderer.render(
            document,
            options: DocumentRenderOptions(
                format: .ansiColors, width: width, colorDepth: .trueColor, hyperlinks: hyperlinks))
    }

    /// Every escape sequence in the output, byte by byte, is SGR (`ESC [ digits and ; m`) or OSC 8
    /// (`ESC ] 8 ; ; URI ESC \`).
    @Test(arguments: [
        "samples/emoji-greeting.json", "samples/app-command.json", "samples/centered-alert.json",
        "samples/welcome.json",
    ])
    func onlyColoursAndLinks(path: String) throws {
        let out = Array(try Self.render(path).utf8)
        expect(!out.isEmpty)
        var index = 0
        var sequences = 0
        while index < out.count {
            defer { index += 1 }
            guard out[index] == 0x1B else {
                expect(out[index] >= 0x20 || out[index] == 0x0A, "control byte \(out[index]) at \(index)")
                continue
            }
            sequences += 1
            let next = index + 1 < out.count ? out[index + 1] : 0
            if next == UInt8(ascii: "[") {
                var end = index + 2
                while end < out.count, out[end] == UInt8(ascii: ";") || (0x30...0x39).contains(out[end]) { end += 1 }
                expect(end < out.count && out[end] == UInt8(ascii: "m"), "CSI other than SGR at \(index)")
                index = end
            } else if next == UInt8(ascii: "]") {
                expectEqual(Array(out[(index + 2)..<min(out.count, index + 5)]), Array("8;;".utf8), "OSC at \(index)")
                var end = index + 2
                while end + 1 < out.count, !(out[end] == 0x1B && out[end + 1] == UInt8(ascii: "\\")) { end += 1 }
                expect(end + 1 < out.count, "OSC 8 without its terminator at \(index)")
                index = end + 1
            } else {
                Issue.record("ESC \(next) at \(index): not a colour or a link")
            }
        }
        expect(sequences > 0)
    }

    /// The right frame of every row of emoji-greeting (13 at width 44) is in the last column in terminals that
    /// count each code point (regional indicators one cell or two), one that measures clusters, and one with
    /// Unicode 9.0 tables.
    @Test func everyRowKeepsItsFrameInTerminalsThatCountEmojiDifferently() throws {
        let out = try Self.render("samples/emoji-greeting.json", width: 44)
        // Regional indicators are one cell each to the C library and two to Python's wcwidth.
        let perCodePoint: @Sendable (Character) -> Int = { cluster in
            cluster.unicodeScalars.reduce(0) {
                $0 + ((0x1F1E6...0x1F1FF).contains($1.value) ? 1 : CellWidth.of(scalar: $1))
            }
        }
        let unicode9: @Sendable (Character) -> Int = { cluster in
            cluster.unicodeScalars.reduce(0) { width, scalar in
                let isNewer = scalar.properties.age.map { $0.major > 9 } ?? true
                return width + (scalar.properties.isEmojiPresentation && isNewer ? 1 : perCodePoint(Character(scalar)))
            }
        }
        for terminal in [perCodePoint, sumOfScalars, graphemeWidths, unicode9] {
            let rows = lastBorderColumns(of: out, width: terminal)
            expectEqual(rows.count, 13)
            expect(rows.allSatisfy { $0 == 43 }, "\(rows)")
        }
        expect(!out.contains("\u{1B}7") && !out.contains("\u{1B}8"))
    }

    /// What replaces each kind of cluster terminals disagree on; the colours around it stay.
    @Test func clustersAreWrittenAsEveryTableAgrees() {
        func colors(_ line: String) -> String {
            ANSIRenderer.render(CellGrid(lines: [line]), colorDepth: .none, movesCursor: false)
        }
        expectEqual(colors("👨\u{200D}👩\u{200D}👧|"), "👨|\u{1B}[0m\n")
        expectEqual(colors("👋🏽|"), "👋|\u{1B}[0m\n")
        expectEqual(colors("⚠\u{FE0F}|"), "⚠ |\u{1B}[0m\n")
        expectEqual(colors("1\u{FE0F}\u{20E3}|"), "1 |\u{1B}[0m\n")
        expectEqual(colors("🇯🇵|"), "JP|\u{1B}[0m\n")
        expectEqual(colors("🥰|"), "\u{FFFD} |\u{1B}[0m\n")
        expectEqual(colors("🎁 漢 é|"), "🎁 漢 é|\u{1B}[0m\n")
    }
}
