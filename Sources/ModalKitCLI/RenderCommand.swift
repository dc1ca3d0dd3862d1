import HTTPSource
import ModalModel
import Renderers
import Screen
import TextLayout

/// `modalkit render --format plain|ansi|svg|json [--width N] [--color …] [--modal I] [--ascii] [--hyperlinks] FILE|-`
enum RenderCommand {
    static let usage = """
        usage: modalkit render [--format plain|ansi|svg|json] [--width N] [--color auto|truecolor|256|16|none]
                               [--modal I] [--ascii] [--hyperlinks] FILE|-
          --format      plain text, ANSI (SGR colours), one SVG picture, or the JSON layout;
                        default: ansi on a terminal, plain otherwise
          --width N     total width of the modal in cells, frame included (default: min(terminal width, 60))
          --color       colour depth for ansi; auto follows NO_COLOR, FORCE_COLOR, COLORTERM, TERM and the terminal
          --modal I     only the I-th modal of the document, counting from 1 as the "1/4" page label does
          --ascii       draw the frame with +-| instead of box-drawing characters
          --hyperlinks  wrap links and URL actions in OSC 8 hyperlinks (ansi)
          FILE may be an http:// or https:// URL:
        \(URLSourceOptions.usage)\
          --max-bytes N
                     refuse inputs larger than N bytes (default 16M)

        """

    enum Format: String { case plain, ansi, svg, json }

    /// Everything `render` needs to know, parsed from the arguments.
    struct Options {
        var format: Format?
        var width: Int?
        var color = ColorDepth.Request.auto
        var modalNumber: Int?
        var ascii = false
        var hyperlinks = false
        var path: String?
        var urlOptions = URLSourceOptions()
    }

    static func run(arguments: [String], io: CLIIO) -> Int32 {
        var options = Options()
        var reader = ArgumentReader(arguments)
        while let argument = reader.next() {
            switch argument {
            case "--format":
                guard let value = reader.value(for: argument, io: io) else { return 2 }
                guard let format = Format(rawValue: value) else {
                    return usageError("--format must be plain, ansi, svg or json, not '\(value)'", io: io)
                }
                options.format = format
            case "--width":
                guard let value = reader.value(for: argument, io: io) else { return 2 }
                guard let width = Int(value), width >= 1, width <= 10_000 else {
                    return usageError("--width must be a whole number from 1 to 10000, not '\(value)'", io: io)
                }
                options.width = width
            case "--color":
                guard let value = reader.value(for: argument, io: io) else { return 2 }
                guard let request = ColorDepth.Request(argument: value) else {
                    return usageError("--color must be auto, truecolor, 256, 16 or none, not '\(value)'", io: io)
                }
                options.color = request
            case "--modal":
                guard let value = reader.value(for: argument, io: io) else { return 2 }
                guard let number = Int(value), number >= 1 else {
                    return usageError("--modal takes a modal number counting from 1, not '\(value)'", io: io)
                }
                options.modalNumber = number
            case "--ascii":
                if reader.rejectUnexpectedValue(for: argument, io: io) { return 2 }
                options.ascii = true
            case "--hyperlinks":
                if reader.rejectUnexpectedValue(for: argument, io: io) { return 2 }
                options.hyperlinks = true
            case "-h", "--help":
                io.write(usage)
                return 0
            case _
            where (URLSourceOptions.requestOptions.contains(argument) || argument == "--max-bytes")
                && !reader.afterDoubleDash:
                guard let value = reader.value(for: argument, io: io) else { return 2 }
                if let problem = options.urlOptions.set(argument, value) { return usageError(problem, io: io) }
            default:
                if argument.hasPrefix("-") && argument != "-" && !reader.afterDoubleDash {
                    return usageError("unknown option '\(argument)'", io: io)
                }
                if options.path != nil {
                    return usageError("render takes one input; got a second: '\(argument)'", io: io)
                }
                options.path = argument
            }
        }
        guard let path = options.path else {
            return usageError("no input: name a file or - for standard input", io: io)
        }
        let loaded = InputLoader.load(
            path: path, io: io, maxBytes: options.urlOptions.maxBytes ?? 16 << 20, urlOptions: options.urlOptions)
        guard let document = loaded.document else { return loaded.status }
        return render(document, options: options, io: io)
    }

    /// Renders a decoded document as the options ask, writing it to standard output.
    static func render(_ document: ModalDocument, options: Options, io: CLIIO) -> Int32 {
        var modals = Array(document.modals.enumerated())
        if let number = options.modalNumber {
            guard number <= modals.count else {
                io.writeError(
                    "modalkit render: --modal \(number), but the document has \(modals.count) modal\(modals.count == 1 ? "" : "s")\n"
                )
                return 2
            }
            modals = [modals[number - 1]]
        }
        let width = max(ModalView.minimumWidth, options.width ?? min(io.terminalColumns ?? 60, 60))
        let format = options.format ?? (io.standardOutputIsTerminal ? .ansi : .plain)
        if format == .json {
            var out = #"{"modals":["#
            for (position, (index, modal)) in modals.enumerated() {
                if position > 0 { out += "," }
                out += JSONLayoutRenderer.modalObject(
                    modal, index: index, bodyLines: ModalView.bodyLines(for: modal, modalWidth: width),
                    bodyWidth: ModalView.bodyWidth(forModalWidth: width))
            }
            io.write(out + "]}\n")
            return 0
        }
        let total = document.modals.count
        let grids = modals.map { index, modal in
            ModalView(
                modal: modal,
                options: ModalViewOptions(
                    width: width, ascii: options.ascii, pageLabel: total > 1 ? "\(index + 1)/\(total)" : nil)
            ).render().grid
        }
        switch format {
        case .plain:
            io.write(grids.map(PlainRenderer.render).joined(separator: "\n"))
        case .ansi:
            let depth = ColorDepth.detect(
                environment: io.environment, isTerminal: io.standardOutputIsTerminal, requested: options.color)
            io.write(
                grids.map { ANSIRenderer.render($0, colorDepth: depth, hyperlinks: options.hyperlinks) }
                    .joined(separator: "\n"))
        case .svg:
            io.write(SVGRenderer.render(CellGrid.stacked(grids, gap: 1)))
        case .json:
            break
        }
        return 0
    }

    static func usageError(_ message: String, io: CLIIO) -> Int32 {
        io.writeError("modalkit render: \(DiagnosticFormatter.safe(message))\n\(usage)")
        return 2
    }
}

/// Reads and decodes one input for `render` and `preview`, reporting problems on standard error.
enum InputLoader {
    /// The decoded document; or nil, after writing the diagnostics (status 1) or the read error (status 2).
    static func load(
        path: String, io: CLIIO, maxBytes: Int = 16 << 20, urlOptions: URLSourceOptions = URLSourceOptions()
    ) -> (document: ModalDocument?, status: Int32) {
        switch read(path: path, io: io, maxBytes: maxBytes, urlOptions: urlOptions) {
        case .success(let bytes):
            let result = ModalDecoder.decode(bytes)
            let report = FileReport(
                path: path == "-" ? "<stdin>" : path, source: SourceText(bytes: bytes), diagnostics: result.diagnostics)
            if !result.diagnostics.isEmpty { io.writeError(DiagnosticFormatter.text(report)) }
            return (result.document, result.document == nil ? 1 : 0)
        case .failure(let failure):
            io.writeError(failure.message)
            return (nil, failure.status)
        }
    }

    struct Failure: Error {
        var message: String
        var status: Int32
    }

    /// The bytes of a file, of standard input (`-`) or of a URL.
    static func read(
        path: String, io: CLIIO, maxBytes: Int, urlOptions: URLSourceOptions = URLSourceOptions()
    ) -> Result<[UInt8], Failure> {
        let name = DiagnosticFormatter.safe(path == "-" ? "<stdin>" : path)
        if HTTPRequest.isURL(path) {
            return urlOptions.fetch(url: path, maxBytes: maxBytes).mapError { failure in
                Failure(
                    message: "\(name): error: \(DiagnosticFormatter.safe(failure.message)) [\(failure.code)]\n",
                    status: 2)
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
            result = FileReader.read(path: path, maxBytes: maxBytes)
        }
        switch result {
        case .bytes(let bytes): return .success(bytes)
        case .tooLarge(let size):
            return .failure(
                Failure(
                    message:
                        "\(name):1:1: error: the file has \(size) bytes, more than the limit of \(maxBytes) [file-too-large]\n",
                    status: 1))
        case .failed(let reason):
            return .failure(
                Failure(message: "\(name): error: cannot read the file: \(reason) [file-unreadable]\n", status: 2))
        }
    }
}
