import ModalModel
import PositionedJSON
import Screen
import ScreenLayout
@_spi(Kernel) import TextKernel
import TextLayout

/// The layout of modals as a JSON document, so that services in any language can draw or check it.
///
/// ```
/// {"modals":[{"index":0,"width":W,
///   "lines":[{"text":"…","cells":N,"segments":[{"text":"…","col":C,"cells":N,"from":U,"length":L,
///     "style":{"bold":b,"italic":b,"underline":b,"strikethrough":b,"fg":"#rrggbb"|null,"bg":"#rrggbb"|null,
///              "font_size":n|null,"link":"…"|null}}]}],
///   "buttons":[{"label":"…","action":{…},"row":R,"col":C,"cells":N,"fg":"#rrggbb"|null,"bg":"#rrggbb"|null}]}]}
/// ```
///
/// `width` is the body width the message was wrapped to (`ModalWidth.bodyCellWidth`), so the
/// lines are exactly those `ModalView` draws. A line's `text` is its segments joined, without alignment
/// padding, while its `cells` runs from the left of the body to the end of its last segment, padding
/// included. `col` of a segment counts cells from the left of the body, alignment included;
/// `from`/`length` are its source range in UTF-16 units. Unset attributes are false.
/// Colours are the style's own, alpha dropped. `link` is the action's string form (`ModalAction.text`).
/// A button's `row` counts button rows from 0, and `col`/`cells` cover the whole `[ label ]` within the
/// body width; `label` is the label as shown (placeholders for controls, "…" when cut); `action` is
/// `ModalAction.jsonValue`. All text from the message has its controls replaced by placeholders, and bidi marks and
/// matched isolates (which layout honours) left out.
///
/// Segments stay in logical order. A line holding right-to-left text (`LayoutLine.isReordered`) also has
/// `"direction":"ltr"|"rtl"` (the message's base direction) and `"visual_order":[i,…]` (segment indices left to
/// right on screen), and each of its segments `"bidi_level":n` (UAX #9, odd is right to left) and
/// `"visual_col":C` (where it is drawn, alignment included; its clusters run right to left when the level is
/// odd). On other lines these keys are absent: levels are 0 and the visual order is the logical one. A button
/// whose label is reordered has `"visual_label"`, the label left to right as drawn.
package enum JSONLayoutRenderer {
    /// The layout document of `modals` drawn `modalWidth` wide, compact, ending in a newline.
    package static func render(_ modals: [Modal], modalWidth: ModalWidth) -> String {
        render(modals.enumerated().map { ($0, ModalLayout(modal: $1, options: ModalViewOptions(width: modalWidth))) })
    }

    /// The layout document of modals already laid out, each with its index in the document.
    package static func render(_ layouts: [(index: Int, layout: ModalLayout)]) -> String {
        var out = ""
        render(layouts) { out += $0 }
        return out
    }

    /// The layout document of modals already laid out, handed to `output` in pieces of about
    /// `chunkByteCount` bytes as it is written, so a long message's layout is never held whole as text.
    package static func render(
        _ layouts: [(index: Int, layout: ModalLayout)], chunkByteCount: Int = 1 << 16, output: (String) -> Void
    ) {
        var out = #"{"modals":["#
        let flush = { (pending: inout String) in
            guard pending.utf8.count >= chunkByteCount else { return }
            output(pending)
            pending = ""
        }
        for (position, entry) in layouts.enumerated() {
            if position > 0 { out += "," }
            write(entry.layout, index: entry.index, into: &out, flush: flush)
        }
        out += "]}\n"
        output(out)
    }

    /// One modal's object, from its layout.
    package static func modalObject(_ layout: ModalLayout, index: Int) -> String {
        var out = ""
        write(layout, index: index, into: &out, flush: { _ in })
        return out
    }

    private static func write(
        _ layout: ModalLayout, index: Int, into out: inout String, flush: (inout String) -> Void
    ) {
        let modal = layout.modal
        out += #"{"index":"# + String(index) + #","width":"# + String(layout.bodyWidth) + #","lines":["#
        layout.forEachBodyLine { lineIndex, line in
            if lineIndex > 0 { out += "," }
            let isReordered = line.isReordered
            out += #"{"text":"# + text(line.text) + #","cells":"# + String(line.cellWidth)
            if isReordered {
                out += #","direction":"# + (line.direction == .rightToLeft ? #""rtl""# : #""ltr""#)
                out += #","visual_order":["# + line.visualOrder.map(String.init).joined(separator: ",") + "]"
            }
            out += #","segments":["#
            for (segmentIndex, segment) in line.segments.enumerated() {
                if segmentIndex > 0 { out += "," }
                out += #"{"text":"# + text(segment.text) + #","col":"# + String(segment.column)
                if isReordered {
                    out +=
                        #","bidi_level":"# + String(segment.bidiLevel) + #","visual_col":"#
                        + String(segment.visualColumn)
                }
                out += #","cells":"# + String(segment.cellWidth) + #","from":"# + String(segment.sourceUTF16Offset)
                out += #","length":"# + String(segment.sourceUTF16Length) + #","style":"#
                writeStyle(segment.style, into: &out)
                out += "}"
            }
            out += "]}"
            flush(&out)
        }
        out += #"],"buttons":["#
        for placement in layout.buttonPlacements {
            let button = modal.buttons[placement.index]
            if placement.index > 0 { out += "," }
            out +=
                #"{"label":"# + text(placement.label) + #","action":"# + JSONWriter.serialize(button.action.jsonValue)
            out += #","row":"# + String(placement.row) + #","col":"# + String(placement.column)
            out += #","cells":"# + String(placement.cellWidth) + #","fg":"# + color(button.foregroundColor)
            out += #","bg":"# + color(button.backgroundColor)
            if placement.visualLabel != placement.label { out += #","visual_label":"# + text(placement.visualLabel) }
            out += "}"
        }
        out += "]}"
    }

    private static func writeStyle(_ style: TextStyle, into out: inout String) {
        out += #"{"bold":"# + flag(style.isBold) + #","italic":"# + flag(style.isItalic)
        out += #","underline":"# + flag(style.isUnderlined) + #","strikethrough":"# + flag(style.isStruckThrough)
        out += #","fg":"# + color(style.color) + #","bg":"# + color(style.backgroundColor)
        out += #","font_size":"# + (style.fontSize.map { number($0) } ?? "null")
        out += #","link":"# + (style.link.map { text($0.text) } ?? "null") + "}"
    }

    private static func flag(_ value: Bool) -> String { value ? "true" : "false" }

    private static func color(_ value: ModalColor?) -> String { value.map { "\"" + $0.hexRGB + "\"" } ?? "null" }

    /// Message text as a JSON literal with controls shown as placeholders.
    private static func text(_ value: String) -> String {
        JSONWriter.quoted(ControlCharacters.singleLine(ControlCharacters.removingBidiFormats(value)))
    }

    /// A JSON number in the same plain form as the HTML and SVG output; not a number is `null`.
    private static func number(_ value: Double) -> String {
        value.isNaN ? "null" : PlainDecimal.text(value)
    }
}
