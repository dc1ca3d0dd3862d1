/// The break actions of a text fed a window at a time, exactly as `LineBreaker.breakActions` gives them for
/// the whole text: the rules' state runs on from one window to the next.
struct LineBreakStream {
    private var machine = LineBreakMachine()
    private var lookahead = NumberLookahead()
    /// How many scalars were fed so far.
    private(set) var fedCount = 0

    /// The index of the one action a later scalar may still change (a break before OP that a number would
    /// forbid, LB25), or nil.
    var provisionalIndex: Int? { lookahead.pendingIndex >= 0 ? lookahead.pendingIndex : nil }

    /// Feeds the next scalars, text indices `fedCount..<fedCount + scalars.count`, writing the action before
    /// text index `i` to `actions[i - base]`. A fix to an action before `base` cannot be written and is dropped;
    /// callers keep `base` at or before `provisionalIndex`.
    mutating func feed(
        _ scalars: UnsafeBufferPointer<Unicode.Scalar>, base: Int, into actions: UnsafeMutableBufferPointer<BreakAction>
    ) {
        let table = UnicodePropertyTable.shared
        // Indices into `scalars`; text index `i` is `i + first`, its action at `actions[i + first - base]`.
        let first = fedCount
        let shift = base - first
        var index = 0
        while index < scalars.count {
            if lookahead.pendingIndex < 0 {
                index = machine.advanceASCII(scalars, from: index, base: shift, into: actions)
                if index == scalars.count { break }
            }
            let lineBreakClass = table.properties(scalars[index]).lineBreakClassIndex
            var decision = machine.advance(lineBreakClass)
            let fix = lookahead.resolve(index: index + first, lineBreakClass: lineBreakClass, decision: &decision)
            if fix >= base { actions[fix - base] = .prohibited }
            actions[index - shift] = BreakAction(rawValue: decision).unsafelyUnwrapped
            index += 1
        }
        fedCount = first + scalars.count
    }
}
