/// Integer arithmetic that clips at the ends of `Int` instead of trapping, for values that come from
/// library users (ranges, widths, line counts) where any `Int` is a legal input.
extension Int {
    /// `self + other`, or `Int.max` / `Int.min` when the true sum lies beyond them.
    @inlinable @_spi(Kernel) public func addingSaturating(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        if !overflow { return sum }
        return other > 0 ? .max : .min
    }

    /// `self - other`, or `Int.max` / `Int.min` when the true difference lies beyond them.
    @inlinable @_spi(Kernel) public func subtractingSaturating(_ other: Int) -> Int {
        let (difference, overflow) = subtractingReportingOverflow(other)
        if !overflow { return difference }
        return other < 0 ? .max : .min
    }

    /// `self * other`, or `Int.max` / `Int.min` when the true product lies beyond them.
    @inlinable @_spi(Kernel) public func multipliedSaturating(by other: Int) -> Int {
        let (product, overflow) = multipliedReportingOverflow(by: other)
        if !overflow { return product }
        return (self < 0) == (other < 0) ? .max : .min
    }

}
