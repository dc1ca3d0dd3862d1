import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How much of each randomized, exhaustive or conformance test a run does: `MODALKIT_TEST_SCALE=full` runs
/// everything, any other value (or none) the quick default.
///
/// A quick run checks only cases the full run checks too: the first rounds of a seeded loop (`rounds`,
/// `prefix`), or every so many cases of an ordered list where the quick step is a multiple of the full one
/// (`caseStride`, `sample`). So every failure of a quick run is a failure of the full run at the same case.
/// Sites choose their share only through these functions, never by comparing `current` themselves.
package enum TestScale: Sendable {
    case quick
    case full

    /// The scale this process runs at, read once from `MODALKIT_TEST_SCALE`.
    package static let current: TestScale = {
        guard let value = getenv("MODALKIT_TEST_SCALE") else { return .quick }
        return String(cString: value) == "full" ? .full : .quick
    }()

    /// How many of `full` rounds to run: all of them at full scale, `quick` of them (at least one) otherwise.
    ///
    /// A seeded loop over `0..<rounds(…)` is a prefix of the full loop as long as nothing it draws depends on
    /// the round count.
    package static func rounds(_ full: Int, quick: Int, at scale: TestScale = current) -> Int {
        scale == .full ? full : max(1, min(quick, full))
    }

    /// The first cases of `cases`: all of them at full scale, the first `quick` (at least one) otherwise.
    package static func prefix<Cases: Collection>(
        _ cases: Cases, quick: Int, at scale: TestScale = current
    ) -> [Cases.Element] {
        Array(cases.prefix(rounds(cases.count, quick: quick, at: scale)))
    }

    /// Every how many cases of an ordered list to check: `full` at full scale, and otherwise `quick` rounded up
    /// to a multiple of `full`, so that the cases a quick run checks are among those of the full run.
    ///
    /// Conformance files are ordered (BidiTest.txt by sequence length), so a quick run takes every so many
    /// cases rather than the first ones, and still meets every kind.
    package static func caseStride(full: Int = 1, quick: Int, at scale: TestScale = current) -> Int {
        let fullStride = max(1, full)
        guard scale == .quick else { return fullStride }
        return (max(1, quick) + fullStride - 1) / fullStride * fullStride
    }

    /// The cases at every `caseStride(full:quick:)`-th position of `cases`, starting with the first.
    package static func sample<Cases: Collection>(
        _ cases: Cases, full: Int = 1, quick: Int, at scale: TestScale = current
    ) -> [Cases.Element] {
        let stride = caseStride(full: full, quick: quick, at: scale)
        return cases.enumerated().compactMap { $0.offset % stride == 0 ? $0.element : nil }
    }
}

extension Tag {
    /// A test whose full scale takes seconds: it runs a quick share by default (see `TestScale`).
    @Tag package static var slow: Self
}
