/// Strict RFC 8259 JSON parser over UTF-8 bytes that records where every value starts.
@usableFromInline package enum JSONParser {
    /// The default bound on nesting depth (arrays and objects).
    @usableFromInline package static let defaultMaxDepth = 512

    /// Parses one JSON text (surrounding whitespace allowed) into a node tree.
    ///
    /// The parser itself never recurses, so any `maxDepth` is safe while parsing; destroying or comparing
    /// a tree does recurse, which is one more reason to keep the limit in the hundreds.
    /// `knownStrings` is the format's table of repeated keys and words (see `KnownStrings`); it changes only speed.
    package static func parse(
        _ bytes: [UInt8], maxDepth: Int = defaultMaxDepth, knownStrings: KnownStrings = .empty
    ) -> Result<JSONNode, JSONParseError> {
        bytes.withUnsafeBufferPointer { buffer in
            guard buffer.count > 0 else {
                return .failure(JSONParseError(code: .jsonSyntax, message: "the file is empty", byteOffset: 0))
            }
            var scanner = JSONScanner(bytes: buffer, maxDepth: maxDepth, knownStrings: knownStrings)
            do throws(JSONParseError) {
                return .success(try scanner.parseDocument())
            } catch {
                return .failure(error)
            }
        }
    }
}
