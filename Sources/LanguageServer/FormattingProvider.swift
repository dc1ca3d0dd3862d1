import LanguageServerProtocol
import ModalModel
@_spi(JSON) import PositionedJSON

/// Answers `textDocument/formatting` and `textDocument/rangeFormatting` with the canonical encoder's pretty
/// layout, indented as the editor asks (`tabSize` spaces, or tabs).
///
/// The members and values stay as written, in their order, duplicates included: formatting changes only
/// white space and the spelling of numbers and escapes, so it never changes what a document means, and
/// formatting its own output changes nothing. Strings are written by the canonical writer, which keeps every
/// character no reader could see (bidi controls, invisible separators) escaped.
package enum FormattingProvider {
    /// How the editor indents: the protocol's `FormattingOptions`.
    package struct Options: Sendable, Equatable {
        /// What one level of nesting is indented with.
        package var indentUnit: String

        /// Two spaces a level, the encoder's own layout.
        package static let standard = Options(indentUnit: "  ")

        /// Creates options indenting each level with `indentUnit`.
        package init(indentUnit: String) { self.indentUnit = indentUnit }

        /// Reads `options` of a formatting request: `insertSpaces` false means tabs, else `tabSize` spaces
        /// (from 0 to 16; two when missing).
        package init(_ options: JSONValue?) {
            if options["insertSpaces"]?.boolValue == false {
                indentUnit = "\t"
            } else {
                let size = options["tabSize"]?.intValue ?? 2
                indentUnit = String(repeating: " ", count: min(max(size, 0), 16))
            }
        }
    }

    /// The edits that format the document: none when it is formatted already. A document that is not JSON
    /// is refused with an error, and no edit.
    package static func edits(
        for document: TextDocument, encoding: PositionEncoding, options: Options = .standard
    ) throws(ResponseError) -> [JSONValue] {
        let root = try parse(document)
        let formatted = indented(CanonicalJSONWriter(layout: .pretty).bytes(root.value), with: options)
        if formatted == document.bytes { return [] }
        return [
            [
                "range": document.range(from: 0, to: document.bytes.count, encoding: encoding),
                "newText": .string(String(decoding: formatted, as: UTF8.self)),
            ]
        ]
    }

    /// The edit that formats the smallest JSON value holding all of the byte range `start..<end` (the whole
    /// document when none does), indented for its depth; none when that value is formatted already.
    package static func rangeEdits(
        for document: TextDocument, from start: Int, to end: Int, encoding: PositionEncoding,
        options: Options = .standard
    ) throws(ResponseError) -> [JSONValue] {
        let root = try parse(document)
        let sourceMap = JSONSourceMap(root: root, bytes: document.bytes)
        let (node, depth) = enclosingValue(from: start, to: end, in: sourceMap)
        var written: [UInt8] = []
        CanonicalJSONWriter(layout: .pretty).write(node.value, into: &written, depth: depth)
        let formatted = indented(written, with: options)
        let valueEnd = sourceMap.end(of: node)
        if formatted[...] == document.bytes[node.byteOffset..<valueEnd] { return [] }
        return [
            [
                "range": document.range(from: node.byteOffset, to: valueEnd, encoding: encoding),
                "newText": .string(String(decoding: formatted, as: UTF8.self)),
            ]
        ]
    }

    /// The innermost value whose source holds `start..<end`, and how deep it is nested.
    static func enclosingValue(from start: Int, to end: Int, in sourceMap: JSONSourceMap) -> (JSONNode, Int) {
        guard let hit = sourceMap.hit(at: start) else { return (sourceMap.root, 0) }
        var chain = hit.ancestors
        if !hit.isOnKey { chain.append(hit.node) }
        for (depth, node) in chain.enumerated().reversed()
        where node.byteOffset <= start && sourceMap.end(of: node) >= end {
            return (node, depth)
        }
        return (sourceMap.root, 0)
    }

    private static func parse(_ document: TextDocument) throws(ResponseError) -> JSONNode {
        switch JSONParser.parse(document.bytes, knownStrings: .modalFormat) {
        case .success(let node): return node
        case .failure(let error):
            let location = SourceText(bytes: document.bytes).location(ofByteOffset: error.byteOffset)
            throw ResponseError(
                code: -32803,
                message: "not formatted: the document is not JSON (line \(location.line), column "
                    + "\(location.column): \(error.message))")
        }
    }

    /// The writer's pretty output, which indents by two spaces a level, indented with `options` instead. Every
    /// space that starts a line is indentation: the writer never puts a raw line break inside a string.
    static func indented(_ pretty: [UInt8], with options: Options) -> [UInt8] {
        if options == .standard { return pretty }
        let unit = Array(options.indentUnit.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(pretty.count)
        var index = 0
        while index < pretty.count {
            let byte = pretty[index]
            out.append(byte)
            index += 1
            guard byte == 0x0A else { continue }
            var spaces = 0
            while index < pretty.count, pretty[index] == 0x20 {
                spaces += 1
                index += 1
            }
            for _ in 0..<(spaces / 2) { out.append(contentsOf: unit) }
        }
        return out
    }
}
