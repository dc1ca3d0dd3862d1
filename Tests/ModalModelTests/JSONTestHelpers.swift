import Glibc
import ModalModel
import PositionedJSON
import TestSupport

/// Reading fixture files and checking error locations, for the JSON tests (no Foundation).
enum JSONTestHelpers {
    /// The JSONTestSuite fixture folder inside the repository.
    static let suiteDirectory = repositoryRoot + "/Tests/ModalModelTests/Fixtures/JSONTestSuite"

    /// The names of the `.json` files in `directory` that start with `prefix`, sorted.
    static func jsonFileNames(in directory: String, prefix: String) -> [String] {
        guard let handle = opendir(directory) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasPrefix(prefix) && name.hasSuffix(".json") { names.append(name) }
        }
        return names.sorted()
    }

    /// Why `error` does not point at a real place in `bytes`, or nil when it does.
    ///
    /// A real place: an offset in `0...bytes.count` whose line exists and whose column lies within that
    /// line (or just after it), and on which `SourceText` and `LineIndex` agree.
    static func locationProblem(of error: JSONParseError, in bytes: [UInt8]) -> String? {
        guard (0...bytes.count).contains(error.byteOffset) else {
            return "offset \(error.byteOffset) outside 0...\(bytes.count)"
        }
        let source = SourceText(bytes: bytes)
        let location = source.location(ofByteOffset: error.byteOffset)
        let indexed = LineIndex(source).location(ofByteOffset: error.byteOffset)
        guard location == indexed else {
            return "SourceText says \(location), LineIndex says \(indexed)"
        }
        let lines = lineByteLengths(bytes)
        guard location.line >= 1, location.line <= lines.count else {
            return "line \(location.line) of \(lines.count)"
        }
        guard location.column >= 1, location.column <= lines[location.line - 1] + 1 else {
            return "column \(location.column) on line \(location.line) of \(lines[location.line - 1]) bytes"
        }
        return nil
    }

    /// The byte length of each line (terminators excluded), by the simplest possible reading of the rules.
    static func lineByteLengths(_ bytes: [UInt8]) -> [Int] {
        var lengths: [Int] = []
        var current = 0
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0A || bytes[index] == 0x0D {
                lengths.append(current)
                current = 0
                if bytes[index] == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A { index += 1 }
            } else {
                current += 1
            }
            index += 1
        }
        lengths.append(current)
        return lengths
    }

    /// Whether `reparsed` is what writing `original` and parsing it back should give.
    ///
    /// Equal, except for one thing text cannot carry: a number that was not whole (so `exactInteger` is nil)
    /// but whose double is whole (`1e-400` is 0.0; `634302963430296456.97` rounds to a whole double) reads back
    /// as a whole number with that double.
    static func sameAfterRoundTrip(_ original: JSONValue, _ reparsed: JSONValue) -> Bool {
        switch (original, reparsed) {
        case (.number(let a), .number(let b)):
            return a.double == b.double
                && (a.exactInteger == b.exactInteger
                    || (a.exactInteger == nil && b.exactInteger.map(Double.init) == a.double))
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { sameAfterRoundTrip($0.value, $1.value) }
        case (.object(let a), .object(let b)):
            return a.count == b.count
                && zip(a, b).allSatisfy { $0.key == $1.key && sameAfterRoundTrip($0.value.value, $1.value.value) }
        default:
            return original == reparsed
        }
    }

    /// Parses `text`'s UTF-8.
    static func parse(_ text: String, maxDepth: Int = JSONParser.defaultMaxDepth) -> Result<JSONNode, JSONParseError> {
        JSONParser.parse(Array(text.utf8), maxDepth: maxDepth)
    }

    /// The error from parsing `bytes`, or nil when they parse.
    static func error(_ bytes: [UInt8], maxDepth: Int = JSONParser.defaultMaxDepth) -> JSONParseError? {
        if case .failure(let error) = JSONParser.parse(bytes, maxDepth: maxDepth) { return error }
        return nil
    }

    /// The error from parsing `text`, or nil when it parses.
    static func error(_ text: String) -> JSONParseError? { error(Array(text.utf8)) }

    /// The value from parsing `text`, or nil when it does not parse.
    static func value(_ text: String) -> JSONNode? { try? parse(text).get() }
}
