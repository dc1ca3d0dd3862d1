import HTTPSource
import ModalModel
import PositionedJSON
import Preview
@_spi(Kernel) import TextKernel

/// Reads and decodes one input for `render` and `preview`, reporting problems on standard error.
///
/// An input is a file, standard input (`-`) or an `http://`/`https://` URL; every command reads URLs
/// through `fetch` here, so they all share one request policy and one way of reporting failures.
enum InputLoader {
    /// The decoded document; or nil, after writing the diagnostics (status 1) or the read error (status 2).
    static func load(
        path: String, io: CLIIO, maxBytes: Int = ByteSize.defaultInputLimit,
        urlOptions: URLSourceOptions = URLSourceOptions()
    ) -> (document: ModalDocument?, status: Int32) {
        switch read(path: path, io: io, maxBytes: maxBytes, urlOptions: urlOptions) {
        case .success(let bytes):
            let result = ModalDecoder.decode(bytes)
            let report = FileReport(
                path: path == "-" ? "<stdin>" : PathName.argument(path).displayText, source: SourceText(bytes: bytes),
                diagnostics: result.diagnostics)
            if !result.diagnostics.isEmpty { io.writeError(DiagnosticFormatter.text(report)) }
            return (result.document, result.document == nil ? 1 : 0)
        case .failure(let failure):
            io.writeError(failure.message)
            return (nil, failure.status)
        }
    }

    /// Why an input could not be read: the report for standard error, its exit status, and the bare
    /// reason (for the preview's status line when a watched file goes missing).
    struct Failure: Error {
        var message: String
        var status: Int32
        var reason: String
    }

    /// The input read and decoded again without reporting anything: what the preview shows on reload.
    static func reload(
        path: String, io: CLIIO, maxBytes: Int = ByteSize.defaultInputLimit,
        urlOptions: URLSourceOptions = URLSourceOptions()
    ) -> FileLoad {
        switch read(path: path, io: io, maxBytes: maxBytes, urlOptions: urlOptions) {
        case .success(let bytes): return FileLoad(ModalDecoder.decode(bytes))
        case .failure(let failure): return .failed(message: failure.reason)
        }
    }

    /// The bytes of a URL, or why there are none: the failure's message with its `url-…` code, as a
    /// read failure (`validate` reports it as an unreadable input).
    static func fetch(url: String, maxBytes: Int, urlOptions: URLSourceOptions) -> FileReader.ReadResult {
        switch urlOptions.fetch(url: url, maxBytes: maxBytes) {
        case .success(let bytes): .bytes(bytes)
        case .failure(let failure): .failed("\(failure.message) (\(failure.code))")
        }
    }

    /// The bytes of a file, of standard input (`-`) or of a URL.
    static func read(
        path: String, io: CLIIO, maxBytes: Int, urlOptions: URLSourceOptions = URLSourceOptions()
    ) -> Result<[UInt8], Failure> {
        let name = DiagnosticFormatter.safe(path == "-" ? "<stdin>" : PathName.argument(path).displayText)
        var path = path
        switch SourceAddress(path) {
        case .web: break
        case .file(let filePath): path = filePath
        case .unsupported(let scheme):
            let reason =
                "\(DiagnosticFormatter.safe(SourceAddress.unsupportedMessage(scheme: scheme, text: path))) [\(SourceAddress.unsupportedCode)]"
            return .failure(Failure(message: "\(name): error: \(reason)\n", status: 2, reason: reason))
        }
        if HTTPRequest.isURL(path) {
            return urlOptions.fetch(url: path, maxBytes: maxBytes).mapError { failure in
                let reason = "\(DiagnosticFormatter.safe(failure.message)) [\(failure.code)]"
                return Failure(message: "\(name): error: \(reason)\n", status: 2, reason: reason)
            }
        }
        let result: FileReader.ReadResult
        if path == "-" {
            if let bytes = io.readStandardInput(maxBytes: maxBytes) {
                result = bytes.count > maxBytes ? .tooLarge(size: bytes.count) : .bytes(bytes)
            } else {
                result = .failed("standard input cannot be read")
            }
        } else {
            result = FileReader.read(path: PathName.argument(path), maxBytes: maxBytes)
        }
        switch result {
        case .bytes(let bytes): return .success(bytes)
        case .tooLarge(let size):
            return .failure(
                Failure(
                    message:
                        "\(name):1:1: error: the file has \(size) bytes, more than the limit of \(maxBytes) [\(DiagnosticCode.fileTooLarge.rawValue)]\n",
                    status: 1, reason: "\(size) bytes, more than \(maxBytes)"))
        case .failed(let reason):
            return .failure(
                Failure(
                    message:
                        "\(name): error: cannot read the file: \(reason) [\(DiagnosticCode.fileUnreadable.rawValue)]\n",
                    status: 2,
                    reason: reason))
        }
    }
}
