import Synchronization

/// Collects the warnings of modals decoded through `Decodable`, which `init(from:)` has no way to return.
///
/// Put one in the decoder's `userInfo` under `ModalDecodingWarnings.userInfoKey` to read them, pointers relative
/// to the whole input. Without one, a warning that means lost data (a key the format does not define, whose
/// value nothing reads) is thrown as an error instead, so that the `Codable` path never drops data silently;
/// with one, it is collected here like every other warning and decoding goes on.
public final class ModalDecodingWarnings: Sendable {
    /// The `userInfo` key under which a decoder carries the collector.
    public static let userInfoKey = CodingUserInfoKey(rawValue: "ModalKit.decodingWarnings")!

    private let collected = Mutex<[Diagnostic]>([])

    /// Creates an empty collector.
    public init() {}

    /// Every warning and note collected so far, in the order the values were decoded.
    public var diagnostics: [Diagnostic] { collected.withLock { $0 } }

    func append(_ diagnostics: [Diagnostic]) {
        collected.withLock { $0 += diagnostics }
    }
}
