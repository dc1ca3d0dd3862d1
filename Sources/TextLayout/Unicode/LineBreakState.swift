/// The left context of the UAX #14 state machine: what came before the position being decided.
///
/// Values below `LineBreakClass.allCases.count` mean "the previous scalar (after LB9 absorbed any
/// combining marks) had this class, and nothing further back matters". The others carry the longer
/// contexts that some rules look at.
struct LineBreakState: RawRepresentable, Hashable, Sendable {
    let rawValue: UInt8

    init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The state after a scalar of `lineBreakClass` with no special context.
    init(_ lineBreakClass: LineBreakClass) { rawValue = lineBreakClass.rawValue }

    private static let firstContext = UInt8(LineBreakClass.allCases.count)
    /// Start of text (LB2).
    static let startOfText = LineBreakState(rawValue: firstContext)
    /// ZW SP+ (LB8).
    static let zeroWidthSpaceThenSpaces = LineBreakState(rawValue: firstContext + 1)
    /// OP SP+ (LB14).
    static let openThenSpaces = LineBreakState(rawValue: firstContext + 2)
    /// QU SP+ (LB15).
    static let quotationThenSpaces = LineBreakState(rawValue: firstContext + 3)
    /// (CL | CP) SP+ (LB16).
    static let closeThenSpaces = LineBreakState(rawValue: firstContext + 4)
    /// B2 SP+ (LB17).
    static let dashThenSpaces = LineBreakState(rawValue: firstContext + 5)
    /// HL (HY | BA) (LB21a).
    static let hebrewThenHyphen = LineBreakState(rawValue: firstContext + 6)
    /// NU (NU | SY | IS)* SY (LB25, numbers tailored as in UAX #14 example 7).
    static let numberThenSymbol = LineBreakState(rawValue: firstContext + 7)
    /// NU (NU | SY | IS)* IS (LB25).
    static let numberThenInfix = LineBreakState(rawValue: firstContext + 8)
    /// NU (NU | SY | IS)* CL (LB25).
    static let numberThenClose = LineBreakState(rawValue: firstContext + 9)
    /// NU (NU | SY | IS)* CP (LB25, LB30).
    static let numberThenCloseParenthesis = LineBreakState(rawValue: firstContext + 10)
    /// NU (NU | SY | IS)* CP, East Asian CP (LB25).
    static let numberThenCloseParenthesisEastAsian = LineBreakState(rawValue: firstContext + 11)
    /// An odd number of regional indicators in a row (LB30a).
    static let oddRegionalIndicator = LineBreakState(rawValue: firstContext + 12)

    /// How many states there are.
    static let count = Int(firstContext) + 13

    /// The class of the previous scalar that the pairwise rules see (nil at the start of text).
    var previousClass: LineBreakClass? {
        if let plain = LineBreakClass(rawValue: rawValue) { return plain }
        switch self {
        case .zeroWidthSpaceThenSpaces, .openThenSpaces, .quotationThenSpaces, .closeThenSpaces,
            .dashThenSpaces:
            return .SP
        case .hebrewThenHyphen: return .HY
        case .numberThenSymbol: return .SY
        case .numberThenInfix: return .IS
        case .numberThenClose: return .CL
        case .numberThenCloseParenthesis: return .CP
        case .numberThenCloseParenthesisEastAsian: return .CPEA
        case .oddRegionalIndicator: return .RI
        default: return nil
        }
    }

    /// Inside a number: NU (NU | SY | IS)*.
    var isInsideNumber: Bool { self == LineBreakState(.NU) || self == .numberThenSymbol || self == .numberThenInfix }

    /// A number, possibly closed: NU (NU | SY | IS)* (CL | CP)?.
    var isNumberEnd: Bool {
        isInsideNumber || self == .numberThenClose || self == .numberThenCloseParenthesis
            || self == .numberThenCloseParenthesisEastAsian
    }
}

/// The decision a transition makes about the position before the current scalar.
enum LineBreakDecision: UInt8, Sendable {
    /// No break (×).
    case prohibited = 0
    /// Break opportunity (÷).
    case allowed = 1
    /// Break required (!).
    case mandatory = 2
    /// (PR | PO) × OP only when a number follows the OP (LB25): decided by the next scalar.
    case allowedUnlessNumberFollows = 3
}

/// The UAX #14 (Unicode 15.0) rules as a transition function, compiled into a table once.
enum LineBreakRules {
    /// One transition: what to do at the position before a scalar of class `next` that follows `state`,
    /// and the state after that scalar.
    ///
    /// This spells the rules out in their order of precedence; `LineBreakTransitions` tabulates it.
    /// Rule LB8a (ZWJ ×) does not fit a state's class and is applied by the caller.
    static func transition(from state: LineBreakState, to next: LineBreakClass) -> (
        decision: LineBreakDecision, state: LineBreakState
    ) {
        let previous = state.previousClass
        var current = next
        if current == .CM || current == .ZWJ {
            switch previous {
            case nil, .BK, .CR, .LF, .NL, .SP, .ZW:
                current = .AL  // LB10: a mark with nothing to attach to is AL.
            default:
                return (.prohibited, state)  // LB9: X (CM | ZWJ)* is X.
            }
        }
        return (
            decision(from: state, previous: previous, to: current),
            nextState(from: state, previous: previous, on: current)
        )
    }

    private static func decision(from state: LineBreakState, previous: LineBreakClass?, to current: LineBreakClass)
        -> LineBreakDecision
    {
        guard let previous else { return .prohibited }  // LB2
        // LB4, LB5: after hard breaks.
        if previous == .BK { return .mandatory }
        if previous == .CR { return current == .LF ? .prohibited : .mandatory }
        if previous == .LF || previous == .NL { return .mandatory }
        // LB6, LB7
        if [.BK, .CR, .LF, .NL, .SP, .ZW].contains(current) { return .prohibited }
        // LB8
        if previous == .ZW || state == .zeroWidthSpaceThenSpaces { return .allowed }
        // LB11
        if current == .WJ || previous == .WJ { return .prohibited }
        // LB12, LB12a
        if previous == .GL { return .prohibited }
        if current == .GL && ![.SP, .BA, .HY].contains(previous) { return .prohibited }
        // LB13, with numbers tailored as in UAX #14 example 7 (as LineBreakTest.txt assumes).
        if current == .EX { return .prohibited }
        if [.CL, .CP, .CPEA, .IS, .SY].contains(current) && previous != .NU { return .prohibited }
        // LB14
        if previous == .OP || previous == .OPEA || state == .openThenSpaces { return .prohibited }
        // LB15
        if (previous == .QU || state == .quotationThenSpaces) && (current == .OP || current == .OPEA) {
            return .prohibited
        }
        // LB16
        if ([.CL, .CP, .CPEA].contains(previous) || state == .closeThenSpaces) && current == .NS {
            return .prohibited
        }
        // LB17
        if (previous == .B2 || state == .dashThenSpaces) && current == .B2 { return .prohibited }
        // LB18
        if previous == .SP { return .allowed }
        // LB19
        if current == .QU || previous == .QU { return .prohibited }
        // LB20
        if current == .CB || previous == .CB { return .allowed }
        // LB21, LB21a, LB21b
        if [.BA, .HY, .NS].contains(current) || previous == .BB { return .prohibited }
        if state == .hebrewThenHyphen { return .prohibited }
        if previous == .SY && current == .HL { return .prohibited }
        // LB22
        if current == .IN { return .prohibited }
        // LB23
        if (previous == .AL || previous == .HL) && current == .NU { return .prohibited }
        if previous == .NU && (current == .AL || current == .HL) { return .prohibited }
        // LB23a
        if previous == .PR && [.ID, .EB, .EM].contains(current) { return .prohibited }
        if [.ID, .EB, .EM].contains(previous) && current == .PO { return .prohibited }
        // LB24
        if (previous == .PR || previous == .PO) && (current == .AL || current == .HL) { return .prohibited }
        if (previous == .AL || previous == .HL) && (current == .PR || current == .PO) { return .prohibited }
        // LB25, tailored (example 7):
        //   (PR | PO) × (OP | HY)? NU;  (OP | HY) × NU;  NU × (NU | SY | IS);
        //   NU (NU | SY | IS)* × (NU | SY | IS | CL | CP);  NU (NU | SY | IS)* (CL | CP)? × (PO | PR)
        if previous == .PR || previous == .PO {
            if current == .NU { return .prohibited }
            if current == .OP || current == .OPEA { return .allowedUnlessNumberFollows }
        }
        if (previous == .OP || previous == .OPEA || previous == .HY) && current == .NU { return .prohibited }
        if state.isInsideNumber && [.NU, .SY, .IS, .CL, .CP, .CPEA].contains(current) { return .prohibited }
        if state.isNumberEnd && (current == .PO || current == .PR) { return .prohibited }
        // LB26
        if previous == .JL && [.JL, .JV, .H2, .H3].contains(current) { return .prohibited }
        if (previous == .JV || previous == .H2) && (current == .JV || current == .JT) { return .prohibited }
        if (previous == .JT || previous == .H3) && current == .JT { return .prohibited }
        // LB27
        if [.JL, .JV, .JT, .H2, .H3].contains(previous) && current == .PO { return .prohibited }
        if previous == .PR && [.JL, .JV, .JT, .H2, .H3].contains(current) { return .prohibited }
        // LB28
        if (previous == .AL || previous == .HL) && (current == .AL || current == .HL) { return .prohibited }
        // LB29
        if previous == .IS && (current == .AL || current == .HL) { return .prohibited }
        // LB30: only punctuation that is not East Asian wide (OP and CP, not OPEA and CPEA).
        if [.AL, .HL, .NU].contains(previous) && current == .OP { return .prohibited }
        if previous == .CP && [.AL, .HL, .NU].contains(current) { return .prohibited }
        // LB30a
        if state == .oddRegionalIndicator && current == .RI { return .prohibited }
        // LB30b (unassigned Extended_Pictographic code points are EB in the tables)
        if previous == .EB && current == .EM { return .prohibited }
        // LB31
        return .allowed
    }

    private static func nextState(from state: LineBreakState, previous: LineBreakClass?, on current: LineBreakClass)
        -> LineBreakState
    {
        switch current {
        case .SP:
            switch state {
            case .zeroWidthSpaceThenSpaces, .openThenSpaces, .quotationThenSpaces, .closeThenSpaces,
                .dashThenSpaces:
                return state
            default: break
            }
            switch previous {
            case .ZW: return .zeroWidthSpaceThenSpaces
            case .OP, .OPEA: return .openThenSpaces
            case .QU: return .quotationThenSpaces
            case .CL, .CP, .CPEA: return .closeThenSpaces
            case .B2: return .dashThenSpaces
            default: return LineBreakState(.SP)
            }
        case .HY, .BA:
            return previous == .HL ? .hebrewThenHyphen : LineBreakState(current)
        case .SY:
            return state.isInsideNumber ? .numberThenSymbol : LineBreakState(current)
        case .IS:
            return state.isInsideNumber ? .numberThenInfix : LineBreakState(current)
        case .CL:
            return state.isInsideNumber ? .numberThenClose : LineBreakState(current)
        case .CP:
            return state.isInsideNumber ? .numberThenCloseParenthesis : LineBreakState(current)
        case .CPEA:
            return state.isInsideNumber ? .numberThenCloseParenthesisEastAsian : LineBreakState(current)
        case .RI:
            return state == .oddRegionalIndicator ? LineBreakState(.RI) : .oddRegionalIndicator
        default:
            return LineBreakState(current)
        }
    }
}

/// `LineBreakRules.transition` tabulated for every state and class: one byte per pair,
/// `state << 2 | decision`, at index `state << 6 | class`; and the same for every state and ASCII scalar,
/// at index `state << 7 | scalar`.
struct LineBreakTransitions: @unchecked Sendable {
    /// Process-lifetime storage; see `UnicodePropertyTable` for why it is a raw pointer.
    let entries: UnsafePointer<UInt8>
    /// The entries of the ASCII scalars' classes, so that an ASCII scalar needs no property lookup.
    let asciiEntries: UnsafePointer<UInt8>

    /// Columns per state row (a power of two, so an index is a shift and an or).
    static let columnShift = 6

    /// The table, built on first use.
    static let shared = LineBreakTransitions()

    private init() {
        precondition(LineBreakClass.allCases.count <= 1 << Self.columnShift && LineBreakState.count <= 64)
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: LineBreakState.count << Self.columnShift)
        table.initialize(repeating: 0, count: LineBreakState.count << Self.columnShift)
        for state in 0..<LineBreakState.count {
            for lineBreakClass in LineBreakClass.allCases {
                let (decision, next) = LineBreakRules.transition(
                    from: LineBreakState(rawValue: UInt8(state)), to: lineBreakClass)
                table[state << Self.columnShift | Int(lineBreakClass.rawValue)] = next.rawValue << 2 | decision.rawValue
            }
        }
        entries = UnsafePointer(table)
        let asciiTable = UnsafeMutablePointer<UInt8>.allocate(capacity: 64 << 7)
        let properties = UnicodePropertyTable.shared
        for state in 0..<64 {
            for value in 0..<128 {
                let lineBreakClass = properties.properties(scalarValue: UInt32(value)).lineBreakClassIndex
                asciiTable[state << 7 | value] =
                    state < LineBreakState.count ? table[state << Self.columnShift | lineBreakClass] : 0
            }
        }
        asciiEntries = UnsafePointer(asciiTable)
    }
}
