import Testing

// Why functions and not `#expect`: the macro expands, at each of the test targets' four thousand call sites,
// into generic code that the compiler checks and lowers anew. With the macro, building the tests after
// `swift run` took 98 s on two cores; with these functions, 76 s. They record an issue at the same source
// line, and `expectEqual` shows both values, as the macro does for `==`. `#expect(throws:)` stays: it is
// rare, and its closure form has no cheaper twin.
//
// The caller's place comes as `#fileID`, `#filePath`, `#line` and `#column` rather than one
// `SourceLocation = #_sourceLocation`: that default is itself a macro, expanded at every call site, and
// the literals cost a third less to build (1.7 ms a call of 5 ms, measured on 1,200 calls).
//
// The condition and the values are plain arguments, not autoclosures: a generic autoclosure is a closure
// and its reabstraction thunks at every call site. ModalModelTests and TextLayoutTests (1,242 calls) built in
// 28.4 s of processor time instead of 29.3 s (mean of three, A B A B). A test whose expression throws marks
// it `try` and throws: the test then ends with that error as its issue, where `#expect` would have recorded
// it and gone on.

/// Records an issue at the caller's line unless `condition` is true.
package func expect(
    _ condition: Bool, _ comment: @autoclosure () -> Comment? = nil,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) {
    if !condition {
        Issue.record(
            Comment(rawValue: "Expectation failed" + describe(comment())),
            sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}

/// Records an issue at the caller's line, with both values, unless `actual` equals `expected`.
package func expectEqual<Value: Equatable>(
    _ actual: Value, _ expected: Value,
    _ comment: @autoclosure () -> Comment? = nil,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) {
    if actual != expected {
        Issue.record(
            Comment(
                rawValue: "Expected equal values\n  actual:   \(String(reflecting: actual))\n"
                    + "  expected: \(String(reflecting: expected))" + describe(comment())),
            sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}

private func describe(_ comment: Comment?) -> String {
    comment.map { ": \($0.rawValue)" } ?? ""
}
