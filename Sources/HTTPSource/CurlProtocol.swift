@_spi(Kernel) import TextKernel

/// How a request is put to the `curl` program and how its answer is read back: pure functions, tested
/// without a network.
///
/// The request goes in as a curl config file on curl's standard input rather than as arguments, so that
/// an `Authorization` header never shows in the process list and no value can be taken for an option.
enum CurlProtocol {
    /// Begins the write-out that curl appends to its standard error after the transfer.
    static let writeOutMarker = "@@modalkit-curl@@"
    /// The largest config accepted: it is written into a pipe before curl starts, and a pipe holds 64 KiB.
    static let maxConfigBytes = 60_000
    /// How much of an error body a message quotes.
    static let quotedBodyBytes = 200

    /// curl's command line; everything else is in the config.
    static let arguments = ["curl", "-q", "--config", "-"]

    /// The config file for `request`.
    static func config(for request: HTTPRequest) -> String {
        var lines = [
            "silent", "show-error", "globoff", "location",
            // Only web URLs, also after a redirect: a server cannot send curl to file:// or elsewhere.
            "proto = \"=http,https\"", "proto-redir = \"=http,https\"",
            "max-redirs = \(request.maxRedirects)",
            "max-time = \(request.timeoutSeconds)",
            "max-filesize = \(request.maxBytes)",
            // A development server on this machine is never reached through a proxy set for the outside.
            "noproxy = \"localhost,127.0.0.1,::1\"",
        ]
        if !request.headers.contains(where: { $0.hasName("Accept") }) {
            lines.append(header("Accept: application/json"))
        }
        if let etag = request.validators.etag, !request.headers.contains(where: { $0.hasName("If-None-Match") }) {
            lines.append(header("If-None-Match: \(etag)"))
        }
        if let date = request.validators.lastModified,
            !request.headers.contains(where: { $0.hasName("If-Modified-Since") })
        {
            lines.append(header("If-Modified-Since: \(date)"))
        }
        for field in request.headers { lines.append(header("\(field.name): \(field.value)")) }
        let fields = [
            "%{http_code}", "%{content_type}", "%{num_redirects}", "%header{etag}", "%header{last-modified}",
            "%{url_effective}",
        ]
        lines.append("write-out = \(quoted("%{stderr}\n" + writeOutMarker + fields.joined(separator: "\t") + "\n"))")
        lines.append("url = \(quoted(request.url))")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func header(_ line: String) -> String { "header = \(quoted(line))" }

    /// A config-file string: double quotes, with the escapes curl's config reader understands.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// What curl reported after the transfer, read from its write-out.
    struct WriteOut: Equatable {
        var status: Int
        var contentType: String
        var validators: HTTPValidators
        var effectiveURL: String
    }

    /// Splits curl's standard error into its own messages and the write-out; nil fields when it wrote none.
    static func split(standardError: String) -> (messages: String, writeOut: WriteOut?) {
        let bytes = Array(standardError.utf8)
        let marker = Array(writeOutMarker.utf8)
        guard bytes.count >= marker.count,
            let start = (0...(bytes.count - marker.count)).last(where: {
                bytes[$0..<$0 + marker.count].elementsEqual(marker)
            })
        else {
            return (standardError, nil)
        }
        let messages = String(decoding: bytes[..<start], as: UTF8.self)
        var line = String(decoding: bytes[(start + marker.count)...], as: UTF8.self)
        if line.hasSuffix("\n") { line.removeLast() }
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard fields.count >= 6, let status = Int(fields[0]) else { return (messages, nil) }
        let validators = HTTPValidators(
            etag: fields[3].isEmpty ? nil : fields[3], lastModified: fields[4].isEmpty ? nil : fields[4])
        return (
            messages,
            WriteOut(status: status, contentType: fields[1], validators: validators, effectiveURL: fields[5])
        )
    }

    /// The result of a finished curl run.
    ///
    /// `exitStatus` is curl's (see "EXIT CODES" in curl(1)); `bodyExceededLimit` says the body was cut
    /// off at the limit by the reader.
    static func result(
        exitStatus: Int32, standardError: String, body: [UInt8], bodyExceededLimit: Bool, request: HTTPRequest
    ) -> HTTPFetchResult {
        if bodyExceededLimit { return .failed(.tooLarge(limit: request.maxBytes)) }
        let (messages, writeOut) = split(standardError: standardError)
        let detail = curlMessage(messages)
        switch exitStatus {
        case 0:
            guard let writeOut else { return .failed(.transfer(detail: "curl gave no status")) }
            switch writeOut.status {
            case 304:
                return .notModified
            case 200..<300:
                guard isJSON(contentType: writeOut.contentType) else {
                    return .failed(.notJSON(contentType: writeOut.contentType))
                }
                return .fetched(
                    HTTPResponse(
                        status: writeOut.status, contentType: writeOut.contentType, validators: writeOut.validators,
                        effectiveURL: writeOut.effectiveURL, body: body))
            default:
                return .failed(.status(code: writeOut.status, bodyStart: bodyStart(body)))
            }
        case 1, 3: return .failed(.invalidURL(detail: detail))
        case 6: return .failed(.hostNotFound(host: request.host))
        case 7: return .failed(.connectionFailed(host: request.host, detail: detail))
        case 28: return .failed(.timedOut(seconds: request.timeoutSeconds))
        case 35, 51, 53, 54, 58, 59, 60, 64, 66, 77, 80, 82, 83, 90, 91: return .failed(.tls(detail: detail))
        case 47: return .failed(.tooManyRedirects(limit: request.maxRedirects))
        case 63: return .failed(.tooLarge(limit: request.maxBytes))
        default: return .failed(.transfer(detail: detail.isEmpty ? "curl exited with status \(exitStatus)" : detail))
        }
    }

    /// curl's last error line without its `curl: (N) ` prefix.
    static func curlMessage(_ messages: String) -> String {
        let line = messages.split(whereSeparator: \.isNewline).last.map(String.init) ?? ""
        guard line.hasPrefix("curl: ("), let close = line.firstIndex(of: ")") else { return sanitized(line) }
        return sanitized(String(line[line.index(after: close)...]).trimmingSpaces())
    }

    /// Whether a `Content-Type` names JSON: `application/json`, `text/json` or any `+json` type.
    /// A missing type is accepted, as simple file servers often send none.
    static func isJSON(contentType: String) -> Bool {
        let media = (contentType.split(separator: ";", maxSplits: 1).first.map(String.init) ?? "")
            .trimmingSpaces().lowercased()
        return media.isEmpty || media == "application/json" || media == "text/json" || media.hasSuffix("+json")
    }

    /// The start of a body for an error message, on one line, with nothing that could drive a terminal.
    static func bodyStart(_ body: [UInt8]) -> String {
        let cut = body.count > quotedBodyBytes
        var text = sanitized(String(decoding: body.prefix(quotedBodyBytes), as: UTF8.self))
        if cut { text += "…" }
        return text
    }

    /// Text with runs of control characters (line breaks included) and bidi controls made single spaces.
    static func sanitized(_ text: String) -> String {
        var out = ""
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            let isControl = ControlCharacters.isControl(scalar) || ControlCharacters.isBidiControl(scalar)
            if isControl || scalar == " " {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace { out += " " }
            pendingSpace = false
            out.unicodeScalars.append(scalar)
        }
        return out
    }
}
