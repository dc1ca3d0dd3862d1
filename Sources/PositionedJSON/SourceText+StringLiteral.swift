extension SourceText {
    /// The byte offset in the source of the character at `utf16Offset` in the decoded value of the string
    /// literal whose opening quote is at `stringLiteralByteOffset`.
    ///
    /// A character written as an escape maps to its backslash; in a surrogate-pair escape the low half
    /// maps to the second escape's backslash, and the low half of a raw astral character maps to the
    /// character's first byte. An offset at or past the end of the decoded string maps to the closing
    /// quote (or the end of the file if the literal is not closed). Offsets that are not in a string
    /// literal give the literal's own offset back, clamped to the file.
    package func byteOffset(ofUTF16Offset utf16Offset: Int, inStringLiteralAt stringLiteralByteOffset: Int) -> Int {
        byteOffsets(ofUTF16Offsets: [utf16Offset], inStringLiteralAt: stringLiteralByteOffset)[0]
    }

    /// `byteOffset(ofUTF16Offset:inStringLiteralAt:)` of each offset, in the order given, from one walk of the
    /// literal: the ends of many ranges over one long message cost one pass, not one pass each.
    package func byteOffsets(ofUTF16Offsets utf16Offsets: [Int], inStringLiteralAt stringLiteralByteOffset: Int)
        -> [Int]
    {
        let count = bytes.count
        guard stringLiteralByteOffset >= 0, stringLiteralByteOffset < count,
            bytes[stringLiteralByteOffset] == UInt8(ascii: "\"")
        else { return utf16Offsets.map { _ in min(max(stringLiteralByteOffset, 0), count) } }
        let order = utf16Offsets.indices.sorted { utf16Offsets[$0] < utf16Offsets[$1] }
        var result = [Int](repeating: count, count: utf16Offsets.count)
        var next = 0
        bytes.withUnsafeBufferPointer { buffer in
            var offset = stringLiteralByteOffset + 1
            var decodedUTF16 = 0
            func place(_ byteOffset: Int, while reached: (Int) -> Bool) {
                while next < order.count, reached(utf16Offsets[order[next]]) {
                    result[order[next]] = byteOffset
                    next += 1
                }
            }
            while offset < count, next < order.count {
                let byte = buffer[offset]
                if byte == UInt8(ascii: "\"") { break }
                place(offset) { $0 <= decodedUTF16 }
                if byte == UInt8(ascii: "\\") {
                    let (escapeLength, isPair) = Self.escapeShape(in: buffer, at: offset)
                    if isPair {
                        place(offset + 6) { $0 == decodedUTF16 + 1 }
                        decodedUTF16 += 2
                    } else {
                        decodedUTF16 += 1
                    }
                    offset += escapeLength
                } else {
                    let length = byte < 0x80 ? 1 : max(1, UTF8Validation.sequenceLength(in: buffer, at: offset))
                    if length == 4 {
                        place(offset) { $0 == decodedUTF16 + 1 }
                        decodedUTF16 += 2
                    } else {
                        decodedUTF16 += 1
                    }
                    offset += length
                }
            }
            place(min(offset, count)) { _ in true }
        }
        return result
    }

    /// The UTF-16 offset in the decoded value of the string literal whose opening quote is at
    /// `stringLiteralByteOffset` of the character whose source holds `byteOffset`: the inverse of
    /// `byteOffset(ofUTF16Offset:inStringLiteralAt:)`.
    ///
    /// An offset on a character's first byte gives that character's offset. An offset inside a character's
    /// source (inside an escape, a surrogate-pair escape or a multi-byte sequence) gives where the character
    /// starts, or with `roundingUp` where it ends, so a selection never splits what one character is written
    /// with. Offsets at or before the opening quote give 0; at or past the closing quote, the decoded length.
    package func utf16Offset(
        ofByteOffset byteOffset: Int, inStringLiteralAt stringLiteralByteOffset: Int, roundingUp: Bool = false
    ) -> Int {
        let count = bytes.count
        guard stringLiteralByteOffset >= 0, stringLiteralByteOffset < count,
            bytes[stringLiteralByteOffset] == UInt8(ascii: "\""), byteOffset > stringLiteralByteOffset
        else { return 0 }
        return bytes.withUnsafeBufferPointer { buffer in
            var offset = stringLiteralByteOffset + 1
            var decodedUTF16 = 0
            while offset < count {
                let byte = buffer[offset]
                if byte == UInt8(ascii: "\"") || offset >= byteOffset { break }
                let characterLength: Int
                let characterUTF16: Int
                if byte == UInt8(ascii: "\\") {
                    let (escapeLength, isPair) = Self.escapeShape(in: buffer, at: offset)
                    characterLength = escapeLength
                    characterUTF16 = isPair ? 2 : 1
                } else {
                    characterLength = byte < 0x80 ? 1 : max(1, UTF8Validation.sequenceLength(in: buffer, at: offset))
                    characterUTF16 = characterLength == 4 ? 2 : 1
                }
                if byteOffset < offset + characterLength {
                    return roundingUp ? decodedUTF16 + characterUTF16 : decodedUTF16
                }
                decodedUTF16 += characterUTF16
                offset += characterLength
            }
            return decodedUTF16
        }
    }

    /// The length of the escape at `backslash` and whether it is a `\uD8xx\uDCxx` pair.
    ///
    /// Lenient, since the literal may not have parsed: anything unusual counts as a two-byte escape.
    private static func escapeShape(in buffer: UnsafeBufferPointer<UInt8>, at backslash: Int) -> (Int, Bool) {
        guard let high = unicodeEscapeValue(in: buffer, at: backslash) else { return (2, false) }
        if (0xD800...0xDBFF).contains(high), let low = unicodeEscapeValue(in: buffer, at: backslash + 6),
            (0xDC00...0xDFFF).contains(low)
        {
            return (12, true)
        }
        return (6, false)
    }

    /// The value of a `\uXXXX` escape at `backslash`, or nil when there is none.
    private static func unicodeEscapeValue(in buffer: UnsafeBufferPointer<UInt8>, at backslash: Int) -> UInt16? {
        guard backslash + 6 <= buffer.count, buffer[backslash] == UInt8(ascii: "\\"),
            buffer[backslash + 1] == UInt8(ascii: "u")
        else { return nil }
        var value: UInt16 = 0
        for offset in (backslash + 2)..<(backslash + 6) {
            guard let digit = hexDigitValue(buffer[offset]) else { return nil }
            value = value << 4 | UInt16(digit)
        }
        return value
    }
}
