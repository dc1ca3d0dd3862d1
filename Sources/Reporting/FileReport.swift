import ModalModel
import PositionedJSON

/// One checked input: its name, and either its diagnostics or why it could not be read.
public struct FileReport: Sendable {
    /// The name shown for the input: a path as given, or `<stdin>`.
    public var path: String
    /// The source bytes, kept when an output quotes them (text excerpts, UTF-16 columns, fixes).
    public var source: SourceText?
    /// Every diagnostic of the input, in source order.
    public var diagnostics: [Diagnostic]
    /// Why the input could not be read, or nil when it was read.
    public var unreadable: String?
    /// The decoded modals, kept when an output draws them (the HTML review page); nil when not kept or invalid.
    public var document: ModalDocument?

    /// Creates a report.
    public init(
        path: String, source: SourceText? = nil, diagnostics: [Diagnostic], unreadable: String? = nil,
        document: ModalDocument? = nil
    ) {
        self.path = path
        self.source = source
        self.diagnostics = diagnostics
        self.unreadable = unreadable
        self.document = document
    }

    /// Valid means readable with no error (and, when `strict`, no warning).
    public func isValid(strict: Bool) -> Bool {
        unreadable == nil && !diagnostics.contains { $0.severity == .error || (strict && $0.severity == .warning) }
    }
}
