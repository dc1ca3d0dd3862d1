/// Whether a line may break between two scalars.
package enum BreakAction: UInt8, Sendable, Equatable {
    /// No break allowed here.
    case prohibited
    /// A break opportunity.
    case allowed
    /// A break is required here (after a hard line break).
    case mandatory
}

/// UAX #14 line breaking (Unicode 15.0 default rules, numbers tailored as in the standard's example 7).
package enum LineBreaker {
    /// The break action before each scalar: `result[i]` is the action between `scalars[i-1]` and `scalars[i]`.
    ///
    /// `result.count == scalars.count + 1`; `result[0]` is `.prohibited` (never break at the start) and the last
    /// entry is the break at the end of text (`.mandatory`, rule LB3).
    package static func breakActions(_ scalars: [Unicode.Scalar]) -> [BreakAction] {
        [BreakAction](unsafeUninitializedCapacity: scalars.count + 1) { buffer, initializedCount in
            scalars.withUnsafeBufferPointer { breakActions($0, into: buffer) }
            initializedCount = scalars.count + 1
        }
    }

    /// Writes the break action before each scalar into `actions`, which needs `scalars.count + 1` entries.
    ///
    /// The same contract as `breakActions(_:)`, without allocating.
    package static func breakActions(
        _ scalars: UnsafeBufferPointer<Unicode.Scalar>, into actions: UnsafeMutableBufferPointer<BreakAction>
    ) {
        precondition(actions.count > scalars.count, "actions needs scalars.count + 1 entries")
        // The stream takes ASCII a table lookup a scalar (`LineBreakMachine.advanceASCII`); `LineBreakTests`
        // holds it to the byte-wise reader below, which takes every scalar through the property table.
        var stream = LineBreakStream()
        stream.feed(scalars, base: 0, into: actions)
        actions[0] = .prohibited
        actions[scalars.count] = .mandatory
    }

    /// The break action before each UTF-8 code unit of `text`: `result[k]` is the action at UTF-8 offset `k`.
    ///
    /// Offsets inside a multi-byte scalar get `.prohibited`. `result.count == text.utf8.count + 1`; the first
    /// entry is `.prohibited` and the last `.mandatory`. Decodes straight from the string's storage.
    package static func utf8BreakActions(_ text: String) -> [BreakAction] {
        var text = text
        return text.withUTF8 { utf8 in
            [BreakAction](unsafeUninitializedCapacity: utf8.count + 1) { buffer, initializedCount in
                utf8BreakActions(utf8, into: buffer)
                initializedCount = utf8.count + 1
            }
        }
    }

    /// Writes the break action before each UTF-8 code unit into `actions`, which needs `utf8.count + 1` entries.
    ///
    /// `actions[k]` is the action at byte offset `k`; bytes inside a scalar get `.prohibited`. The input
    /// should be valid UTF-8 (as `String.utf8` always is); malformed or truncated sequences are read as
    /// U+FFFD, never out of bounds.
    package static func utf8BreakActions(
        _ utf8: UnsafeBufferPointer<UInt8>, into actions: UnsafeMutableBufferPointer<BreakAction>
    ) {
        precondition(actions.count > utf8.count, "actions needs utf8.count + 1 entries")
        let table = UnicodePropertyTable.shared
        var machine = LineBreakMachine()
        var lookahead = NumberLookahead()
        let count = utf8.count
        var offset = 0
        while offset < count {
            let lead = utf8[offset]
            var scalarValue: UInt32
            var length: Int
            if lead < 0x80 {
                scalarValue = UInt32(lead)
                length = 1
            } else {
                (scalarValue, length) = decodeMultibyte(utf8, at: offset, lead: lead)
                for continuation in 1..<length { actions[offset + continuation] = .prohibited }
            }
            let lineBreakClass = table.properties(scalarValue: scalarValue).lineBreakClassIndex
            var decision = machine.advance(lineBreakClass)
            let fix = lookahead.resolve(index: offset, lineBreakClass: lineBreakClass, decision: &decision)
            if fix >= 0 { actions[fix] = .prohibited }
            actions[offset] = BreakAction(rawValue: decision).unsafelyUnwrapped
            offset += length
        }
        actions[0] = .prohibited
        actions[count] = .mandatory
    }

    /// Decodes a scalar that starts with a non-ASCII byte; returns U+FFFD and length 1 for malformed input.
    @inline(__always)
    private static func decodeMultibyte(_ utf8: UnsafeBufferPointer<UInt8>, at offset: Int, lead: UInt8) -> (
        UInt32, Int
    ) {
        let replacement: (UInt32, Int) = (0xFFFD, 1)
        let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        guard lead >= 0xC2, lead <= 0xF4, offset + length <= utf8.count else { return replacement }
        var value = UInt32(lead) & (0x7F >> UInt32(length))
        for i in 1..<length {
            let byte = utf8[offset + i]
            guard byte & 0xC0 == 0x80 else { return replacement }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard value < 0x110000 else { return replacement }
        return (value, length)
    }
}
