/// Whether a line may break between two scalars.
public enum BreakAction: UInt8, Sendable, Equatable {
    /// No break allowed here.
    case prohibited
    /// A break opportunity.
    case allowed
    /// A break is required here (after a hard line break).
    case mandatory
}

/// UAX #14 line breaking.
public enum LineBreaker {
    /// The break action before each scalar: `result[i]` is the action between `scalars[i-1]` and `scalars[i]`.
    ///
    /// `result.count == scalars.count + 1`; `result[0]` is `.prohibited` (never break at the start) and the last
    /// entry is the break at the end of text (`.mandatory`, rule LB3).
    ///
    /// PROVISIONAL: breaks after spaces and newlines only, until the UAX #14 tables land.
    public static func breakActions(_ scalars: [Unicode.Scalar]) -> [BreakAction] {
        var result = [BreakAction](repeating: .prohibited, count: scalars.count + 1)
        if scalars.isEmpty { return [.mandatory] }
        for i in 1..<scalars.count {
            let previous = scalars[i - 1]
            if previous == "\n" || (previous == "\r" && scalars[i] != "\n") {
                result[i] = .mandatory
            } else if previous == " " && scalars[i] != " " {
                result[i] = .allowed
            }
        }
        result[scalars.count] = .mandatory
        return result
    }
}
