import ModalModel
import PositionedJSON
import TestSupport
import Testing

/// Conformance against JSONTestSuite's parsing files (see Fixtures/JSONTestSuite/README.md).
@Suite struct JSONTestSuiteTests {
    static let directory = JSONTestHelpers.suiteDirectory
    static let acceptFiles = JSONTestHelpers.jsonFileNames(in: directory, prefix: "y_")
    static let rejectFiles = JSONTestHelpers.jsonFileNames(in: directory, prefix: "n_")
    static let eitherFiles = JSONTestHelpers.jsonFileNames(in: directory, prefix: "i_")

    @Test func fixturesArePresent() {
        // The suite's published counts; a missing folder would otherwise pass vacuously.
        expectEqual(Self.acceptFiles.count, 95)
        expectEqual(Self.rejectFiles.count, 188)
        expectEqual(Self.eitherFiles.count, 35)
    }

    @Test(arguments: acceptFiles)
    func accepts(_ name: String) throws {
        let bytes = try #require(readFileBytes(Self.directory + "/" + name))
        let result = JSONParser.parse(bytes)
        guard case .success(let root) = result else {
            Issue.record("\(name) was rejected: \(result)")
            return
        }
        // What the parser accepts, the writer writes back as the same value.
        let rewritten = JSONWriter.serialize(root.value)
        expect(try JSONParser.parse(Array(rewritten.utf8)).get() == root, "\(name) → \(rewritten)")
    }

    @Test(arguments: rejectFiles)
    func rejects(_ name: String) throws {
        let bytes = try #require(readFileBytes(Self.directory + "/" + name))
        guard case .failure(let error) = JSONParser.parse(bytes) else {
            Issue.record("\(name) was accepted")
            return
        }
        expect(error.code.hasPrefix("json-"))
        expect(!error.message.isEmpty)
        let problem = JSONTestHelpers.locationProblem(of: error, in: bytes)
        expect(problem == nil, "\(name): \(error.code) \(error.message): \(problem ?? "")")
    }

    /// Either outcome is allowed; the test records which, and that a rejection still points somewhere real.
    @Test(arguments: eitherFiles)
    func decidesWithoutCrashing(_ name: String) throws {
        let bytes = try #require(readFileBytes(Self.directory + "/" + name))
        switch JSONParser.parse(bytes) {
        case .success:
            print("JSONTestSuite \(name): accepted")
        case .failure(let error):
            print("JSONTestSuite \(name): rejected, \(error.code) at byte \(error.byteOffset): \(error.message)")
            expect(JSONTestHelpers.locationProblem(of: error, in: bytes) == nil)
        }
    }
}
