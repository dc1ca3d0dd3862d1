import ModalModel
import Renderers
import Screen
import TextLayout

/// `modalkit render --format plain|ansi|svg|json [--width N] [--color …] [--modal I] [--ascii] [--hyperlinks]
/// [--max-cells N] [--max-rows N] FILE|-`
enum RenderCommand {
    static let usage = """
        usage: modalkit render [--format plain|ansi|svg|json] [--width N] [--color auto|truecolor|256|16|none]
                               [--modal I] [--ascii] [--hyperlinks] [--bidi visual|logical]
                               [--clusters whole|fallback] [--max-cells N] [--max-rows N] FILE|-
          --format      plain text, ANSI (SGR colours), one SVG picture, or the JSON layout;
                        default: ansi on a terminal, plain otherwise
          --width N     total width of the modal in cells, frame included, 10 to 1000
                        (default: the terminal's width within 16 to 60; 60 without a terminal)
          --color       colour depth for ansi; auto follows NO_COLOR, FORCE_COLOR, COLORTERM, TERM and the terminal
          --modal I     only the I-th modal of the document, counting from 1 as the "1/4" page label does
          --ascii       draw the frame with +-| instead of box-drawing characters
          --hyperlinks  wrap links and URL actions in OSC 8 hyperlinks (ansi)
          --max-cells N refuse output larger than N cells (rows x width, all modals); default:
                        100000000, or 16000000 for svg
          --max-rows N  refuse output taller than N rows (all modals); default: 2000000
          --clusters    emoji sequences whole, or only what fits where terminals draw them per code point
                        (ansi); default: fallback at 16 colours or with TERM=linux, whole otherwise
        \(ArgumentReader.bidiHelp)
          FILE may be an http:// or https:// URL:
        \(URLSourceOptions.usage)\
          --max-bytes N
                     refuse inputs larger than N bytes (default 16M)

        """

    /// Everything `render` needs to know, parsed from the arguments.
    struct Options {
        var format: DocumentFormat?
        var width: ModalWidth?
        var color = ColorDepth.Request.auto
        var modalNumber: Int?
        var ascii = false
        var hyperlinks = false
        var maximumCells: Int?
        var maximumRows: Int?
        var clusters: ClusterMode?
        var bidi: BidiDisplay?
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
                guard let format = DocumentFormat(rawValue: value) else {
                    return usageError("--format must be plain, ansi, svg or json, not '\(value)'", io: io)
                }
                options.format = format
            case "--width":
                guard let value = reader.value(for: argument, io: io) else { return 2 }
                guard let width = ModalWidth.parse(value) else { return usageError(ModalWidth.refusal(value), io: io) }
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
            case "--clusters":
                guard let value = reader.value(for: argument, io: io) else { return 2 }
                guard let mode = ClusterMode(rawValue: value) else {
                    return usageError("--clusters must be whole or fallback, not '\(value)'", io: io)
                }
                options.clusters = mode
            case "--max-cells":
                guard let value = reader.value(for: argument, io: io) else { return 2 }
                guard let cells = Int(value), cells >= 1 else {
                    return usageError("--max-cells takes a whole number of cells from 1, not '\(value)'", io: io)
                }
                options.maximumCells = cells
            case "--max-rows":
                guard let value = reader.value(for: argument, io: io) else { return 2 }
                guard let rows = Int(value), rows >= 1 else {
                    return usageError("--max-rows takes a whole number of rows from 1, not '\(value)'", io: io)
                }
                options.maximumRows = rows
            case "--bidi":
                guard let value = reader.value(for: argument, io: io) else { return 2 }
                guard let display = BidiDisplay.parse(value) else {
                    return usageError(BidiDisplay.refusal(value), io: io)
                }
                options.bidi = display
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
        if let number = options.modalNumber, number > document.modals.count {
            let count = document.modals.count
            io.writeError(
                "modalkit render: --modal \(number), but the document has \(count) modal\(count == 1 ? "" : "s")\n")
            return 2
        }
        let format = options.format ?? (io.standardOutputIsTerminal ? .ansi : .plain)
        let depth = ColorDepth.detect(
            environment: io.environment, isTerminal: io.standardOutputIsTerminal, requested: options.color)
        let renderOptions = DocumentRenderOptions(
            format: format, width: ModalWidth.chosen(options.width, terminalColumns: io.terminalColumns).cells,
            colorDepth: depth, ascii: options.ascii, hyperlinks: options.hyperlinks,
            clusters: options.clusters ?? .automatic(colorDepth: depth, term: io.environment("TERM")),
            modalIndex: options.modalNumber.map { $0 - 1 },
            bidi: ArgumentReader.bidiDisplay(option: options.bidi, io: io))
        var limits = RenderLimits()
        if let cells = options.maximumCells {
            limits.maximumCells = cells
            limits.maximumSVGCells = cells
        }
        if let rows = options.maximumRows { limits.maximumRows = rows }
        do {
            try DocumentRenderer.render(document, options: renderOptions, limits: limits) { io.write($0) }
        } catch {
            io.writeError("modalkit render: \(error.message)\n")
            return 2
        }
        return 0
    }

    static func usageError(_ message: String, io: CLIIO) -> Int32 {
        io.writeError("modalkit render: \(DiagnosticFormatter.safe(message))\n\(usage)")
        return 2
    }
}
