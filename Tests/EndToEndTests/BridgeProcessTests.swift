import ModalModel
import PositionedJSON
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The built `modalkit preview --bridge` process fed a stream of good and malformed command lines.
///
/// It runs with `--no-interactive`, so it answers commands without a terminal and needs no tmux.
@Suite(.threadOfItsOwn) struct BridgeProcessTests {
    static let modal = #"{"msg":"Hello","buttons":[{"label":"OK","action":"close"}]}"#

    /// A malformed line of one of several kinds, and a well-formed command, chosen by a seeded generator.
    static func lines(count: Int) -> (lines: [String], malformed: Set<Int>) {
        var generator = SeededGenerator(seed: 14)
        var lines: [String] = []
        var malformed: Set<Int> = []
        for number in 1...count {
            let bad: String?
            switch Int.random(in: 0..<12, using: &generator) {
            case 0: bad = #"{"command":"show","document":{"msg":"unterminated"#
            case 1: bad = #"{"command":"dance"}"#
            case 2: bad = #"{"command":"show"}"#
            case 3: bad = #"{"command":"focus"}"#
            case 4: bad = #"["not","an","object"]"#
            case 5: bad = #"{"command":"show","document":{"msg":5}}"#
            case 6: bad = "\u{1B}[2J garbage \u{7}"
            case 7: bad = #"{"command":"replace","path":42}"#
            default: bad = nil
            }
            if number == count / 2 {
                // Ten megabytes on one line: an unterminated string that the parser must reject.
                lines.append(#"{"command":"show","document":{"msg":""# + String(repeating: "x", count: 10 << 20))
                malformed.insert(number)
            } else if let bad {
                lines.append(bad)
                malformed.insert(number)
            } else {
                lines.append(
                    [
                        #"{"command":"show","document":\#(modal)}"#, #"{"command":"replace","document":\#(modal)}"#,
                        #"{"command":"close"}"#,
                    ][number % 3])
            }
        }
        return (lines, malformed)
    }

    @Test func aThousandLinesSomeMalformedEachBadOneGetsAnErrorAndTheBridgeEndsCleanly() throws {
        if let reason = TmuxHarness.decodingUnavailableReason { try Test.cancel("not run: \(reason)") }
        let directory = TmuxHarness.makeScratchDirectory()
        defer { _ = TmuxHarness.shell("rm -rf \(TmuxHarness.quote(directory))") }
        let (lines, malformed) = Self.lines(count: 1_000)
        TmuxHarness.writeFile(directory + "/commands", lines.joined(separator: "\n") + "\n")
        // `timeout` turns a hang into a failure instead of a stuck test run.
        let run = TmuxHarness.shell(
            "cd \(TmuxHarness.quote(directory)) && timeout 120 \(TmuxHarness.quote(TmuxHarness.modalkitPath)) "
                + "preview --bridge --no-interactive < commands > events 2> err; echo $?")
        expectEqual(run.output.trimmingTrailingNewlines, "0")
        let events = (readFile(directory + "/events") ?? "").split(separator: "\n").map(String.init)
        expectEqual(events.first?.hasPrefix(#"{"event":"ready","protocol":1"#), true)
        var errorLines: Set<Int> = []
        var closedCount = 0
        for event in events.dropFirst() {
            guard case .success(let value) = JSONParser.parse(Array(event.utf8)),
                case .object(let members) = value.value
            else {
                Issue.record("not one JSON object: \(event.prefix(200))")
                continue
            }
            let fields = Dictionary(members.map { ($0.key, $0.value.value) }, uniquingKeysWith: { $1 })
            if fields["event"] == .string("closed") {
                closedCount += 1
                continue
            }
            expectEqual(fields["event"], .string("error"), "unexpected event \(event.prefix(200))")
            if case .number(let number)? = fields["line"], let line = number.exactInteger { errorLines.insert(line) }
            expect(event.count < 1_000, "an error event quotes too much: \(event.prefix(200))")
        }
        expectEqual(errorLines, malformed)
        // Every `close` of something shown is answered with `closed` (a close of nothing is not), and
        // nothing else is answered but the bad lines.
        var isShowing = false
        var closesOfSomething = 0
        for (offset, line) in lines.enumerated() where !malformed.contains(offset + 1) {
            if line == #"{"command":"close"}"# {
                if isShowing { closesOfSomething += 1 }
                isShowing = false
            } else {
                isShowing = true
            }
        }
        expect(closesOfSomething > 0 && closesOfSomething < lines.filter { $0 == #"{"command":"close"}"# }.count)
        expectEqual(closedCount, closesOfSomething)
        expectEqual(events.count, 1 + malformed.count + closedCount)
    }

    @Test func showReadsAURLAndAFailingOneIsAnErrorNamingItsLine() throws {
        if let reason = TmuxHarness.decodingUnavailableReason { try Test.cancel("not run: \(reason)") }
        if let reason = ModalServer.unavailableReason { try Test.cancel("not run: \(reason)") }
        let server = try #require(ModalServer(modal: Self.modal))
        defer { server.stop() }
        let commands = [
            #"{"command":"show","url":"\#(server.url("/modal.json"))"}"#,
            #"{"command":"focus","button":0}"#,
            #"{"command":"show","url":"\#(server.url("/status/500"))"}"#,
            #"{"command":"focus","button":0}"#,
            #"{"command":"quit"}"#,
        ]
        let run = TmuxHarness.shell(
            "printf '%s\\n' " + commands.map(TmuxHarness.quote).joined(separator: " ") + " | timeout 60 "
                + TmuxHarness.quote(TmuxHarness.modalkitPath) + " preview --bridge --no-interactive")
        expectEqual(run.status, 0)
        let events = run.output.split(separator: "\n").map(String.init)
        expectEqual(events.count, 2, "\(events)")
        expectEqual(events.last?.hasPrefix(#"{"event":"error","line":3,"code":"bridge-source-unreadable""#), true)
        expectEqual(events.last?.contains("the server answered HTTP 500"), true)
        expectEqual(events.last?.contains("url-http-status"), true)
    }
}
