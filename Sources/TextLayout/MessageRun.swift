import ModalModel
@_spi(Kernel) import TextKernel

/// A stretch of a modal's message with one fully resolved look and at most one link.
///
/// `MessageRun.runs(of:)` gives runs that are disjoint, in message order and cover the whole message, so a UI
/// that is not a terminal can map them onto its own text type with one loop.
public struct MessageRun: Sendable, Equatable {
    /// The text of the run, made safe to show: controls, bidi overrides and unmatched isolates are replaced by
    /// visible placeholders of the same UTF-16 length, so `text.utf16.count == utf16Range.utf16Length`. Tabs, line
    /// breaks and isolates matched within their paragraph (which layout honours too) are kept, for the UI's own
    /// bidi to honour.
    public var text: String
    /// Where the run lies in the modal's original message, in UTF-16 units.
    public var utf16Range: UTF16Range
    /// The look of every character of the run, with every attribute resolved.
    public var attributes: RunAttributes

    /// Creates a run.
    public init(text: String, utf16Range: UTF16Range, attributes: RunAttributes) {
        self.text = text
        self.utf16Range = utf16Range
        self.attributes = attributes
    }
}

/// Every attribute of a run, resolved: the `StyleAttributes` that styles set over the run, with unset attributes
/// given the format's defaults, `font_style` read as the flags it sets, and the link's source.
public struct RunAttributes: Sendable, Equatable {
    /// Whether the text is bold (a heavier weight).
    public var isBold: Bool
    /// Whether the text is italic.
    public var isItalic: Bool
    /// Whether the text is underlined.
    public var isUnderlined: Bool
    /// Whether the text is struck through.
    public var isStruckThrough: Bool
    /// The text colour; nil means the UI's default text colour.
    public var foregroundColor: ModalColor?
    /// The background colour; nil means none.
    public var backgroundColor: ModalColor?
    /// The font size in points; nil means the UI's body size.
    public var fontSize: Double?
    /// The link over the run, if any; ask its `verdict` before making it tappable.
    public var link: RunLink?

    /// Creates attributes; the defaults are plain body text without colours or link.
    public init(
        isBold: Bool = false, isItalic: Bool = false, isUnderlined: Bool = false, isStruckThrough: Bool = false,
        foregroundColor: ModalColor? = nil, backgroundColor: ModalColor? = nil, fontSize: Double? = nil,
        link: RunLink? = nil
    ) {
        self.isBold = isBold
        self.isItalic = isItalic
        self.isUnderlined = isUnderlined
        self.isStruckThrough = isStruckThrough
        self.foregroundColor = foregroundColor
        self.backgroundColor = backgroundColor
        self.fontSize = fontSize
        self.link = link
    }

    /// The attributes a resolved `TextStyle` stands for, with the link's style index supplied separately.
    init(_ style: TextStyle, linkStyleIndex: Int?) {
        let attributes = style.attributes
        var link: RunLink? = nil
        if let action = attributes.link, let linkStyleIndex {
            link = RunLink(action: action, styleIndex: linkStyleIndex)
        }
        self.init(
            isBold: attributes.isBold, isItalic: attributes.isItalic, isUnderlined: attributes.isUnderlined,
            isStruckThrough: attributes.isStruckThrough, foregroundColor: attributes.color,
            backgroundColor: attributes.backgroundColor, fontSize: attributes.fontSize, link: link)
    }
}

/// A link over a run: its action, which entry of the modal's `styles` it came from, and (`verdict`) whether the
/// link policy lets a UI open it; a `javascript:` action is here too, so that a UI can show it as text.
public struct RunLink: Sendable, Equatable {
    /// What activating the link does.
    public var action: ModalAction
    /// The index in `Modal.styles` of the style whose `link` this is; two runs with the same index are one link.
    public var styleIndex: Int

    /// Creates a link.
    public init(action: ModalAction, styleIndex: Int) {
        self.action = action
        self.styleIndex = styleIndex
    }
}

extension MessageRun {
    /// The runs of a modal's message: disjoint, in order, covering the whole message (none for an empty message).
    ///
    /// Overlapping styles resolve as `StyledText(modal:)` resolves them, and ranges are read as leniently. A new
    /// run starts wherever an attribute changes, and also where a link's source style changes, so that two
    /// neighbouring links with the same action stay two links.
    public static func runs(of modal: Modal) -> [MessageRun] {
        let styled = StyledText(modal: modal)
        let owners = linkOwners(of: modal)
        let message = modal.message
        var runs: [MessageRun] = []
        runs.reserveCapacity(styled.spans.count)
        var spanIndex = 0
        var ownerIndex = 0
        var position = 0
        var textIndex = message.utf16.startIndex
        // Isolates pair up across runs, so they are matched once over the whole message.
        let matchedIsolates = ControlCharacters.matchedIsolateOffsets(inUTF8: message.utf8)
        var isolateCursor = 0
        var utf8Position = 0
        while spanIndex < styled.spans.count {
            let span = styled.spans[spanIndex]
            // Both span lists cover the whole message; an empty owner list means no style has a link.
            let owner = ownerIndex < owners.count ? owners[ownerIndex] : nil
            let end = min(span.range.utf16End, owner?.range.utf16End ?? span.range.utf16End)
            let nextTextIndex = message.utf16.index(textIndex, offsetBy: end - position)
            let attributes = RunAttributes(span.style, linkStyleIndex: owner?.styleIndex)
            let source = message.unicodeScalars[textIndex..<nextTextIndex]
            let text = displayText(
                source, utf8Offset: utf8Position, matchedIsolates: matchedIsolates, cursor: &isolateCursor)
            utf8Position += Substring(source).utf8.count
            // Spans that differ only in unset against off (bold nil and false) resolve to equal attributes.
            if let last = runs.last, last.attributes == attributes {
                runs[runs.count - 1].text += text
                runs[runs.count - 1].utf16Range.utf16Length += end - position
            } else {
                runs.append(
                    MessageRun(
                        text: text, utf16Range: UTF16Range(utf16Offset: position, utf16Length: end - position),
                        attributes: attributes))
            }
            position = end
            textIndex = nextTextIndex
            if span.range.utf16End == end { spanIndex += 1 }
            if let owner, owner.range.utf16End == end { ownerIndex += 1 }
        }
        return runs
    }

    /// The one place run text is made safe to show; every replacement keeps the UTF-16 length. `source` starts
    /// at `utf8Offset` in the message, and the isolates at the sorted message offsets `matchedIsolates` are kept;
    /// runs come in order, so `cursor` (the first of them not yet passed) only moves on.
    static func displayText(
        _ source: Substring.UnicodeScalarView, utf8Offset: Int, matchedIsolates: [Int], cursor: inout Int
    ) -> String {
        let text = String(source)
        guard !matchedIsolates.isEmpty else { return ControlCharacters.replacingUnsafe(in: text) }
        var out = String.UnicodeScalarView()
        var offset = utf8Offset
        for scalar in text.unicodeScalars {
            out.append(
                ControlCharacters.shown(scalar, atUTF8Offset: offset, matchedIsolates: matchedIsolates, cursor: &cursor)
            )
            offset += UTF8.width(scalar)
        }
        return String(out)
    }

    /// Which style's link wins over each stretch of the message, resolved by `StyledText` itself.
    ///
    /// The modal's link styles, each with its link replaced by a custom action naming its index, go through the
    /// same resolution as the real styles, so the winner of each stretch is the one `StyledText` chose: the
    /// latest style that covers it and sets a link, with the same clipping of ranges.
    private static func linkOwners(of modal: Modal) -> [(range: UTF16Range, styleIndex: Int?)] {
        var linkStyles: [ModalStyle] = []
        for (index, style) in modal.styles.enumerated() where style.link != nil {
            linkStyles.append(ModalStyle(range: style.range, link: .custom(String(index))))
        }
        if linkStyles.isEmpty { return [] }
        return StyledText(modal: Modal(message: modal.message, styles: linkStyles)).spans.map { span in
            guard case .custom(let name)? = span.style.link else { return (span.range, nil) }
            return (span.range, Int(name))
        }
    }
}
