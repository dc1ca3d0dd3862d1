@_spi(Kernel) import TextKernel

/// Untrusted text: characters that would not reach the terminal as written, and text that draws nothing.
extension DocumentDecoder {
    /// Warns about a non-empty message made only of characters with no glyph of their own (joiners,
    /// variation selectors, combining and enclosing marks, other invisible format characters): it validates,
    /// but a terminal draws an empty body.
    mutating func checkDrawsSomething(_ message: String, at byteOffset: Int) {
        guard Self.drawsNothing(message) else { return }
        collector.warning(
            .messageDrawsNothing,
            "msg holds only joiners, variation selectors or combining marks, so it draws as an empty body",
            at: byteOffset,
            hint: "a combining mark or joiner needs a base character before it, such as a letter or emoji")
    }

    /// Warns about each character that would be shown as a placeholder instead of reaching the terminal.
    mutating func checkControlCharacters(in text: String, literalAt literalOffset: Int, key: String) {
        guard ControlCharacters.mayNeedReplacing(text, includingLayoutControls: false) else { return }
        var utf16Offset = 0
        var reported = 0
        var skipped = 0
        var firstSkippedByteOffset = literalOffset
        // Isolates matched within their paragraph are honoured by layout, not shown: no warning for them.
        var matchedIsolates: Set<Int>?
        var utf8Offset = 0
        for scalar in text.unicodeScalars {
            defer {
                utf16Offset += scalar.utf16.count
                utf8Offset += UTF8.width(scalar)
            }
            guard let placeholder = ControlCharacters.placeholder(for: scalar) else { continue }
            if ControlCharacters.isBidiIsolate(scalar) {
                let matched = matchedIsolates ?? Set(ControlCharacters.matchedIsolateOffsets(inUTF8: text.utf8))
                matchedIsolates = matched
                if matched.contains(utf8Offset) { continue }
            }
            if reported == options.maxControlCharacterWarnings {
                if skipped == 0 {
                    firstSkippedByteOffset = source.byteOffset(
                        ofUTF16Offset: utf16Offset, inStringLiteralAt: literalOffset)
                }
                skipped += 1
                continue
            }
            reported += 1
            let byteOffset = source.byteOffset(ofUTF16Offset: utf16Offset, inStringLiteralAt: literalOffset)
            let isBidi = scalar.value >= 0x2000
            collector.add(
                .warning, .controlCharacter,
                "\(key) contains \(ControlCharacters.describe(scalar)), which is shown as '\(Character(placeholder))'",
                at: byteOffset,
                hint: isBidi
                    ? "bidi controls can make text read differently from what it is; remove it"
                    : "terminal control characters and escape sequences are not part of the format; remove it",
                pointerSuffix: .key(key))
        }
        if skipped > 0 {
            collector.add(
                .note, .controlCharacter, "\(key) contains \(skipped) more such characters from here on",
                at: firstSkippedByteOffset,
                hint: nil, pointerSuffix: .key(key))
        }
    }

    /// Whether a non-empty message is made only of characters with no glyph of their own.
    static func drawsNothing(_ message: String) -> Bool {
        guard let first = message.utf8.first, first >= 0x80 else { return false }  // ASCII always draws or breaks lines
        return message.unicodeScalars.allSatisfy { scalar in
            // Scalars that join no neighbour are letters, ideographs, punctuation and emoji, all drawn: no
            // property look-up for them (`AlwaysBreakingScalarsTests` checks the set against these properties).
            if UTF16Offsets.alwaysBreaksAround(scalar.value) { return false }
            let properties = scalar.properties
            switch properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .format: return true
            default: return properties.isDefaultIgnorableCodePoint || properties.isVariationSelector
            }
        }
    }
}
