import ModalModel
@_spi(Kernel) import TextKernel

/// The most lines a text can wrap to at a width, read from its bytes without wrapping it: what lets a writer
/// check an output limit before the first row and then make the lines once, as it writes them, instead of
/// counting them in a pass of their own.
///
/// Why it holds, for the greedy wrapping of `StyledText.wrap(options:)` at width `w`. Call a line's advance
/// its cells plus the whitespace dropped after it; advances never overlap. When a soft break ends a line, the
/// cluster that did not fit (two cells at most) would have overflowed it, and what moved to the next line fits
/// there again (a cluster's width does not depend on its column, tabs aside), so that line and the next
/// advance at least `w - 1` cells together. Each advance is in at most two such pairs, so a paragraph of `c`
/// cells wraps to at most `1 + 2c / (w - 1)` lines. No cluster has more cells than UTF-8 bytes: ASCII is one
/// cell, a character of two cells takes two bytes or more (three for every East Asian wide one), and the
/// placeholder of a one-byte control is a Control Picture, one cell. So `c` is at most the paragraph's bytes.
///
/// The bound is about twice the true count for prose. It only decides whether the exact count is needed; a
/// test holds it above the lines of random texts at random widths.
package enum LineCountBound {
    /// At most how many lines `text` wraps to with `options`; nil when no bound is known, because the text
    /// holds a tab (its width depends on its column) or the width is too small for the argument above.
    package static func lines(of text: String, options: WrapOptions) -> Int? {
        let width = options.width
        guard width >= 3 else { return nil }
        var text = text
        let counted = text.withUTF8 { bytes -> (bytes: Int, paragraphs: Int)? in
            guard !bytes.isEmpty else { return (0, 0) }
            guard let breaks = mandatoryBreakCount(in: bytes) else { return nil }
            return (bytes.count, breaks + 1)
        }
        guard let counted else { return nil }
        // Summed over paragraphs: one line each, and two lines for every `w - 1` cells of the whole text.
        let (doubled, overflow) = counted.bytes.multipliedReportingOverflow(by: 2)
        if overflow { return nil }
        let bound = counted.paragraphs + (doubled + width - 2) / (width - 1)
        return options.maxLines.map { min(max(0, $0), bound) } ?? bound
    }

    /// How many LF, CR, U+2028 and U+2029 `bytes` holds (a CR LF counts twice), or nil when it holds a tab.
    /// Words of eight bytes with no byte below 0x0E (which tab, LF and CR are) and no E2 (the lead byte of
    /// U+2028 and U+2029) are skipped whole.
    private static func mandatoryBreakCount(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let base = bytes.baseAddress.unsafelyUnwrapped
        var count = 0
        var index = 0
        while index < bytes.count {
            if index + 8 <= bytes.count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if ByteLanes.lanes(of: word, below: 0x0E) | ByteLanes.lanes(of: word, equalTo: 0xE2) == 0 {
                    index += 8
                    continue
                }
            }
            let end = min(bytes.count, index + 8)
            while index < end {
                switch bytes[index] {
                case 0x09: return nil
                case 0x0A, 0x0D: count += 1
                case 0xE2:
                    if index + 2 < bytes.count && bytes[index + 1] == 0x80
                        && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9)
                    {
                        count += 1
                    }
                default: break
                }
                index += 1
            }
        }
        return count
    }
}
