#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A path as the file system has it: bytes, which need not be UTF-8.
///
/// A POSIX file name is any bytes but `/` and NUL. A Swift `String` made from bytes that are not UTF-8 replaces
/// them with U+FFFD, and opening that string names another file, so such a file would be reported missing. The
/// bytes are what the C library is given; `displayText` is what people read.
struct PathName: Hashable, Sendable {
    /// The path's bytes, without a terminating NUL.
    let bytes: [UInt8]

    /// The path a string names, as UTF-8.
    init(_ text: String) { bytes = Array(text.utf8) }

    /// The path of these bytes.
    init(bytes: [UInt8]) { self.bytes = bytes }

    /// The path for messages and reports: the text when the bytes are UTF-8, else each byte that is not part of
    /// UTF-8 written `\xNN` (as `ls -b` and Git write them), so that a name is never shown as another name.
    var displayText: String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var text = ""
        var position = 0
        var remaining = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        while true {
            switch parser.parseScalar(from: &remaining) {
            case .valid(let encoded):
                text.unicodeScalars.append(Unicode.UTF8.decode(encoded))
                position += encoded.count
            case .error(let length):
                for byte in bytes[position..<position + length] {
                    text += "\\x" + String(byte >> 4, radix: 16) + String(byte & 0xF, radix: 16)
                }
                position += length
            case .emptyInput:
                return text
            }
        }
    }

    /// Whether the path ends with the ASCII `suffix`.
    func hasSuffix(_ suffix: String) -> Bool { bytes.reversed().starts(with: suffix.utf8.reversed()) }

    /// The path of `name` inside this directory.
    func appending(_ name: [UInt8]) -> PathName {
        PathName(bytes: bytes.last == UInt8(ascii: "/") ? bytes + name : bytes + [UInt8(ascii: "/")] + name)
    }

    /// Calls `body` with the path as a NUL-terminated C string.
    func withCString<Result>(_ body: (UnsafePointer<CChar>) -> Result) -> Result {
        (bytes + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
        }
    }

    /// The path a command-line argument names, with the bytes the process was given.
    ///
    /// `CommandLine.arguments` holds strings, in which bytes that are not UTF-8 are already replaced; an argument
    /// with a replacement character is looked up among the raw arguments to find the bytes it came from.
    static func argument(_ text: String) -> PathName {
        guard text.unicodeScalars.contains("\u{FFFD}") else { return PathName(text) }
        for index in 0..<Int(CommandLine.argc) {
            guard let raw = CommandLine.unsafeArgv[index] else { continue }
            let bytes = UnsafeRawBufferPointer(start: raw, count: strlen(raw)).map { $0 }
            if String(validating: bytes, as: UTF8.self) == nil, String(decoding: bytes, as: UTF8.self) == text {
                return PathName(bytes: bytes)
            }
        }
        return PathName(text)
    }
}
