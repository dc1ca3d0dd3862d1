import ModalModel
import PositionedJSON
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// For every invalid sample whose content the model types can hold, the same content built in memory
/// validates to the same diagnostics as the file: codes, severities, pointers and messages.
@Suite struct InvalidSampleParityTests {
    static let samples = [
        "bad-color", "bad-command-data", "bad-font-style", "button-without-action", "control-chars", "deep-nesting",
        "empty-label", "font-size-out-of-range", "invalid-utf8", "missing-msg", "msg-not-string", "range-negative-from",
        "range-not-integer",
        "range-out-of-bounds", "range-splits-surrogate", "syntax-single-quotes", "syntax-trailing-comma",
        "top-level-string", "unknown-key-typo",
    ]

    /// The semantically broken samples that model values can express; the others are broken in ways the types
    /// rule out (a wrong JSON type, a missing or unknown key, a fraction, an unknown font style or colour) or
    /// are not JSON at all.
    static let expressible = [
        "bad-command-data", "control-chars", "empty-label", "font-size-out-of-range", "range-negative-from",
        "range-out-of-bounds",
        "range-splits-surrogate",
    ]

    /// The names of the `.json` files in samples/invalid, so that a new sample must be sorted into a list here.
    static func sampleNamesOnDisk() throws -> [String] {
        let directory = try #require(opendir(repositoryRoot + "/samples/invalid"))
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasSuffix(".json") { names.append(String(name.dropLast(".json".count))) }
        }
        return names.sorted()
    }

    @Test func everySampleOnDiskIsListed() throws {
        expect(try Self.sampleNamesOnDisk() == Self.samples.sorted())
    }

    @Test func exactlyTheExpressibleSamplesCanBeBuilt() throws {
        var built: [String] = []
        for name in Self.samples {
            let bytes = try #require(readFileBytes(repositoryRoot + "/samples/invalid/\(name).json"))
            if case .success(let root) = JSONParser.parse(bytes), Lenient.document(root.value) != nil {
                built.append(name)
            }
        }
        expectEqual(built, Self.expressible)
    }

    @Test(arguments: expressible)
    func inMemoryValidationMatchesTheFile(name: String) throws {
        let bytes = try #require(readFileBytes(repositoryRoot + "/samples/invalid/\(name).json"))
        let root = try JSONParser.parse(bytes).get()
        let document = try #require(Lenient.document(root.value))
        func key(_ diagnostic: Diagnostic) -> String {
            "\(diagnostic.severity.rawValue) \(diagnostic.code) \(diagnostic.pointer) \(diagnostic.message)"
        }
        let fromFile = ModalDecoder.decode(bytes).diagnostics.map(key)
        expect(!fromFile.isEmpty)
        expectEqual(document.validate().map(key).sorted(), fromFile.sorted())
    }
}

/// Builds model values from JSON without the format's checks, the way code that constructs values directly
/// can; nil where no model value can hold the content.
enum Lenient {
    static func document(_ value: JSONValue) -> ModalDocument? {
        guard let items = value.arrayElements else { return nil }
        var modals: [Modal] = []
        for item in items {
            guard let modal = modal(item) else { return nil }
            modals.append(modal)
        }
        return ModalDocument(modals: modals)
    }

    static func members(_ value: JSONValue, known: Set<String>) -> [String: JSONValue]? {
        guard let members = value.objectMembers, Set(members.map(\.key)).count == members.count,
            members.allSatisfy({ known.contains($0.key) })
        else { return nil }
        return Dictionary(uniqueKeysWithValues: members.map { ($0.key, $0.value) })
    }

    static func modal(_ value: JSONValue) -> Modal? {
        guard let fields = members(value, known: ["msg", "styles", "buttons"]),
            case .string(let message)? = fields["msg"]
        else { return nil }
        var modal = Modal(message: message)
        for item in fields["styles"]?.arrayElements ?? [] {
            guard let style = style(item) else { return nil }
            modal.styles.append(style)
        }
        for item in fields["buttons"]?.arrayElements ?? [] {
            guard let fields = members(item, known: ["label", "action", "bg_color", "fg_color"]),
                case .string(let label)? = fields["label"], case .string(let action)? = fields["action"]
            else { return nil }
            var button = ModalButton(label: label, action: self.action(action))
            if let text = fields["bg_color"] {
                guard case .string(let name) = text, let color = ModalColor(cssText: name) else { return nil }
                button.backgroundColor = color
            }
            if let text = fields["fg_color"] {
                guard case .string(let name) = text, let color = ModalColor(cssText: name) else { return nil }
                button.foregroundColor = color
            }
            modal.buttons.append(button)
        }
        return modal
    }

    static func style(_ value: JSONValue) -> ModalStyle? {
        guard let fields = members(value, known: ["apply_to", "font_style", "font_size", "color", "link"]),
            let range = fields["apply_to"].flatMap({ members($0, known: ["from", "length"]) }),
            case .number(let from)? = range["from"], case .number(let length)? = range["length"],
            let offset = from.exactInteger, let count = length.exactInteger
        else { return nil }
        var style = ModalStyle(range: UTF16Range(utf16Offset: offset, utf16Length: count))
        if let text = fields["font_style"] {
            guard case .string(let name) = text, let fontStyle = FontStyle(rawValue: name) else { return nil }
            style.fontStyle = fontStyle
        }
        if let size = fields["font_size"] {
            guard case .number(let number) = size else { return nil }
            style.fontSize = number.double
        }
        if let text = fields["color"] {
            guard case .string(let name) = text, let color = ModalColor(cssText: name) else { return nil }
            style.color = color
        }
        if let text = fields["link"] {
            guard case .string(let link) = text else { return nil }
            style.link = action(link)
        }
        return style
    }

    /// The parsed action, or a custom action holding the text as written (it encodes back to the same text).
    static func action(_ text: String) -> ModalAction {
        (try? ModalAction.parse(text).action) ?? .custom(text)
    }
}
