import TestSupport
import Testing

@testable import TextLayout

/// One line of LineBreakTest.txt (also a varied source of clusters for the width tests): the scalars and the expected break (true) or no break (false) at each
/// of the `scalars.count + 1` positions.
struct LineBreakCase {
    var lineNumber: Int
    var scalars: [Unicode.Scalar]
    var breaks: [Bool]
}

func loadLineBreakTest() throws -> [LineBreakCase] {
    let path = repositoryRoot + "/Tests/TextLayoutTests/Fixtures/Unicode/LineBreakTest.txt"
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

enum FixtureError: Error {
    case malformed(line: Int)
}

/// Lines of LineBreakTest.txt we deliberately answer differently, with the reason. Empty: we follow
/// the file everywhere, including its number tailoring (UAX #14 section 8.2, example 7).
private let deliberateDivergences: [Int: String] = [:]

@Test func lineBreakTestFileHasEveryLine() throws {
    // LineBreakTest-15.0.0.txt has 7,654 test lines (one per non-comment line).
    expect(try loadLineBreakTest().count == 7654)
}

@Test func passesEveryLineOfLineBreakTest() throws {
    let cases = try loadLineBreakTest()
    var passed = 0
    var failures: [String] = []
    for testCase in cases where deliberateDivergences[testCase.lineNumber] == nil {
        let actions = LineBreaker.breakActions(testCase.scalars)
        let breaks = actions.map { $0 != .prohibited }
        if breaks == testCase.breaks {
            passed += 1
        } else if failures.count < 20 {
            let expected = testCase.breaks.map { $0 ? "÷" : "×" }.joined()
            let actual = breaks.map { $0 ? "÷" : "×" }.joined()
            let hex = testCase.scalars.map { String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
            failures.append("line \(testCase.lineNumber): \(hex) expected \(expected) got \(actual)")
        }
    }
    expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    expectEqual(passed, 7654, "passed \(passed) of 7,654")
}

@Test func utf8ActionsMatchScalarActionsOnLineBreakTest() throws {
    for testCase in try loadLineBreakTest() {
        let text = String(String.UnicodeScalarView(testCase.scalars))
        let byScalar = LineBreaker.breakActions(testCase.scalars)
        let byByte = LineBreaker.utf8BreakActions(text)
        var scalarIndex = 0
        var offset = 0
        for scalar in testCase.scalars {
            expectEqual(byByte[offset], byScalar[scalarIndex], "line \(testCase.lineNumber) offset \(offset)")
            for inside in 1..<UTF8.width(scalar) { expectEqual(byByte[offset + inside], .prohibited) }
            offset += UTF8.width(scalar)
            scalarIndex += 1
        }
        expectEqual(byByte[offset], .mandatory)
        expectEqual(byByte.count, offset + 1)
    }
}
