import HTTPSource
import PreviewHost

/// The options for inputs given as `http://` or `https://` URLs, shared by `validate`, `render` and `preview`.
struct URLSourceOptions: Equatable {
    /// Headers sent with every request (`-H 'Name: value'`, repeatable).
    var headers: [HTTPHeader] = []
    /// `--timeout`, in seconds.
    var timeoutSeconds = HTTPRequest.defaultTimeoutSeconds
    /// `--interval` between polls of a watched URL, in milliseconds.
    var intervalMilliseconds = URLSourceWatcher.defaultIntervalMilliseconds
    /// `--max-bytes` where the command had none of its own.
    var maxBytes: Int?

    /// The request for `url`, with a body limit of `maxBytes`.
    func request(url: String, maxBytes: Int) -> HTTPRequest {
        HTTPRequest(url: url, headers: headers, timeoutSeconds: timeoutSeconds, maxBytes: maxBytes)
    }

    /// Fetches `url` once: the body, or why there is none.
    func fetch(url: String, maxBytes: Int) -> Result<[UInt8], HTTPFailure> {
        switch HTTPTransfer.fetch(request(url: url, maxBytes: maxBytes)) {
        case .fetched(let response): .success(response.body)
        case .notModified: .failure(.transfer(detail: "the server answered 304 Not Modified to a plain request"))
        case .failed(let failure): .failure(failure)
        }
    }

}
