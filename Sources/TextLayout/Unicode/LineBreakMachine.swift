/// The running UAX #14 state over a sequence of scalars, one table lookup per scalar.
struct LineBreakMachine {
    private var state = LineBreakState.startOfText.rawValue
    private var afterZeroWidthJoiner = false
    private let transitions = LineBreakTransitions.shared.entries

    /// Whether the machine stands just after a letter (AL) with no joiner pending: another letter then
    /// follows with no break (LB28) and leaves the machine where it is, so `breakActions` writes `.prohibited`
    /// for it without a lookup (`LineBreakTests` holds it to the byte-wise reader, which takes no such step).
    @inline(__always) var isAfterLetter: Bool {
        state == LineBreakClass.AL.rawValue && !afterZeroWidthJoiner
    }

    /// The decision for the position before a scalar of class `lineBreakClass` (raw value), as a
    /// `LineBreakDecision` raw value; the machine then moves past the scalar.
    @inline(__always) mutating func advance(_ lineBreakClass: Int) -> UInt8 {
        let entry = transitions[Int(truncatingIfNeeded: state) << LineBreakTransitions.columnShift | lineBreakClass]
        state = entry >> 2
        // LB8a (ZWJ ×) holds whatever the state says, and nothing before it can break after a ZWJ.
        let decision = afterZeroWidthJoiner ? 0 : entry & 3
        afterZeroWidthJoiner = lineBreakClass == Int(LineBreakClass.ZWJ.rawValue)
        return decision
    }
}

/// Resolves `LineBreakDecision.allowedUnlessNumberFollows`: (PR | PO) × OP only before NU (LB25).
struct NumberLookahead {
    /// Where a provisional break before an OP was written, or -1.
    private(set) var pendingIndex = -1

    /// Call with each scalar's class and decision in order; returns an index whose action must become
    /// `.prohibited` (or -1), and rewrites the decision to a plain `BreakAction` raw value.
    @inline(__always) mutating func resolve(index: Int, lineBreakClass: Int, decision: inout UInt8) -> Int {
        var fix = -1
        if pendingIndex >= 0 && lineBreakClass != Int(LineBreakClass.CM.rawValue)
            && lineBreakClass != Int(LineBreakClass.ZWJ.rawValue)
        {
            // LB9 lets marks after the OP stay with it; the next other scalar decides.
            if lineBreakClass == Int(LineBreakClass.NU.rawValue) { fix = pendingIndex }
            pendingIndex = -1
        }
        if decision == LineBreakDecision.allowedUnlessNumberFollows.rawValue {
            pendingIndex = index
            decision = LineBreakDecision.allowed.rawValue
        }
        return fix
    }
}
