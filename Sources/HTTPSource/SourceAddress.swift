@_spi(Kernel) import TextKernel

/// What the name of an input (a command-line operand, a bridge `path` or `url`) points at: a file, a web
/// URL, or a URL of a scheme ModalKit cannot read, which must be refused rather than read as a file name.
package enum SourceAddress: Sendable, Equatable {
    /// A file: a plain path, or the path of a `file://` URL.
    case file(path: String)
    /// An `http://` or `https://` URL.
    case web(url: String)
    /// A URL such as `ftp://host/x`; `scheme` is its scheme, lowercased.
    case unsupported(scheme: String)

    /// The address `text` names. Anything shaped `scheme://` is a URL, so `ftp://host/x` is never taken for a
    /// relative path (a file so named is still reachable as `./ftp://host/x`).
    package init(_ text: String) {
        if HTTPRequest.isURL(text) {
            self = .web(url: text)
            return
        }
        guard let scheme = Self.scheme(of: text) else {
            self = .file(path: text)
            return
        }
        if scheme == "file" {
            self = .file(path: Self.filePath(ofURL: text))
        } else {
            self = .unsupported(scheme: scheme)
        }
    }

    /// The message for an unsupported scheme: what is read instead, and how to name a file that looks like a URL.
    package static func unsupportedMessage(scheme: String, text: String) -> String {
        "\(scheme):// URLs are not supported; ModalKit reads files and http:// or https:// URLs "
            + "(download the document first, or write ./\(text) for a file of that name)"
    }

    /// The stable code reported with `unsupportedMessage`.
    package static let unsupportedCode = URLFailureCode.unsupportedScheme.rawValue

    /// The scheme of `text` when it starts `scheme://` (RFC 3986 §3.1: a letter, then letters, digits, `+-.`).
    static func scheme(of text: String) -> String? {
        let bytes = Array(text.utf8.prefix(64))
        guard let colon = bytes.firstIndex(of: 0x3A), bytes[colon...].starts(with: [0x3A, 0x2F, 0x2F]) else {
            return nil
        }
        let schemeBytes = bytes[..<colon]
        guard let first = schemeBytes.first, isLetter(first) else { return nil }
        guard schemeBytes.allSatisfy(isSchemeByte) else { return nil }
        return String(decoding: schemeBytes, as: UTF8.self).lowercased()
    }

    private static func isSchemeByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2B || byte == 0x2D || byte == 0x2E
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }

    /// The path of a `file://` URL (RFC 8089): after `file://` and an optional `localhost`, percent-decoded.
    static func filePath(ofURL text: String) -> String {
        var rest = Substring(text)
        rest = rest[rest.index(rest.startIndex, offsetBy: "file://".count)...]
        if rest.lowercased().hasPrefix("localhost/") { rest = rest.dropFirst("localhost".count) }
        return PercentEncoding.decodeLeniently(rest)
    }
}
