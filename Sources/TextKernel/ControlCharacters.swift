/// The characters that must never reach a terminal raw, and the visible placeholders they are shown as.
///
/// Every replaced character is a single BMP scalar and so is its placeholder, so replacing them keeps
/// every UTF-16 offset of the message where it was.
@_spi(Kernel) public enum ControlCharacters {
    /// The visible placeholder for a scalar that must be neutralised, or nil when the scalar is safe as it is.
    ///
    /// C0 controls other than tab, line feed and carriage return become their Control Pictures
    /// (U+241B "␛" for ESC), DEL becomes U+2421 "␡". C1 controls, the bidi embedding and override controls
    /// (U+202A–U+202E) and the bidi isolates (U+2066–U+2069) have no picture and become U+FFFD "�".
    /// Tab, line feed and carriage return are handled by layout (tab stops and line breaks).
    ///
    /// This is the answer for a scalar seen alone. Message layout knows the paragraph and honours the isolates
    /// that `matchedIsolateOffsets(inUTF8:)` finds there; the marks LRM, RLM and ALM are never replaced. Both
    /// kinds take part in the bidi algorithm, have no width, and are never written out
    /// (`isBidiFormat(_:)`, `removingBidiFormats(_:)`).
    @inlinable @inline(__always)
    @_spi(Kernel) public static func placeholder(for scalar: Unicode.Scalar) -> Unicode.Scalar? {
        let value = scalar.value
        if value < 0x20 {
            if value == 0x09 || value == 0x0A || value == 0x0D { return nil }
            return Unicode.Scalar(0x2400 + value)
        }
        if value < 0x7F { return nil }
        if value == 0x7F { return "\u{2421}" }
        if value <= 0x9F { return "\u{FFFD}" }
        if isBidiEmbeddingOrOverride(scalar) || isBidiIsolate(scalar) { return "\u{FFFD}" }
        return nil
    }

    /// Whether `scalar` is one of the bidi marks LRM (U+200E), RLM (U+200F) and ALM (U+061C): characters
    /// with a direction and no glyph, which layout honours and never replaces.
    @inlinable @inline(__always)
    @_spi(Kernel) public static func isBidiMark(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value == 0x200E || value == 0x200F || value == 0x061C
    }

    /// Whether `scalar` is a bidi embedding or override, LRE, RLE, PDF, LRO or RLO (U+202A–U+202E): always
    /// replaced, since they reorder everything up to the end of the paragraph.
    @inlinable @inline(__always)
    @_spi(Kernel) public static func isBidiEmbeddingOrOverride(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value)
    }

    /// Whether `scalar` is a bidi isolate, LRI, RLI, FSI or PDI (U+2066–U+2069): honoured by layout when
    /// matched in its paragraph (`matchedIsolateOffsets(inUTF8:)`), replaced otherwise.
    @inlinable @inline(__always)
    @_spi(Kernel) public static func isBidiIsolate(_ scalar: Unicode.Scalar) -> Bool {
        (0x2066...0x2069).contains(scalar.value)
    }

    /// Whether `scalar` is any of the twelve bidi controls: the marks, the embeddings and overrides, and the
    /// isolates. None may appear in a name or a one-line message, where they could make it read differently.
    @inlinable @inline(__always)
    @_spi(Kernel) public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        isBidiMark(scalar) || isBidiEmbeddingOrOverride(scalar) || isBidiIsolate(scalar)
    }

    /// Whether `scalar` is a C0 control, DEL or a C1 control (U+0000–U+001F, U+007F–U+009F), tab and line
    /// breaks included.
    @inlinable @inline(__always)
    @_spi(Kernel) public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// Whether `scalar` is a bidi format character that layout honours and no output writes: the marks LRM
    /// (U+200E), RLM (U+200F) and ALM (U+061C), and the isolates LRI, RLI, FSI and PDI (U+2066–U+2069), which
    /// are honoured only when matched.
    @inlinable
    @_spi(Kernel) public static func isBidiFormat(_ scalar: Unicode.Scalar) -> Bool {
        isBidiMark(scalar) || isBidiIsolate(scalar)
    }

    /// `text` without the scalars `isBidiFormat(_:)` accepts: what an output writes for laid-out text, whose
    /// order layout has already settled.
    package static func removingBidiFormats(_ text: String) -> String {
        // All of them are three UTF-8 bytes from E2 80 8E (or D8 9C for ALM), so ASCII text skips the scan.
        guard text.utf8.contains(where: { $0 == 0xE2 || $0 == 0xD8 }), text.unicodeScalars.contains(where: isBidiFormat)
        else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where !isBidiFormat(scalar) { out.append(scalar) }
        return String(out)
    }

    /// `text` as message layout takes it before the bidi algorithm: like `replacingUnsafe(in:)`, except that the
    /// isolates matched within their paragraph (`matchedIsolateOffsets(inUTF8:)`) are kept. One scalar for one.
    package static func sanitisedForLayout(_ text: String) -> String {
        guard mayNeedReplacing(text, includingLayoutControls: false) else { return text }
        let matched = Set(matchedIsolateOffsets(inUTF8: text.utf8))
        var out = String.UnicodeScalarView()
        var offset = 0
        for scalar in text.unicodeScalars {
            let isHonoured = isBidiIsolate(scalar) && matched.contains(offset)
            out.append(isHonoured ? scalar : (placeholder(for: scalar) ?? scalar))
            offset += UTF8.width(scalar)
        }
        return String(out)
    }

    /// What layout shows for `scalar`, which starts at UTF-8 offset `utf8Offset`: the scalar, or its placeholder,
    /// except for an isolate whose offset is among `matchedIsolates` (sorted, from `matchedIsolateOffsets`),
    /// which is kept. Scalars come in order, so `cursor` (the first matched offset not yet passed) only moves on.
    @inline(__always)
    package static func shown(
        _ scalar: Unicode.Scalar, atUTF8Offset utf8Offset: Int, matchedIsolates: [Int], cursor: inout Int
    ) -> Unicode.Scalar {
        guard let placeholder = placeholder(for: scalar) else { return scalar }
        while cursor < matchedIsolates.count && matchedIsolates[cursor] < utf8Offset { cursor += 1 }
        return cursor < matchedIsolates.count && matchedIsolates[cursor] == utf8Offset ? scalar : placeholder
    }

    /// The UTF-8 offsets in `utf8` of the bidi isolates that are honoured: each isolate initiator (LRI, RLI,
    /// FSI) with the PDI that matches it inside the same paragraph (UAX #9 BD9: the first PDI after it at the
    /// same isolate depth, paragraphs ending at LF, CR and U+2029), in increasing order. An initiator without
    /// its PDI, or a PDI without its initiator, stays a placeholder.
    package static func matchedIsolateOffsets(inUTF8 utf8: some Collection<UInt8>) -> [Int] {
        var matched: [Int] = []
        var open: [Int] = []
        var offset = 0
        var previous: UInt8 = 0
        var beforePrevious: UInt8 = 0
        for byte in utf8 {
            if byte == 0x0A || byte == 0x0D || (beforePrevious == 0xE2 && previous == 0x80 && byte == 0xA9) {
                open.removeAll()
            } else if beforePrevious == 0xE2 && previous == 0x81 && (0xA6...0xA9).contains(byte) {
                let start = offset - 2
                if byte != 0xA9 {
                    open.append(start)
                } else if let initiator = open.popLast() {
                    matched.append(initiator)
                    matched.append(start)
                }
            }
            beforePrevious = previous
            previous = byte
            offset += 1
        }
        return matched.sorted()
    }

    /// A short name for a neutralised scalar, for diagnostics: "ESC (U+001B)".
    package static func describe(_ scalar: Unicode.Scalar) -> String {
        let names: [UInt32: String] = [
            0x00: "NUL", 0x07: "BEL", 0x08: "BS", 0x0B: "VT", 0x0C: "FF", 0x1B: "ESC", 0x7F: "DEL",
            0x85: "NEL", 0x90: "DCS", 0x9B: "CSI", 0x9C: "ST", 0x9D: "OSC",
            0x202A: "LEFT-TO-RIGHT EMBEDDING", 0x202B: "RIGHT-TO-LEFT EMBEDDING",
            0x202C: "POP DIRECTIONAL FORMATTING", 0x202D: "LEFT-TO-RIGHT OVERRIDE",
            0x202E: "RIGHT-TO-LEFT OVERRIDE", 0x2066: "LEFT-TO-RIGHT ISOLATE",
            0x2067: "RIGHT-TO-LEFT ISOLATE", 0x2068: "FIRST STRONG ISOLATE", 0x2069: "POP DIRECTIONAL ISOLATE",
        ]
        let code = scalar.codePointText
        if let name = names[scalar.value] { return "\(name) (\(code))" }
        return scalar.value < 0xA0 ? "control character \(code)" : code
    }

    /// Whether `text` may hold a scalar that `placeholder(for:)` replaces, or a tab or line break when
    /// `includingLayoutControls` is set.
    ///
    /// Scans UTF-8 bytes because almost all text is printable ASCII and this runs on every drawn cluster:
    /// controls are below 0x20 or 0x7F, C1 controls are C2 80–C2 9F, and the bidi controls are
    /// E2 80 AA–AE and E2 81 A6–A9.
    @inlinable
    @_spi(Kernel) public static func mayNeedReplacing(_ text: String, includingLayoutControls: Bool = true) -> Bool {
        let utf8 = text.utf8
        if utf8.count == 1 {
            // Most calls are for one ASCII cell of a grid.
            let byte = utf8.first.unsafelyUnwrapped
            if byte >= 0x20 { return byte == 0x7F }
            return includingLayoutControls || (byte != 0x09 && byte != 0x0A && byte != 0x0D)
        }
        return utf8.withContiguousStorageIfAvailable { scanWords($0, includingLayoutControls) }
            ?? scan(utf8, includingLayoutControls)
    }

    /// The byte scan, skipping words of eight bytes that cannot hold or finish what is looked for, so that
    /// mostly-ASCII text with a few accents or emoji, and text in most other scripts, goes eight bytes a step.
    @usableFromInline
    package static func scanWords(_ bytes: UnsafeBufferPointer<UInt8>, _ includingLayoutControls: Bool) -> Bool {
        var previous: UInt8 = 0
        var beforePrevious: UInt8 = 0
        var index = 0
        let space = SIMD16<UInt8>(repeating: 0x20)
        let delete = SIMD16<UInt8>(repeating: 0x7F)
        let c1Lead = SIMD16<UInt8>(repeating: 0xC2)
        let bidiLead = SIMD16<UInt8>(repeating: 0xE2)
        while index < bytes.count {
            // Sixteen bytes a step as a vector while none is a control, DEL, or the lead byte of a C1 or bidi
            // control, and no such sequence is left open before them; else up to the first that is.
            if index + 16 <= bytes.count && previous != 0xC2 && previous != 0xE2 && beforePrevious != 0xE2 {
                let block = UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: SIMD16<UInt8>.self)
                let halves = unsafeBitCast(
                    (block .< space) .| (block .== delete) .| (block .== c1Lead) .| (block .== bidiLead),
                    to: SIMD2<UInt64>.self)
                // Lane 0 in the low byte of the first word, whatever the byte order.
                let flagged = (UInt64(littleEndian: halves[0]), UInt64(littleEndian: halves[1]))
                let clean =
                    flagged.0 != 0
                    ? flagged.0.trailingZeroBitCount >> 3
                    : flagged.1 != 0 ? 8 + flagged.1.trailingZeroBitCount >> 3 : 16
                if clean > 0 {
                    previous = 0x20
                    beforePrevious = 0x20
                    index += clean
                    continue
                }
            }
            if index + 8 <= bytes.count {
                let word = UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)
                if ByteLanes.isPrintableASCII(word) {
                    previous = 0x20
                    beforePrevious = 0x20
                    index += 8
                    continue
                }
                // Text in other scripts goes a word a step too when the word holds no lead byte of what is
                // looked for (C2 of a C1 control, E2 of a bidi control) and no such sequence is left open
                // before it. Lanes above a true match may be flagged too, which only sends the word byte
                // by byte.
                if previous != 0xC2 && previous != 0xE2 && beforePrevious != 0xE2 {
                    let flagged =
                        ByteLanes.controlLanes(word) | ByteLanes.lanes(of: word, equalTo: 0xC2)
                        | ByteLanes.lanes(of: word, equalTo: 0xE2)
                    // The lowest flagged lane is exact, so the bytes below it hold nothing looked for: skip
                    // them, and take only the flagged byte itself byte by byte (a line feed, a joiner).
                    let clean = flagged == 0 ? 8 : flagged.trailingZeroBitCount >> 3
                    if clean > 0 {
                        previous = 0x20
                        beforePrevious = 0x20
                        index += clean
                        continue
                    }
                }
            }
            let byte = bytes[index]
            if isUnsafe(byte, after: previous, beforePrevious, includingLayoutControls) { return true }
            beforePrevious = previous
            previous = byte
            index += 1
        }
        return false
    }

    /// Whether `byte` ends a control, DEL, a C1 control (C2 80–C2 9F) or a bidi control (E2 80 AA–AE,
    /// E2 81 A6–A9), given the two bytes before it.
    @inlinable @inline(__always)
    @_spi(Kernel) public static func isUnsafe(
        _ byte: UInt8, after previous: UInt8, _ beforePrevious: UInt8, _ includingLayoutControls: Bool
    )
        -> Bool
    {
        if byte < 0x20 { return includingLayoutControls || (byte != 0x09 && byte != 0x0A && byte != 0x0D) }
        if byte == 0x7F { return true }
        if previous == 0xC2 { return byte >= 0x80 && byte < 0xA0 }
        if beforePrevious == 0xE2 {
            return (previous == 0x80 && (0xAA...0xAE).contains(byte))
                || (previous == 0x81 && (0xA6...0xA9).contains(byte))
        }
        return false
    }

    @usableFromInline
    package static func scan(_ bytes: some Collection<UInt8>, _ includingLayoutControls: Bool) -> Bool {
        var previous: UInt8 = 0
        var beforePrevious: UInt8 = 0
        for byte in bytes {
            if isUnsafe(byte, after: previous, beforePrevious, includingLayoutControls) { return true }
            beforePrevious = previous
            previous = byte
        }
        return false
    }

    /// `text` as shown outside the message layout (labels, titles, link targets, status lines): every
    /// scalar `placeholder(for:)` replaces shown as its placeholder, and tabs and line breaks as spaces.
    /// One scalar for one, so the text keeps its shape and its UTF-16 offsets.
    package static func singleLine(_ text: String) -> String {
        replacingUnsafe(in: text, layoutControlReplacement: " ")
    }

    /// `text` with every scalar that `placeholder(for:)` replaces shown as its placeholder; tabs and line
    /// breaks become `layoutControlReplacement` when given, and are kept otherwise.
    package static func replacingUnsafe(in text: String, layoutControlReplacement: Unicode.Scalar? = nil) -> String {
        guard mayNeedReplacing(text, includingLayoutControls: layoutControlReplacement != nil) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if let replacement = layoutControlReplacement, scalar == "\t" || scalar == "\n" || scalar == "\r" {
                out.append(replacement)
            } else {
                out.append(placeholder(for: scalar) ?? scalar)
            }
        }
        return String(out)
    }
}

extension Unicode.Scalar {
    /// The code point as Unicode writes it: "U+0065", "U+1F600".
    package var codePointText: String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
