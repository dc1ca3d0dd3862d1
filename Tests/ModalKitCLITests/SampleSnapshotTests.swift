import TestSupport
import Testing

@testable import ModalKitCLI

/// The ANSI (truecolor, with hyperlinks) and SVG renders of every sample, byte for byte, as snapshot files
/// in Tests/ModalKitCLITests/Snapshots. `UPDATE_SNAPSHOTS=1 swift test --disable-xctest` rewrites them;
/// review the diff.
@Suite struct SampleSnapshotTests {
    static let snapshotDirectory = "Tests/ModalKitCLITests/Snapshots"

    @Test(arguments: sampleFiles() + hostileSampleFiles())
    func samplesRenderAsRecorded(path: String) throws {
        let name = String(path.split(separator: "/").last!.dropLast(".json".count))
        let ansi = runCLI(["render", "--format", "ansi", "--color", "truecolor", "--hyperlinks", "--width", "60", path])
        expectEqual(ansi.status, 0)
        expectSnapshot(ansi.stdout, named: name + ".ansi", in: Self.snapshotDirectory)
        let svg = runCLI(["render", "--format", "svg", "--width", "60", path])
        expectEqual(svg.status, 0)
        expectSnapshot(svg.stdout, named: name + ".svg", in: Self.snapshotDirectory)
    }
}
