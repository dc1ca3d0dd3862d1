/// One style attribute under each of its names: the key on the wire (FORMAT.md), the property of
/// `StyleAttributes`, the resolved properties of `RunAttributes` and the `AttributedString` attributes of
/// ModalKitFoundation's scope, with their archived names. The table of docs/library.md is this list, and a test
/// holds every type to it, so an attribute added in one place and not the others fails.
package struct StyleAttributeNames: Sendable, Hashable {
    /// The key in a style object.
    package let wireKey: String
    /// The property of `StyleAttributes` (and, through it, of `ModalStyle`).
    package let styleProperty: String
    /// The properties of `RunAttributes` the key resolves to.
    package let runProperties: [String]
    /// The properties of `AttributeScopes.ModalKitAttributes` it is stored under.
    package let attributedStringProperties: [String]
    /// The archived names (`AttributedStringKey.name`) of those attributes, in the same order.
    package let attributedStringKeyNames: [String]

    /// Every style attribute, in the order of the style object's keys.
    package static let all: [StyleAttributeNames] = [
        StyleAttributeNames(
            wireKey: "font_style", styleProperty: "fontStyle", runProperties: ["isBold", "isItalic"],
            attributedStringProperties: ["modalBold", "modalItalic"],
            attributedStringKeyNames: ["ModalKit.bold", "ModalKit.italic"]),
        StyleAttributeNames(
            wireKey: "underline", styleProperty: "underline", runProperties: ["isUnderlined"],
            attributedStringProperties: ["modalUnderline"], attributedStringKeyNames: ["ModalKit.underline"]),
        StyleAttributeNames(
            wireKey: "strikethrough", styleProperty: "strikethrough", runProperties: ["isStruckThrough"],
            attributedStringProperties: ["modalStrikethrough"], attributedStringKeyNames: ["ModalKit.strikethrough"]),
        StyleAttributeNames(
            wireKey: "font_size", styleProperty: "fontSize", runProperties: ["fontSize"],
            attributedStringProperties: ["modalFontSize"], attributedStringKeyNames: ["ModalKit.fontSize"]),
        StyleAttributeNames(
            wireKey: "color", styleProperty: "color", runProperties: ["foregroundColor"],
            attributedStringProperties: ["modalForegroundColor"],
            attributedStringKeyNames: ["ModalKit.foregroundColor"]),
        StyleAttributeNames(
            wireKey: "bg_color", styleProperty: "backgroundColor", runProperties: ["backgroundColor"],
            attributedStringProperties: ["modalBackgroundColor"],
            attributedStringKeyNames: ["ModalKit.backgroundColor"]),
        StyleAttributeNames(
            wireKey: "link", styleProperty: "link", runProperties: ["link"],
            attributedStringProperties: ["modalAction", "modalLinkStyleIndex"],
            attributedStringKeyNames: ["ModalKit.action", "ModalKit.linkStyleIndex"]),
    ]

    /// The list as the Markdown table of docs/library.md.
    package static var markdownTable: String {
        func code(_ names: [String]) -> String { names.map { "`\($0)`" }.joined(separator: ", ") }
        var lines = [
            "| JSON key | `StyleAttributes` | `RunAttributes` | `ModalKitAttributes` | Archived as |",
            "|---|---|---|---|---|",
        ]
        for entry in all {
            lines.append(
                "| `\(entry.wireKey)` | `\(entry.styleProperty)` | \(code(entry.runProperties)) | "
                    + "\(code(entry.attributedStringProperties)) | \(code(entry.attributedStringKeyNames)) |")
        }
        return lines.joined(separator: "\n")
    }
}

extension ModalAction {
    /// The built-in actions as the Markdown table of docs/library.md: the name on the wire and the Swift case.
    package static var builtinsMarkdownTable: String {
        var lines = ["| JSON | `ModalAction` | Meaning |", "|---|---|---|"]
        for builtin in builtins {
            lines.append("| `\(builtin.name)` | `.\(builtin.action.caseName)` | \(builtin.meaning) |")
        }
        return lines.joined(separator: "\n")
    }
}
