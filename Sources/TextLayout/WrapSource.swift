import ModalModel

/// A message decoded once for layout: its sanitised scalars, their UTF-8 bytes, and where grapheme clusters start.
///
/// Everything later indexes these arrays; nothing on the hot path goes back to `String` except to build the
/// text of finished segments from `utf8` slices.
struct WrapSource {
    /// The message's scalars with every neutralised control replaced by its placeholder.
    var scalars: [Unicode.Scalar]
    /// The UTF-8 encoding of `scalars`.
    var utf8: [UInt8]
    /// `clusterStarts[i]` tells whether a grapheme cluster starts at `scalars[i]`; the extra last entry is true.
    var clusterStarts: [Bool]
    /// The message's length in UTF-16 units.
    var utf16Count: Int

    /// Decodes and sanitises `text`, then finds its grapheme clusters.
    init(_ text: String) {
        var text = text
        var rewritten: [UInt8]? = nil
        var astralCount = 0
        var scalars: [Unicode.Scalar] = []
        let original: [UInt8] = text.withUTF8 { bytes in
            // Never more scalars than bytes; filling a buffer of that size avoids a capacity check per scalar.
            scalars = [Unicode.Scalar](unsafeUninitializedCapacity: bytes.count) { buffer, initializedCount in
                (initializedCount, astralCount, rewritten) = Self.decode(bytes, into: buffer)
            }
            return rewritten == nil ? Array(bytes) : []
        }
        self.scalars = scalars
        utf8 = rewritten ?? original
        utf16Count = scalars.count + astralCount
        clusterStarts = Self.clusterStarts(of: scalars)
    }

    /// Decodes valid UTF-8 into sanitised scalars.
    ///
    /// Returns the number of scalars, how many of them are outside the BMP, and the re-encoded bytes when a
    /// scalar was replaced by its placeholder.
    private static func decode(
        _ bytes: UnsafeBufferPointer<UInt8>, into scalars: UnsafeMutableBufferPointer<Unicode.Scalar>
    ) -> (count: Int, astralCount: Int, rewritten: [UInt8]?) {
        var rewritten: [UInt8]? = nil
        var offset = 0
        var count = 0
        var astralCount = 0
        let byteCount = bytes.count
        while offset < byteCount {
            let lead = bytes[offset]
            var value: UInt32
            var length: Int
            if lead < 0x80 {
                value = UInt32(lead)
                length = 1
            } else if lead < 0xE0 {
                value = UInt32(lead & 0x1F) << 6 | UInt32(bytes[offset + 1] & 0x3F)
                length = 2
            } else if lead < 0xF0 {
                value = UInt32(lead & 0x0F) << 12 | UInt32(bytes[offset + 1] & 0x3F) << 6
                    | UInt32(bytes[offset + 2] & 0x3F)
                length = 3
            } else {
                value = UInt32(lead & 0x07) << 18 | UInt32(bytes[offset + 1] & 0x3F) << 12
                    | UInt32(bytes[offset + 2] & 0x3F) << 6 | UInt32(bytes[offset + 3] & 0x3F)
                length = 4
                astralCount += 1
            }
            // A Swift string always holds valid UTF-8, so the value is a valid scalar.
            var scalar = Unicode.Scalar(value).unsafelyUnwrapped
            if let placeholder = ControlCharacters.placeholder(for: scalar) {
                if rewritten == nil {
                    var prefix: [UInt8] = []
                    prefix.reserveCapacity(byteCount + 16)
                    prefix.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[0..<offset]))
                    rewritten = prefix
                }
                rewritten!.append(contentsOf: placeholder.utf8)
                scalar = placeholder
            } else if rewritten != nil {
                rewritten!.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[offset..<offset + length]))
            }
            scalars.initializeElement(at: count, to: scalar)
            count += 1
            offset += length
        }
        return (count, astralCount, rewritten)
    }

    /// Grapheme cluster starts, by the same rules as Swift's `Character`.
    ///
    /// Two scalars below U+0300 always have a boundary between them except CR LF (no scalar below U+0300 is
    /// Extend, SpacingMark, Prepend, ZWJ or a regional indicator), which covers most text without touching the
    /// general rules. Everything else goes through the standard library's own recognizer, the one behind
    /// `Character`. After the fast path the recognizer restarts from the scalar before the current one. That
    /// scalar is below U+0300 and began a cluster (or is the LF of CR LF, after which every rule breaks), and
    /// the only state that outlives a boundary is the pairing of regional indicators, which are never below U+0300.
    private static func clusterStarts(of scalars: [Unicode.Scalar]) -> [Bool] {
        let count = scalars.count
        var starts = [Bool](repeating: false, count: count + 1)
        starts[count] = true
        guard count > 0 else { return starts }
        starts[0] = true
        var recognizer = Unicode._CharacterRecognizer()
        var recognizerFedUpTo = -1
        scalars.withUnsafeBufferPointer { scalars in
            starts.withUnsafeMutableBufferPointer { starts in
                var previous = scalars[0].value
                for index in 1..<count {
                    let value = scalars[index].value
                    if previous < 0x300 && value < 0x300 {
                        starts[index] = !(previous == 0x0D && value == 0x0A)
                    } else {
                        if recognizerFedUpTo != index - 1 {
                            recognizer = Unicode._CharacterRecognizer()
                            _ = recognizer.hasBreak(before: scalars[index - 1])
                        }
                        starts[index] = recognizer.hasBreak(before: scalars[index])
                        recognizerFedUpTo = index
                    }
                    previous = value
                }
            }
        }
        return starts
    }
}
