/// A successful (2xx) response.
public struct HTTPResponse: Sendable, Equatable {
    /// The status code.
    public var status: Int
    /// The `Content-Type`, empty when the server sent none.
    public var contentType: String
    /// What to send next time to ask only for a newer version.
    public var validators: HTTPValidators
    /// The URL answered, after redirects.
    public var effectiveURL: String
    /// The body.
    public var body: [UInt8]

    /// Creates a response.
    public init(
        status: Int, contentType: String, validators: HTTPValidators, effectiveURL: String, body: [UInt8]
    ) {
        self.status = status
        self.contentType = contentType
        self.validators = validators
        self.effectiveURL = effectiveURL
        self.body = body
    }
}

/// What a request came to.
public enum HTTPFetchResult: Sendable, Equatable {
    /// A 2xx response with a JSON body.
    case fetched(HTTPResponse)
    /// 304: the resource is unchanged since the validators sent.
    case notModified
    /// The request failed; the failure says how.
    case failed(HTTPFailure)
}
