import HTTPSource
import TestSupport
import Testing

/// Requests against a local server on 127.0.0.1: nothing here leaves the machine.
@Suite(.threadOfItsOwn) struct HTTPFetchTests {
    static let modal = #"{"msg":"Served over HTTP","buttons":[{"label":"OK","action":"close"}]}"#

    func withServer(_ body: (ModalServer) throws -> Void) throws {
        if let reason = ModalServer.unavailableReason { try Test.cancel("not run: \(reason)") }
        let server = try #require(ModalServer(modal: Self.modal))
        defer { server.stop() }
        try body(server)
    }

    @Test func fetchesTheBodyWithItsValidators() throws {
        try withServer { server in
            guard case .fetched(let response) = HTTPTransfer.fetch(HTTPRequest(url: server.url("/modal.json"))) else {
                Issue.record("no response")
                return
            }
            expectEqual(response.status, 200)
            expectEqual(String(decoding: response.body, as: UTF8.self), Self.modal)
            expect(response.contentType.hasPrefix("application/json"))
            expectEqual(response.validators.etag?.hasPrefix("\""), true)
            expectEqual(response.validators.lastModified?.hasSuffix("GMT"), true)
        }
    }

    @Test func anUnchangedResourceAnswersNotModified() throws {
        try withServer { server in
            guard case .fetched(let first) = HTTPTransfer.fetch(HTTPRequest(url: server.url("/modal.json"))) else {
                Issue.record("no first response")
                return
            }
            let again = HTTPRequest(url: server.url("/modal.json"), validators: first.validators)
            expectEqual(HTTPTransfer.fetch(again), .notModified)
            server.serve(#"{"msg":"Changed"}"#)
            guard case .fetched(let changed) = HTTPTransfer.fetch(again) else {
                Issue.record("a changed resource was not fetched")
                return
            }
            expectEqual(String(decoding: changed.body, as: UTF8.self), #"{"msg":"Changed"}"#)
        }
    }

    @Test func aServerErrorGivesItsStatusAndTheStartOfItsBody() throws {
        try withServer { server in
            let result = HTTPTransfer.fetch(HTTPRequest(url: server.url("/status/500")))
            expectEqual(result, .failed(.status(code: 500, bodyStart: "server says 500")))
            guard case .failed(let failure) = result else { return }
            expect(failure.message.contains("HTTP 500 Internal Server Error"))
            expect(failure.message.contains("server says 500"))
        }
    }

    @Test func aRefusedConnectionSaysSo() {
        let port = ModalServer.closedPort()
        let result = HTTPTransfer.fetch(HTTPRequest(url: "http://127.0.0.1:\(port)/modal.json"))
        guard case .failed(.connectionFailed(let host, _)) = result else {
            Issue.record("expected a connection failure, got \(result)")
            return
        }
        expectEqual(host, "127.0.0.1")
    }

    @Test func redirectsAreFollowedUpToTheLimit() throws {
        try withServer { server in
            let near = HTTPTransfer.fetch(HTTPRequest(url: server.url("/redirect/3"), maxRedirects: 5))
            guard case .fetched(let response) = near else {
                Issue.record("three redirects were not followed: \(near)")
                return
            }
            expectEqual(response.effectiveURL, server.url("/modal.json"))
            let far = HTTPTransfer.fetch(HTTPRequest(url: server.url("/redirect/8"), maxRedirects: 5))
            expectEqual(far, .failed(.tooManyRedirects(limit: 5)))
        }
    }

    @Test func theBodyIsCappedWithOrWithoutAContentLength() throws {
        try withServer { server in
            expectEqual(
                HTTPTransfer.fetch(HTTPRequest(url: server.url("/big/5000"), maxBytes: 1000)),
                .failed(.tooLarge(limit: 1000)))
            expectEqual(
                HTTPTransfer.fetch(HTTPRequest(url: server.url("/big-chunked/300000"), maxBytes: 1000)),
                .failed(.tooLarge(limit: 1000)))
            guard
                case .fetched(let small) = HTTPTransfer.fetch(HTTPRequest(url: server.url("/big/900"), maxBytes: 1000))
            else {
                Issue.record("a body under the limit was refused")
                return
            }
            expectEqual(small.body.count, 900)
        }
    }

    @Test func aSlowServerTimesOut() throws {
        try withServer { server in
            let result = HTTPTransfer.fetch(HTTPRequest(url: server.url("/slow/5"), timeoutSeconds: 0.5))
            expectEqual(result, .failed(.timedOut(seconds: 0.5)))
        }
    }

    @Test func aBodyThatIsNotJSONIsRefused() throws {
        try withServer { server in
            let result = HTTPTransfer.fetch(HTTPRequest(url: server.url("/text")))
            expectEqual(result, .failed(.notJSON(contentType: "text/plain; charset=utf-8")))
        }
    }

    @Test func headersAreSentAsGiven() throws {
        try withServer { server in
            let header = try HTTPHeader.parse("X-Token: secret \"quoted\" \\ value").get()
            let result = HTTPTransfer.fetch(HTTPRequest(url: server.url("/echo-header/X-Token"), headers: [header]))
            guard case .fetched(let response) = result else {
                Issue.record("no response: \(result)")
                return
            }
            expect(String(decoding: response.body, as: UTF8.self).contains(#"secret \"quoted\" \\ value"#))
        }
    }

    @Test func aURLThatIsNotHTTPIsRefusedBeforeAnyRequest() {
        guard case .failed(.invalidURL) = HTTPTransfer.fetch(HTTPRequest(url: "file:///etc/passwd")) else {
            Issue.record("a file URL was fetched")
            return
        }
    }
}
