/// One request header given on the command line as `Name: value`.
package struct HTTPHeader: Sendable, Equatable {
    /// The field name, as given.
    package var name: String
    /// The field value, without the spaces around it.
    package var value: String

    /// Creates a header from a name and value already checked by the caller.
    package init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// Reads `Name: value`; nil with the reason when it is not a header that can be sent as given.
    ///
    /// The name must be an RFC 9110 token and neither part may hold a line break or another control
    /// character, so a header can never smuggle a second header or a second request into the stream.
    package static func parse(_ text: String) -> Result<HTTPHeader, HTTPHeaderError> {
        guard let colon = text.firstIndex(of: ":") else {
            return .failure(HTTPHeaderError(message: "a header is 'Name: value', with a colon; got '\(text)'"))
        }
        let name = String(text[..<colon])
        let value = String(text[text.index(after: colon)...]).trimmingSpaces()
        guard !name.isEmpty, name.unicodeScalars.allSatisfy(isTokenCharacter) else {
            return .failure(
                HTTPHeaderError(message: "'\(name)' is not a header name (letters, digits and !#$%&'*+-.^_`|~ only)"))
        }
        guard value.unicodeScalars.allSatisfy({ $0 == "\t" || ($0.value >= 0x20 && $0.value != 0x7F) }) else {
            return .failure(HTTPHeaderError(message: "the value of header '\(name)' holds a control character"))
        }
        return .success(HTTPHeader(name: name, value: value))
    }

    /// Whether this header has the name `other`, compared as HTTP does, ignoring ASCII case.
    package func hasName(_ other: String) -> Bool {
        name.lowercased() == other.lowercased()
    }

    private static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9": true
        case "!", "#", "$", "%", "&", "'", "*", "+", "-", ".", "^", "_", "`", "|", "~": true
        default: false
        }
    }
}

/// Why a `Name: value` argument is not a header.
package struct HTTPHeaderError: Error, Sendable, Equatable {
    /// What is wrong, for the user.
    package var message: String
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    func trimmingSpaces() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}
