/// The keys an object of the format may have, in the order the decoder reads them.
package protocol ObjectField: CaseIterable {
    /// The position of the key among the object's known keys.
    var position: Int { get }
    /// The key as written in JSON.
    var key: String { get }
}

extension ObjectField {
    /// Every known key as written in JSON, in declaration order.
    package static var keys: [String] { allCases.map(\.key) }
}

/// The keys of a modal object.
package enum ModalField: Int, ObjectField {
    case msg, styles, buttons, textAlign, maxLines, direction

    package var position: Int { rawValue }
    package var key: String {
        switch self {
        case .msg: "msg"
        case .styles: "styles"
        case .buttons: "buttons"
        case .textAlign: "text_align"
        case .maxLines: "max_lines"
        case .direction: "direction"
        }
    }
}

/// The keys of a style object.
package enum StyleField: Int, ObjectField {
    case applyTo, fontStyle, underline, strikethrough, fontSize, color, backgroundColor, link

    package var position: Int { rawValue }
    package var key: String {
        switch self {
        case .applyTo: "apply_to"
        case .fontStyle: "font_style"
        case .underline: "underline"
        case .strikethrough: "strikethrough"
        case .fontSize: "font_size"
        case .color: "color"
        case .backgroundColor: "bg_color"
        case .link: "link"
        }
    }
}

/// The keys of an `apply_to` range object.
package enum RangeField: Int, ObjectField {
    case from, length

    package var position: Int { rawValue }
    package var key: String {
        switch self {
        case .from: "from"
        case .length: "length"
        }
    }
}

/// The keys of a button object.
package enum ButtonField: Int, ObjectField {
    case label, action, backgroundColor, foregroundColor

    package var position: Int { rawValue }
    package var key: String {
        switch self {
        case .label: "label"
        case .action: "action"
        case .backgroundColor: "bg_color"
        case .foregroundColor: "fg_color"
        }
    }
}
