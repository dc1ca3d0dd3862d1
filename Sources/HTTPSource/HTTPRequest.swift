@_spi(Kernel) import TextKernel

/// A GET request for a modal document, with the limits that keep a bad server from hanging or flooding the tool.
package struct HTTPRequest: Sendable, Equatable {
    /// The `http://` or `https://` URL.
    package var url: String
    /// Extra headers, in the order given (for example an `Authorization` token).
    package var headers: [HTTPHeader]
    /// The longest the whole transfer may take, redirects included, in seconds.
    package var timeoutSeconds: Double
    /// How many redirects are followed before giving up.
    package var maxRedirects: Int
    /// The largest response body accepted, in bytes.
    package var maxBytes: Int
    /// What the last response said about its version, sent back so an unchanged resource answers 304.
    package var validators: HTTPValidators

    /// The default `--timeout`, in seconds.
    package static let defaultTimeoutSeconds = 10.0
    /// The default number of redirects followed.
    package static let defaultMaxRedirects = 5

    /// Creates a request.
    package init(
        url: String, headers: [HTTPHeader] = [], timeoutSeconds: Double = defaultTimeoutSeconds,
        maxRedirects: Int = defaultMaxRedirects, maxBytes: Int = ByteSize.defaultInputLimit,
        validators: HTTPValidators = HTTPValidators()
    ) {
        self.url = url
        self.headers = headers
        self.timeoutSeconds = timeoutSeconds
        self.maxRedirects = maxRedirects
        self.maxBytes = maxBytes
        self.validators = validators
    }

    /// Whether `text` names an HTTP resource rather than a file: it starts with `http://` or `https://`.
    package static func isURL(_ text: String) -> Bool {
        let lower = text.prefix(8).lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }

    /// The host part of the URL (without user, port or path), for messages.
    package var host: String {
        var rest = Substring(url)
        if let colon = rest.firstIndex(of: ":"), rest[colon...].hasPrefix("://") {
            rest = rest[rest.index(colon, offsetBy: 3)...]
        }
        if let end = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
        if let at = rest.lastIndex(of: "@") { rest = rest[rest.index(after: at)...] }
        if rest.hasPrefix("["), let close = rest.firstIndex(of: "]") { return String(rest[...close]) }
        if let colon = rest.lastIndex(of: ":") { rest = rest[..<colon] }
        return String(rest)
    }
}

/// The `ETag` and `Last-Modified` of a response, for conditional requests.
package struct HTTPValidators: Sendable, Equatable {
    /// The entity tag, sent back as `If-None-Match`.
    package var etag: String?
    /// The modification date, sent back as `If-Modified-Since`.
    package var lastModified: String?

    /// Creates validators.
    package init(etag: String? = nil, lastModified: String? = nil) {
        self.etag = etag
        self.lastModified = lastModified
    }
}
