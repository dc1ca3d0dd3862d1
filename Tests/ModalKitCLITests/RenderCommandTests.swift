import ModalModel
import PositionedJSON
import TestSupport
import Testing

@testable import ModalKitCLI

@Suite struct RenderCommandTests {
    /// The formats drawn from the terminal layout's cells, which `--width` and the limits apply to; HTML is
    /// tested in `HTMLCommandTests`.
    static let formats = ["plain", "ansi", "svg", "json"]

    /// Every sample renders in every format at the narrowest allowed, a narrow and the default width.
    @Test(arguments: sampleFiles() + hostileSampleFiles())
    func everySampleRendersInEveryFormat(path: String) throws {
        for format in Self.formats {
            for width in ["10", "20", "60"] {
                let result = runCLI(["render", "--format", format, "--width", width, "--color", "truecolor", path])
                expectEqual(result.status, 0, "\(format) at \(width): \(result.stderr)")
                expect(!result.stdout.isEmpty)
                switch format {
                case "plain": expect(!result.stdout.utf8.contains(0x1B))
                case "json": expect((try? JSONParser.parse(Array(result.stdout.utf8)).get()) != nil)
                case "svg": expect(result.stdout.hasPrefix("<svg") || result.stdout.hasPrefix("<?xml"))
                default: expect(result.stdout.utf8.contains(0x1B))
                }
            }
        }
    }

    /// The hostile sample holds OSC 0 (title), CSI 2J, an OSC 52 clipboard write, bidi overrides and an
    /// 8-bit CSI. After removing only what the renderer writes itself (SGR, cursor column, OSC 8), no
    /// control byte, C1 control or bidi control may be left, in any format.
    @Test(arguments: formats)
    func hostileSampleLeavesNoControlBytes(format: String) throws {
        let path = try #require(hostileSampleFiles().first { $0.hasSuffix("/terminal-escapes.json") })
        let result = runCLI(["render", "--format", format, "--color", "truecolor", "--hyperlinks", path])
        expectEqual(result.status, 0)
        let bytes = Self.removingRendererSequences(Array(result.stdout.utf8))
        expect(bytes.allSatisfy { $0 >= 0x20 || $0 == 0x0A }, "raw control byte in \(format) output")
        let scalars = String(decoding: bytes, as: UTF8.self).unicodeScalars
        expect(
            !scalars.contains {
                (0x80...0x9F).contains($0.value) || (0x202A...0x202E).contains($0.value)
                    || (0x2066...0x2069).contains($0.value)
            })
        if format != "json" {
            expect(result.stdout.contains("␛]52;c;"), "the clipboard write is shown, not executed")
        }
    }

    /// Strips `ESC [ digits/; m|G` and `ESC ] 8 ; ; printable ESC \` and nothing else.
    static func removingRendererSequences(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x1B, index + 1 < bytes.count {
                if bytes[index + 1] == UInt8(ascii: "[") {
                    var end = index + 2
                    while end < bytes.count, (0x30...0x39).contains(bytes[end]) || bytes[end] == UInt8(ascii: ";") {
                        end += 1
                    }
                    if end < bytes.count, bytes[end] == UInt8(ascii: "m") || bytes[end] == UInt8(ascii: "G") {
                        index = end + 1
                        continue
                    }
                } else if bytes[index + 1] == UInt8(ascii: "]"), bytes[index...].starts(with: Array("\u{1B}]8;;".utf8))
                {
                    var end = index + 5
                    while end < bytes.count, bytes[end] > 0x20, bytes[end] < 0x7F { end += 1 }
                    if end + 1 < bytes.count, bytes[end] == 0x1B, bytes[end + 1] == UInt8(ascii: "\\") {
                        index = end + 2
                        continue
                    }
                }
            }
            out.append(bytes[index])
            index += 1
        }
        return out
    }

    @Test func pagesAreLabelledAndOneCanBePicked() {
        let onboarding = samplesDirectory + "/onboarding.json"
        let all = runCLI(["render", "--format", "plain", onboarding])
        expect(all.stdout.contains(" 1/4 ") && all.stdout.contains(" 4/4 "))
        let third = runCLI(["render", "--format", "plain", "--modal", "3", onboarding])
        expect(third.stdout.contains(" 3/4 ") && !third.stdout.contains(" 1/4 "))
        let json = runCLI(["render", "--format", "json", "--modal", "3", onboarding])
        expect(json.stdout.hasPrefix(#"{"modals":[{"index":2,"#))
        expectEqual(runCLI(["render", "--modal", "9", onboarding]).status, 2)
    }

    @Test func widthIsTheWholeModal() {
        let result = runCLI(["render", "--format", "plain", "--width", "30", samplesDirectory + "/welcome.json"])
        let lines = result.stdout.split(separator: "\n")
        expect(lines.allSatisfy { $0.count <= 30 })
        expectEqual(lines.first?.count, 30)
        let json = runCLI(["render", "--format", "json", "--width", "30", samplesDirectory + "/welcome.json"])
        expect(json.stdout.contains(#""width":26,"#))
    }

    @Test func invalidInputGivesDiagnosticsOnStandardError() {
        let result = runCLI(["render", samplesDirectory + "/invalid/bad-color.json"])
        expectEqual(result.status, 1)
        expect(result.stdout.isEmpty)
        expect(result.stderr.contains("bad-color.json:11:18: error:"))
    }

    @Test func usageErrors() {
        expectEqual(runCLI(["render"]).status, 2)
        expectEqual(runCLI(["render", "--format", "pdf", "x.json"]).status, 2)
        expectEqual(runCLI(["render", "--width", "0", "x.json"]).status, 2)
        // Below the minimum is refused with the range, never silently widened.
        let narrow = runCLI(["render", "--width", "9", samplesDirectory + "/welcome.json"])
        expectEqual(narrow.status, 2)
        expect(narrow.stderr.contains("--width must be a whole number from 10 to 1000"))
        expect(narrow.stdout.isEmpty)
        expectEqual(runCLI(["render", "a.json", "b.json"]).status, 2)
        expectEqual(runCLI(["render", "/nonexistent.json"]).status, 2)
    }

    @Test func colourFollowsTheEnvironmentUnderAuto() {
        let path = samplesDirectory + "/welcome.json"
        let piped = runCLI(["render", "--format", "ansi", path])
        expect(!piped.stdout.contains("38;2;"), "not a terminal: attributes only")
        let terminal = runCLI(["render", "--format", "ansi", path]) { io in
            io.isTerminal = true
            io.variables["COLORTERM"] = "truecolor"
        }
        expect(terminal.stdout.contains("38;2;255;255;255"))
        let noColor = runCLI(["render", "--format", "ansi", path]) { io in
            io.isTerminal = true
            io.variables["COLORTERM"] = "truecolor"
            io.variables["NO_COLOR"] = "1"
        }
        expect(!noColor.stdout.contains("38;") && noColor.stdout.contains("\u{1B}[1m"))
    }
}

@Suite struct HyperlinkTests {
    /// `--hyperlinks` wraps both links in the text and buttons whose action opens a URL in OSC 8.
    @Test func urlButtonsAndLinksBecomeHyperlinks() {
        let result = runCLI([
            "render", "--format", "ansi", "--color", "none", "--hyperlinks", samplesDirectory + "/cjk-promotion.json",
        ])
        expect(result.stdout.contains("\u{1B}]8;;https://"), "the 今すぐ購入 button opens a URL")
        let plain = runCLI(["render", "--format", "ansi", "--color", "none", samplesDirectory + "/cjk-promotion.json"])
        expect(!plain.stdout.contains("\u{1B}]8;;"), "no OSC 8 without --hyperlinks")
    }

    /// Bug: `render --color 16` into a pipe wrote plain text, silently dropping the colours asked for. An
    /// explicit colour depth implies the ANSI format; without one a pipe still gets plain text.
    @Test func anExplicitColourImpliesANSI() {
        let sample = samplesDirectory + "/cjk-promotion.json"
        let coloured = runCLI(["render", "--color", "16", sample])
        expectEqual(coloured.status, 0)
        expect(coloured.stdout.contains("\u{1B}[") && coloured.stdout.contains("m"))
        let piped = runCLI(["render", sample])
        expect(piped.status == 0 && !piped.stdout.contains("\u{1B}"))
    }

    /// A scaled-down form of the many-line-feeds input: refused before anything is written, with the limit
    /// named and the option that raises it; with the option raised, drawn whole.
    @Test(arguments: RenderCommandTests.formats)
    func outputOverTheLimitsIsRefusedUpFront(format: String) {
        let input =
            Array(#"[{"msg":""#.utf8) + Array(repeating: "\\n", count: 300).flatMap { Array($0.utf8) }
            + Array(#""}]"#.utf8)
        let refused = runCLI(
            ["render", "--format", format, "--width", "1000", "--max-cells", "100000", "-"], stdin: input)
        expectEqual(refused.status, 2)
        expect(refused.stdout.isEmpty)
        expect(refused.stderr.contains("over the limit of 100000 cells"))
        expect(refused.stderr.contains("--max-cells"))
        let tall = runCLI(["render", "--format", format, "--max-rows", "200", "-"], stdin: input)
        expectEqual(tall.status, 2)
        expect(tall.stdout.isEmpty)
        expect(tall.stderr.contains("over the limit of 200 rows"))
        let drawn = runCLI(
            ["render", "--format", format, "--width", "1000", "--max-cells", "400000", "-"], stdin: input)
        expectEqual(drawn.status, 0)
        expect(drawn.stderr.isEmpty)
        if format == "plain" { expectEqual(drawn.stdout.count(where: { $0 == "\n" }), 303) }
    }

    @Test func limitOptionsTakeWholeNumbers() {
        for option in ["--max-cells", "--max-rows"] {
            for value in ["0", "-5", "many"] {
                let result = runCLI(["render", option, value, samplesDirectory + "/welcome.json"])
                expectEqual(result.status, 2)
                expect(result.stderr.contains(option))
            }
        }
    }
}

@Suite struct RenderBidiOptionTests {
    static let input = Array(#"{"msg":"שלום עולם"}"#.utf8)

    @Test func bidiOptionAndEnvironmentChooseTheOrder() {
        let visual = runCLI(["render", "--format", "plain", "--width", "20", "-"], stdin: Self.input)
        expect(visual.stdout.contains("םלוע םולש"))
        let logical = runCLI(
            ["render", "--format", "plain", "--width", "20", "--bidi", "logical", "-"], stdin: Self.input)
        expect(logical.stdout.contains("שלום עולם"))
        let fromEnvironment = runCLI(["render", "--format", "plain", "--width", "20", "-"], stdin: Self.input) {
            $0.variables["MODALKIT_BIDI"] = "logical"
        }
        expect(fromEnvironment.stdout.contains("שלום עולם"))
        let optionWins = runCLI(
            ["render", "--format", "plain", "--width", "20", "--bidi=visual", "-"], stdin: Self.input
        ) {
            $0.variables["MODALKIT_BIDI"] = "logical"
        }
        expect(optionWins.stdout.contains("םלוע םולש"))
    }

    @Test func badBidiValueIsAUsageError() {
        let result = runCLI(["render", "--bidi", "rtl", "-"], stdin: Self.input)
        expectEqual(result.status, 2)
        expect(result.stderr.contains("--bidi must be visual or logical, not 'rtl'"))
        let preview = runCLI(["preview", "--bidi", "sideways", "-"], stdin: Self.input)
        expectEqual(preview.status, 2)
        expect(preview.stderr.contains("--bidi must be visual or logical"))
    }
}
