import LanguageServerProtocol
import TestSupport
import Testing

/// Frames with wrong lengths among valid ones: the reader reports them and finds the next frame, never
/// waits for bytes that are already there, and keeps no more than a frame's worth.
@Suite struct FrameResyncTests {

    static let maximumContentBytes = 4096

    static func frame(_ body: [UInt8], length: Int? = nil) -> [UInt8] {
        Array("Content-Length: \(length ?? body.count)\r\n\r\n".utf8) + body
    }

    /// A body as a client writes one: compact JSON, with characters of one to four bytes.
    static func body(id: Int, _ generator: inout SeededGenerator) -> [UInt8] {
        let text = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
            ["a", "é", "漢", "🎉", ":", " "].randomElement(using: &generator)!
        }.joined()
        return Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"m","params":{"text":"\#(text)"}}"#.utf8)
    }

    /// A valid body in a random stream, and whether the reader must give it out: one that follows a frame too
    /// long by less than its `Content-Length` line may be lost, since that line is cut.
    struct Sent: Equatable {
        var body: [UInt8]
        var required: Bool
    }

    /// One random stream: the valid bodies in it, and the stream.
    static func stream(seed: UInt64) -> (sent: [Sent], bytes: [UInt8]) {
        var generator = SeededGenerator(seed: seed)
        var bytes: [UInt8] = []
        var sent: [Sent] = []
        var nextID = 0
        // Bytes a too-long frame still swallows of what follows it.
        var overrun = 0
        // Whether a frame's header line may have been cut, so that what follows is read in a way the stream
        // alone does not tell.
        var uncertain = false
        func append(_ piece: [UInt8], body: [UInt8]?) {
            let headerLineLength = piece.firstIndex(of: 0x0D) ?? piece.count
            let cut = overrun > 0 && overrun <= headerLineLength
            if let body { sent.append(Sent(body: body, required: !cut && !uncertain)) }
            uncertain = cut
            overrun = max(0, overrun - piece.count)
            bytes += piece
        }
        for _ in 0..<Int.random(in: 1...60, using: &generator) {
            let body = body(id: nextID, &generator)
            nextID += 1
            switch Int.random(in: 0..<10, using: &generator) {
            case 0:
                // Too short, as a client counting characters writes it.
                let characters = String(decoding: body, as: UTF8.self).count
                let length =
                    characters < body.count ? characters : body.count - Int.random(in: 1...8, using: &generator)
                append(frame(body, length: length), body: nil)
            case 1:
                // Too long, by less or more than the next frame.
                let extra = Int.random(in: 1...300, using: &generator)
                append(frame(body, length: body.count + extra), body: nil)
                overrun = extra
            case 2:
                // Garbage, with colons and line breaks, but no Content-Length of its own.
                let garbage = (0..<Int.random(in: 1...60, using: &generator)).map { _ in
                    Array("x:{}\"\n\r é".utf8).randomElement(using: &generator)!
                }
                append(garbage, body: nil)
            case 3:
                append(Array("Content-Length: nine\r\n\r\n".utf8), body: nil)
            case 4:
                append(frame(Array(repeating: 0x20, count: maximumContentBytes + 10)), body: nil)
            default:
                append(frame(body), body: body)
            }
        }
        // What is still pending ends: a too-long frame takes the padding, the rest is a header without a length.
        append(Array(repeating: 0x20, count: 400) + Array("\r\n\r\n".utf8), body: nil)
        uncertain = false
        let final = body(id: 99_999, &generator)
        append(frame(final), body: final)
        return (sent, bytes)
    }

    @Test(arguments: 0..<300) func everyValidFrameAfterAResyncComesOut(seed: UInt64) {
        let (sent, bytes) = Self.stream(seed: seed)
        var generator = SeededGenerator(seed: seed ^ 0xABCD)
        var reader = FrameReader(maximumContentBytes: Self.maximumContentBytes)
        var delivered: [[UInt8]] = []
        var malformed = 0
        var start = 0
        var largest = 0
        while start < bytes.count {
            let end = min(bytes.count, start + Int.random(in: 1...700, using: &generator))
            reader.append(bytes[start..<end])
            start = end
            while let frame = reader.next() {
                switch frame {
                case .message(let body): delivered.append(body)
                case .malformed: malformed += 1
                }
            }
            largest = max(largest, reader.bufferedByteCount)
        }
        // The final frame is whole, so nothing is left waiting.
        expect(!reader.hasPartialFrame, "seed \(seed)")
        // The valid bodies come out in order, each once, none left out that had to come.
        let bodies = sent.map(\.body)
        let validDelivered = delivered.filter { bodies.contains($0) }
        var next = 0
        for body in validDelivered {
            guard let index = bodies[next...].firstIndex(of: body) else {
                Issue.record("seed \(seed): a body out of order or twice")
                break
            }
            expect(!sent[next..<index].contains { $0.required }, "seed \(seed): a valid frame was lost")
            next = index + 1
        }
        expect(!sent[next...].contains { $0.required }, "seed \(seed): a valid frame was lost")
        expect(validDelivered.count >= sent.filter(\.required).count)
        expect(largest <= Self.maximumContentBytes + FrameReader.maximumHeaderBytes + 700, "seed \(seed)")
    }

    /// Any bytes at all, made of pieces of headers, digits, line breaks and binary noise: the reader never
    /// traps, keeps at most a frame's worth, and after padding that ends whatever is pending, a valid frame
    /// comes out.
    @Test(arguments: 0..<500) func anyBytesThenAValidFrameGiveThatFrame(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let pieces: [[UInt8]] = [
            Array("Content-Length: ".utf8), Array("content-length:".utf8), Array("\r\n".utf8), Array("\r\n\r\n".utf8),
            Array("\n\n".utf8), Array("12".utf8), Array("4097".utf8), Array("{}".utf8), Array(":".utf8), [0xFF, 0xC3],
        ]
        var bytes: [UInt8] = []
        for _ in 0..<Int.random(in: 0...300, using: &generator) {
            if Bool.random(using: &generator) {
                bytes += pieces.randomElement(using: &generator)!
            } else {
                bytes.append(UInt8.random(in: 0...255, using: &generator))
            }
        }
        let body = Array(#"{"jsonrpc":"2.0","id":1,"method":"last"}"#.utf8)
        bytes += Array(repeating: 0x20, count: Self.maximumContentBytes + 200) + Array("\r\n\r\n".utf8)
        bytes += Self.frame(body)
        var reader = FrameReader(maximumContentBytes: Self.maximumContentBytes)
        var last: FrameReader.Frame?
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + Int.random(in: 1...900, using: &generator))
            reader.append(bytes[start..<end])
            start = end
            while let frame = reader.next() { last = frame }
            expect(reader.bufferedByteCount <= Self.maximumContentBytes + FrameReader.maximumHeaderBytes + 900)
        }
        expectEqual(last, .message(body), "seed \(seed)")
        expect(!reader.hasPartialFrame, "seed \(seed)")
    }

    @Test func aFrameTooShortByTheBytesOfACharacterDoesNotStopTheNextOne() {
        // "é" is one character and two bytes: a length in characters is five short, leaving `b":1}`, which
        // holds a colon, before the next header.
        let first = Array(#"{"t":"ééééé","b":1}"#.utf8)
        let second = Array(#"{"b":1}"#.utf8)
        var reader = FrameReader()
        let characters = String(decoding: first, as: UTF8.self).count
        expectEqual(characters, first.count - 5)
        reader.append(Self.frame(first, length: characters) + Self.frame(second))
        var frames: [FrameReader.Frame] = []
        while let frame = reader.next() { frames.append(frame) }
        expectEqual(frames.count, 3)
        expectEqual(frames.last, .message(second))
        guard case .malformed(let reason) = frames[1] else {
            Issue.record("not reported: \(frames)")
            return
        }
        expect(reason.contains("too short"))
    }

    @Test func aFrameTooLongGivesUpTheFrameItRunsInto() {
        let first = Array(#"{"a":1}"#.utf8)
        let second = Array(#"{"b":2}"#.utf8)
        var reader = FrameReader()
        // The first claims 30 more bytes than it has: all of the second frame and then some.
        reader.append(Self.frame(first, length: first.count + 30) + Self.frame(second))
        var frames: [FrameReader.Frame] = []
        while let frame = reader.next() { frames.append(frame) }
        expectEqual(frames.count, 2)
        guard case .malformed(let reason) = frames.first else {
            Issue.record("not reported: \(frames)")
            return
        }
        expect(reason.contains("runs into the next frame"))
        expectEqual(frames.last, .message(second))
        expect(!reader.hasPartialFrame)
    }
}
