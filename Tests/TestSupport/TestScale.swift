import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How much of each randomized, exhaustive or conformance test a run does: `MODALKIT_TEST_SCALE=full` runs
/// everything, any other value (or none) the quick default.
///
/// A quick run does the first rounds of the full run with the same seeds, in the same order, so a failure seen
/// in the full run at round N reproduces in a quick run only if N is within the quick share, and every failure
/// of a quick run is a failure of the full run at the same round.
package enum TestScale: Sendable {
    case quick
    case full

    /// The scale this process runs at, read once from `MODALKIT_TEST_SCALE`.
    package static let current: TestScale = {
        guard let value = getenv("MODALKIT_TEST_SCALE") else { return .quick }
        return String(cString: value) == "full" ? .full : .quick
    }()

    /// How many of `full` rounds to run: all of them at full scale, `quick` of them (at least one) otherwise.
    package static func rounds(_ full: Int, quick: Int) -> Int {
        current == .full ? full : max(1, min(quick, full))
    }

    /// Every how many cases of a conformance file to check: 1 (all of them) at full scale, `quick` otherwise.
    ///
    /// Conformance files are ordered (BidiTest.txt by sequence length), so a quick run takes every `quick`-th case
    /// rather than the first ones, and still meets every kind.
    package static func caseStride(quick: Int) -> Int { current == .full ? 1 : max(1, quick) }
}

extension Tag {
    /// A test whose full scale takes seconds: it runs a quick share by default (see `TestScale`).
    @Tag package static var slow: Self
}
