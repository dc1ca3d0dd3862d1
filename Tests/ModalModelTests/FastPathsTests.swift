import PositionedJSON
import TestSupport
import Testing
@_spi(Kernel) import TextKernel

@testable import ModalModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The register of shortcuts: its switches, and the shortcuts of ModalModel against their general paths with
/// the switches off.
@Suite struct FastPathsTests {
    @Test func namesReadBackAndUnknownOnesAreReported() {
        for path in FastPath.allCases { expectEqual(FastPath(name: path.name), path) }
        expectEqual(Set(FastPath.allCases.map(\.name)).count, FastPath.allCases.count)
        let parsed = FastPaths.parse(" wrap-stretches,, valid-document ,wrap-strech")
        expectEqual(parsed.paths, [.wrapStretches, .validDocument])
        expectEqual(parsed.unknown, ["wrap-strech"])
        expectEqual(FastPaths.parse("all").paths, FastPath.allCases)
    }

    /// A shortcut stays off until every caller that turned it off is done, so that tests running side by side
    /// cannot turn it back on under each other; the others stay on.
    @Test func aShortcutIsBackOnOnlyWhenEveryCallerIsDone() {
        let switches = FastPathSwitches()
        let path = FastPath.wrapOneSpace
        expect(FastPath.allCases.allSatisfy(switches.isOn))
        switches.withOff([path]) {
            expect(!switches.isOn(path))
            expectEqual(FastPath.allCases.filter { !switches.isOn($0) }, [path])
            switches.withOff([path, path, .validDocument]) {
                expect(!switches.isOn(path) && !switches.isOn(.validDocument))
            }
            expect(!switches.isOn(path) && switches.isOn(.validDocument))
        }
        expect(FastPath.allCases.allSatisfy(switches.isOn))
    }

    static func sampleFiles() -> [String] {
        var files: [String] = []
        for directory in ["samples", "samples/invalid", "samples/hostile"] {
            guard let handle = opendir(repositoryRoot + "/" + directory) else { continue }
            defer { closedir(handle) }
            while let entry = readdir(handle) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) {
                    String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name.hasSuffix(".json") { files.append(repositoryRoot + "/" + directory + "/" + name) }
            }
        }
        return files.sorted()
    }

    /// Every sample decodes to the same document and the same diagnostics with every shortcut off: the
    /// valid-document reader, the action readers, the JSON scanner's and the offsets'.
    @Test func samplesDecodeTheSameWithTheShortcutsOff() throws {
        let files = Self.sampleFiles()
        expect(files.count > 30)
        for file in files {
            let bytes = try #require(readFileBytes(file))
            let fast = ModalDecoder.decode(bytes)
            let general = FastPaths.withOff(FastPath.allCases) { ModalDecoder.decode(bytes) }
            expectEqual(fast.document, general.document, "\(file)")
            expectEqual(fast.diagnostics, general.diagnostics, "\(file)")
        }
    }

    /// Actions of every form parse the same with the printable-ASCII reader and the small JSON reader off.
    @Test func actionsParseTheSameWithTheShortcutsOff() {
        let texts = [
            "close", "next", "prev", "open_url:https://example.com/x", "https://example.com/a?b=1", "tel:+1555",
            "kash://invoke/cmd/refresh", "app://invoke/cmd/track/data/%7B%22id%22%3A1%7D",
            "app://invoke/cmd/t/data/%5B1%2C%22a%22%2Ctrue%2Cnull%2C-2.5e3%5D", "app://invoke/cmd/t/data/%22x%22",
            "app://invoke/cmd/t/data/%7Bnot", "open_settings", "caf\u{E9}", " close", "javascript:alert(1)",
            "kash://invoke/cmd/a%20b", "myapp://settings", "",
        ]
        for text in texts {
            let fast = ModalAction.parsing(text)
            let general = FastPaths.withOff([.printableAction, .smallJSON]) { ModalAction.parsing(text) }
            switch (fast, general) {
            case (.success(let one), .success(let other)):
                expect(one.action == other.action && one.warnings == other.warnings, "\(text)")
                expectEqual(JSONWriter.serialize(one.action.jsonValue), JSONWriter.serialize(other.action.jsonValue))
            case (.failure(let one), .failure(let other)):
                expectEqual(one, other, "\(text)")
            default:
                Issue.record("'\(text)': \(fast) against \(general)")
            }
        }
    }

    /// UTF-16 offsets land on the same scalar and cluster boundaries when their neighbours settle them as when
    /// the grapheme walk places them.
    @Test func offsetPositionsAreTheSameWithTheQuickPathOff() {
        let texts = [
            "plain ASCII words", "caf\u{E9} e\u{301}t\u{E9}", "漢字かな\u{1F44D}\u{1F3FD} ok", "\r\n\r\u{301}x",
            "\u{1F1EF}\u{1F1F5}\u{1F1FA}\u{1F1F8}\u{1F1EB}", "\u{915}\u{94D}\u{937}a\u{1F468}\u{200D}\u{1F469}",
            "\u{1100}\u{1161}\u{11A8}\u{AC00}", "\u{600}1 \u{903}a\u{903}",
        ]
        for text in texts {
            let offsets = Array(-1...text.utf16.count + 1)
            let fast = UTF16Offsets.positions(of: offsets, in: text)
            let general = FastPaths.withOff([.quickOffsets]) { UTF16Offsets.positions(of: offsets, in: text) }
            expectEqual(fast, general, "\(text.debugDescription)")
        }
    }

    /// Numbers of every shape, parsed with the number shortcuts and with the standard library's parser, give
    /// the same doubles, bit for bit, and the same exact integers.
    @Test func numbersParseTheSameWithTheShortcutsOff() {
        var generator = SeededGenerator(seed: 0x9B3E_0FF)
        var texts = [
            "0", "-0", "1", "-1", "9007199254740993", "9223372036854775807", "-9223372036854775808",
            "18446744073709551615", "12345678901234567890123", "0.1", "1e2", "1E-2", "-1.5e10", "5e-324",
            "2.2250738585072014e-308", "1.7976931348623157e308", "123.456", "1e22", "1e23", "0.000001", "-0.0",
            "100000000000000000000000000000001e-30", "4.35", "0.3e1",
        ]
        for _ in 0..<TestScale.rounds(2_000, quick: 400) {
            let digits = String(UInt64.random(in: 0...UInt64.max, using: &generator)).prefix(
                Int.random(in: 1...20, using: &generator))
            let exponent = Int.random(in: -30...30, using: &generator)
            let point = Int.random(in: 0..<digits.count, using: &generator)
            let fraction = point == 0 ? "" : "." + digits.dropFirst(digits.count - point)
            texts.append("\(digits.prefix(digits.count - point))\(fraction)e\(exponent)")
        }
        for text in texts {
            let bytes = Array("[\(text)]".utf8)
            let fast = JSONParser.parse(bytes)
            let general = FastPaths.withOff([.numberShortcuts, .knownStrings]) { JSONParser.parse(bytes) }
            guard case .success(let one) = fast, case .success(let other) = general,
                case .array(let first) = one.value, case .array(let second) = other.value,
                case .number(let a) = first[0].value, case .number(let b) = second[0].value
            else {
                Issue.record("\(text): \(fast) against \(general)")
                continue
            }
            expect(a.double.bitPattern == b.double.bitPattern && a.exactInteger == b.exactInteger, "\(text)")
        }
    }
}
