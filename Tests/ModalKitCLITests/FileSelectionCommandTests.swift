import Foundation
import TestSupport
import Testing

@testable import ModalKitCLI

/// `files` and `exclude` in `.modalkit.json` choose which JSON files a directory walk checks.
@Suite struct FileSelectionCommandTests {
    let broken = #"{"msg": "Hi", "lenght": 1}"#

    /// A project with modals at two depths, a fixture among them, and JSON that is not a modal.
    func project(config: String) throws -> String {
        let root = try temporaryDirectory("files")
        for path in ["modals/a.json", "modals/deep/b.json", "modals/fixtures/c.json", "package.json"] {
            try FileManager.default.createDirectory(
                atPath: root + String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]),
                withIntermediateDirectories: true)
            expect(writeFile(root + path, broken))
        }
        expect(writeFile(root + ".modalkit.json", config))
        return root
    }

    func checkedFiles(_ output: String) -> [String] {
        output.split(separator: "\n").filter { $0.hasSuffix("[unknown-key]") }.map {
            String($0.split(separator: ":").first!)
        }
    }

    @Test func theWalkChecksOnlyWhatFilesChooseAndExcludeLeaves() throws {
        let root = try project(config: #"{"files": ["modals/**/*.json"], "exclude": ["**/fixtures/**"]}"#)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let run = runCLI(["validate", root])
        expectEqual(run.status, 0)
        expectEqual(checkedFiles(run.stdout), [root + "modals/a.json", root + "modals/deep/b.json"])
        expect(run.stderr.contains("checked 2 files"))
        // Without globs, every JSON file is a modal, as before.
        expect(writeFile(root + ".modalkit.json", "{}"))
        expectEqual(checkedFiles(runCLI(["validate", root]).stdout).count, 4)
    }

    @Test func aNamedFileIsCheckedWhateverTheGlobsSay() throws {
        let root = try project(config: #"{"exclude": ["**/fixtures/**", "package.json"]}"#)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let run = runCLI(["validate", root, root + "package.json"])
        expectEqual(
            checkedFiles(run.stdout), [root + "modals/a.json", root + "modals/deep/b.json", root + "package.json"])
    }

    @Test func globsThatLeaveOutEverythingAreReported() throws {
        let root = try project(config: #"{"files": ["nothing/*.json"]}"#)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let run = runCLI(["validate", root])
        expectEqual(run.status, 0)
        expect(run.stderr.contains("the files/exclude globs of .modalkit.json leave out every *.json file"))
    }

    @Test func aMisspeltOrMistypedSettingIsAConfigError() throws {
        let root = try project(config: #"{"exclud": ["x"]}"#)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let typo = runCLI(["validate", root])
        expectEqual(typo.status, 2)
        expect(typo.stderr.contains(#"unknown setting "exclud" in the config"#))
        expect(typo.stderr.contains("did you mean 'exclude'?"))
        expect(writeFile(root + ".modalkit.json", #"{"files": "modals/*.json"}"#))
        let notArray = runCLI(["validate", root])
        expectEqual(notArray.status, 2)
        expect(notArray.stderr.contains("files must be an array of path globs"))
        expect(writeFile(root + ".modalkit.json", #"{"files": ["/abs/*.json"]}"#))
        expect(runCLI(["validate", root]).stderr.contains("a files entry must be a glob relative to the config"))
    }

    @Test func anExplicitConfigsGlobsAreRelativeToItsDirectory() throws {
        let root = try project(config: "{}")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let settings = try temporaryDirectory("explicit")
        defer { try? FileManager.default.removeItem(atPath: settings) }
        expect(writeFile(settings + "team.json", #"{"exclude": ["**/deep/**"]}"#))
        // The team's config lives elsewhere, so its globs match nothing under the project: all four are checked.
        expectEqual(checkedFiles(runCLI(["validate", "--config", settings + "team.json", root]).stdout).count, 4)
        expect(writeFile(root + "team.json", #"{"exclude": ["**/deep/**", "team.json"]}"#))
        let run = runCLI(["validate", "--config", root + "team.json", root])
        expect(!checkedFiles(run.stdout).contains(root + "modals/deep/b.json"))
        expectEqual(checkedFiles(run.stdout).count, 3)
    }
}
