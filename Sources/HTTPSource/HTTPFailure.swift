@_spi(Kernel) import TextKernel

/// Why a URL gave no modal document. Every case has a stable `code` and a message that says what to do.
package enum HTTPFailure: Error, Sendable, Equatable {
    /// The `curl` program, which makes the requests, cannot be started.
    case clientUnavailable(reason: String)
    /// The URL is malformed or not http/https.
    case invalidURL(detail: String)
    /// The host name does not resolve.
    case hostNotFound(host: String)
    /// Nothing accepted the connection (refused, unreachable).
    case connectionFailed(host: String, detail: String)
    /// The transfer took longer than the timeout.
    case timedOut(seconds: Double)
    /// The TLS handshake or the certificate check failed.
    case tls(detail: String)
    /// More redirects than the limit.
    case tooManyRedirects(limit: Int)
    /// The body is larger than the limit.
    case tooLarge(limit: Int)
    /// The server answered with a status outside 2xx; `bodyStart` is the beginning of what it said.
    case status(code: Int, bodyStart: String)
    /// The server answered 2xx with a content type that is not JSON.
    case notJSON(contentType: String)
    /// The transfer broke off for another reason.
    case transfer(detail: String)

    /// A stable identifier from the catalogue, like a diagnostic code.
    package var failureCode: URLFailureCode {
        switch self {
        case .clientUnavailable: .clientUnavailable
        case .invalidURL: .invalid
        case .hostNotFound: .hostNotFound
        case .connectionFailed: .connectFailed
        case .timedOut: .timeout
        case .tls: .tls
        case .tooManyRedirects: .tooManyRedirects
        case .tooLarge: .tooLarge
        case .status: .httpStatus
        case .notJSON: .notJSON
        case .transfer: .transferFailed
        }
    }

    /// The code as text.
    package var code: String { failureCode.rawValue }

    /// One sentence for the user: what happened and, where there is one, the fix.
    package var message: String {
        switch self {
        case .clientUnavailable(let reason):
            return "cannot run curl, which fetches URLs (\(reason)); install curl or save the document to a file"
        case .invalidURL(let detail):
            return "not a URL that can be fetched: \(detail)"
        case .hostNotFound(let host):
            return "the host '\(host)' was not found (DNS); check the spelling of the URL"
        case .connectionFailed(let host, let detail):
            return "cannot connect to '\(host)': \(detail); is the server running, on that port?"
        case .timedOut(let seconds):
            return "no complete answer within \(Self.format(seconds)) s; raise --timeout if the server is slow"
        case .tls(let detail):
            return "the secure connection failed: \(detail)"
        case .tooManyRedirects(let limit):
            return "more than \(limit) redirects; the URL probably redirects in a loop"
        case .tooLarge(let limit):
            return "the response is larger than the limit of \(limit) bytes; raise it with --max-bytes"
        case .status(let code, let bodyStart):
            let said = bodyStart.isEmpty ? "with an empty body" : "saying: \(bodyStart)"
            return "the server answered HTTP \(code) \(Self.reason(code)), \(said)"
        case .notJSON(let contentType):
            return "the response is '\(contentType)', not JSON; ask for the JSON endpoint "
                + "(the content type must be application/json or another JSON type)"
        case .transfer(let detail):
            return "the transfer failed: \(detail)"
        }
    }

    private static func format(_ seconds: Double) -> String { PlainDecimal.text(seconds) }

    private static func reason(_ code: Int) -> String {
        switch code {
        case 400: "Bad Request"
        case 401: "Unauthorized (is an Authorization header missing? pass it with -H)"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        case 300..<400: "(a redirect without a usable Location)"
        default: ""
        }
    }
}
