@_spi(JSON) import PositionedJSON
@_spi(Kernel) import TextKernel

/// The fast path for a valid document: reads the modals straight from the bytes, with every check the
/// validator makes, and gives up at the first thing that would need a diagnostic.
///
/// The validator proper parses a tree of JSON values with their positions, then walks it key by key: what
/// a diagnostic needs, and most of the cost of a valid document. A document with nothing to report needs
/// neither the tree nor the positions, so this reader pulls values from the scanner in the format's shape and
/// builds the model as it goes. Anything it does not accept outright (a JSON error, an unknown or repeated
/// key, a value of the wrong type, a warning of any kind, a key written with escapes) ends it with nil, and
/// `ModalDecoder` runs the full path on the same bytes, which then reports exactly what it always did. Only
/// a document that decodes with no diagnostic at all can come out of here, so accepting less costs time,
/// never a diagnostic. `ValidDocumentReaderTests` hold it to the full path's result on every sample and
/// on mutations of them, and both fuzz targets do the same: `json` on arbitrary bytes, `values` on the
/// encoding of arbitrary model values.
struct ValidDocumentReader: ~Copyable {
    /// Why the reader stopped: the full path takes over, so no detail is kept.
    struct Handover: Error {}

    /// The deepest nesting a valid document has: document, modal, styles, style, apply_to.
    static let deepestNesting = 5

    private var scanner: JSONScanner
    /// The vocabulary's tables, fetched once per document: each access to a static is a call that checks its
    /// lazy initialisation, and reading a style made four.
    private let tables = VocabularyBytes.shared

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        scanner = JSONScanner(bytes: bytes, maxDepth: Self.deepestNesting, knownStrings: .modalFormat)
    }

    /// The document `bytes` holds when it decodes with no diagnostic at all; nil when the full path must
    /// decide (it may still find the document valid).
    static func read(_ bytes: [UInt8], options: DecodeOptions) -> ModalDocument? {
        // A smaller depth limit makes the full path reject nesting this reader would accept.
        guard options.maxDepth >= deepestNesting, !bytes.isEmpty else { return nil }
        return bytes.withUnsafeBufferPointer { buffer in
            var reader = ValidDocumentReader(bytes: buffer)
            do throws(Handover) {
                return try reader.readDocument()
            } catch {
                return nil
            }
        }
    }

    private mutating func readDocument() throws(Handover) -> ModalDocument {
        skipWhitespace()
        var document = ModalDocument(modals: [], isArray: false)
        if try take(UInt8(ascii: "[")) {
            document.isArray = true
            skipWhitespace()
            if try peek() == UInt8(ascii: "]") { throw Handover() }  // an empty document is warned about
            // Room for the few modals a document has, rather than a new buffer at the first, second and third.
            document.modals.reserveCapacity(4)
            repeat {
                document.modals.append(try readModal())
            } while try nextElement()
        } else {
            document.modals = [try readModal()]
        }
        skipWhitespace()
        guard scanner.position == scanner.count else { throw Handover() }
        return document
    }

    // MARK: The format's objects

    private mutating func readModal() throws(Handover) -> Modal {
        var modal = Modal(message: "")
        var hasMessage = false
        var messageFacts = StringContentFacts()
        var members = MemberCursor()
        let keys = tables.modal
        while let position = try nextMember(&members, keys: keys) {
            switch ModalField(rawValue: position).unsafelyUnwrapped {
            case .msg:
                modal.message = try readString()
                messageFacts = scanner.stringFacts
                hasMessage = true
            case .styles:
                modal.styles.reserveCapacity(8)
                try readArray { reader throws(Handover) in
                    // Read into its place in the array: a style read apart was copied in, member by member.
                    modal.styles.append(Self.emptyStyle)
                    try reader.readStyle(into: &modal.styles[modal.styles.count - 1])
                }
            case .buttons:
                modal.buttons.reserveCapacity(4)
                try readArray { reader throws(Handover) in modal.buttons.append(try reader.readButton()) }
            case .textAlign:
                modal.textAlignment = try readEnumerated(tables.alignments)
            case .maxLines:
                guard let value = try readNumber().exactInteger, value > 0 else { throw Handover() }
                modal.maxLines = value
            case .direction:
                modal.direction = try readEnumerated(tables.directions)
            }
        }
        guard hasMessage else { throw Handover() }
        try Self.checkMessage(modal.message, facts: messageFacts)
        try Self.checkRanges(of: modal.styles, in: modal.message, facts: messageFacts)
        return modal
    }

    private static let emptyStyle = ModalStyle(
        range: UTF16Range(utf16Offset: 0, utf16Length: 0), attributes: StyleAttributes())

    /// Reads a style over `style`, which starts empty.
    private mutating func readStyle(into style: inout ModalStyle) throws(Handover) {
        var range: CountedRange?
        var members = MemberCursor()
        let keys = tables.style
        while let position = try nextMember(&members, keys: keys) {
            switch StyleField(rawValue: position).unsafelyUnwrapped {
            case .applyTo: range = try readRange()
            case .fontStyle: style.attributes.fontStyle = try readEnumerated(tables.fontStyles)
            case .underline: style.attributes.underline = try readBool()
            case .strikethrough: style.attributes.strikethrough = try readBool()
            case .fontSize:
                let size = try readNumber().double
                // A size outside the readable range has a diagnostic, which only the general path writes.
                guard FontSizeLimits.readablePoints.contains(size) else { throw Handover() }
                style.attributes.fontSize = size
            case .color: style.attributes.color = try readColor()
            case .backgroundColor: style.attributes.backgroundColor = try readColor()
            case .link: style.attributes.link = try readAction()
            }
        }
        guard let range else { throw Handover() }
        style.range = UTF16Range(utf16Offset: range.from, utf16Length: range.length)
    }

    /// An `apply_to` with whole numbers, `length` above 0 (an empty range is warned about); bounds and
    /// boundaries are checked once the modal's message is known, since `styles` may come before `msg`.
    private mutating func readRange() throws(Handover) -> CountedRange {
        var from: Int?
        var length: Int?
        if let range = inOrderRange() {
            (from, length) = (range.from, range.length)
        } else {
            var members = MemberCursor()
            let keys = tables.range
            while let position = try nextMember(&members, keys: keys) {
                // Offsets and lengths are plain whole numbers: no double or general number reading for them.
                var value = wholeNumber()
                if value == nil { value = try readNumber().exactInteger }
                switch RangeField(rawValue: position).unsafelyUnwrapped {
                case .from: from = value
                case .length: length = value
                }
            }
        }
        guard let from, let length, from >= 0, length > 0, !from.addingReportingOverflow(length).overflow else {
            throw Handover()
        }
        return CountedRange(from: from, length: length)
    }

    /// An `apply_to` written `{"from": N, "length": M}`, keys in the format's order and plain whole numbers,
    /// with or without white space between the parts, read straight through: an object of two members whose
    /// general reading was over 400 instructions. Nil, with the reader unmoved, for any other form.
    @inline(__always)
    private mutating func inOrderRange() -> CountedRange? {
        let start = scanner.position
        let heads = tables.range.heads
        guard takeIfNext(UInt8(ascii: "{")), member(RangeField.from, in: heads), let from = wholeNumber(),
            takeIfNext(UInt8(ascii: ",")), member(RangeField.length, in: heads), let length = wholeNumber(),
            takeIfNext(UInt8(ascii: "}"))
        else {
            scanner.position = start
            return nil
        }
        return CountedRange(from: from, length: length)
    }

    /// Moves past white space and then `"key":` of `field`, and the white space after it, when that is next.
    @inline(__always)
    private mutating func member(_ field: RangeField, in heads: MemberHeadTable) -> Bool {
        skipWhitespace()
        guard scanner.position + MemberHeadTable.readLength <= scanner.count,
            let head = heads.match(at: scanner.base + scanner.position), head.field == field.rawValue
        else { return false }
        scanner.position += head.length
        skipWhitespace()
        return true
    }

    /// Moves past white space and then `byte`, when that is next.
    @inline(__always)
    private mutating func takeIfNext(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard scanner.position < scanner.count, scanner.base[scanner.position] == byte else { return false }
        scanner.position += 1
        return true
    }

    private mutating func readButton() throws(Handover) -> ModalButton {
        var label: String?
        var action: ModalAction?
        var background: ModalColor?
        var foreground: ModalColor?
        var members = MemberCursor()
        let keys = tables.button
        while let position = try nextMember(&members, keys: keys) {
            switch ButtonField(rawValue: position).unsafelyUnwrapped {
            case .label:
                let text = try readString()
                let facts = scanner.stringFacts
                // A label whose first scalar is not white space draws something: asking each Character
                // whether it is white space was a property look-up in the standard library.
                guard Self.startsVisibly(text) || !text.allSatisfy(\.isWhitespace),
                    !facts.mayNeedReplacing || !ControlCharacters.mayNeedReplacing(text, includingLayoutControls: false)
                else { throw Handover() }
                label = text
            case .action: action = try readAction()
            case .backgroundColor: background = try readColor()
            case .foregroundColor: foreground = try readColor()
            }
        }
        guard let label, let action else { throw Handover() }
        return ModalButton(label: label, action: action, backgroundColor: background, foregroundColor: foreground)
    }

    /// Whether the first scalar of `text` is not white space, read from its first bytes.
    @inline(__always)
    private static func startsVisibly(_ text: String) -> Bool {
        guard let first = text.utf8.first else { return false }
        if first < 0x80 { return first > 0x20 }
        var text = text
        return text.withUTF8 { !WhiteSpace.contains(ValidUTF8.scalar(in: $0, at: 0).value) }
    }

    // MARK: The checks that need a whole modal

    /// The message draws, and holds no character the validator warns about.
    ///
    /// A message of ASCII always draws (or only breaks lines), and the scanner saw as it read it whether it has
    /// a control: no pass over it is needed; nor over another without the lead bytes of what layout replaces.
    /// `facts` are what the scanner saw of the message.
    private static func checkMessage(_ message: String, facts: StringContentFacts) throws(Handover) {
        if facts.isASCII {
            if facts.mayNeedReplacing { throw Handover() }
            return
        }
        if (facts.mayNeedReplacing && ControlCharacters.mayNeedReplacing(message, includingLayoutControls: false))
            || DocumentDecoder.drawsNothing(message)
        {
            throw Handover()
        }
    }

    /// Every range lies inside the message, on grapheme cluster boundaries, and the unit rule finds nothing.
    ///
    /// The validator's own functions read the ends (`UnitPositions.resolve`, `RangeUnitInference.verdict`), so
    /// that both paths count and place them alike; here on temporary storage, with no allocation.
    private static func checkRanges(
        of styles: [ModalStyle], in message: String, facts: StringContentFacts
    ) throws(Handover) {
        guard !styles.isEmpty else { return }
        var contiguous = message
        let accepted = contiguous.withUTF8 { (bytes: UnsafeBufferPointer<UInt8>) -> Bool in
            // ASCII without a carriage return is all its leading ASCII, as the scanner saw.
            let isUniform = facts.isASCII && !facts.asciiHasCarriageReturn
            let uniformPrefix = isUniform ? bytes.count : UnitPositions.uniformPrefixLength(bytes)
            guard uniformPrefix < bytes.count else {
                // ASCII without a carriage return: a byte is a UTF-16 unit, and every offset a cluster boundary.
                return styles.allSatisfy { $0.range.utf16Offset + $0.range.utf16Length <= bytes.count }
            }
            return withUnsafeTemporaryAllocation(of: CountedRange.self, capacity: styles.count) {
                (ranges: UnsafeMutableBufferPointer<CountedRange>) -> Bool in
                for (index, style) in styles.enumerated() {
                    ranges.initializeElement(
                        at: index, to: CountedRange(from: style.range.utf16Offset, length: style.range.utf16Length))
                }
                return RangeUnitInference.withEdges(of: UnsafeBufferPointer(ranges)) {
                    (edges: UnitPositions.Edges) -> Bool in
                    checkEnds(message, bytes, uniformPrefix, UnsafeBufferPointer(ranges), edges)
                }
            }
        }
        guard accepted else { throw Handover() }
    }

    /// Whether every end lies in the message (an end past it falls nowhere) on a cluster boundary, and the unit
    /// rule finds nothing.
    private static func checkEnds(
        _ message: String, _ bytes: UnsafeBufferPointer<UInt8>, _ uniformPrefix: Int,
        _ ranges: UnsafeBufferPointer<CountedRange>, _ edges: UnitPositions.Edges
    ) -> Bool {
        withUnsafeTemporaryAllocation(of: UnitPositions.Position.self, capacity: edges.offsets.count) {
            (positions: UnsafeMutableBufferPointer<UnitPositions.Position>) -> Bool in
            let inPlace = UnitPositions.resolve(
                edges, unit: .utf16, in: bytes, uniformPrefix: uniformPrefix, message: message, into: positions,
                while: { (_: Int, position: UnitPositions.Position) -> Bool in
                    position.utf16Offset != nil && position.isClusterBoundary
                })
            guard inPlace else { return false }
            let verdict = RangeUnitInference.verdict(
                message: message, bytes: bytes, uniformPrefix: uniformPrefix, ranges: ranges, edges: edges,
                utf16Positions: UnsafeBufferPointer(positions))
            return verdict == nil
        }
    }

    // MARK: Values

    private mutating func readString() throws(Handover) -> String {
        guard try peek() == UInt8(ascii: "\"") else { throw Handover() }
        do throws(JSONParseError) {
            return try scanner.parseString()
        } catch {
            throw Handover()
        }
    }

    private mutating func readNumber() throws(Handover) -> JSONNumber {
        if let whole = wholeNumber() { return JSONNumber(double: Double(whole), exactInteger: whole) }
        let byte = try peek()
        guard byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else {
            throw Handover()
        }
        do throws(JSONParseError) {
            return try scanner.parseNumber()
        } catch {
            throw Handover()
        }
    }

    /// A number written as a plain whole number (offsets, lengths, sizes: `WholeNumberLiteral`); nil, with the
    /// reader unmoved, for any other form, which the scanner's general number path reads.
    @inline(__always)
    private mutating func wholeNumber() -> Int? {
        guard let (value, end) = WholeNumberLiteral.read(scanner.base, count: scanner.count, at: scanner.position)
        else { return nil }
        scanner.position = end
        return value
    }

    private mutating func readBool() throws(Handover) -> Bool {
        let value = try peek() == UInt8(ascii: "t")
        do throws(JSONParseError) {
            try scanner.expectLiteral(value ? "true" : "false")
        } catch {
            throw Handover()
        }
        return value
    }

    /// The bytes of the string at the reader when it has no escape, leaving the reader after its closing
    /// quote; nil, with the reader unmoved, for a string that needs decoding.
    private mutating func plainString() throws(Handover) -> UnsafeBufferPointer<UInt8>? {
        guard try peek() == UInt8(ascii: "\"") else { throw Handover() }
        let start = scanner.position + 1
        let end = scanner.scanPlainRun(from: start)
        guard end < scanner.count, scanner.base[end] == UInt8(ascii: "\"") else { return nil }
        scanner.position = end + 1
        return UnsafeBufferPointer(start: scanner.base + start, count: end - start)
    }

    /// A value of an enumerated key, matched as bytes against its allowed values: as a whole quoted string
    /// in place, or else as the word between the quotes.
    private mutating func readEnumerated<Value: RawRepresentable<String>>(
        _ values: EnumeratedBytes<Value>
    ) throws(Handover) -> Value {
        if scanner.position + MemberHeadTable.readLength <= scanner.count,
            let quoted = values.quoted.match(at: scanner.base + scanner.position)
        {
            scanner.position += quoted.length
            return values.cases.elements[quoted.field]
        }
        guard let bytes = try plainString() else {
            guard let value = Value(rawValue: try readString()) else { throw Handover() }
            return value
        }
        guard let value = values.words.value(of: bytes, readable: readable(from: bytes)) else { throw Handover() }
        return value
    }

    /// How many bytes from the start of `bytes` lie inside the input.
    @inline(__always)
    private func readable(from bytes: UnsafeBufferPointer<UInt8>) -> Int {
        scanner.count - (bytes.baseAddress! - scanner.base)
    }

    private mutating func readColor() throws(Handover) -> ModalColor {
        let start = scanner.position
        // `"#RRGGBB"`, the form servers write, read in place: six hex digits hold no quote, so when they parse
        // the string is exactly that; anything else is read the general way.
        if start + 9 <= scanner.count && scanner.base[start + 8] == UInt8(ascii: "\"")
            && scanner.base[start] == UInt8(ascii: "\""),
            let color = ModalColor(hexUTF8: UnsafeBufferPointer(start: scanner.base + start + 1, count: 7))
        {
            scanner.position = start + 9
            return color
        }
        if let bytes = try plainString() {
            if bytes.first == UInt8(ascii: "#") {
                guard let color = ModalColor(hexUTF8: bytes) else { throw Handover() }
                return color
            }
            scanner.position = start  // a named colour
        }
        guard let color = ModalColor(cssText: try readString()) else { throw Handover() }
        return color
    }

    private mutating func readAction() throws(Handover) -> ModalAction {
        let start = scanner.position
        if let bytes = try plainString() {
            if FastPaths.isOn(.printableAction), let action = ModalAction.parsingPrintableASCII(bytes) { return action }
            scanner.position = start
        }
        guard case .success(let parsed) = ModalAction.parsing(try readString()), parsed.warnings.isEmpty else {
            throw Handover()
        }
        return parsed.action
    }

    /// Reads an array, handing each element to `element` with the reader at its first byte.
    private mutating func readArray(
        _ element: (inout ValidDocumentReader) throws(Handover) -> Void
    ) throws(Handover) {
        guard try take(UInt8(ascii: "[")) else { throw Handover() }
        skipWhitespace()
        if try take(UInt8(ascii: "]")) { return }
        repeat {
            try element(&self)
        } while try nextElement()
    }

    // MARK: Structure

    /// Moves past the `,` before another element (true) or the `]` that ends the array (false).
    private mutating func nextElement() throws(Handover) -> Bool {
        skipWhitespace()
        if try take(UInt8(ascii: ",")) {
            skipWhitespace()
            return true
        }
        guard try take(UInt8(ascii: "]")) else { throw Handover() }
        return false
    }

    /// Reads up to the next member's value and gives its field's position among `keys`, or moves past the
    /// `}` and gives nil.
    ///
    /// Keys are matched as bytes against the vocabulary's: a key with an escape (`"m\u0073g"` is `msg`)
    /// takes the full path, as does an unknown or repeated key, which are warned about.
    @inline(__always)
    private mutating func nextMember(_ cursor: inout MemberCursor, keys: ObjectKeys) throws(Handover) -> Int? {
        if cursor.isFirst {
            guard try take(UInt8(ascii: "{")) else { throw Handover() }
            cursor.isFirst = false
            skipWhitespace()
            if try take(UInt8(ascii: "}")) { return nil }
        } else {
            skipWhitespace()
            if try take(UInt8(ascii: "}")) { return nil }
            guard try take(UInt8(ascii: ",")) else { throw Handover() }
            skipWhitespace()
        }
        if scanner.position + MemberHeadTable.readLength <= scanner.count,
            let head = keys.heads.match(at: scanner.base + scanner.position)
        {
            let bit: UInt32 = 1 &<< UInt32(truncatingIfNeeded: head.field)
            guard cursor.seen & bit == 0 else { throw Handover() }
            cursor.seen |= bit
            scanner.position += head.length
            skipWhitespace()
            return head.field
        }
        return try spelledOutMember(&cursor, keys: keys)
    }

    /// `nextMember` for a key that is not its bare opening (white space, escapes, or a key not of the object's),
    /// kept out of line so that the common case stays small.
    @inline(never)
    private mutating func spelledOutMember(_ cursor: inout MemberCursor, keys: ObjectKeys) throws(Handover) -> Int {
        guard try take(UInt8(ascii: "\"")) else { throw Handover() }
        let keyStart = scanner.position
        let keyEnd = scanner.scanPlainRun(from: keyStart)
        guard keyEnd < scanner.count, scanner.base[keyEnd] == UInt8(ascii: "\""),
            let field = keys.words.value(
                of: UnsafeBufferPointer(start: scanner.base + keyStart, count: keyEnd - keyStart),
                readable: scanner.count - keyStart),
            cursor.seen & (1 << field) == 0
        else { throw Handover() }
        cursor.seen |= 1 << field
        scanner.position = keyEnd + 1
        skipWhitespace()
        guard try take(UInt8(ascii: ":")) else { throw Handover() }
        skipWhitespace()
        return field
    }

    /// Skips JSON whitespace; most documents servers send have none between tokens, so the first byte is
    /// tested here before the scanner's loop.
    @inline(__always)
    private mutating func skipWhitespace() {
        if scanner.position < scanner.count && scanner.base[scanner.position] > 0x20 { return }
        scanner.skipWhitespace()
    }

    /// The next byte, which must exist.
    @inline(__always)
    private func peek() throws(Handover) -> UInt8 {
        guard scanner.position < scanner.count else { throw Handover() }
        return scanner.base[scanner.position]
    }

    /// Moves past `byte` when it is next.
    @inline(__always)
    private mutating func take(_ byte: UInt8) throws(Handover) -> Bool {
        guard try peek() == byte else { return false }
        scanner.position += 1
        return true
    }
}

/// Where the reader is in one object: before its `{`, or after a member, with the fields seen so far.
private struct MemberCursor {
    var isFirst = true
    var seen: UInt32 = 0
}

/// The vocabulary as bytes: each object's keys with their fields' positions, and the enumerated values, for
/// matching in the input without making a string of each.
private struct VocabularyBytes: Sendable {
    static let shared = VocabularyBytes()

    let modal = ObjectKeys(ModalField.self)
    let style = ObjectKeys(StyleField.self)
    let range = ObjectKeys(RangeField.self)
    let button = ObjectKeys(ButtonField.self)
    let fontStyles = EnumeratedBytes(FontStyle.allCases)
    let alignments = EnumeratedBytes(ModalTextAlignment.allCases)
    let directions = EnumeratedBytes(TextDirection.allCases)
}

/// An enumerated key's values, as whole quoted strings and as the words between the quotes.
private struct EnumeratedBytes<Value: RawRepresentable<String> & Sendable>: Sendable {
    let quoted: MemberHeadTable
    let cases: PermanentBuffer<Value>
    let words: ShortWordTable<Value>

    init(_ cases: [Value]) {
        quoted = MemberHeadTable(cases.map(\.rawValue), ending: "")
        self.cases = PermanentBuffer(cases)
        words = ShortWordTable(cases.map { ($0.rawValue, $0) })
    }
}

/// One object's keys, as whole member openings (`"key":`) and as the words between the quotes.
private struct ObjectKeys: Sendable {
    let heads: MemberHeadTable
    let words: ShortWordTable<Int>

    init<Field: ObjectField>(_: Field.Type) {
        heads = MemberHeadTable(Field.keys)
        words = ShortWordTable(Field.keys.enumerated().map { ($0.element, $0.offset) })
    }
}
