import ModalModel
import TestSupport
import Testing
@_spi(Kernel) import TextKernel

/// `GraphemeRecognizer`, the one wrapper around the standard library's underscored recognizer, held to the
/// Unicode test file and to `Character`: if a toolchain changes what the recognizer answers, these fail before
/// any layout does.
@Suite struct GraphemeRecognizerTests {
    /// The lines of GraphemeBreakTest.txt (Unicode 15.0) as scalars and the expected boundary before each.
    static func cases() throws -> [LineBreakCase] {
        let path = repositoryRoot + "/Tests/TextLayoutTests/Fixtures/Unicode/GraphemeBreakTest.txt"
        let text = try readTextFile(path)
        var cases: [LineBreakCase] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let data = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            var scalars: [Unicode.Scalar] = []
            var breaks: [Bool] = []
            for token in data.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
                switch token {
                case "×": breaks.append(false)
                case "÷": breaks.append(true)
                default:
                    guard let value = UInt32(token, radix: 16), let scalar = Unicode.Scalar(value) else {
                        throw FixtureError.malformed(line: index + 1)
                    }
                    scalars.append(scalar)
                }
            }
            if scalars.isEmpty { continue }
            guard breaks.count == scalars.count + 1 else { throw FixtureError.malformed(line: index + 1) }
            cases.append(LineBreakCase(lineNumber: index + 1, scalars: scalars, breaks: breaks))
        }
        return cases
    }

    /// The cluster starts the recognizer gives for `scalars`, fed from a fresh one.
    static func starts(_ scalars: [Unicode.Scalar]) -> [Bool] {
        var recognizer = GraphemeRecognizer()
        return scalars.map { recognizer.startsCluster(before: $0) }
    }

    /// The lines of the Unicode 15.0 file the recognizer answers otherwise, pinned so that a change either way
    /// is seen: line 625, U+2701 ZWJ U+2701, which the file keeps together by GB11 (an emoji, a joiner and
    /// a pictograph) and the standard library, like `Character`, breaks after the joiner.
    static let linesWithNewerRules: Set<Int> = [625]

    @Test func answersAsTheUnicodeTestFileSaysButForThePinnedLines() throws {
        let cases = try Self.cases()
        expect(cases.count > 600)
        var differing: Set<Int> = []
        for testCase in cases where Self.starts(testCase.scalars) != Array(testCase.breaks.dropLast()) {
            differing.insert(testCase.lineNumber)
        }
        expectEqual(differing, Self.linesWithNewerRules, "lines \(differing.sorted())")
    }

    /// Every line of the file splits into the `Character`s of its string, and the first scalar starts a cluster.
    @Test func splitsAsCharacterDoes() throws {
        var failures: [Int] = []
        for testCase in try Self.cases() {
            var string = ""
            string.unicodeScalars.append(contentsOf: testCase.scalars)
            var expected: [Bool] = []
            for character in string {
                expected.append(true)
                expected += repeatElement(false, count: character.unicodeScalars.count - 1)
            }
            if Self.starts(testCase.scalars) != expected { failures.append(testCase.lineNumber) }
        }
        expect(failures.isEmpty, "lines \(failures)")
    }
}
