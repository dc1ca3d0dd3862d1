import Foundation
import TestSupport
import Testing

@testable import ModalKitCLI

/// Checks `modalkit schema` with Python's jsonschema (test tooling from PyPI; `.ci/run` installs it).
@Suite struct SchemaTests {
    static let checker = """
        import json, sys
        import jsonschema
        schema = json.load(open(sys.argv[1]))
        jsonschema.Draft202012Validator.check_schema(schema)
        validator = jsonschema.Draft202012Validator(schema)
        expected_valid = sys.argv[2] == "valid"
        for path in sys.argv[3:]:
            try:
                document = json.load(open(path, encoding="utf-8"))
            except ValueError:
                print(("not JSON (rejected): " if not expected_valid else "not JSON: ") + path)
                continue
            errors = list(validator.iter_errors(document))
            if bool(errors) == expected_valid:
                print(("rejected: " if expected_valid else "accepted: ") + path)
        """

    static var jsonschemaAvailable: Bool {
        (try? run(["python3", "-c", "import jsonschema"]).status) == 0
    }

    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    func writeSchema() throws -> String {
        let result = runCLI(["schema"])
        expectEqual(result.status, 0)
        let path = NSTemporaryDirectory() + "modalkit-schema-\(getpid()).json"
        try result.stdout.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test(.enabled(if: jsonschemaAvailable, "python3 with jsonschema is not installed (pip install jsonschema)"))
    func everySampleIsAccepted() throws {
        let schema = try writeSchema()
        let result = try Self.run(["python3", "-c", Self.checker, schema, "valid"] + sampleFiles())
        expectEqual(result.status, 0)
        expectEqual(result.output, "", "\(result.output)")
    }

    @Test(.enabled(if: jsonschemaAvailable, "python3 with jsonschema is not installed (pip install jsonschema)"))
    func invalidFilesAreRejected() throws {
        let schema = try writeSchema()
        // The broken samples a schema can see; range bounds and surrogate splits are beyond any schema.
        let beyondSchema = ["range-out-of-bounds", "range-splits-surrogate", "bad-command-data", "control-chars"]
        let schemaVisible = invalidSampleFiles().filter { path in
            !beyondSchema.contains { name in path.hasSuffix("/\(name).json") }
        }
        expect(schemaVisible.count >= 10)
        let result = try Self.run(["python3", "-c", Self.checker, schema, "invalid"] + schemaVisible)
        expectEqual(result.status, 0)
        expect(!result.output.contains("accepted: "), "\(result.output)")
    }

    @Test func schemaIsValidJSON() throws {
        let result = runCLI(["schema"])
        expectEqual(result.status, 0)
        expect(result.stdout.contains("https://json-schema.org/draft/2020-12/schema"))
    }
}
