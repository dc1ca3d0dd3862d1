/// Walks a parsed JSON tree, building the modal model and reporting every rule FORMAT.md states.
struct DocumentDecoder {
    let source: SourceText
    let options: DecodeOptions
    var collector = DiagnosticCollector()
    /// How many more unit hints (which walk a message) this document may get.
    var detailedHintsLeft = 20
    /// Whether ranges are checked against the message; off for a style or range decoded without its modal.
    var checksRangeBounds = true

    init(source: SourceText, options: DecodeOptions) {
        self.source = source
        self.options = options
    }

    static let modalKeys = ModalField.keys
    static let styleKeys = StyleField.keys
    static let rangeKeys = RangeField.keys
    static let buttonKeys = ButtonField.keys

    /// Keys that people write for a known key but are too far from it for an edit-distance match.
    static let aliases: [String: String] = [
        "message": "msg", "text": "msg", "body": "msg", "style": "styles", "button": "buttons",
        "actions": "buttons", "range": "apply_to", "applyto": "apply_to", "start": "from", "offset": "from",
        "location": "from", "len": "length", "count": "length", "size": "font_size", "fontsize": "font_size",
        "weight": "font_style", "colour": "color", "textcolor": "color", "foreground": "color",
        "background": "bg_color", "backgroundcolor": "bg_color", "background_color": "bg_color",
        "url": "link", "href": "link", "title": "label", "name": "label", "onclick": "action",
        "textalign": "text_align", "align": "text_align", "alignment": "text_align", "maxlines": "max_lines",
        "lines": "max_lines",
    ]

    // MARK: - Document and modal

    mutating func decodeDocument(_ root: JSONNode) -> ModalDocument {
        switch root.value {
        case .array(let items):
            if items.isEmpty {
                collector.warning(
                    .documentEmpty, "the document is an empty array: there is no modal to show",
                    at: root.byteOffset, hint: "add a modal: [{\"msg\": \"Hello\"}]")
            }
            var modals: [Modal] = []
            modals.reserveCapacity(items.count)
            for index in items.indices {
                collector.push(.index(index))
                if let modal = decodeModal(items[index]) { modals.append(modal) }
                collector.pop()
            }
            return ModalDocument(modals: modals, isArray: true)
        case .object:
            return ModalDocument(modals: decodeModal(root).map { [$0] } ?? [], isArray: false)
        default:
            collector.error(
                .documentType,
                "the document must be an array of modals or one modal object, but it is \(root.value.kindDescription)",
                at: root.byteOffset, hint: "write [{\"msg\": \"…\"}] or {\"msg\": \"…\"}")
            return ModalDocument(modals: [], isArray: false)
        }
    }

    mutating func decodeModal(_ node: JSONNode) -> Modal? {
        guard
            let fields = objectFields(
                node, as: ModalField.self, known: Self.modalKeys, what: "modal", subject: "a modal",
                example: "{\"msg\": \"…\", \"buttons\": […]}")
        else { return nil }
        let members = fields.members
        let errorsBefore = collector.errorCount

        var message = ""
        if let msg = fields[.msg] {
            if let text = string(msg, key: "msg") {
                message = text
                checkControlCharacters(in: text, literalAt: msg.value.byteOffset, key: "msg")
                checkDrawsSomething(text, at: msg.value.byteOffset)
            }
        } else {
            missingKey("msg", in: node, fields: members, known: Self.modalKeys, what: "modal")
        }

        var styles: [ModalStyle] = []
        if let member = fields[.styles] {
            collector.push(.key("styles"))
            if case .array(let items) = member.value.value {
                styles.reserveCapacity(items.count)
                var measure = MessageMeasure(message)
                var styleIndices: [Int] = []
                for index in items.indices {
                    collector.push(.index(index))
                    measure.currentStyleIndex = index
                    if let style = decodeStyle(items[index], message: message, measure: &measure) {
                        styles.append(style)
                        styleIndices.append(index)
                    }
                    collector.pop()
                }
                collector.pop()
                let failed = checkBoundaries(measure, message: message)
                checkRangeUnits(styles: items, message: message, isASCII: measure.utf16Count == message.utf8.count)
                collector.push(.key("styles"))
                if !failed.isEmpty {
                    styles = zip(styles, styleIndices).filter { !failed.contains($0.1) }.map(\.0)
                }
            } else {
                wrongType(member.value, expected: "an array of styles")
            }
            collector.pop()
        }

        var buttons: [ModalButton] = []
        if let member = fields[.buttons] {
            collector.push(.key("buttons"))
            if case .array(let items) = member.value.value {
                buttons.reserveCapacity(items.count)
                for index in items.indices {
                    collector.push(.index(index))
                    if let button = decodeButton(items[index]) { buttons.append(button) }
                    collector.pop()
                }
            } else {
                wrongType(member.value, expected: "an array of buttons")
            }
            collector.pop()
        }

        var alignment = ModalTextAlignment.start
        if let member = fields[.textAlign] {
            collector.push(.key("text_align"))
            if let text = string(member, key: nil) {
                if let value = ModalTextAlignment(rawValue: text) {
                    alignment = value
                } else {
                    let suggestion = Suggestions.closest(to: text, among: ModalTextAlignment.allCases.map(\.rawValue))
                    collector.error(
                        .invalidTextAlign,
                        "text_align must be left, center, right, start or end, not \(JSONWriter.quoted(text))",
                        at: member.value.byteOffset, hint: suggestion.map { "did you mean '\($0)'?" })
                }
            }
            collector.pop()
        }

        var maxLines: Int?
        if let member = fields[.maxLines] {
            collector.push(.key("max_lines"))
            if case .number(let number) = member.value.value, let value = number.exactInteger, value > 0 {
                maxLines = value
            } else {
                collector.error(
                    .invalidMaxLines, "max_lines must be a positive whole number, not \(describe(member.value))",
                    at: member.value.byteOffset, hint: "leave max_lines out for no limit")
            }
            collector.pop()
        }

        var direction = TextDirection.auto
        if let member = fields[.direction] {
            collector.push(.key("direction"))
            if let text = string(member, key: nil) {
                if let value = TextDirection(rawValue: text) {
                    direction = value
                } else {
                    let suggestion = Suggestions.closest(to: text, among: TextDirection.allCases.map(\.rawValue))
                    collector.error(
                        .invalidDirection, "direction must be ltr, rtl or auto, not \(JSONWriter.quoted(text))",
                        at: member.value.byteOffset,
                        hint: suggestion.map { "did you mean '\($0)'?" }
                            ?? "leave direction out to take it from the text")
                }
            }
            collector.pop()
        }

        guard collector.errorCount == errorsBefore else { return nil }
        return Modal(
            message: message, styles: styles, buttons: buttons, textAlignment: alignment, maxLines: maxLines,
            direction: direction)
    }

    // MARK: - Styles

    mutating func decodeStyle(_ node: JSONNode, message: String, measure: inout MessageMeasure) -> ModalStyle? {
        guard
            let fields = objectFields(
                node, as: StyleField.self, known: Self.styleKeys, what: "style", subject: "a style",
                example: "{\"apply_to\": {\"from\": 0, \"length\": 5}, \"font_style\": \"bold\"}")
        else { return nil }
        let members = fields.members
        let errorsBefore = collector.errorCount
        var range: UTF16Range?
        if let member = fields[.applyTo] {
            collector.push(.key("apply_to"))
            range = decodeRange(member.value, message: message, measure: &measure)
            collector.pop()
        } else {
            missingKey("apply_to", in: node, fields: members, known: Self.styleKeys, what: "style")
        }
        var style = ModalStyle(range: range ?? UTF16Range(utf16Offset: 0, utf16Length: 0))
        if let member = fields[.fontStyle] {
            collector.push(.key("font_style"))
            if let text = string(member, key: nil) {
                if let value = FontStyle(rawValue: text) {
                    style.fontStyle = value
                } else {
                    let suggestion = Suggestions.closest(to: text, among: FontStyle.allCases.map(\.rawValue))
                    collector.error(
                        .invalidFontStyle,
                        "font_style \(JSONWriter.quoted(text)) is not one of normal, bold, italic, bold_italic, underline, strikethrough",
                        at: member.value.byteOffset, hint: suggestion.map { "did you mean '\($0)'?" })
                }
            }
            collector.pop()
        }
        style.underline = fields[.underline].flatMap { boolean($0) }
        style.strikethrough = fields[.strikethrough].flatMap { boolean($0) }
        if let member = fields[.fontSize] {
            collector.push(.key("font_size"))
            if case .number(let number) = member.value.value, number.double > 0 {
                style.fontSize = number.double
            } else {
                var hint = "use a size in points such as 17"
                if case .string(let text) = member.value.value, let number = Double(text), number > 0 {
                    hint = "write the number without quotes: \(text)"
                }
                collector.error(
                    .invalidFontSize, "font_size must be a positive number, not \(describe(member.value))",
                    at: member.value.byteOffset, hint: hint)
            }
            collector.pop()
        }
        style.color = fields[.color].flatMap { color($0) }
        style.backgroundColor = fields[.backgroundColor].flatMap { color($0) }
        style.link = fields[.link].flatMap { action($0) }
        guard collector.errorCount == errorsBefore, range != nil else { return nil }
        return style
    }

    mutating func decodeRange(_ node: JSONNode, message: String, measure: inout MessageMeasure) -> UTF16Range? {
        guard
            let fields = objectFields(
                node, as: RangeField.self, known: Self.rangeKeys, what: "apply_to", subject: "apply_to",
                example: "\"apply_to\": {\"from\": 0, \"length\": 5}")
        else { return nil }
        let members = fields.members
        var from: Int?
        var length: Int?
        if let member = fields[.from] {
            from = rangeNumber(member, name: "from")
        } else {
            missingKey("from", in: node, fields: members, known: Self.rangeKeys, what: "apply_to")
        }
        if let member = fields[.length] {
            length = rangeNumber(member, name: "length")
        } else {
            missingKey("length", in: node, fields: members, known: Self.rangeKeys, what: "apply_to")
        }
        guard let from, let length, let fromMember = fields[.from], let lengthMember = fields[.length] else {
            return nil
        }
        let (end, overflow) = from.addingReportingOverflow(length)
        if overflow {
            collector.add(
                .error, .rangeOverflow, "from + length overflows: \(from) + \(length) is too large",
                at: lengthMember.value.byteOffset, hint: "the range must lie inside msg", pointerSuffix: .key("length"))
            return nil
        }
        let range = UTF16Range(utf16Offset: from, utf16Length: length)
        let unitCount = checksRangeBounds ? measure.utf16Count : Int.max
        if from > unitCount || end > unitCount {
            let atFrom = from > unitCount
            let describedRange = "{from: \(from), length: \(length)}"
            let problem =
                atFrom
                ? "the range \(describedRange) starts at UTF-16 offset \(from), past the end of msg"
                : "the range \(describedRange) ends at UTF-16 offset \(end), past the end of msg"
            collector.add(
                .error, .rangeOutOfBounds, problem + " (msg is \(unitCount) UTF-16 units long)",
                at: (atFrom ? fromMember : lengthMember).value.byteOffset,
                hint: unitHint(message, from: from, length: length)
                    ?? "offsets and lengths count UTF-16 code units, as JavaScript's .length does",
                pointerSuffix: .key(atFrom ? "from" : "length"))
            return nil
        }
        measure.pendingBoundaries.append(
            PendingBoundary(
                styleIndex: measure.currentStyleIndex, from: from, length: length,
                fromByteOffset: fromMember.value.byteOffset, lengthByteOffset: lengthMember.value.byteOffset))
        if length == 0 {
            collector.add(
                .warning, .rangeEmpty, "the range has length 0, so the style applies to nothing",
                at: lengthMember.value.byteOffset, hint: "remove the style or give it a length",
                pointerSuffix: .key("length"))
        }
        return range
    }

    /// Checks where every range end of a modal falls, in one walk over the message: inside a surrogate pair
    /// is an error, inside a grapheme cluster a warning. Returns the indices of the styles with an error.
    mutating func checkBoundaries(_ measure: MessageMeasure, message: String) -> Set<Int> {
        let pending = measure.pendingBoundaries
        if pending.isEmpty { return [] }
        var measure = measure
        // ASCII without CR: every offset is a scalar and grapheme boundary (only CR LF joins two ASCII scalars).
        if measure.utf16Count == message.utf8.count && !Self.containsCarriageReturn(message) { return [] }
        var offsets: [Int] = []
        offsets.reserveCapacity(pending.count * 2)
        for boundary in pending {
            offsets.append(boundary.from)
            offsets.append(boundary.from + boundary.length)
        }
        let positions = UTF16Offsets.positions(of: offsets, in: message)
        var failed: Set<Int> = []
        // A hostile document can split thousands of characters; the first few get full descriptions and
        // hints (each costs a walk over the message), the rest are counted in one note.
        var listed = 0
        var unlisted = 0
        for (number, boundary) in pending.enumerated() {
            for end in 0..<2 {
                let isStart = end == 0
                let offset = offsets[number * 2 + end]
                let name = isStart ? "from" : "length"
                let byteOffset = isStart ? boundary.fromByteOffset : boundary.lengthByteOffset
                let verb = isStart ? "starts" : "ends"
                let position = positions[number * 2 + end]
                switch position {
                case .insideSurrogatePair:
                    failed.insert(boundary.styleIndex)
                case .scalarBoundary(_, let isGraphemeBoundary) where !isGraphemeBoundary:
                    break
                default:
                    continue
                }
                if listed == Self.maxListedBoundaries {
                    if case .insideSurrogatePair = position { collector.countError() }
                    unlisted += 1
                    continue
                }
                listed += 1
                let detailed = listed <= Self.maxDetailedBoundaries
                switch position {
                case .insideSurrogatePair:
                    emitBoundary(
                        .error, .rangeSplitsSurrogate,
                        "the range \(verb) at UTF-16 offset \(offset), between the two halves of the surrogate pair of "
                            + measure.scalars(around: offset),
                        boundary: boundary, name: name, byteOffset: byteOffset, message: detailed ? message : nil,
                        fallbackHint:
                            "characters outside the BMP (most emoji) take two UTF-16 units; move the boundary before or after it"
                    )
                case .scalarBoundary(_, let isGraphemeBoundary) where !isGraphemeBoundary:
                    emitBoundary(
                        .warning, .rangeSplitsGrapheme,
                        "the range \(verb) at UTF-16 offset \(offset), inside one character (between "
                            + measure.scalars(around: offset) + "), so part of it is styled differently",
                        boundary: boundary, name: name, byteOffset: byteOffset, message: detailed ? message : nil,
                        fallbackHint: "move the boundary to the start or end of the whole character")
                default:
                    break
                }
            }
        }
        if unlisted > 0, let first = pending.first {
            collector.push(.key("styles"))
            collector.add(
                .note, .rangeBoundaries, "\(unlisted) more range ends inside characters are not listed",
                at: first.fromByteOffset, hint: nil)
            collector.pop()
        }
        return failed
    }

    /// Range-end diagnostics listed per modal, and how many of those get the hints that walk the message.
    static let maxListedBoundaries = 100
    static let maxDetailedBoundaries = 5

    /// Whether `text` holds a CR, eight bytes a step.
    static func containsCarriageReturn(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            let ones: UInt64 = 0x0101_0101_0101_0101
            var index = 0
            while index + 8 <= bytes.count {
                let word = UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self) ^ (ones &* 0x0D)
                if (word &- ones) & ~word & (ones &* 0x80) != 0 { return true }
                index += 8
            }
            return bytes[index...].contains(0x0D)
        } ?? text.utf8.contains(0x0D)
    }

    private mutating func emitBoundary(
        _ severity: Severity, _ code: DiagnosticCode, _ text: String, boundary: PendingBoundary, name: String,
        byteOffset: Int, message: String?, fallbackHint: String
    ) {
        collector.push(.key("styles"))
        collector.push(.index(boundary.styleIndex))
        collector.push(.key("apply_to"))
        collector.add(
            severity, code, text, at: byteOffset,
            hint: message.flatMap { text in unitHint(text, from: boundary.from, length: boundary.length) }
                ?? fallbackHint,
            pointerSuffix: .key(name))
        collector.pop()
        collector.pop()
        collector.pop()
    }

    /// A specific hint when the range makes sense in another unit: code points (Python's len) or UTF-8 bytes.
    ///
    /// Each hint walks the message, so a document gets only `detailedHintBudget` of them: a hostile one with
    /// thousands of bad ranges over a long message must not take minutes.
    mutating func unitHint(_ message: String, from: Int, length: Int) -> String? {
        guard detailedHintsLeft > 0 else { return nil }
        detailedHintsLeft -= 1
        let scalars = message.unicodeScalars
        let hasAstral = scalars.contains { $0.value > 0xFFFF }
        if hasAstral, let range = Self.convert(message, from: from, length: length, view: scalars) {
            return "the offsets look like code points (what Python's len counts), but the format counts UTF-16 "
                + "code units, and each character outside the BMP (such as most emoji) counts 2: "
                + "use {\"from\": \(range.utf16Offset), \"length\": \(range.utf16Length)}"
        }
        let hasNonASCII = message.utf8.contains { $0 >= 0x80 }
        if hasNonASCII, let range = Self.convert(message, from: from, length: length, view: message.utf8) {
            return "the offsets look like UTF-8 byte counts, but the format counts UTF-16 code units: "
                + "use {\"from\": \(range.utf16Offset), \"length\": \(range.utf16Length)}"
        }
        return nil
    }

    /// The UTF-16 range that (from, length) in `view`'s units means, when both ends fall on grapheme boundaries.
    static func convert<View: BidirectionalCollection>(
        _ message: String, from: Int, length: Int, view: View
    ) -> UTF16Range? where View.Index == String.Index {
        guard let start = view.index(view.startIndex, offsetBy: from, limitedBy: view.endIndex),
            let end = view.index(start, offsetBy: length, limitedBy: view.endIndex),
            start.samePosition(in: message) != nil, end.samePosition(in: message) != nil
        else { return nil }
        let utf16From = message.utf16.distance(from: message.utf16.startIndex, to: start)
        let utf16Length = message.utf16.distance(from: start, to: end)
        if utf16From == from && utf16Length == length { return nil }
        return UTF16Range(utf16Offset: utf16From, utf16Length: utf16Length)
    }

    mutating func rangeNumber(_ member: JSONMember, name: String) -> Int? {
        collector.push(.key(name))
        defer { collector.pop() }
        guard case .number(let number) = member.value.value else {
            var hint = "write a number such as 0"
            if case .string(let text) = member.value.value, Int(text) != nil {
                hint = "write the number without quotes: \(text)"
            }
            collector.error(
                .wrongType, "\(name) must be a non-negative whole number, not \(describe(member.value))",
                at: member.value.byteOffset, hint: hint)
            return nil
        }
        guard let value = number.exactInteger else {
            // A whole-looking double below 2^63 is a literal that rounded to it (`1E-400`, `2.0000000000000001`):
            // the literal itself has a fraction, so say that rather than "too large".
            if number.double == number.double.rounded(.towardZero), abs(number.double) >= 0x1p63 {
                collector.error(
                    .rangeOverflow, "\(name) \(numberLiteral(member.value)) is too large",
                    at: member.value.byteOffset, hint: "the range must lie inside msg")
            } else {
                collector.error(
                    .rangeNotInteger, "\(name) \(numberLiteral(member.value)) is not a whole number",
                    at: member.value.byteOffset, hint: "offsets and lengths count whole UTF-16 code units")
            }
            return nil
        }
        if value < 0 {
            collector.error(
                .rangeNegative, "\(name) is \(value), but offsets and lengths cannot be negative",
                at: member.value.byteOffset, hint: "count from 0, the start of msg")
            return nil
        }
        return value
    }

    // MARK: - Buttons

    mutating func decodeButton(_ node: JSONNode) -> ModalButton? {
        var example = "{\"label\": \"OK\", \"action\": \"close\"}"
        if case .string(let text) = node.value {
            example = "{\"label\": \(JSONWriter.quoted(text)), \"action\": \"close\"}"
        }
        guard
            let fields = objectFields(
                node, as: ButtonField.self, known: Self.buttonKeys, what: "button", subject: "a button",
                example: example)
        else { return nil }
        let members = fields.members
        let errorsBefore = collector.errorCount
        var label: String?
        if let member = fields[.label] {
            if let text = string(member, key: "label") {
                if text.allSatisfy(\.isWhitespace) {
                    collector.add(
                        .error, .emptyLabel, "the button label is empty", at: member.value.byteOffset,
                        hint: "give the button a visible label such as \"OK\"", pointerSuffix: .key("label"))
                } else {
                    label = text
                    checkControlCharacters(in: text, literalAt: member.value.byteOffset, key: "label")
                }
            }
        } else {
            missingKey("label", in: node, fields: members, known: Self.buttonKeys, what: "button")
        }
        var action: ModalAction?
        if let member = fields[.action] {
            action = self.action(member)
        } else {
            missingKey("action", in: node, fields: members, known: Self.buttonKeys, what: "button")
        }
        let background = fields[.backgroundColor].flatMap { color($0) }
        let foreground = fields[.foregroundColor].flatMap { color($0) }
        guard collector.errorCount == errorsBefore, let label, let action else { return nil }
        return ModalButton(label: label, action: action, backgroundColor: background, foregroundColor: foreground)
    }

    // MARK: - Values

    mutating func string(_ member: JSONMember, key: String?) -> String? {
        if case .string(let text) = member.value.value { return text }
        if let key { collector.push(.key(key)) }
        var hint: String?
        switch member.value.value {
        case .number, .bool, .null: hint = "write it in double quotes: \(JSONWriter.quoted(describe(member.value)))"
        case .array: hint = "join the parts into one string"
        default: break
        }
        collector.error(
            .wrongType, "\(member.key) must be a string, but it is \(member.value.value.kindDescription)",
            at: member.value.byteOffset, hint: hint)
        if key != nil { collector.pop() }
        return nil
    }

    mutating func boolean(_ member: JSONMember) -> Bool? {
        if case .bool(let value) = member.value.value { return value }
        collector.push(.key(member.key))
        var hint: String?
        if case .string(let text) = member.value.value, text == "true" || text == "false" {
            hint = "write \(text) without quotes"
        }
        collector.error(
            .wrongType, "\(member.key) must be true or false, not \(describe(member.value))",
            at: member.value.byteOffset, hint: hint)
        collector.pop()
        return nil
    }

    mutating func color(_ member: JSONMember, pushingKey: Bool = true) -> ModalColor? {
        if pushingKey { collector.push(.key(member.key)) }
        defer { if pushingKey { collector.pop() } }
        guard case .string(let text) = member.value.value else {
            var hint = "write a colour such as \"#ff8800\""
            if case .number(let number) = member.value.value, let value = number.exactInteger, value >= 0,
                value <= 0xFFFFFF
            {
                let hex = String(value, radix: 16)
                hint = "write colours as strings: \"#\(String(repeating: "0", count: max(0, 6 - hex.count)) + hex)\""
            }
            collector.error(
                .invalidColor, "\(member.key) must be a colour string, not \(describe(member.value))",
                at: member.value.byteOffset, hint: hint)
            return nil
        }
        if let color = ModalColor(cssText: text) { return color }
        let hint = ColorParseError(text: text).reason
        collector.error(
            .invalidColor, "\(JSONWriter.quoted(text)) is not a colour", at: member.value.byteOffset, hint: hint)
        return nil
    }

    mutating func action(_ member: JSONMember, pushingKey: Bool = true) -> ModalAction? {
        if pushingKey { collector.push(.key(member.key)) }
        defer { if pushingKey { collector.pop() } }
        guard case .string(let text) = member.value.value else {
            collector.error(
                .invalidAction, "\(member.key) must be an action string, not \(describe(member.value))",
                at: member.value.byteOffset,
                hint: "use close, next, prev, a URL, an app command or a custom action name")
            return nil
        }
        switch ModalAction.parse(text) {
        case .success(let parsed):
            for warning in parsed.warnings {
                collector.warning(
                    warning.diagnosticCode, warning.message, at: member.value.byteOffset, hint: warning.hint)
            }
            return parsed.action
        case .failure(let error):
            collector.error(error.diagnosticCode, error.message, at: member.value.byteOffset, hint: error.hint)
            return nil
        }
    }

    /// Warns about a non-empty message made only of characters with no glyph of their own (joiners,
    /// variation selectors, combining and enclosing marks, other invisible format characters): it validates,
    /// but a terminal draws an empty body.
    mutating func checkDrawsSomething(_ message: String, at byteOffset: Int) {
        guard let first = message.utf8.first, first >= 0x80 else { return }  // ASCII always draws or breaks lines
        let invisible = message.unicodeScalars.allSatisfy { scalar in
            let properties = scalar.properties
            switch properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .format: return true
            default: return properties.isDefaultIgnorableCodePoint || properties.isVariationSelector
            }
        }
        guard invisible else { return }
        collector.warning(
            .messageDrawsNothing,
            "msg holds only joiners, variation selectors or combining marks, so it draws as an empty body",
            at: byteOffset,
            hint: "a combining mark or joiner needs a base character before it, such as a letter or emoji")
    }

    /// A number as written in the source (`1E-400`, not the `0.0` it rounds to), at most 40 characters.
    func numberLiteral(_ node: JSONNode) -> String {
        let bytes = source.bytes
        guard case .number = node.value, node.byteOffset >= 0, node.byteOffset < bytes.count else {
            return describe(node)
        }
        var end = node.byteOffset
        while end < bytes.count, end - node.byteOffset < 40,
            bytes[end] == UInt8(ascii: "-") || bytes[end] == UInt8(ascii: "+") || bytes[end] == UInt8(ascii: ".")
                || bytes[end] | 0x20 == UInt8(ascii: "e") || (0x30...0x39).contains(bytes[end])
        {
            end += 1
        }
        if end == node.byteOffset { return describe(node) }
        return String(decoding: bytes[node.byteOffset..<end], as: UTF8.self)
            + (end < bytes.count
                && (0x30...0x39).contains(bytes[end]) ? "…" : "")
    }

    func describe(_ node: JSONNode) -> String {
        switch node.value {
        case .number(let number):
            if let value = number.exactInteger { return String(value) }
            return String(number.double)
        case .string(let text):
            return text.unicodeScalars.count > 40 ? "a string" : JSONWriter.quoted(text)
        default:
            return node.value.kindDescription
        }
    }

    mutating func wrongType(_ node: JSONNode, expected: String) {
        collector.error(
            .wrongType, "expected \(expected), but found \(node.value.kindDescription)", at: node.byteOffset)
    }

    // MARK: - Objects

    /// The known fields of an object, or nil after reporting that `node` is not an object.
    mutating func objectFields<Field: ObjectField>(
        _ node: JSONNode, as field: Field.Type, known: [String], what: String, subject: String, example: String
    ) -> KnownFields<Field>? {
        guard case .object(let members) = node.value else {
            collector.error(
                .wrongType, "\(subject) must be an object, but this is \(node.value.kindDescription)",
                at: node.byteOffset, hint: "write \(example)")
            return nil
        }
        return readObject(members, as: field, known: known, what: what)
    }

    /// Picks the known keys out of an object's members (the last one wins for a duplicate key), warning about
    /// duplicate and unknown keys. The result is indexed like `known`.
    mutating func readObject<Field: ObjectField>(
        _ members: [JSONMember], as field: Field.Type, known: [String], what: String
    ) -> KnownFields<Field> {
        var fields = KnownFields<Field>(members: members, count: known.count)
        for memberIndex in members.indices {
            guard let index = known.firstIndex(of: members[memberIndex].key) else {
                unknownKey(members[memberIndex], known: known, what: what)
                continue
            }
            if let earlier = fields[position: index] {
                let member = members[memberIndex]
                let location = source.location(ofByteOffset: earlier.keyByteOffset)
                collector.add(
                    .warning, .duplicateKey,
                    "the key '\(member.key)' appears twice in this \(what); the last one is used",
                    at: member.keyByteOffset, hint: "remove one of them (the first is on line \(location.line))",
                    pointerSuffix: .key(member.key))
            }
            fields.set(index, memberIndex: memberIndex)
        }
        return fields
    }

    mutating func unknownKey(_ member: JSONMember, known: [String], what: String) {
        let suggestion = Self.suggestion(for: member.key, known: known)
        collector.add(
            .warning, .unknownKey, "unknown key \(JSONWriter.quoted(member.key)) in \(what); it is ignored",
            at: member.keyByteOffset,
            hint: suggestion.map { "did you mean '\($0)'?" }
                ?? "the keys of a \(what) are \(known.joined(separator: ", "))",
            pointerSuffix: .key(member.key))
    }

    static func suggestion(for key: String, known: [String]) -> String? {
        if let close = Suggestions.closest(to: key, among: known) { return close }
        let normalised = key.lowercased()
        if let alias = aliases[normalised] ?? aliases[normalised.replacingUnderscores()], known.contains(alias) {
            return alias
        }
        return nil
    }

    mutating func missingKey(_ key: String, in node: JSONNode, fields: [JSONMember], known: [String], what: String) {
        var hint: String?
        if let misspelt = fields.first(where: {
            !known.contains($0.key) && Self.suggestion(for: $0.key, known: known) == key
        }) {
            hint = "did you mean '\(key)' where it says \(JSONWriter.quoted(misspelt.key))?"
        }
        let example: String
        switch key {
        case "msg": example = "\"msg\": \"Hello\""
        case "apply_to": example = "\"apply_to\": {\"from\": 0, \"length\": 5}"
        case "from": example = "\"from\": 0"
        case "length": example = "\"length\": 5"
        case "label": example = "\"label\": \"OK\""
        case "action": example = "\"action\": \"close\""
        default: example = "\"\(key)\": …"
        }
        collector.error(
            .missingKey, "this \(what) has no '\(key)', which is required", at: node.byteOffset,
            hint: hint ?? "add \(example)")
    }

    // MARK: - Untrusted text

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
            if (0x2066...0x2069).contains(scalar.value) {
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
}

/// The members of an object picked out by known key, indexed like the list of known keys (at most eight).
///
/// Keeps member positions in inline storage rather than an array: this runs for every object of every
/// document, and allocating even a small array per object showed up as a tenth of validation time.
struct KnownFields<Field: ObjectField> {
    let members: [JSONMember]
    private var positions: (Int8, Int8, Int8, Int8, Int8, Int8, Int8, Int8) = (-1, -1, -1, -1, -1, -1, -1, -1)
    private var overflow: [Int: Int] = [:]  // members past index 127 of an unusually large object

    init(members: [JSONMember], count: Int) {
        precondition(count <= 8, "KnownFields holds at most eight known keys")
        self.members = members
    }

    /// The member for a known key, by name.
    subscript(field: Field) -> JSONMember? { self[position: field.position] }

    subscript(position index: Int) -> JSONMember? {
        let position = withUnsafeBytes(of: positions) { Int(Int8(bitPattern: $0[index])) }
        if position == -2 { return overflow[index].map { members[$0] } }
        return position < 0 ? nil : members[position]
    }

    mutating func set(_ index: Int, memberIndex: Int) {
        var stored = Int8(-2)  // marks a position kept in `overflow`
        if memberIndex <= Int(Int8.max) {
            stored = Int8(memberIndex)
        } else {
            overflow[index] = memberIndex
        }
        withUnsafeMutableBytes(of: &positions) { $0[index] = UInt8(bitPattern: stored) }
    }
}

extension String {
    fileprivate func replacingUnderscores() -> String { String(filter { $0 != "_" && $0 != "-" }) }
}

/// A range end to check once all of a modal's styles are read.
struct PendingBoundary {
    var styleIndex: Int
    var from: Int
    var length: Int
    var fromByteOffset: Int
    var lengthByteOffset: Int
}

/// Facts about a message that range checks need, worked out at most once per modal.
struct MessageMeasure {
    let message: String
    private var cachedUTF16Count: Int?
    /// The style being decoded, and the in-bounds ranges whose ends still need checking against the text.
    var currentStyleIndex = 0
    var pendingBoundaries: [PendingBoundary] = []

    init(_ message: String) { self.message = message }

    var utf16Count: Int {
        mutating get {
            if let cachedUTF16Count { return cachedUTF16Count }
            let count = UTF16Offsets.count(in: message)
            cachedUTF16Count = count
            return count
        }
    }

    /// The scalars on either side of a UTF-16 offset, described for a message: "'e' (U+0065) and U+0301",
    /// or the one astral character whose surrogate pair the offset splits: "'😀' (U+1F600)".
    ///
    /// Looks only at the two scalars, so a description costs the same however long the message or the
    /// cluster around the offset.
    func scalars(around offset: Int) -> String {
        let scalars = message.unicodeScalars
        guard let at = UTF16Offsets.scalarIndex(of: offset, in: message) else {
            // Inside a surrogate pair: the scalar starts one unit earlier.
            guard let start = UTF16Offsets.scalarIndex(of: offset - 1, in: message), start < scalars.endIndex
            else { return "the end" }
            return Self.describe(scalars[start])
        }
        let before = at > scalars.startIndex ? Self.describe(scalars[scalars.index(before: at)]) : "the start"
        let after = at < scalars.endIndex ? Self.describe(scalars[at]) : "the end"
        return before + " and " + after
    }

    static func describe(_ scalar: Unicode.Scalar) -> String {
        let code = scalar.codePointText
        if let placeholder = ControlCharacters.placeholder(for: scalar) {
            return "'\(Character(placeholder))' (\(code))"
        }
        if scalar.properties.generalCategory == .nonspacingMark || scalar.properties.isJoinControl
            || scalar.properties.isVariationSelector || scalar.properties.isEmojiModifier
        {
            return code  // invisible or combining on its own
        }
        return "'\(Character(scalar))' (\(code))"
    }
}
