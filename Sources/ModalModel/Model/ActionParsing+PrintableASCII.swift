import PositionedJSON
@_spi(Kernel) import TextKernel

extension ModalAction {
    /// What `parsing(_:)` gives for an action of printable ASCII that parses with no warning, read from
    /// its bytes; nil for any other text, which `parsing(_:)` reads and words.
    ///
    /// Nearly every action a server sends is such a text: a built-in, an https URL, `open_url:` and one,
    /// an app command with percent-encoded data. Such a text can hold no white space, control or bidi
    /// character, so the scalar-wise checks of the general reader cannot fail, and schemes and prefixes
    /// compare as bytes without making a string of each. The general reader gave a corpus of such actions
    /// about 4,000 instructions each. `ActionTests` hold the two readers to the same answers.
    package static func parsingPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> ModalAction? {
        guard !bytes.isEmpty else { return nil }
        for byte in bytes where byte <= 0x20 || byte >= 0x7F { return nil }
        if let builtin = builtinAction(bytes) { return builtin }
        let openURLPrefix = 9  // "open_url:"
        if bytes.hasASCIIPrefix("open_url:") {
            let url = UnsafeBufferPointer(rebasing: bytes[openURLPrefix...])
            guard let schemeLength = schemeLength(of: url), url.isAcceptableURL(schemeLength: schemeLength),
                !isUnsafeScheme(UnsafeBufferPointer(rebasing: url[..<schemeLength]))
            else { return nil }
            return .openURL(String(decoding: url, as: UTF8.self))
        }
        guard let schemeLength = schemeLength(of: bytes) else { return customAction(bytes) }
        let scheme = UnsafeBufferPointer(rebasing: bytes[..<schemeLength])
        if isUnsafeScheme(scheme) { return nil }  // warned about
        if isURLScheme(scheme) {
            return bytes.isAcceptableURL(schemeLength: schemeLength)
                ? .openURL(String(decoding: bytes, as: UTF8.self)) : nil
        }
        let rest = UnsafeBufferPointer(rebasing: bytes[(schemeLength + 1)...])
        if rest.hasASCIIPrefix("//invoke/") {
            return command(scheme: scheme, afterInvoke: UnsafeBufferPointer(rebasing: rest[9...]))
        }
        if rest.hasASCIIPrefix("//") { return nil }  // an unknown URL scheme, warned about
        return customAction(bytes)
    }

    private static func builtinAction(_ bytes: UnsafeBufferPointer<UInt8>) -> ModalAction? {
        guard bytes.count <= ActionWords.builtinLength.upperBound else { return nil }
        for (index, name) in ActionWords.builtins.enumerated() where bytes.equals(name, ignoringCase: false) {
            return builtins[index].action
        }
        return nil
    }

    /// A custom name, unless it is a built-in's name in other letter case, which earns a warning.
    private static func customAction(_ bytes: UnsafeBufferPointer<UInt8>) -> ModalAction? {
        if ActionWords.builtinLength.contains(bytes.count) {
            for name in ActionWords.builtins where bytes.equals(name, ignoringCase: true) { return nil }
        }
        return .custom(String(decoding: bytes, as: UTF8.self))
    }

    /// `scheme://invoke/` then `cmd/NAME[/data/JSON]`, with a name that needs no decoding: nil for any
    /// other form, which the general reader refuses or decodes.
    private static func command(
        scheme: UnsafeBufferPointer<UInt8>, afterInvoke rest: UnsafeBufferPointer<UInt8>
    ) -> ModalAction? {
        guard rest.hasASCIIPrefix("cmd/") else { return nil }
        let afterCmd = UnsafeBufferPointer(rebasing: rest[4...])
        let nameLength = afterCmd.firstIndex(of: UInt8(ascii: "/")) ?? afterCmd.count
        let name = UnsafeBufferPointer(rebasing: afterCmd[..<nameLength])
        guard !name.isEmpty, !name.contains(UInt8(ascii: "%")) else { return nil }
        let afterName = UnsafeBufferPointer(rebasing: afterCmd[nameLength...])
        var data: JSONValue?
        if !afterName.isEmpty {
            guard afterName.hasASCIIPrefix("/data/") else { return nil }
            // The small values commands carry read without the general parser's stacks, which read the rest.
            let node = PercentEncoding.withDecoded(UnsafeBufferPointer(rebasing: afterName[6...]), commandData)
            guard let node else { return nil }
            data = node.value
        }
        return .command(
            scheme: String(decoding: scheme, as: UTF8.self), name: String(decoding: name, as: UTF8.self), data: data)
    }

    /// The JSON value of a command's decoded data; nil when it is not JSON (or `decoded` is nil: an escape was
    /// malformed).
    private static func commandData(_ decoded: UnsafeBufferPointer<UInt8>?) -> JSONNode? {
        guard let decoded else { return nil }
        if FastPaths.isOn(.smallJSON), let small = SmallJSONReader.parse(decoded) { return small }
        guard case .success(let node) = JSONParser.parse(Array(decoded), maxDepth: 64) else { return nil }
        return node
    }

    /// The length of the scheme before the first `:` (RFC 3986: a letter, then letters, digits, + - .).
    static func schemeLength(of bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        for (length, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: ":") { return length == 0 ? nil : length }
            let isLetter = (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            let isOther =
                (0x30...0x39).contains(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: ".")
            if !(isLetter || (length > 0 && isOther)) { return nil }
        }
        return nil
    }

    private static func isURLScheme(_ scheme: UnsafeBufferPointer<UInt8>) -> Bool {
        ActionWords.urlSchemes.contains { scheme.equals($0, ignoringCase: true) }
    }

    private static func isUnsafeScheme(_ scheme: UnsafeBufferPointer<UInt8>) -> Bool {
        ActionWords.unsafeURLSchemes.contains { scheme.equals($0, ignoringCase: true) }
    }
}

/// The words of `ModalAction`'s tables as bytes, made once: comparing with a `String`'s UTF-8 view goes
/// through the generic sequence machinery, which cost more than the rest of reading a built-in.
enum ActionWords {
    static let builtins = ModalAction.builtins.map { Array($0.name.utf8) }
    static let builtinLength = builtins.map(\.count).min()!...builtins.map(\.count).max()!
    static let urlSchemes = ModalAction.urlSchemes.map { Array($0.utf8) }
    static let unsafeURLSchemes = ModalAction.unsafeURLSchemes.map { Array($0.utf8) }
    static let http = Array("http".utf8)
    static let https = Array("https".utf8)
}

@inline(__always)
private func asciiLowercased(_ byte: UInt8) -> UInt8 {
    (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether the bytes are `word`, or with `ignoringCase` `word` (lowercase ASCII) in any letter case.
    @inline(__always)
    fileprivate func equals(_ word: [UInt8], ignoringCase: Bool) -> Bool {
        guard count == word.count else { return false }
        for (offset, byte) in word.enumerated()
        where (ignoringCase ? asciiLowercased(self[offset]) : self[offset]) != byte {
            return false
        }
        return true
    }

    /// Whether a URL of printable ASCII with a scheme of `schemeLength` bytes passes `urlProblem`'s checks:
    /// an http(s) URL needs `//` and a host, any other something after the scheme. Spaces, controls and
    /// bidi characters cannot occur.
    fileprivate func isAcceptableURL(schemeLength: Int) -> Bool {
        let scheme = UnsafeBufferPointer(rebasing: self[..<schemeLength])
        let rest = UnsafeBufferPointer(rebasing: self[(schemeLength + 1)...])
        if scheme.equals(ActionWords.http, ignoringCase: true) || scheme.equals(ActionWords.https, ignoringCase: true) {
            guard rest.hasASCIIPrefix("//") else { return false }
            let host = rest[2...]
            return host.first.map { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
                ?? false
        }
        return !rest.isEmpty
    }
}
