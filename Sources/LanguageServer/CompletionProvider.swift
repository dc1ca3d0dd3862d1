import ModalModel
import PositionedJSON

/// Answers `textDocument/completion`: the keys valid where the cursor is, enumerated values, named colours
/// and action forms.
///
/// A document being typed is seldom valid JSON, so the cursor's place is read by scanning the text before it
/// (containers, keys and commas) rather than from a parse of the whole document.
package struct CompletionProvider {
    /// One completion.
    package struct Item: Sendable, Equatable {
        /// What the list shows and what is inserted.
        package var label: String
        /// The text inserted in place of `replaceStart..<cursor`.
        package var insertText: String
        /// The protocol's `CompletionItemKind`.
        package var kind: Int
        /// A one-line meaning.
        package var detail: String?
    }

    /// Where the cursor is in the document's structure.
    package struct Place: Sendable, Equatable {
        /// The steps from the root to the innermost open container.
        package var path: [JSONSourceMap.Step]
        /// Whether the innermost container is an object waiting for a key (else a value).
        package var expectsKey: Bool
        /// The innermost object's key whose value is being written, if any.
        package var key: String?
        /// The keys the innermost object already has before the cursor.
        package var presentKeys: [String]
        /// The offset of the opening quote when the cursor is inside a string.
        package var stringStart: Int?
        /// Whether the innermost container is an array.
        package var inArray: Bool
    }

    /// The document's bytes.
    package let bytes: [UInt8]
    /// Command schemes with their command names seen in open documents (`kash://invoke/cmd/refresh`).
    package let knownCommands: [String]

    /// Creates the provider for a document's bytes.
    package init(bytes: [UInt8], knownCommands: [String]) {
        self.bytes = bytes
        self.knownCommands = knownCommands
    }

    /// The completions at a byte offset, and where the replaced text starts.
    package func items(at cursor: Int) -> (items: [Item], replaceStart: Int) {
        let place = Self.place(at: cursor, in: bytes)
        let replaceStart = place.stringStart.map { $0 + 1 } ?? cursor
        let quoted = place.stringStart == nil
        func text(_ word: String) -> String { quoted ? JSONWriter.quoted(word) : word }

        guard let kind = objectKind(place) else { return ([], replaceStart) }
        if place.expectsKey {
            let keys = Self.keys(of: kind).filter { !place.presentKeys.contains($0) }
            let items = keys.map { key in
                Item(
                    label: key, insertText: quoted ? JSONWriter.quoted(key) + ": " : key, kind: 10,
                    detail: FormatMeanings.meaning(ofKey: key, in: kind))
            }
            return (items, replaceStart)
        }
        guard let key = place.key else { return ([], replaceStart) }
        var items: [Item] = []
        for value in FormatMeanings.values(forKey: key) {
            items.append(
                Item(
                    label: value, insertText: text(value), kind: 20,
                    detail: FormatMeanings.meaning(ofValue: value, forKey: key)))
        }
        if ["color", "bg_color", "fg_color"].contains(key) {
            for name in CSSNamedColors.table.keys.sorted() {
                let color = ModalColor(cssText: name)
                items.append(Item(label: name, insertText: text(name), kind: 16, detail: color?.hexText))
            }
        }
        if key == "action" || key == "link" {
            for value in ModalAction.builtins.map(\.name) {
                items.append(
                    Item(
                        label: value, insertText: text(value), kind: 20,
                        detail: FormatMeanings.meaning(ofValue: value, forKey: key)))
            }
            for (form, meaning) in [
                ("https://", "open a web page"), ("mailto:", "write an e-mail"), ("tel:", "call a number"),
                ("open_url:", "open the URL after the prefix"),
            ] {
                items.append(Item(label: form, insertText: quoted ? "\"" + form : form, kind: 15, detail: meaning))
            }
            for command in knownCommands {
                items.append(
                    Item(
                        label: command, insertText: text(command), kind: 15,
                        detail: "an app command seen in the workspace"))
            }
        }
        if key == "underline" || key == "strikethrough" {
            items += ["true", "false"].map { Item(label: $0, insertText: $0, kind: 12, detail: nil) }
        }
        return (items, replaceStart)
    }

    /// The kind of the innermost object, when the cursor is in one the format defines.
    private func objectKind(_ place: Place) -> FormatMeanings.ObjectKind? {
        guard !place.inArray else { return nil }
        let rootIsArray = bytes.first(where: { $0 > 0x20 }) == UInt8(ascii: "[")
        guard let path = ModalPath(place.path, rootIsArray: rootIsArray) else { return nil }
        return ModalPath.kind(ofObjectAt: path.inner)
    }

    static func keys(of kind: FormatMeanings.ObjectKind) -> [String] { kind.keyNames }

    /// Reads the structure of the text before `cursor`.
    package static func place(at cursor: Int, in bytes: [UInt8]) -> Place {
        struct Frame {
            var isObject: Bool
            var index = 0
            var key: String?
            var expectsKey = true
            var keys: [String] = []
        }
        var frames: [Frame] = []
        var index = 0
        let end = min(cursor, bytes.count)
        var stringStart: Int?
        while index < end {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "{"): frames.append(Frame(isObject: true))
            case UInt8(ascii: "["): frames.append(Frame(isObject: false, expectsKey: false))
            case UInt8(ascii: "}"), UInt8(ascii: "]"): _ = frames.popLast()
            case UInt8(ascii: ","):
                if var frame = frames.popLast() {
                    if frame.isObject {
                        frame.expectsKey = true
                        frame.key = nil
                    } else {
                        frame.index += 1
                    }
                    frames.append(frame)
                }
            case UInt8(ascii: ":"):
                if var frame = frames.popLast() {
                    frame.expectsKey = false
                    frames.append(frame)
                }
            case UInt8(ascii: "\""):
                let literalEnd = StringLiteralExtent.end(from: index, in: bytes)
                let closed =
                    literalEnd <= bytes.count && literalEnd > index + 1 && bytes[literalEnd - 1] == UInt8(ascii: "\"")
                if !closed || literalEnd > end {
                    stringStart = index
                    index = end
                    continue
                }
                if var frame = frames.popLast() {
                    if frame.isObject && frame.expectsKey {
                        let key = decodedString(bytes[index..<literalEnd])
                        frame.key = key
                        frame.keys.append(key)
                    }
                    frames.append(frame)
                }
                index = literalEnd
                continue
            default: break
            }
            index += 1
        }
        var path: [JSONSourceMap.Step] = []
        for frame in frames.dropLast() {
            if frame.isObject { path.append(.key(frame.key ?? "")) } else { path.append(.index(frame.index)) }
        }
        let innermost = frames.last
        var place = Place(
            path: path, expectsKey: innermost?.isObject == true && innermost?.expectsKey == true,
            key: innermost?.isObject == true && innermost?.expectsKey == false ? innermost?.key : nil,
            presentKeys: innermost?.keys ?? [], stringStart: stringStart, inArray: innermost?.isObject == false)
        if innermost == nil { place.inArray = false }
        return place
    }

    private static func decodedString(_ literal: ArraySlice<UInt8>) -> String {
        if case .success(let node) = JSONParser.parse(Array(literal)), case .string(let text) = node.value {
            return text
        }
        return String(decoding: literal.dropFirst().dropLast(), as: UTF8.self)
    }

    /// The app commands (`scheme://invoke/cmd/name`) written in a document's strings, without their data.
    package static func commands(in bytes: [UInt8]) -> [String] {
        let marker = Array("://invoke/cmd/".utf8)
        var found: [String] = []
        var seen: Set<String> = []
        var index = 0
        while index + marker.count <= bytes.count {
            guard bytes[index] == UInt8(ascii: ":"), bytes[index..<(index + marker.count)].elementsEqual(marker) else {
                index += 1
                continue
            }
            var schemeStart = index
            while schemeStart > 0, isSchemeByte(bytes[schemeStart - 1]) { schemeStart -= 1 }
            var nameEnd = index + marker.count
            while nameEnd < bytes.count, bytes[nameEnd] != UInt8(ascii: "/"), bytes[nameEnd] != UInt8(ascii: "\""),
                bytes[nameEnd] > 0x20
            {
                nameEnd += 1
            }
            if schemeStart < index, nameEnd > index + marker.count {
                let command = String(decoding: bytes[schemeStart..<nameEnd], as: UTF8.self)
                if seen.insert(command).inserted { found.append(command) }
            }
            index = nameEnd
        }
        return found
    }

    private static func isSchemeByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
            true
        default: false
        }
    }
}
