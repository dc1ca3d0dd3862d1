import ModalModel
@_spi(Kernel) import TextKernel

/// A message decoded once for layout: its sanitised scalars, their UTF-8 bytes, and where grapheme clusters start.
///
/// Everything later indexes these arrays; nothing on the hot path goes back to `String` except to build the
/// text of finished segments from `utf8` slices.
struct WrapSource {
    /// The message's scalars with every neutralised control replaced by its placeholder (isolates matched
    /// within their paragraph are kept, as `ControlCharacters.matchedIsolateOffsets(inUTF8:)` decides).
    var scalars: [Unicode.Scalar]
    /// The UTF-8 encoding of `scalars`.
    var utf8: [UInt8]
    /// `clusterStarts[i]` tells whether a grapheme cluster starts at `scalars[i]`; the extra last entry is true.
    var clusterStarts: [Bool]
    /// The message's length in UTF-16 units.
    var utf16Count: Int
    /// Whether an isolate was kept (matched within its paragraph). Sanitising replaces every other scalar that
    /// `ControlCharacters.mayNeedReplacing` finds, line breaks aside, so without one no segment made of `utf8`
    /// holds such a scalar (`WrapShortcutTests` holds the lines to it).
    var keepsIsolates: Bool
    /// The first scalar of every paragraph (text between LF, CR or U+2029) that holds a scalar able to give a level
    /// other than 0 in a left-to-right paragraph (`BidiPropertyTable.canRaiseLevel`), in order.
    var bidiParagraphStarts: [Int]

    /// Decodes and sanitises `text` and finds its grapheme clusters, in one pass. `matchedIsolateOffsets`, when
    /// given, are the UTF-8 offsets of the isolates to keep, matched over more text than `text` holds (a window of
    /// a longer paragraph); otherwise isolates are matched within `text`'s own paragraphs.
    init(_ text: String, matchedIsolateOffsets: [Int]? = nil) {
        var text = text
        self = text.withUTF8 { Self(utf8: $0, matchedIsolateOffsets: matchedIsolateOffsets) }
    }

    /// The same for valid UTF-8 that is not a `String` of its own (part of one).
    init(utf8 bytes: UnsafeBufferPointer<UInt8>, matchedIsolateOffsets: [Int]? = nil) {
        var decoded = Decoded()
        // Never more scalars than bytes; filling buffers of that size avoids a capacity check per scalar.
        var clusterStarts: [Bool] = []
        scalars = [Unicode.Scalar](unsafeUninitializedCapacity: bytes.count) { scalarBuffer, scalarCount in
            clusterStarts = [Bool](unsafeUninitializedCapacity: bytes.count + 1) { startBuffer, startCount in
                decoded = Self.decode(
                    bytes, matchedIsolates: matchedIsolateOffsets, scalars: scalarBuffer, clusterStarts: startBuffer)
                startCount = decoded.count + 1
            }
            scalarCount = decoded.count
        }
        self.clusterStarts = clusterStarts
        utf8 = decoded.rewritten ?? Array(bytes)
        utf16Count = decoded.count + decoded.astralCount
        bidiParagraphStarts = decoded.bidiParagraphStarts
        keepsIsolates = decoded.keepsIsolates
    }

    /// What a decoding pass found besides the scalars and cluster starts.
    private struct Decoded {
        /// How many scalars were decoded.
        var count = 0
        /// How many of them lie outside the BMP (two UTF-16 units each).
        var astralCount = 0
        /// The re-encoded bytes, when a scalar was replaced by its placeholder.
        var rewritten: [UInt8]? = nil
        /// See `WrapSource.bidiParagraphStarts`.
        var bidiParagraphStarts: [Int] = []
        /// See `WrapSource.keepsIsolates`.
        var keepsIsolates = false
    }

    /// Decodes valid UTF-8 into sanitised scalars and marks where grapheme clusters start.
    ///
    /// Clusters are found with the rules of Swift's `Character`. Two scalars that join no neighbour
    /// (`UTF16Offsets.joinsNoNeighbour`: all below U+0300 and the common scripts and emoji) always have a
    /// boundary between them except CR LF, which covers most text. So does an Extend scalar of `UTF16Offsets.isPlainExtend`
    /// after anything but a control (GB9: no boundary) and a scalar that joins nothing after one (only GB999
    /// applies). Everything else goes through the standard library's own recognizer, the one behind `Character`,
    /// which restarts from the last scalar that joins no neighbour and is fed the scalars since: no rule looks
    /// back past such a scalar (the pairing of regional indicators, GB9c's conjuncts and GB11's emoji all need
    /// scalars that join something, or begin at it). The printable ASCII bytes that start each eight skip even
    /// these tests: each is a cluster of its own.
    private static func decode(
        _ bytes: UnsafeBufferPointer<UInt8>, matchedIsolates givenMatchedIsolates: [Int]?,
        scalars: UnsafeMutableBufferPointer<Unicode.Scalar>,
        clusterStarts: UnsafeMutableBufferPointer<Bool>
    ) -> Decoded {
        var result = Decoded()
        var offset = 0
        var count = 0
        var previous = UInt32.max
        // `UTF16Offsets.joinsNoNeighbour(previous)`, kept so that each scalar is tested once.
        var previousJoinsNone = false
        // Whether the previous scalar is one of `UTF16Offsets.isPlainExtend`'s.
        var previousIsPlainExtend = false
        let takesRuns = FastPaths.isOn(.sourceRuns)
        let takesShortcuts = FastPaths.isOn(.graphemeShortcuts)
        var recognizer = GraphemeRecognizer()
        var recognizerFedUpTo = -1
        // The last scalar that joins no neighbour: the recognizer starts afresh from it.
        var restartIndex = 0
        var paragraphStart = 0
        var lastBidiParagraph = -1
        let bidiProperties = BidiPropertyTable.shared
        // Found on the first isolate, so text without one never scans for them.
        var matchedIsolates = givenMatchedIsolates
        var matchedIsolateCursor = 0
        let byteCount = bytes.count
        let scalarWords = UnsafeMutableRawPointer(scalars.baseAddress.unsafelyUnwrapped)
        let startFlags = UnsafeMutableRawPointer(clusterStarts.baseAddress.unsafelyUnwrapped)
        while offset < byteCount {
            if takesRuns && offset + 8 <= byteCount && previous < 0x300 {
                // The printable ASCII bytes that begin the next eight, each a cluster of its own, with no
                // placeholder and no bidi class to look at. All eight lanes are written, widened in one store, and
                // those past the printable ones are written again by the scalars that follow: a scalar takes at
                // least a byte, so the buffers (one entry a byte) have room. While all eight are printable, the
                // next eight go the same way without the checks below.
                let runStart = offset
                var printable = 8
                repeat {
                    let word = UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped + offset).loadUnaligned(
                        as: UInt64.self)
                    printable = ByteLanes.leadingPrintableCount(word)
                    let lanes = SIMD8<UInt32>(truncatingIfNeeded: unsafeBitCast(word, to: SIMD8<UInt8>.self))
                    scalarWords.storeBytes(of: lanes, toByteOffset: count &* 4, as: SIMD8<UInt32>.self)
                    startFlags.storeBytes(of: ByteLanes.repeating(1), toByteOffset: count, as: UInt64.self)
                    count &+= printable
                    offset &+= printable
                } while printable == 8 && offset &+ 8 <= byteCount
                if offset > runStart {
                    if result.rewritten != nil {
                        result.rewritten!.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<offset]))
                    }
                    previous = UInt32(bytes[offset - 1])
                    previousJoinsNone = true
                    previousIsPlainExtend = false
                    restartIndex = count - 1
                    continue
                }
            }
            let lead = bytes[offset]
            if takesRuns && lead >= 0x20 && lead < 0x7F && previous < 0x300 {
                // The same for one of the last few bytes.
                scalars.initializeElement(at: count, to: Unicode.Scalar(lead))
                clusterStarts.initializeElement(at: count, to: true)
                if result.rewritten != nil { result.rewritten!.append(lead) }
                previous = UInt32(lead)
                previousJoinsNone = true
                previousIsPlainExtend = false
                restartIndex = count
                count += 1
                offset += 1
                continue
            }
            if takesRuns && lead >= 0xE4 && lead <= 0xE9 && (previousJoinsNone || count == 0) {
                // CJK ideographs (U+4E00–U+9FFF), most of what is not ASCII in most texts: each joins no
                // neighbour (`UTF16Offsets.joinsNoNeighbour` tests them first), has no placeholder, separates no
                // paragraph and raises no level, so a run of them is a run of clusters of their own.
                let runStart = count
                while offset + 3 <= byteCount {
                    let first = bytes[offset]
                    guard first >= 0xE4 && first <= 0xE9 else { break }
                    let value =
                        UInt32(first & 0x0F) << 12 | UInt32(bytes[offset + 1] & 0x3F) << 6
                        | UInt32(bytes[offset + 2] & 0x3F)
                    guard value >= 0x4E00 else { break }
                    scalars.initializeElement(at: count, to: Unicode.Scalar(value).unsafelyUnwrapped)
                    clusterStarts.initializeElement(at: count, to: true)
                    if result.rewritten != nil {
                        result.rewritten!.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[offset..<offset + 3]))
                    }
                    previous = value
                    count += 1
                    offset += 3
                }
                if count > runStart {
                    previousIsPlainExtend = false
                    restartIndex = count - 1
                    continue
                }
            }
            var (value, length) = ValidUTF8.scalar(in: bytes, at: offset)
            if length == 4 { result.astralCount += 1 }
            // A Swift string always holds valid UTF-8, so the value is a valid scalar.
            var scalar = Unicode.Scalar(value).unsafelyUnwrapped
            // Only C0, DEL, C1 and the bidi embeddings and isolates have placeholders.
            var placeholder =
                value < 0xA0 || (value >= 0x202A && value <= 0x2069) ? ControlCharacters.placeholder(for: scalar) : nil
            if placeholder != nil, ControlCharacters.isBidiIsolate(scalar) {
                let matched = matchedIsolates ?? ControlCharacters.matchedIsolateOffsets(inUTF8: bytes)
                matchedIsolates = matched
                while matchedIsolateCursor < matched.count && matched[matchedIsolateCursor] < offset {
                    matchedIsolateCursor += 1
                }
                if matchedIsolateCursor < matched.count && matched[matchedIsolateCursor] == offset {
                    placeholder = nil
                    result.keepsIsolates = true
                }
            }
            if let placeholder {
                if result.rewritten == nil {
                    var prefix: [UInt8] = []
                    prefix.reserveCapacity(byteCount + 16)
                    prefix.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[0..<offset]))
                    result.rewritten = prefix
                }
                result.rewritten!.append(contentsOf: placeholder.utf8)
                scalar = placeholder
                value = placeholder.value
            } else if result.rewritten != nil {
                result.rewritten!.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[offset..<offset + length]))
            }
            scalars.initializeElement(at: count, to: scalar)
            // Line feeds never take the ASCII fast path, so every paragraph start is seen here.
            if value == 0x0A || value == 0x0D || value == 0x2029 {
                paragraphStart = count + 1
            } else if value >= 0x590 && paragraphStart != lastBidiParagraph && bidiProperties.canRaiseLevel(value) {
                result.bidiParagraphStarts.append(paragraphStart)
                lastBidiParagraph = paragraphStart
            }

            let joinsNone = UTF16Offsets.joinsNoNeighbour(value)
            let isPlainExtend = UTF16Offsets.isPlainExtend(value)
            let startsCluster: Bool
            if count == 0 {
                startsCluster = true
            } else if takesShortcuts && previousJoinsNone && joinsNone {
                // Neither joins anything (CJK, kana, Greek, Cyrillic, Latin, common emoji): the recognizer
                // is not needed, and is started afresh when it next is.
                startsCluster = !(previous == 0x0D && value == 0x0A)
            } else if takesShortcuts && isPlainExtend
                && (previousIsPlainExtend || previousJoinsNone && previous >= 0x20 && previous != 0xAD)
            {
                // An Extend scalar after anything but a control or a line break continues its cluster (GB9).
                startsCluster = false
            } else if takesShortcuts && previousIsPlainExtend && joinsNone {
                // After Extend only GB999 can apply to a scalar that joins nothing.
                startsCluster = true
            } else {
                if recognizerFedUpTo != count - 1 {
                    // Fed from the last scalar that joins nothing, whose state no earlier scalar changes: the
                    // scalars since then may have been settled without it, and some rules (GB11: an emoji,
                    // marks and a joiner) look back over them.
                    recognizer = GraphemeRecognizer()
                    for fed in restartIndex..<count { _ = recognizer.startsCluster(before: scalars[fed]) }
                }
                startsCluster = recognizer.startsCluster(before: scalar)
                recognizerFedUpTo = count
            }
            clusterStarts.initializeElement(at: count, to: startsCluster)
            if joinsNone { restartIndex = count }
            previous = value
            previousJoinsNone = joinsNone
            previousIsPlainExtend = isPlainExtend
            count += 1
            offset += length
        }
        clusterStarts.initializeElement(at: count, to: true)
        result.count = count
        return result
    }
}
