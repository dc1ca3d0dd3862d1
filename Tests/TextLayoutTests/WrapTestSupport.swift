import ModalModel
import TextLayout

/// Wraps a plain (unstyled) message.
func wrapPlain(
    _ message: String, width: Int, alignment: ModalTextAlignment = .left, maxLines: Int? = nil,
    ambiguousIsWide: Bool = false
) -> [LayoutLine] {
    StyledText(modal: Modal(message: message)).wrap(
        options: WrapOptions(width: width, alignment: alignment, maxLines: maxLines, ambiguousIsWide: ambiguousIsWide))
}

/// The lines as they look on screen: each segment at its column, blanks before and between segments.
func rendered(_ lines: [LayoutLine]) -> [String] {
    lines.map { line in
        var out = ""
        var column = 0
        for segment in line.segments {
            if segment.column > column { out += String(repeating: " ", count: segment.column - column) }
            out += segment.text
            column = segment.column + segment.cellWidth
        }
        return out
    }
}

/// A segment as compact text: its text in brackets, then the attributes its style sets.
func described(_ segment: LineSegment) -> String {
    let style = segment.style
    var attributes: [String] = []
    if style.fontStyle != nil {
        attributes.append(style.isBold ? "b" : "!b")
        attributes.append(style.isItalic ? "i" : "!i")
    }
    if let underline = style.underline { attributes.append(underline ? "u" : "!u") }
    if let strikethrough = style.strikethrough { attributes.append(strikethrough ? "s" : "!s") }
    if let color = style.color { attributes.append("fg" + color.hexRGB) }
    if let color = style.backgroundColor { attributes.append("bg" + color.hexRGB) }
    if let size = style.fontSize { attributes.append("size\(size)") }
    if let link = style.link { attributes.append("link(\(link))") }
    return "[\(segment.text)]" + (attributes.isEmpty ? "" : "{" + attributes.joined(separator: " ") + "}")
}

/// Every line as its described segments.
func describedLines(_ lines: [LayoutLine]) -> [String] {
    lines.map { $0.segments.map(described).joined() }
}

/// The UTF-16 units `offset..<offset + length` of `text` as a string.
func utf16Slice(_ text: String, _ offset: Int, _ length: Int) -> String {
    let units = Array(text.utf16)
    return String(decoding: units[offset..<offset + length], as: UTF16.self)
}
