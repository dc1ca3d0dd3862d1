import ModalActions
import ModalModel
import PositionedJSON
import PreviewBridge
import TestSupport
import Testing

struct BridgeCodecTests {
    static let modal = #"{"msg":"Hello","buttons":[{"label":"Next","action":"kash://invoke/cmd/next"}]}"#

    func decode(_ text: String, number: Int = 1) -> Result<BridgeCommand, BridgeError> {
        BridgeCodec.decode(Array(text.utf8), number: number)
    }

    func errorCode(_ text: String) -> String? {
        guard case .failure(let error) = decode(text) else { return nil }
        return error.code
    }

    @Test func readsEveryCommand() throws {
        guard case .success(.show(.document(let document))) = decode(#"{"command":"show","document":\#(Self.modal)}"#)
        else {
            Issue.record("an inline document was not read")
            return
        }
        expectEqual(document.modals.first?.message, "Hello")
        expect(
            try decode(#"{"command":"show","path":"samples/welcome.json"}"#).get()
                == .show(.path("samples/welcome.json")))
        expect(
            try decode(#"{"command":"replace","url":"http://127.0.0.1:9/m"}"#).get()
                == .replace(.url("http://127.0.0.1:9/m")))
        expect(try decode(#"{"command":"focus","button":1}"#).get() == .focus(.button(1)))
        expect(try decode(#"{"command":"focus","link":0}"#).get() == .focus(.link(0)))
        expect(try decode(#" {"command":"close"} "#).get() == .close)
        expect(try decode(#"{"command":"quit","extra":true}"#).get() == .quit)
    }

    @Test func namesTheProblemOfABadLine() {
        expectEqual(errorCode("{\"command\":"), "bridge-invalid-json")
        expectEqual(errorCode(""), "bridge-invalid-json")
        expectEqual(errorCode("[1,2]"), "bridge-not-object")
        expectEqual(errorCode(#"{"cmd":"show"}"#), "bridge-missing-command")
        expectEqual(errorCode(#"{"command":"dance"}"#), "bridge-unknown-command")
        expectEqual(errorCode(#"{"command":7}"#), "bridge-unknown-command")
        expectEqual(errorCode(#"{"command":"show"}"#), "bridge-missing-field")
        expectEqual(errorCode(#"{"command":"show","path":"a","url":"http://x"}"#), "bridge-invalid-field")
        expectEqual(errorCode(#"{"command":"show","path":""}"#), "bridge-invalid-field")
        expectEqual(errorCode(#"{"command":"focus"}"#), "bridge-missing-field")
        expectEqual(errorCode(#"{"command":"focus","button":-1}"#), "bridge-invalid-field")
        expectEqual(errorCode(#"{"command":"show","document":{"msg":5}}"#), "bridge-invalid-document")
        guard case .failure(let error) = decode(#"{"command":"dance"}"#, number: 42) else { return }
        expectEqual(error.line, 42)
        expect(error.message.contains("dance"))
    }

    @Test func writesEventsAsOneLineOfJSON() {
        let shown = BridgeDocument(source: "a\"b.json", generation: 3)
        expectEqual(
            BridgeCodec.encode(.ready(protocolVersion: 1, toolVersion: "0.1.0")),
            #"{"event":"ready","protocol":1,"modalkit":"0.1.0"}"#)
        expectEqual(
            BridgeCodec.encode(
                .action(
                    PreviewOutcome(modalIndex: 0, control: .button(1), label: "Go\n\u{1B}[2J", action: .close), shown)),
            #"{"event":"action","modal":0,"button":1,"label":"Go\n\u001b[2J","action":{"type":"close"},"source":"a\"b.json","generation":3}"#
        )
        expectEqual(
            BridgeCodec.encode(.closed(modal: 2, document: shown)),
            #"{"event":"closed","modal":2,"source":"a\"b.json","generation":3}"#)
        expectEqual(
            BridgeCodec.encode(.cancelled(modal: 0, document: shown)),
            #"{"event":"cancelled","modal":0,"source":"a\"b.json","generation":3}"#)
        expectEqual(
            BridgeCodec.encode(.paged(modal: 1, document: shown)),
            #"{"event":"paged","modal":1,"source":"a\"b.json","generation":3}"#)
        expectEqual(
            BridgeCodec.encode(.error(BridgeError(line: 3, code: .noSuchTarget, message: "say \"hi\""))),
            #"{"event":"error","line":3,"code":"bridge-no-such-target","message":"say \"hi\""}"#)
        expectEqual(
            BridgeCodec.encode(.error(BridgeError(line: 0, code: .sourceUnreadable, message: "gone", document: shown))),
            #"{"event":"error","line":0,"code":"bridge-source-unreadable","message":"gone","source":"a\"b.json","generation":3}"#
        )
    }

    @Test func eventsParseBackWithTheirFields() throws {
        let line = BridgeCodec.encode(
            .action(
                PreviewOutcome(modalIndex: 1, control: .link(styleIndex: 2), label: "Read", action: .close),
                BridgeDocument(source: "<document>", generation: 1)))
        guard case .object(let members) = try JSONParser.parse(Array(line.utf8)).get().value else {
            Issue.record("not an object")
            return
        }
        expectEqual(members.map(\.key), ["event", "modal", "link", "label", "action", "source", "generation"])
    }

    @Test func theSplitterCutsLinesAndRefusesOverlongOnes() {
        var splitter = BridgeLineSplitter(maxLineBytes: 8)
        var lines = splitter.feed(Array("ab\r\ncdefgh".utf8))
        lines += splitter.feed(Array("ijklmnop\nshort\n".utf8))
        lines += splitter.feed(Array("tail".utf8))
        if let last = splitter.finish() { lines.append(last) }
        expectEqual(
            lines,
            [
                .text(Array("ab".utf8), number: 1), .tooLong(number: 2, byteCount: 14),
                .text(Array("short".utf8), number: 3), .text(Array("tail".utf8), number: 4),
            ])
    }

    /// A thousand generated lines, about a third of them malformed in the ways hosts get it wrong, and one of
    /// 10 MB: each gets a command or an error naming its line, and the stream goes on.
    @Test func aThousandGeneratedLinesEachGetAnAnswer() {
        var random = SeededGenerator(seed: 14)
        var stream: [UInt8] = []
        var expectedErrors: Set<Int> = []
        let valid = [
            #"{"command":"show","document":\#(Self.modal)}"#, #"{"command":"replace","path":"m.json"}"#,
            #"{"command":"focus","button":0}"#, #"{"command":"close"}"#,
            #"{"command":"show","url":"http://127.0.0.1:1/"}"#,
        ]
        let invalid = [
            #"{"command":"show","document":"#, "not json at all", #"{"command":"launch"}"#, #"{"document":{}}"#,
            #"{"command":"focus","button":"x"}"#, #"{"command":"show","document":{"msg":"a","buttons":7}}"#,
            "\u{FF}\u{FE}", "null", #"{"command":"show","path":3}"#,
        ]
        for number in 1...1000 {
            var line: String
            if number == 500 {
                line = #"{"command":"show","document":""# + String(repeating: "x", count: 10 << 20) + #""}"#
                expectedErrors.insert(number)
            } else if Int.random(in: 0..<3, using: &random) == 0 {
                line = invalid.randomElement(using: &random)!
                expectedErrors.insert(number)
            } else {
                line = valid.randomElement(using: &random)!
            }
            stream += Array(line.utf8) + [0x0A]
        }
        var splitter = BridgeLineSplitter(maxLineBytes: 1 << 20)
        var answered: [Int] = []
        var errorLines: Set<Int> = []
        var offset = 0
        while offset < stream.count {
            // Arbitrary chunks, as reads from a pipe arrive.
            let size = Int.random(in: 1...70_000, using: &random)
            for line in splitter.feed(stream[offset..<min(stream.count, offset + size)]) {
                switch line {
                case .text(let bytes, let number):
                    answered.append(number)
                    if case .failure(let error) = BridgeCodec.decode(bytes, number: number) {
                        expectEqual(error.line, number)
                        errorLines.insert(number)
                    }
                case .tooLong(let number, let byteCount):
                    answered.append(number)
                    expect(byteCount > 10 << 20)
                    let error = BridgeCodec.tooLongError(number: number, byteCount: byteCount, maxLineBytes: 1 << 20)
                    expect(BridgeCodec.encode(.error(error)).contains("\"line\":\(number)"))
                    errorLines.insert(number)
                }
            }
            offset += size
        }
        expectEqual(answered, Array(1...1000))
        expectEqual(errorLines, expectedErrors)
        expect(expectedErrors.count > 250)
    }
}
