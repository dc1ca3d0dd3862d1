import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `validate`, `render` and `preview --no-interactive` on URLs of a local server on 127.0.0.1.
@Suite(.serialized, .threadOfItsOwn) struct URLSourceCommandTests {
    static let modal = #"{"msg":"From the server","buttons":[{"label":"OK","action":"close"}]}"#

    func withServer(_ body: (ModalServer) throws -> Void) throws {
        if let reason = ModalServer.unavailableReason { try Test.cancel("not run: \(reason)") }
        let server = try #require(ModalServer(modal: Self.modal))
        defer { server.stop() }
        try body(server)
    }

    @Test func aValidDocumentAtAURLValidatesAndRenders() throws {
        try withServer { server in
            expectEqual(runCLI(["validate", server.url("/modal.json")]).status, 0)
            let render = runCLI(["render", "--width", "40", "-H", "X-Test: 1", server.url("/modal.json")])
            expectEqual(render.status, 0)
            expect(render.stdout.contains("From the server"))
            let preview = runCLI(["preview", "--no-interactive", server.url("/modal.json")])
            expectEqual(preview.status, 0)
            expect(preview.stdout.contains("From the server"))
        }
    }

    @Test func diagnosticsNameTheURLAsTheFile() throws {
        try withServer { server in
            server.serve("{\"msg\": 5}")
            let result = runCLI(["validate", server.url("/modal.json")])
            expectEqual(result.status, 1)
            expect(result.stdout.contains(server.url("/modal.json") + ":1:9: error:"))
        }
    }

    @Test func everyFailureExitsTwoWithAClearMessage() throws {
        try withServer { server in
            let status = runCLI(["render", server.url("/status/500")])
            expectEqual(status.status, 2)
            expect(status.stderr.contains(server.url("/status/500") + ": error: the server answered HTTP 500"))
            expect(status.stderr.contains("server says 500"))
            let validate = runCLI(["validate", server.url("/status/503")])
            expectEqual(validate.status, 2)
            expect(validate.stdout.contains("HTTP 503"))
            let large = runCLI(["preview", "--no-interactive", "--max-bytes", "10", server.url("/modal.json")])
            expectEqual(large.status, 2)
            expect(large.stderr.contains("larger than the limit of 10 bytes"))
        }
        let refused = runCLI(["render", "http://127.0.0.1:\(ModalServer.closedPort())/m.json"])
        expectEqual(refused.status, 2)
        expect(refused.stderr.contains("cannot connect to '127.0.0.1'"))
    }

    @Test func badURLOptionsAreUsageErrors() {
        expectEqual(runCLI(["validate", "-H", "no colon", "http://127.0.0.1:1/"]).status, 2)
        expectEqual(runCLI(["render", "--timeout", "0", "http://127.0.0.1:1/"]).status, 2)
        expectEqual(runCLI(["preview", "--interval", "soon", "http://127.0.0.1:1/"]).status, 2)
    }

    /// Regression: `render ftp://host/x` read "ftp:" as a directory and failed with "No such file or directory".
    @Test func aURLOfAnotherSchemeIsRefusedNotReadAsAPath() {
        for arguments in [
            ["render", "ftp://example.com/modal.json"], ["preview", "--no-interactive", "FTP://example.com/m.json"],
        ] {
            let result = runCLI(arguments)
            expectEqual(result.status, 2, "\(arguments)")
            expect(result.stderr.contains("ftp:// URLs are not supported"), "\(arguments)")
            expect(result.stderr.contains("[url-unsupported-scheme]"), "\(arguments)")
            expect(!result.stderr.contains("No such file"), "\(arguments)")
        }
        let validate = runCLI(["validate", "gopher://example.com/m.json"])
        expectEqual(validate.status, 2)
        expect(validate.stdout.contains("gopher:// URLs are not supported"))
    }

    @Test func aFileURLIsReadAsItsFile() throws {
        let path = "/tmp/modalkit-file-url-\(getpid()).json"
        try #require(writeFile(path, Self.modal))
        defer { unlink(path) }
        let result = runCLI(["render", "--width", "40", "file://" + path])
        expectEqual(result.status, 0)
        expect(result.stdout.contains("From the server"))
    }
}
