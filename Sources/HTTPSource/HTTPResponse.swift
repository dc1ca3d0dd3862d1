/// A successful (2xx) response.
package struct HTTPResponse: Sendable, Equatable {
    /// The status code.
    package var status: Int
    /// The `Content-Type`, empty when the server sent none.
    package var contentType: String
    /// What to send next time to ask only for a newer version.
    package var validators: HTTPValidators
    /// The URL answered, after redirects.
    package var effectiveURL: String
    /// The body.
    package var body: [UInt8]

    /// Creates a response.
    package init(
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
package enum HTTPFetchResult: Sendable, Equatable {
    /// A 2xx response with a JSON body.
    case fetched(HTTPResponse)
    /// 304: the resource is unchanged since the validators sent.
    case notModified
    /// The request failed; the failure says how.
    case failed(HTTPFailure)
}
