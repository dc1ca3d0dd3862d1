import HTTPSource
import TestSupport
import Testing

struct HTTPHeaderTests {
    @Test func readsNameAndTrimmedValue() throws {
        let header = try HTTPHeader.parse("Authorization:   Bearer abc.def  ").get()
        expectEqual(header, HTTPHeader(name: "Authorization", value: "Bearer abc.def"))
        expect(header.hasName("authorization"))
    }

    @Test(arguments: [
        "no colon", ": empty name", "Bad Name: x", "@file: x", "X-A: line\r\nInjected: yes", "X: \u{1B}[31m",
    ])
    func refusesWhatCannotBeSentAsGiven(_ text: String) {
        guard case .failure(let error) = HTTPHeader.parse(text) else {
            Issue.record("accepted \(text.debugDescription)")
            return
        }
        expect(!error.message.isEmpty)
    }

    @Test func urlsAreToldApartFromFiles() {
        expect(HTTPRequest.isURL("http://localhost:3000/api/modals"))
        expect(HTTPRequest.isURL("HTTPS://example.test/x"))
        expect(!HTTPRequest.isURL("samples/welcome.json"))
        expect(!HTTPRequest.isURL("-"))
        expect(!HTTPRequest.isURL("httpfile.json"))
    }

    @Test func theHostIsTakenOutOfTheURL() {
        expectEqual(HTTPRequest(url: "http://user:pw@api.test:8080/a?b#c").host, "api.test")
        expectEqual(HTTPRequest(url: "https://[::1]:9/x").host, "[::1]")
        expectEqual(HTTPRequest(url: "http://localhost").host, "localhost")
    }
}
