/// Every code a URL source reports when no document arrives, declared once with its summary.
///
/// These describe the transfer, not the document, so they are not diagnostic codes (`--select` does not
/// take them). To add one: add a case and its summary, and its row to FORMAT.md's "URL failure codes"
/// table (a test compares the two).
package enum URLFailureCode: String, Sendable, Hashable, CaseIterable {
    case unsupportedScheme = "url-unsupported-scheme"
    case clientUnavailable = "url-client-unavailable"
    case invalid = "url-invalid"
    case hostNotFound = "url-host-not-found"
    case connectFailed = "url-connect-failed"
    case timeout = "url-timeout"
    case tls = "url-tls"
    case tooManyRedirects = "url-too-many-redirects"
    case tooLarge = "url-too-large"
    case httpStatus = "url-http-status"
    case notJSON = "url-not-json"
    case transferFailed = "url-transfer-failed"

    /// What the code means, in one phrase: the "meaning" column of FORMAT.md's table.
    package var summary: String {
        switch self {
        case .unsupportedScheme:
            "a `scheme://` name other than http, https and file: refused rather than read as a file name"
        case .clientUnavailable: "the `curl` program, which makes the requests, cannot be started"
        case .invalid: "the URL is malformed, or not http/https"
        case .hostNotFound: "the host name does not resolve (DNS)"
        case .connectFailed: "nothing accepted the connection (refused, unreachable)"
        case .timeout: "no complete answer within `--timeout`"
        case .tls: "the TLS handshake or the certificate check failed"
        case .tooManyRedirects: "more than 5 redirects"
        case .tooLarge: "the body is larger than `--max-bytes`"
        case .httpStatus: "a status outside 2xx; the message quotes the start of the body"
        case .notJSON: "a 2xx answer whose content type is not JSON"
        case .transferFailed: "the transfer broke off for another reason"
        }
    }
}
