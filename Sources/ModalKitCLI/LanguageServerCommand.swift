import LanguageServer
import LanguageServerProtocol

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `modalkit lsp`: the language server over standard input and output, for any editor's LSP client.
enum LanguageServerCommand {
    static let stdio = CLIOption.flag(
        "--stdio", summary: "speak on standard input and output (the default)",
        help: HelpEntry("--stdio", "speak on standard input and output (the default)"))

    static let declaration = CommandDeclaration<Void>(
        name: "lsp", summary: "run the language server for editors",
        synopsis: [SynopsisForm(head: "modalkit lsp", lines: [["--stdio"]])],
        help: [
            .text(
                """
                  Speaks the Language Server Protocol on standard input and output (--stdio is accepted and is
                  the default): diagnostics as 'modalkit validate' reports them, hover, quick fixes from
                  'modalkit fix', formatting, inlay hints, colours, completion and symbols.
                  Set it up in an editor as docs/editors.md shows.

                """),
            .option(OptionBinding(stdio) { _ in }),
            .text(
                """
                exit status: 0 after 'shutdown' then 'exit', 1 when the input ends or 'exit' comes without 'shutdown'

                """),
        ]
    ) { _, argument in UsageError(message: "takes no arguments, got '\(argument)'") }

    static func run(arguments: [String], io: CLIIO) -> Int32 {
        var nothing: Void = ()
        if let status = declaration.parse(arguments, into: &nothing, io: io) { return status }
        // A client that goes away closes the pipe; the server should see the end of its input, not die of SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        let server = ModalLanguageServer(version: CLI.version, formatDocumentURI: formatDocumentURI())
        return ServerLoop.run(handler: server, input: 0, output: 1)
    }

    /// The `file://` URI of FORMAT.md, for the links of diagnostic codes: the one in the checkout the binary
    /// was built in, or the installed one under `share/doc/modalkit`; nil when neither is found.
    static func formatDocumentURI() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        var directory = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        while let slash = directory.lastIndex(of: "/"), slash != directory.startIndex {
            directory = String(directory[..<slash])
            for candidate in [directory + "/FORMAT.md", directory + "/share/doc/modalkit/FORMAT.md"]
            where access(candidate, R_OK) == 0 {
                return DocumentURI.uri(ofPath: candidate)
            }
        }
        return nil
    }
}
