import Foundation
import TestSupport
import Testing

@testable import ModalKitCLI

#if canImport(Glibc)
    import Glibc
#endif

/// File names that are not UTF-8 (any bytes but `/` and NUL are a POSIX name): found, read, fixed and reported,
/// shown with `\xNN` escapes, never mistaken for another name.
@Suite struct FileNameBytesTests {
    /// `café.json` written in Latin-1, as an old server's export names it.
    static let latin1Name: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".json".utf8)
    /// A name with an ESC byte and a lone continuation byte: both must be shown harmlessly.
    static let hostileName: [UInt8] = Array("bad".utf8) + [0x1B, 0x80] + Array(".json".utf8)

    static func write(_ text: String, to path: PathName) throws {
        let fd = path.withCString { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        try #require(fd >= 0, "cannot create the test file")
        defer { close(fd) }
        let bytes = Array(text.utf8)
        expectEqual(bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress!, $0.count) }, bytes.count)
    }

    static func contents(of path: PathName) -> String? {
        guard case .bytes(let bytes) = FileReader.read(path: path, maxBytes: 1 << 20) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func displayTextEscapesOnlyWhatIsNotUTF8() {
        expectEqual(PathName("ok/日本.json").displayText, "ok/日本.json")
        expectEqual(PathName(bytes: Self.latin1Name).displayText, #"caf\xe9.json"#)
        expectEqual(PathName(bytes: Self.hostileName).displayText, "bad\u{1B}\\x80.json")
        // A sequence cut short at the end, and an overlong encoding of "/".
        expectEqual(PathName(bytes: Array("é".utf8).dropLast() + []).displayText, #"\xc3"#)
        expectEqual(PathName(bytes: [0xC0, 0xAF, 0x41]).displayText, #"\xc0\xafA"#)
    }

    @Test func validateFindsReadsAndReportsTheNamesEscaped() throws {
        let directory = try temporaryDirectory("names")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let root = PathName(directory)
        try Self.write(#"{"msg": "Bonjour"}"#, to: root.appending(Self.latin1Name))
        try Self.write(#"{"msg": "Hi", "max_lines": 0}"#, to: root.appending(Self.hostileName))
        try Self.write(#"{"msg": "Hello"}"#, to: root.appending(Array("ok.json".utf8)))

        let text = runCLI(["validate", directory])
        expectEqual(text.status, 1, "one file has an error; none is unreadable (that would be 2)")
        expect(!text.stdout.contains("No such file") && !text.stderr.contains("No such file"))
        expect(!text.stdout.contains("\u{FFFD}"), "a replacement character would name another file")
        expect(!text.stdout.contains("\u{1B}"), "an escape byte in a name never reaches the terminal raw")
        expect(text.stdout.contains(#"bad\x80.json:1:"#) || text.stdout.contains(#"\x80.json:1:"#))
        expect(text.stderr.contains("3 files"), "\(text.stderr)")

        let json = runCLI(["validate", "--format", "json", directory])
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let paths = (report["files"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
        expect(paths.contains { $0.hasSuffix(#"caf\xe9.json"#) }, "\(paths)")
        expectEqual(paths.count, 3)
    }

    @Test func fixRewritesTheFileWithThatNameAndNoOther() throws {
        let directory = try temporaryDirectory("fix-names")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = PathName(directory).appending(Self.latin1Name)
        try Self.write(#"{"msg": "Bonjour à tous", "text_algin": "center"}"#, to: file)

        let result = runCLI(["fix", directory])
        expectEqual(result.status, 0, "\(result.stderr)")
        expect(result.stderr.contains(#"caf\xe9.json: fixed"#), "\(result.stderr)")
        expectEqual(Self.contents(of: file)?.contains(#""text_align""#), true)
        let names = FileReader.jsonFiles(under: directory).map(\.displayText)
        expectEqual(names, [directory + #"caf\xe9.json"#], "no second file appeared beside it")
    }
}
