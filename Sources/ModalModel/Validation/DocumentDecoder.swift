import PositionedJSON

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
                node, as: ModalField.self, subject: "a modal",
                example: "{\"msg\": \"…\", \"buttons\": […]}")
        else { return nil }
        let members = fields.members
        let errorsBefore = collector.errorCount

        var message = ""
        if let msg = fields[.msg] {
            if let text = string(msg, key: msg.key) {
                message = text
                checkControlCharacters(in: text, literalAt: msg.value.byteOffset, key: msg.key)
                checkDrawsSomething(text, at: msg.value.byteOffset)
            }
        } else {
            missingKey(ModalField.msg, in: node, fields: members)
        }

        var styles: [ModalStyle] = []
        if let member = fields[.styles] {
            collector.push(.key(member.key))
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
                // One walk places every range end for both checks below.
                let edgePositions = Self.edgePositions(of: measure, in: message)
                let failed = checkBoundaries(measure, message: message, edgePositions: edgePositions)
                checkRangeUnits(styles: items, message: message, measure: &measure, edgePositions: edgePositions)
                collector.push(.key(member.key))
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
            collector.push(.key(member.key))
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
        if let member = fields[.textAlign],
            let value: ModalTextAlignment = enumerated(
                member, as: ModalField.textAlign, .invalidTextAlign,
                problem: { key, quoted, allowed in "\(key) must be \(allowed.listedWithOr), not \(quoted)" })
        {
            alignment = value
        }

        var maxLines: Int?
        if let member = fields[.maxLines] {
            collector.push(.key(member.key))
            if case .number(let number) = member.value.value, let value = number.exactInteger, value > 0 {
                maxLines = value
            } else {
                collector.error(
                    .invalidMaxLines,
                    "\(member.key) must be a positive whole number, not \(describe(member.value))",
                    at: member.value.byteOffset, hint: "leave max_lines out for no limit")
            }
            collector.pop()
        }

        var direction = TextDirection.auto
        if let member = fields[.direction],
            let value: TextDirection = enumerated(
                member, as: ModalField.direction, .invalidDirection,
                problem: { key, quoted, allowed in "\(key) must be \(allowed.listedWithOr), not \(quoted)" },
                otherwise: "leave direction out to take it from the text")
        {
            direction = value
        }

        guard collector.errorCount == errorsBefore else { return nil }
        return Modal(
            message: message, styles: styles, buttons: buttons, textAlignment: alignment, maxLines: maxLines,
            direction: direction)
    }

    mutating func decodeStyle(_ node: JSONNode, message: String, measure: inout MessageMeasure) -> ModalStyle? {
        guard
            let fields = objectFields(
                node, as: StyleField.self, subject: "a style",
                example: "{\"apply_to\": {\"from\": 0, \"length\": 5}, \"font_style\": \"bold\"}")
        else { return nil }
        let members = fields.members
        let errorsBefore = collector.errorCount
        var range: UTF16Range?
        if let member = fields[.applyTo] {
            collector.push(.key(member.key))
            range = decodeRange(member.value, message: message, measure: &measure)
            collector.pop()
        } else {
            missingKey(StyleField.applyTo, in: node, fields: members)
        }
        var style = ModalStyle(range: range ?? UTF16Range(utf16Offset: 0, utf16Length: 0))
        if let member = fields[.fontStyle] {
            style.attributes.fontStyle = enumerated(
                member, as: StyleField.fontStyle, .invalidFontStyle,
                problem: { key, quoted, allowed in
                    "\(key) \(quoted) is not one of \(allowed.joined(separator: ", "))"
                })
        }
        style.attributes.underline = fields[.underline].flatMap { boolean($0) }
        style.attributes.strikethrough = fields[.strikethrough].flatMap { boolean($0) }
        if let member = fields[.fontSize] {
            collector.push(.key(member.key))
            if case .number(let number) = member.value.value, number.double > 0 {
                let points = number.double
                if let reason = FontSizeLimits.undrawableReason(points) {
                    collector.error(
                        .fontSizeOutOfRange, "\(member.key) \(describe(member.value)) is \(reason)",
                        at: member.value.byteOffset, hint: FontSizeLimits.hint)
                } else {
                    style.attributes.fontSize = points
                    if let reason = FontSizeLimits.unusualReason(points) {
                        collector.warning(
                            .fontSizeUnusual, "\(member.key) \(describe(member.value)) is \(reason)",
                            at: member.value.byteOffset, hint: FontSizeLimits.hint)
                    }
                }
            } else {
                var hint = "use a size in points such as 17"
                if case .string(let text) = member.value.value, let number = Double(text),
                    FontSizeLimits.drawablePoints.contains(number)
                {
                    hint = "write the number without quotes: \(text)"
                }
                collector.error(
                    .invalidFontSize,
                    "\(member.key) must be a positive number, not \(describe(member.value))",
                    at: member.value.byteOffset, hint: hint)
            }
            collector.pop()
        }
        style.attributes.color = fields[.color].flatMap { color($0) }
        style.attributes.backgroundColor = fields[.backgroundColor].flatMap { color($0) }
        style.attributes.link = fields[.link].flatMap { action($0) }
        guard collector.errorCount == errorsBefore, range != nil else { return nil }
        return style
    }

    mutating func decodeButton(_ node: JSONNode) -> ModalButton? {
        var example = "{\"label\": \"OK\", \"action\": \"close\"}"
        if case .string(let text) = node.value {
            example = "{\"label\": \(JSONWriter.quoted(text)), \"action\": \"close\"}"
        }
        guard
            let fields = objectFields(
                node, as: ButtonField.self, subject: "a button",
                example: example)
        else { return nil }
        let members = fields.members
        let errorsBefore = collector.errorCount
        var label: String?
        if let member = fields[.label] {
            if let text = string(member, key: member.key) {
                if text.allSatisfy(\.isWhitespace) {
                    // FORMAT.md counts a label of only white space as empty: it draws as a blank button.
                    let message =
                        text.isEmpty
                        ? "the button label is empty"
                        : "the button label is only white space, which draws as a blank button"
                    collector.add(
                        .error, .emptyLabel, message, at: member.value.byteOffset,
                        hint: "give the button a visible label such as \"OK\"",
                        pointerSuffix: .key(member.key))
                } else {
                    label = text
                    checkControlCharacters(in: text, literalAt: member.value.byteOffset, key: member.key)
                }
            }
        } else {
            missingKey(ButtonField.label, in: node, fields: members)
        }
        var action: ModalAction?
        if let member = fields[.action] {
            action = self.action(member)
        } else {
            missingKey(ButtonField.action, in: node, fields: members)
        }
        let background = fields[.backgroundColor].flatMap { color($0) }
        let foreground = fields[.foregroundColor].flatMap { color($0) }
        guard collector.errorCount == errorsBefore, let label, let action else { return nil }
        return ModalButton(label: label, action: action, backgroundColor: background, foregroundColor: foreground)
    }

}
