import Foundation
import TestSupport
import Testing
@_spi(Kernel) import TextKernel

/// `modalkit diff OLD NEW` on pairs users see no change in and pairs they do, in every format.
@Suite struct DiffCommandTests {
    static let base = """
        [{"msg": "Hello brave world", "styles": [{"apply_to": {"from": 6, "length": 5}, "font_style": "bold", \
        "color": "#ff0000"}], "buttons": [{"label": "OK", "action": "close", "bg_color": "#3478f6"}]}]
        """

    /// Pairs that users see alike, each with its name.
    static let unseen: [(String, String)] = [
        (
            "formatting",
            """
            [
                {
                    "msg": "Hello brave world",
                    "styles": [ { "apply_to": { "from": 6, "length": 5 }, "font_style": "bold", "color": "#ff0000" } ],
                    "buttons": [ { "label": "OK", "action": "close", "bg_color": "#3478f6" } ]
                }
            ]
            """
        ),
        (
            "key order",
            """
            [{"buttons": [{"bg_color": "#3478f6", "action": "close", "label": "OK"}], "styles": [{"color": \
            "#ff0000", "font_style": "bold", "apply_to": {"length": 5, "from": 6}}], "msg": "Hello brave world"}]
            """
        ),
        (
            "equivalent styles",
            """
            [{"msg": "Hello brave world", "text_align": "start", "styles": [{"apply_to": {"from": 6, "length": 3}, \
            "font_style": "bold", "color": "#FF0000"}, {"apply_to": {"from": 9, "length": 2}, "font_style": \
            "bold", "color": "#f00", "underline": false}], "buttons": [{"label": "OK", "action": "close", \
            "bg_color": "#3478F6"}]}]
            """
        ),
    ]

    /// Pairs that users see differ, with what the text report says of each.
    static let seen: [(name: String, json: String, text: String, markdown: String, facts: String)] = [
        (
            "one word", base.replacing("brave world", with: "brave earth"),
            "words: Hello brave [-world-]{+earth+}", "Hello brave <del>world</del><ins>earth</ins>",
            ##""kind":"words","removed":"world","added":"earth""##
        ),
        (
            "one colour", base.replacing("#ff0000", with: "#00aa00"),
            "style: \"brave\" color [-#ff0000-] → {+#00aa00+}",
            "“brave” color <del>\\#ff0000</del> → <ins>\\#00aa00</ins>",
            ##""kind":"style","text":"brave","attribute":"color","old":"#ff0000","new":"#00aa00""##
        ),
        (
            "one action", base.replacing("\"close\"", with: "\"dismiss\""),
            "button 1: \"OK\" action [-close-] → {+dismiss+}", "“OK” action <del>close</del> → <ins>dismiss</ins>",
            ##""kind":"button","index":0,"label":"OK","property":"action","old":"close","new":"dismiss""##
        ),
        (
            "one label",
            base.replacing("\"OK\"", with: "\"Got it\""),
            "button 1: label [-OK-] → {+Got it+}", "Button 1: label <del>OK</del> → <ins>Got it</ins>",
            ##""kind":"button","index":0,"label":"Got it","property":"label","old":"OK","new":"Got it""##
        ),
        (
            "one button added",
            base.replacing("\"#3478f6\"}]", with: "\"#3478f6\"}, {\"label\": \"Later\", \"action\": \"close\"}]"),
            "button 2: added \"Later\" (action \"close\")", "**added** “Later” \\(action “close”\\)",
            ##""kind":"button-added","index":1,"button":{"label":"Later","action":"close""##
        ),
    ]

    private func withPair(_ old: String, _ new: String, _ body: (String, String) throws -> Void) rethrows {
        let directory = NSTemporaryDirectory() + "modalkit-diff-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try? FileManager.default.createDirectory(atPath: directory + "/old", withIntermediateDirectories: true)
        try? FileManager.default.createDirectory(atPath: directory + "/new", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        _ = FileManager.default.createFile(atPath: directory + "/old/modal.json", contents: Data(old.utf8))
        _ = FileManager.default.createFile(atPath: directory + "/new/modal.json", contents: Data(new.utf8))
        try body(directory + "/old", directory + "/new")
    }

    @Test(arguments: unseen.map(\.0))
    func respellingsExitZeroSayingNoChangeUsersSee(name: String) throws {
        let json = try #require(Self.unseen.first { $0.0 == name }?.1)
        withPair(Self.base, json) { old, new in
            for format in ["text", "ansi", "json", "github", "html"] {
                let result = runCLI(["diff", "--format", format, old, new])
                expectEqual(result.status, 0, "\(name) \(format): \(result.stdout) \(result.stderr)")
                expect(result.stdout.contains(format == "json" ? "\"status\":\"unseen\"" : "no change users see"))
            }
            let text = runCLI(["diff", old + "/modal.json", new + "/modal.json"])
            expect(text.stdout.hasSuffix("modal.json: no change users see (the JSON is spelled differently)\n"))
        }
    }

    @Test(arguments: seen.map(\.name))
    func changesUsersSeeExitOneWithTheirReport(name: String) throws {
        let pair = try #require(Self.seen.first { $0.name == name })
        withPair(Self.base, pair.json) { old, new in
            let text = runCLI(["diff", old, new])
            expectEqual(text.status, 1)
            expectEqual(text.stdout, "modal.json\n  modal 1\n    \(pair.text)\n", "\(text.stdout)")
            let ansi = runCLI(["diff", "--format", "ansi", old, new])
            expectEqual(ansi.status, 1)
            expect(ansi.stdout.contains("\u{1B}[32m") || ansi.stdout.contains("\u{1B}[31m"))
            expectEqual(ansi.stdout.replacing(/\x{1B}\[[0-9;]*m/, with: ""), text.stdout)
            let json = runCLI(["diff", "--format", "json", old, new])
            expectEqual(json.status, 1)
            expect(json.stdout.contains(pair.facts), "\(json.stdout)")
            expect(json.stdout.hasSuffix("\"summary\":{\"files\":1,\"changed\":1,\"unseen\":0,\"trouble\":0}}\n"))
            let markdown = runCLI(["diff", "--format", "github", old, new])
            expectEqual(markdown.status, 1)
            expect(markdown.stdout.contains("### `modal.json`"))
            expect(markdown.stdout.contains(pair.markdown), "\(markdown.stdout)")
            let html = runCLI(["diff", "--format", "html", old, new])
            expectEqual(html.status, 1)
            expect(html.stdout.contains("id=\"diff1-old\"") && html.stdout.contains("id=\"diff1-new\""))
            expect(html.stdout.contains("outline:3px dashed"))
        }
    }

    @Test func aFileThatIsNotJSONOnOneSideIsTroubleNamingIt() {
        withPair(Self.base, "[{\"msg\": ") { old, new in
            let result = runCLI(["diff", old, new])
            expectEqual(result.status, 2)
            expect(result.stderr.contains("new/modal.json is not a modal document: json-syntax at line 1"))
        }
    }

    @Test func markdownCannotBeInjectedFromAMessage() {
        let hostile = Self.base.replacing("brave world", with: "brave [x](javascript:alert) <img src=x>")
        withPair(Self.base, hostile) { old, new in
            let result = runCLI(["diff", "--format", "github", old, new])
            expect(!result.stdout.contains("[x](") && !result.stdout.contains("<img"))
            expect(result.stdout.contains("\\[x\\]\\(javascript:alert\\) &lt;img src=x&gt;"), "\(result.stdout)")
        }
    }

    @Test func terminalControlsInAMessageAreShownNotObeyed() {
        let hostile = Self.base.replacing("brave world", with: "brave \\u001b[2J")
        withPair(Self.base, hostile) { old, new in
            let result = runCLI(["diff", old, new])
            expect(!result.stdout.contains("\u{1B}"))
        }
    }

    /// The identical-bytes shortcut against the general path, and one thread against several: same output.
    @Test func theShortcutAndTheJobCountDoNotChangeTheOutput() throws {
        let directory = NSTemporaryDirectory() + "modalkit-diff-jobs-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for side in ["old", "new"] {
            try FileManager.default.createDirectory(atPath: directory + "/" + side, withIntermediateDirectories: true)
            for index in 0..<40 {
                var json = Self.base
                if side == "new", index % 7 == 0 { json = json.replacing("world", with: "earth \(index)") }
                if side == "new", index % 5 == 0 { json = Self.unseen[0].1 }
                _ = FileManager.default.createFile(
                    atPath: directory + "/\(side)/m\(index).json", contents: Data(json.utf8))
            }
        }
        let fast = runCLI(["diff", "--jobs", "1", directory + "/old", directory + "/new"])
        let parallel = runCLI(["diff", "--jobs", "4", directory + "/old", directory + "/new"])
        let general = FastPaths.withOff([.identicalBytes]) {
            runCLI(["diff", "--jobs", "1", "--format", "json", directory + "/old", directory + "/new"])
        }
        let fastJSON = runCLI(["diff", "--jobs", "1", "--format", "json", directory + "/old", directory + "/new"])
        expectEqual(fast.status, 1)
        expectEqual(fast.stdout, parallel.stdout)
        expectEqual(general.stdout, fastJSON.stdout)
        expectEqual(
            fast.stderr, "40 files compared: 4 with changes users see, 8 only spelled differently, 0 not compared\n")
    }
}
