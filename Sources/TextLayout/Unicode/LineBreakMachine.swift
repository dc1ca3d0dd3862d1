/// The running UAX #14 state over a sequence of scalars, one table lookup per scalar.
struct LineBreakMachine {
    private var state = LineBreakState.startOfText.rawValue
    private var afterZeroWidthJoiner = false
    private let transitions = LineBreakTransitions.shared.entries
    private let asciiTransitions = LineBreakTransitions.shared.asciiEntries

    /// Moves past the ASCII scalars of `scalars` from `index` on while each decides its position plainly,
    /// writing their actions to `actions[i - base]`; returns the index of the first scalar left (not ASCII, or
    /// one whose decision waits for the next scalar, LB25), which `advance` then takes.
    ///
    /// Most of a message is ASCII: one lookup in a table by state and byte replaces the property lookup and
    /// the class's transition, and the letters after a letter need not even that. A joiner before the run is
    /// left to `advance` (LB8a), and callers start a run only with no number lookahead pending, which no ASCII
    /// scalar's plain decision could change.
    @inline(__always) mutating func advanceASCII(
        _ scalars: UnsafeBufferPointer<Unicode.Scalar>, from index: Int, base: Int,
        into actions: UnsafeMutableBufferPointer<BreakAction>
    ) -> Int {
        if afterZeroWidthJoiner { return index }
        var index = index
        var state = Int(truncatingIfNeeded: self.state)
        let count = scalars.count
        let table = asciiTransitions
        // `BreakAction` and the plain decisions share their raw values, so the decision is stored as it is.
        let written = UnsafeMutableRawPointer(actions.baseAddress.unsafelyUnwrapped) - base
        while index < count {
            let value = scalars[index].value
            if value >= 0x80 { break }
            let entry = table[state &<< 7 | Int(truncatingIfNeeded: value)]
            let decision = entry & 3
            if decision == LineBreakDecision.allowedUnlessNumberFollows.rawValue { break }
            state = Int(truncatingIfNeeded: entry &>> 2)
            written.storeBytes(of: decision, toByteOffset: index, as: UInt8.self)
            index &+= 1
            // The rest of a word: after a letter, a letter breaks nowhere and leaves the state as it was (LB28).
            if state == Int(LineBreakClass.AL.rawValue) {
                while index < count && (scalars[index].value | 0x20) &- 0x61 < 26 {
                    written.storeBytes(of: 0, toByteOffset: index, as: UInt8.self)
                    index &+= 1
                }
            }
        }
        self.state = UInt8(truncatingIfNeeded: state)
        return index
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
