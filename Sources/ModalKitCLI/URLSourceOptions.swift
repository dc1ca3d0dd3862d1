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

    /// The options that take a value, for commands that read a URL once.
    static let requestOptions: Set<String> = ["-H", "--header", "--timeout"]
    /// The options that take a value, for `preview`, which can watch a URL and has no `--max-bytes` of its own.
    static let previewOptions: Set<String> = requestOptions.union(["--interval", "--max-bytes"])
    /// The largest `--timeout` and `--interval`, a day, so that seconds become milliseconds without overflow.
    static let maxSeconds = 86_400.0

    /// Usage lines for the request options.
    static let usage = """
          -H, --header 'Name: value'
                     send this header with URL requests (repeatable; for example an Authorization token)
          --timeout SECONDS
                     give up on a URL after this long (default \(Int(HTTPRequest.defaultTimeoutSeconds)))

        """

    /// Takes the value of one of the options above; the problem, for the user, when the value is wrong.
    mutating func set(_ option: String, _ value: String) -> String? {
        switch option {
        case "-H", "--header":
            switch HTTPHeader.parse(value) {
            case .success(let header): headers.append(header)
            case .failure(let error): return error.message
            }
        case "--timeout":
            guard let seconds = Self.seconds(value) else {
                return "--timeout takes a number of seconds greater than 0 such as 5 or 0.5, not '\(value)'"
            }
            timeoutSeconds = seconds
        case "--interval":
            guard let seconds = Self.seconds(value) else {
                return "--interval takes a number of seconds greater than 0 such as 2 or 0.5, not '\(value)'"
            }
            intervalMilliseconds = max(1, Int(seconds * 1000))
        case "--max-bytes":
            guard let bytes = ArgumentReader.byteCount(value) else {
                return "--max-bytes takes a positive number of bytes such as 1048576 or 1M"
            }
            maxBytes = bytes
        default:
            return "unknown option '\(option)'"
        }
        return nil
    }

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

    private static func seconds(_ text: String) -> Double? {
        guard let seconds = Double(text), seconds > 0, seconds <= maxSeconds else { return nil }
        return seconds
    }
}
