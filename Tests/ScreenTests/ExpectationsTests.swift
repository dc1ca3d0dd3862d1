import TestSupport
import Testing

/// `expect` and `expectEqual` stand in for `#expect` at four thousand sites, so each must fail when it should,
/// say why at the caller's line, and stay silent otherwise.
@Suite struct ExpectationsTests {
    @Test func aFalseConditionIsAnIssueWithItsComment() {
        let expectedLine = #line + 2
        withKnownIssue {
            expect(1 > 2, "one is not more than two")
        } matching: { issue in
            issue.comments.contains { $0.rawValue == "Expectation failed: one is not more than two" }
                && issue.sourceLocation?.fileID.hasSuffix("ExpectationsTests.swift") == true
                && issue.sourceLocation?.line == expectedLine
        }
    }

    @Test func unequalValuesAreAnIssueThatShowsBoth() {
        withKnownIssue {
            expectEqual([1, 2], [1, 3], "the second differs")
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue
                    == "Expected equal values\n  actual:   [1, 2]\n  expected: [1, 3]: the second differs"
            }
        }
        withKnownIssue {
            expectEqual("a", "b")
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains(#"actual:   "a""#) }
        }
    }

    /// Any issue here fails this test, so a helper that records on success cannot pass it.
    @Test func trueConditionsAndEqualValuesRecordNothing() {
        expect(2 > 1)
        expectEqual([1, 2], [1, 2])
        expectEqual(Optional("x"), "x")
    }
}
