import ModalModel
import Testing

@testable import Preview

@Suite struct OutcomeJSONTests {
    func quoted(_ text: String) -> String {
        var out = ""
        OutcomeJSON.appendQuoted(text, to: &out)
        return out
    }

    @Test func quotesAndBackslashesAreEscaped() {
        #expect(quoted(#"say "hi" \ bye"#) == #""say \"hi\" \\ bye""#)
    }

    @Test func noControlCharacterSurvivesRaw() {
        let everyControl = String(
            String.UnicodeScalarView(
                (0..<0x20).map { Unicode.Scalar($0)! }
                    + (0x7F...0x9F).map { Unicode.Scalar($0)! } + ["\u{2028}", "\u{2029}"]))
        let out = quoted(everyControl)
        for scalar in out.unicodeScalars {
            #expect(scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value) && scalar.value != 0x2028)
        }
        #expect(out.hasPrefix(#""\u0000\u0001"#))
        #expect(out.contains(#"\t\n\u000b\u000c\r"#))
        #expect(out.hasSuffix(#"\u009f\u2028\u2029""#))
    }

    @Test func otherTextPassesThrough() {
        #expect(quoted("héllo 👋🏽 コ") == "\"héllo 👋🏽 コ\"")
    }

    @Test func actionsEncodeByKind() {
        #expect(OutcomeJSON.encode(.close) == #"{"type":"close"}"#)
        #expect(OutcomeJSON.encode(.next) == #"{"type":"next"}"#)
        #expect(OutcomeJSON.encode(.previous) == #"{"type":"prev"}"#)
        #expect(OutcomeJSON.encode(.openURL("mailto:a@b.c")) == #"{"type":"url","url":"mailto:a@b.c"}"#)
        #expect(OutcomeJSON.encode(.custom("x\ny")) == #"{"type":"custom","name":"x\ny"}"#)
    }

    @Test func numbersKeepTheirValue() {
        func number(_ double: Double, _ exact: Int?) -> String {
            var out = ""
            OutcomeJSON.append(.number(JSONNumber(double: double, exactInteger: exact)), to: &out)
            return out
        }
        #expect(number(-12, -12) == "-12")
        #expect(number(0.1, nil) == "0.1")
        #expect(number(1e-5, nil) == "1e-05")
        #expect(number(1.5e300, nil) == "1.5e+300")
    }

    @Test func duplicateKeysAndOrderAreKept() {
        let member = { (key: String, value: Int) in
            JSONMember(
                key: key, keyByteOffset: 0,
                value: JSONNode(value: .number(JSONNumber(double: Double(value), exactInteger: value)), byteOffset: 0))
        }
        var out = ""
        OutcomeJSON.append(.object([member("b", 1), member("a", 2), member("b", 3)]), to: &out)
        #expect(out == #"{"b":1,"a":2,"b":3}"#)
    }
}
