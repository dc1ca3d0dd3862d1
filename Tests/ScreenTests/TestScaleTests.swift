import Foundation
import TestSupport
import Testing

/// `TestScale` promises that a quick run checks only cases the full run checks: a failure in the default
/// `swift test` must be one CI (`MODALKIT_TEST_SCALE=full`) sees too, at the same case.
@Suite struct TestScaleTests {
    @Test func quickSamplesAreAmongTheFullSamples() {
        let cases = Array(0..<1_000)
        for full in 1...12 {
            for quick in 1...60 {
                let quickCases = TestScale.sample(cases, full: full, quick: quick, at: .quick)
                let fullCases = TestScale.sample(cases, full: full, quick: quick, at: .full)
                expectEqual(fullCases, Array(stride(from: 0, to: cases.count, by: full)), "full \(full)")
                expect(Set(quickCases).isSubset(of: fullCases), "full \(full), quick \(quick)")
                expectEqual(quickCases.first, 0, "full \(full), quick \(quick)")
                // The quick step is the smallest multiple of the full one at or above what the site asked for.
                let step = TestScale.caseStride(full: full, quick: quick, at: .quick)
                expect(step % full == 0 && step >= quick && step - quick < full, "full \(full), quick \(quick)")
                expectEqual(quickCases.count, (cases.count + step - 1) / step, "full \(full), quick \(quick)")
            }
        }
        expectEqual(TestScale.sample(Array(0..<10), quick: 0, at: .quick), Array(0..<10))
    }

    @Test func quickRoundsAreAPrefixOfTheFullRounds() {
        for full in [1, 2, 7, 400, 20_000] {
            for quick in [0, 1, 3, 400, 50_000] {
                let quickRounds = TestScale.rounds(full, quick: quick, at: .quick)
                expectEqual(TestScale.rounds(full, quick: quick, at: .full), full)
                expect((1...full).contains(quickRounds), "full \(full), quick \(quick)")
                expectEqual(quickRounds, max(1, min(quick, full)), "full \(full), quick \(quick)")
            }
        }
        let cases = ["a", "b", "c", "d"]
        expectEqual(TestScale.prefix(cases, quick: 2, at: .quick), ["a", "b"])
        expectEqual(TestScale.prefix(cases, quick: 2, at: .full), cases)
        expectEqual(TestScale.prefix(cases, quick: 9, at: .quick), cases)
    }

    /// A quick loop draws the same values as the first rounds of the full one only if the generator replays
    /// exactly: SplitMix64's published first outputs for seed 0 pin it down.
    @Test func seededGeneratorReplaysSplitMix64() {
        var generator = SeededGenerator(seed: 0)
        let first = (0..<3).map { _ in generator.next() }
        expectEqual(first, [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F])
        var again = SeededGenerator(seed: 0)
        expectEqual((0..<3).map { _ in again.next() }, first)
    }

    /// A test that picks its share by comparing the current scale itself can pick a quick set outside the full
    /// one, as a stride of 47 against one of 5 did; the shares go through `TestScale`'s functions.
    @Test func noTestChoosesItsShareByHand() throws {
        let tests = repositoryRoot + "/Tests"
        let paths = try FileManager.default.subpathsOfDirectory(atPath: tests)
        let swiftFiles = paths.filter { $0.hasSuffix(".swift") && !$0.hasPrefix("TestSupport/") }
        expect(swiftFiles.count > 100)
        let byHand = "TestScale" + ".current"
        for path in swiftFiles {
            let text = try #require(readFile(tests + "/" + path))
            expect(!text.contains(byHand), "\(path) reads the scale itself instead of asking TestScale for a share")
        }
    }
}
