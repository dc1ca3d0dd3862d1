@_spi(Kernel) import TextKernel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension JSONScanner {
    /// Parses the string literal whose opening quote is at `position`, leaving `position` after its closing quote
    /// and what it saw of the string's content in `stringFacts`.
    package mutating func parseString() throws(JSONParseError) -> String {
        let quote = position
        let contentStart = quote + 1
        var facts = StringContentFacts()
        let stop = scanPlainRun(from: contentStart, facts: &facts)
        guard stop < count, base[stop] == UInt8(ascii: "\"") else {
            let string = try parseEscapedString(quote: quote, stop: stop, facts: &facts)
            stringFacts = facts
            return string
        }
        stringFacts = facts
        // Fast path: no escapes, so the string is the bytes between the quotes.
        position = stop + 1
        let length = stop - contentStart
        if length == 0 { return "" }
        if length <= KnownStrings.maximumLength && contentStart + 16 <= count,
            let known = knownStrings.string(at: base + contentStart, length: length)
        {
            return known
        }
        return try makeString(from: base + contentStart, count: length, source: contentStart..<stop)
    }

    /// A string of the UTF-8 bytes at `start`, or the `json-utf8` error for the first bad byte in `source`.
    ///
    /// The non-generic decoding initialiser is the fast way to make a `String`, but it repairs instead of
    /// failing. Ill-formed input comes out repaired, so different from the input; comparing the two is
    /// much cheaper than validating the bytes a second time.
    @inline(__always)
    private func makeString(from start: UnsafePointer<UInt8>, count: Int, source: Range<Int>) throws(JSONParseError)
        -> String
    {
        let string = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
        guard string.utf8.count == count,
            string.utf8.withContiguousStorageIfAvailable({ memcmp($0.baseAddress!, start, count) == 0 }) ?? false
        else { throw utf8Error(in: source) }
        return string
    }

    /// The offset of the first `"`, `\` or control character (U+0000–U+001F) at or after `start`, or `count`.
    ///
    /// Eight bytes at a time: each test below flags a matching byte in bit 7 of its lane. Borrows can only
    /// flag lanes above a true match, so the lowest flagged lane is always exact.
    @inline(__always)
    package func scanPlainRun(from start: Int) -> Int {
        var ignored = StringContentFacts()
        return scanPlainRun(from: start, facts: &ignored)
    }

    /// `scanPlainRun(from:)`, adding the run's bytes to `facts`.
    ///
    /// Sixteen bytes a step first, as one vector, while none of them ends the run: a message's runs between
    /// escaped line breaks are dozens of bytes long, and the vector test is a few instructions for sixteen bytes
    /// where the word test below is some twenty for eight. The word test then finds the exact end.
    @inline(__always)
    package func scanPlainRun(from start: Int, facts: inout StringContentFacts) -> Int {
        var offset = start
        if offset + 16 <= count {
            var bits = SIMD16<UInt8>(repeating: 0)
            var suspects = SIMD16<UInt8>(repeating: 0)
            defer { facts.add(vectorBits: bits, suspects: suspects) }
            // Vector operands throughout: the operators that take a scalar are generic, and go lane by lane.
            let quote = SIMD16<UInt8>(repeating: 0x22)
            let backslash = SIMD16<UInt8>(repeating: 0x5C)
            let space = SIMD16<UInt8>(repeating: 0x20)
            repeat {
                let bytes = UnsafeRawPointer(base + offset).loadUnaligned(as: SIMD16<UInt8>.self)
                let stops = (bytes .== quote) .| (bytes .== backslash) .| (bytes .< space)
                // The mask's halves as words: `any(_:)` is a call that reduces lane by lane.
                // Lane 0 in the low byte of the first word, whatever the byte order.
                let stopHalves = unsafeBitCast(stops, to: SIMD2<UInt64>.self)
                let stopWords = (UInt64(littleEndian: stopHalves[0]), UInt64(littleEndian: stopHalves[1]))
                if stopWords.0 | stopWords.1 != 0 {
                    // The first stop's lane, and the bytes before it kept by a mask of whole lanes.
                    let clean: Int
                    var kept = SIMD2<UInt64>(~0, 0)
                    if stopWords.0 != 0 {
                        clean = stopWords.0.trailingZeroBitCount >> 3
                        kept[0] = ((1 &<< UInt64(clean &* 8)) &- 1).littleEndian
                    } else {
                        clean = 8 + stopWords.1.trailingZeroBitCount >> 3
                        kept[1] = ((1 &<< UInt64((clean &- 8) &* 8)) &- 1).littleEndian
                    }
                    let keep = unsafeBitCast(kept, to: SIMD16<UInt8>.self)
                    bits |= bytes & keep
                    suspects |= Self.suspectLanes(bytes) & keep
                    return offset + clean
                }
                bits |= bytes
                suspects |= Self.suspectLanes(bytes)
                offset += 16
            } while offset + 16 <= count
        }
        while offset + 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
            let flagged =
                ByteLanes.lanes(of: word, equalTo: UInt8(ascii: "\""))
                | ByteLanes.lanes(of: word, equalTo: UInt8(ascii: "\\"))
                | ByteLanes.lanes(of: word, below: 0x20)
            if flagged != 0 {
                let clean = ByteLanes.leadingUnflaggedCount(flagged)
                facts.add(word, keeping: clean)
                return offset + clean
            }
            facts.add(word)
            offset += 8
        }
        while offset < count {
            let byte = base[offset]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { return offset }
            facts.add(byte: byte)
            offset += 1
        }
        return count
    }

    /// All bits set in the lanes of `bytes` that hold DEL, C2 or E2 (`StringContentFacts.suspectLanes`), none
    /// elsewhere.
    @inline(__always)
    private static func suspectLanes(_ bytes: SIMD16<UInt8>) -> SIMD16<UInt8> {
        let suspect =
            (bytes .== SIMD16<UInt8>(repeating: 0x7F)) .| (bytes .== SIMD16<UInt8>(repeating: 0xC2))
            .| (bytes .== SIMD16<UInt8>(repeating: 0xE2))
        return unsafeBitCast(suspect, to: SIMD16<UInt8>.self)
    }

    /// The slow path: decodes escapes into `scratch`, starting with the plain run that ends at `stop`.
    private mutating func parseEscapedString(
        quote: Int, stop firstStop: Int, facts: inout StringContentFacts
    ) throws(JSONParseError) -> String {
        scratch.removeAll()
        // A message with escapes is most of a small document: room for the rest of the input (up to 64 KB) at
        // the first string, rather than a doubling of the buffer at each few hundred bytes of a long message.
        scratch.reserveFirst(min(count - quote, 1 << 16))
        var runStart = quote + 1
        var stop = firstStop
        while true {
            guard stop < count else { throw unterminatedString(quote: quote) }
            let byte = base[stop]
            if byte == UInt8(ascii: "\"") {
                appendToScratch(runStart..<stop)
                position = stop + 1
                return try makeString(from: scratch.start, count: scratch.count, source: (quote + 1)..<stop)
            }
            if byte != UInt8(ascii: "\\") { throw rawControlCharacter(at: stop, quote: quote) }
            appendToScratch(runStart..<stop)
            // A one-letter escape, `\n` above all (a message has one every few dozen bytes), decoded in place.
            let decoded = stop + 1 < count ? Self.singleEscape(base[stop + 1]) : 0
            if decoded != 0 {
                facts.addEscaped(UInt32(decoded))
                scratch.append(decoded)
                runStart = stop + 2
            } else {
                runStart = try decodeEscape(at: stop, quote: quote, facts: &facts)
            }
            stop = scanPlainRun(from: runStart, facts: &facts)
        }
    }

    @inline(__always)
    private mutating func appendToScratch(_ range: Range<Int>) {
        scratch.append(base + range.lowerBound, length: range.count)
    }

    /// Appends the character that the escape at `backslash` stands for, returning the offset after the escape.
    private mutating func decodeEscape(
        at backslash: Int, quote: Int, facts: inout StringContentFacts
    ) throws(JSONParseError) -> Int {
        guard backslash + 1 < count else { throw unterminatedString(quote: quote) }
        let letter = base[backslash + 1]
        if letter == UInt8(ascii: "u") { return try decodeUnicodeEscape(at: backslash, quote: quote, facts: &facts) }
        let decoded = Self.singleEscape(letter)
        guard decoded != 0 else { throw invalidEscape(at: backslash, quote: quote) }
        facts.addEscaped(UInt32(decoded))
        scratch.append(decoded)
        return backslash + 2
    }

    /// What a backslash followed by `letter` stands for (`n`: a line feed), or 0 when that is no one-letter escape.
    @inline(__always)
    private static func singleEscape(_ letter: UInt8) -> UInt8 {
        switch letter {
        case UInt8(ascii: "\""): 0x22
        case UInt8(ascii: "\\"): 0x5C
        case UInt8(ascii: "/"): 0x2F
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        default: 0
        }
    }

    /// Decodes `\uXXXX`, or a `\uXXXX\uXXXX` surrogate pair, into UTF-8 on `scratch`.
    private mutating func decodeUnicodeEscape(
        at backslash: Int, quote: Int, facts: inout StringContentFacts
    ) throws(JSONParseError) -> Int {
        let unit = try hexQuad(at: backslash, quote: quote)
        var scalarValue = UInt32(unit)
        var end = backslash + 6
        switch unit {
        case 0xD800...0xDBFF:
            guard end + 1 < count, base[end] == UInt8(ascii: "\\"), base[end + 1] == UInt8(ascii: "u"),
                let low = hexQuadIfValid(at: end), (0xDC00...0xDFFF).contains(low)
            else { throw unpairedSurrogate(at: backslash, unit: unit) }
            scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            end += 6
        case 0xDC00...0xDFFF:
            throw unpairedSurrogate(at: backslash, unit: unit)
        default:
            break
        }
        facts.addEscaped(scalarValue)
        appendUTF8(scalarValue)
        return end
    }

    /// The four hex digits after the `\u` at `backslash`, or an error naming what was there.
    private func hexQuad(at backslash: Int, quote: Int) throws(JSONParseError) -> UInt16 {
        if let unit = hexQuadIfValid(at: backslash) { return unit }
        throw invalidUnicodeEscape(at: backslash, quote: quote)
    }

    /// The four hex digits after the `\u` at `backslash`, if all four are there, read as the lanes of one word
    /// (`ByteLanes.hexDigitValues`): an `ensure_ascii` document has such an escape for every character outside ASCII.
    @inline(__always)
    private func hexQuadIfValid(at backslash: Int) -> UInt16? {
        guard backslash + 6 <= count else { return nil }
        let digits = UInt32(littleEndian: UnsafeRawPointer(base + backslash + 2).loadUnaligned(as: UInt32.self))
        // The first digit in the lowest lane; the four unused lanes hold "0".
        guard let values = ByteLanes.hexDigitValues(UInt64(digits) | 0x3030_3030_0000_0000) else { return nil }
        return UInt16(
            truncatingIfNeeded: (values & 0xF) << 12 | (values >> 8 & 0xF) << 8 | (values >> 16 & 0xF) << 4 | values
                >> 24 & 0xF)
    }

    private mutating func appendUTF8(_ value: UInt32) {
        scratch.appendUTF8(value)
    }
}

/// The value of an ASCII hex digit, or nil.
@inline(__always)
package func hexDigitValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte &- UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte &- UInt8(ascii: "a") &+ 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte &- UInt8(ascii: "A") &+ 10
    default: nil
    }
}
