import ModalModel
import PositionedJSON
import Screen
@_spi(Kernel) import TextKernel
import TextLayout

/// The colour depth of the terminal a team targets with `validate --profile`: one of the depths a user may
/// name (`ColorDepth.namedDepths`), by its word.
package struct TargetProfile: RawRepresentable, CaseIterable, Hashable, Sendable {
    /// The depth the target terminal shows.
    package let depth: ColorDepth

    package init?(rawValue: String) {
        guard let depth = ColorDepth(word: rawValue) else { return nil }
        self.depth = depth
    }

    package var rawValue: String { depth.word ?? "" }

    package static var allCases: [TargetProfile] { ColorDepth.namedDepths.compactMap { $0.word.flatMap(Self.init) } }

    var terminalName: String {
        switch depth {
        case .trueColor: "a truecolor terminal"
        case .indexed256: "a 256-colour terminal"
        case .ansi16: "a 16-colour terminal"
        case .ansi8: "an 8-colour terminal"
        case .none: "a terminal without colour"
        }
    }
}

/// Warnings about what a valid modal loses on a target terminal: colours that merge into one, font sizes
/// that show only as bold or dim, and text or buttons whose colours contrast less than WCAG AA asks (4.5:1).
package enum TargetProfileCheck {
    /// WCAG 2.x AA minimum contrast for body text.
    package static let minimumContrast = 4.5

    /// The colour a terminal of `profile` shows for `color` and its name there; nil when it shows no colour.
    ///
    /// The one place this check maps colours to a palette, so that it follows the renderers' mapping.
    package static func shownColor(_ color: ModalColor, on profile: TargetProfile) -> (color: ModalColor, name: String)?
    {
        let opaque = color.alpha == 255 ? color : color.blended(over: ModalColor(red: 0, green: 0, blue: 0))
        let depth = profile.depth
        if depth == .trueColor { return (opaque, opaque.hexRGB) }
        guard let index = ColorPalette.index(for: opaque, depth: depth) else { return nil }
        let shown = ColorPalette.color(ofIndex: index, depth: depth)
        let palette = depth == .indexed256 ? "xterm-256 colour" : "ANSI colour"
        return (shown, "\(palette) \(index) (\(shown.hexRGB))")
    }

    /// A colour as the modal writes it: `#rrggbb`, or `#rrggbbaa (#rrggbb over black)` with alpha.
    package static func written(_ color: ModalColor) -> String {
        guard color.alpha != 255 else { return color.hexRGB }
        return "\(color.hexText) (\(color.blended(over: ModalColor(red: 0, green: 0, blue: 0)).hexRGB) over black)"
    }

    /// One use of a colour in a modal, with the JSON pointer of its value.
    struct ColorUse {
        var color: ModalColor
        var pointer: String
    }

    /// The target-profile warnings for a valid document.
    package static func diagnostics(for document: ModalDocument, bytes: [UInt8], profile: TargetProfile) -> [Diagnostic]
    {
        guard case .success(let root) = JSONParser.parse(bytes, knownStrings: .modalFormat) else { return [] }
        let source = SourceText(bytes: bytes)
        var found: [Diagnostic] = []
        func warn(_ code: DiagnosticCode, _ message: String, pointer: String, hint: String) {
            let node = JSONPointer.node(at: JSONPointer.components(pointer), in: root)
            found.append(
                Diagnostic(
                    severity: .warning, code: code, message: message,
                    location: source.location(ofByteOffset: node?.byteOffset ?? 0), pointer: pointer, hint: hint))
        }
        for (index, modal) in document.modals.enumerated() {
            let base = document.isArray ? "/\(index)" : ""
            var uses: [ColorUse] = []
            var pairs: [(foreground: ColorUse, background: ColorUse, what: String)] = []
            for (number, style) in modal.styles.enumerated() {
                let pointer = base + "/styles/\(number)"
                let text = style.color.map { ColorUse(color: $0, pointer: pointer + "/color") }
                let background = style.backgroundColor.map { ColorUse(color: $0, pointer: pointer + "/bg_color") }
                uses += [text, background].compactMap { $0 }
            }
            pairs += textColorPairs(modal, base: base)
            for (number, button) in modal.buttons.enumerated() {
                let pointer = base + "/buttons/\(number)"
                let text = button.foregroundColor.map { ColorUse(color: $0, pointer: pointer + "/fg_color") }
                let background = button.backgroundColor.map { ColorUse(color: $0, pointer: pointer + "/bg_color") }
                uses += [text, background].compactMap { $0 }
                if let text, let background { pairs.append((text, background, "button \(number)")) }
            }
            checkMerges(uses, profile: profile, warn: warn)
            checkContrast(pairs, profile: profile, warn: warn)
            checkFontSizes(modal, base: base, warn: warn)
        }
        return found.sorted { $0.location < $1.location }
    }

    /// The text colour and background of every run of the message where overlapping styles set both, once
    /// per pair; each named by the styles the two colours come from (the last one that sets each wins).
    static func textColorPairs(_ modal: Modal, base: String) -> [(
        foreground: ColorUse, background: ColorUse, what: String
    )] {
        var pairs: [(foreground: ColorUse, background: ColorUse, what: String)] = []
        var seen: Set<String> = []
        for span in StyledText(modal: modal).spans where span.range.utf16Length > 0 {
            guard let foreground = span.style.color, let background = span.style.backgroundColor else { continue }
            let start = span.range.utf16Offset
            guard let textStyle = modal.lastStyleIndex(setting: \.color, at: start),
                let backgroundStyle = modal.lastStyleIndex(setting: \.backgroundColor, at: start)
            else { continue }
            let key = "\(textStyle) \(backgroundStyle)"
            guard seen.insert(key).inserted else { continue }
            let what =
                textStyle == backgroundStyle
                ? "the text of style \(textStyle)" : "the text where styles \(textStyle) and \(backgroundStyle) overlap"
            pairs.append(
                (
                    ColorUse(color: foreground, pointer: base + "/styles/\(textStyle)/color"),
                    ColorUse(color: background, pointer: base + "/styles/\(backgroundStyle)/bg_color"), what
                ))
        }
        return pairs
    }

    /// Different colours that the target shows as one.
    static func checkMerges(
        _ uses: [ColorUse], profile: TargetProfile, warn: (DiagnosticCode, String, String, String) -> Void
    ) {
        var firstUse: [String: ColorUse] = [:]
        var order: [String] = []
        for use in uses where firstUse[written(use.color)] == nil {
            firstUse[written(use.color)] = use
            order.append(written(use.color))
        }
        guard order.count >= 2 else { return }
        if profile.depth == .none {
            let first = firstUse[order[0]]!
            warn(
                .profileColorsMerge,
                "the \(order.count) colours of this modal (\(order.joined(separator: ", "))) all show as the terminal's own colours on \(profile.terminalName)",
                first.pointer,
                "only bold, dim, italic, underline and reverse remain; do not carry meaning by colour alone")
            return
        }
        var groups: [String: [String]] = [:]
        var groupOrder: [String] = []
        for hex in order {
            guard let shown = shownColor(firstUse[hex]!.color, on: profile) else { continue }
            if groups[shown.name] == nil { groupOrder.append(shown.name) }
            groups[shown.name, default: []].append(hex)
        }
        for name in groupOrder {
            guard let members = groups[name], members.count >= 2, let second = firstUse[members[1]] else { continue }
            warn(
                .profileColorsMerge,
                "\(members.joined(separator: ", ")) are different colours but \(members.count == 2 ? "both" : "all") show as \(name) on \(profile.terminalName)",
                second.pointer,
                "pick colours further apart if the difference matters, or accept that \(profile.terminalName) shows them alike"
            )
        }
    }

    /// Foreground and background pairs below WCAG AA, before or after the downgrade.
    static func checkContrast(
        _ pairs: [(foreground: ColorUse, background: ColorUse, what: String)], profile: TargetProfile,
        warn: (DiagnosticCode, String, String, String) -> Void
    ) {
        guard profile.depth != .none else { return }
        for pair in pairs {
            let background = pair.background.color.blended(over: ModalColor(red: 0, green: 0, blue: 0))
            let foreground = pair.foreground.color.blended(over: background)
            let ratio = ColorContrast.ratio(foreground, background)
            guard let shownForeground = shownColor(foreground, on: profile),
                let shownBackground = shownColor(background, on: profile)
            else { continue }
            let shownRatio = ColorContrast.ratio(shownForeground.color, shownBackground.color)
            guard ratio < minimumContrast || shownRatio < minimumContrast else { continue }
            var message =
                "\(pair.what): \(written(pair.foreground.color)) on \(written(pair.background.color)) has a contrast of \(format(ratio)):1"
            if profile.depth != .trueColor {
                message +=
                    "; on \(profile.terminalName) it is \(shownForeground.name) on \(shownBackground.name), \(format(shownRatio)):1"
            }
            message += ", below the 4.5:1 WCAG AA asks for text"
            warn(
                .lowContrast, message, pair.foreground.pointer,
                "darken one colour or lighten the other until the ratio is at least 4.5:1")
        }
    }

    /// Font sizes that a terminal can show only as bold (a heading) or dim.
    package static func checkFontSizes(
        _ modal: Modal, base: String, warn: (DiagnosticCode, String, String, String) -> Void
    ) {
        let body = FontEmphasis.bodyFontSize(of: StyledText(modal: modal))
        for (number, style) in modal.styles.enumerated() {
            guard let size = style.fontSize else { continue }
            let shownAs: String
            switch FontEmphasis.of(fontSize: size, bodyFontSize: body) {
            case .heading: shownAs = "bold, as a heading"
            case .small: shownAs = "dim, as small print"
            case .body: continue
            }
            warn(
                .profileFontSize,
                "font_size \(format(size)) shows on a terminal only as \(shownAs) (the body size is \(format(body)))",
                base + "/styles/\(number)/font_size",
                "a terminal has one font size; the exact size stays in the JSON layout for renderers that can use it")
        }
    }

    /// A number with at most two decimals, without trailing zeros.
    package static func format(_ value: Double) -> String { PlainDecimal.text(value, fractionDigits: 2) }
}
