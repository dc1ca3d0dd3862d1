import LanguageServerProtocol
import TestSupport
import Testing

@Suite struct FrameReaderTests {
    func frames(_ pieces: [String], maximum: Int = 1 << 20) -> [FrameReader.Frame] {
        var reader = FrameReader(maximumContentBytes: maximum)
        var out: [FrameReader.Frame] = []
        for piece in pieces {
            reader.append(Array(piece.utf8))
            while let frame = reader.next() { out.append(frame) }
        }
        return out
    }

    func message(_ text: String) -> FrameReader.Frame { .message(Array(text.utf8)) }

    @Test func framesArriveWholeWhateverThePieces() {
        let stream = "Content-Length: 2\r\n\r\n{}Content-Type: x\r\ncontent-length: 3\r\n\r\n[1]"
        expectEqual(frames([stream]), [message("{}"), message("[1]")])
        // One byte at a time gives the same frames.
        expectEqual(frames(stream.map { String($0) }), [message("{}"), message("[1]")])
    }

    @Test func aHeaderWithoutContentLengthIsReportedAndSkipped() {
        let got = frames(["Content-Type: text\r\n\r\nContent-Length: 2\r\n\r\n{}"])
        expectEqual(got.count, 2)
        guard case .malformed(let reason) = got[0] else {
            Issue.record("not malformed: \(got)")
            return
        }
        expect(reason.contains("Content-Length"))
        expectEqual(got[1], message("{}"))
    }

    @Test func aBodyOverTheLimitIsSkippedWithoutBeingKept() {
        let got = frames(["Content-Length: 10\r\n\r\n01234", "56789Content-Length: 2\r\n\r\nok"], maximum: 4)
        expectEqual(got.count, 2)
        guard case .malformed(let reason) = got[0] else {
            Issue.record("not malformed: \(got)")
            return
        }
        expect(reason.contains("larger than the limit of 4"))
        expectEqual(got[1], message("ok"))
    }

    @Test func garbageWithoutAHeaderEndIsDroppedUpToTheNextHeader() {
        let garbage = String(repeating: "x", count: FrameReader.maximumHeaderBytes + 10)
        let got = frames([garbage + "Content-Length: 2\r\n\r\n{}"])
        expectEqual(got.first.map { if case .malformed = $0 { true } else { false } }, true)
        expectEqual(got.last, message("{}"))
    }

    @Test func aPartialFrameIsKnown() {
        var reader = FrameReader()
        reader.append(Array("Content-Length: 5\r\n\r\n{}".utf8))
        expect(reader.next() == nil)
        expect(reader.hasPartialFrame)
    }
}
