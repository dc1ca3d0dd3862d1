import HTMLRendering
import ModalModel
import Renderers
import Reporting
import Screen
import ScreenLayout
@_spi(Kernel) import TextKernel
import TextLayout

/// `modalkit render`: prints modals as plain text, ANSI, SVG, a JSON layout or an HTML page.
enum RenderCommand {
    static let format = CLIOption<DocumentFormat>.choice(
        "--format", summary: "output format",
        help: HelpEntry(
            "--format",
            "plain text, ANSI (SGR colours), ANSI for pagers (colours and links only), one SVG picture,",
            "the JSON layout, or an HTML page drawn as an app would;",
            "default: ansi on a terminal, plain otherwise"))
    static let color = CLIOption<ColorRequest>(
        "--color", value: .words(ColorRequest.allCases.map(\.rawValue)), summary: "colour depth",
        help: HelpEntry(
            "--color",
            "colour depth for ansi; auto follows NO_COLOR, FORCE_COLOR, COLORTERM, TERM and the terminal")
    ) { text in
        ColorRequest(argument: text).map { .success($0) }
            ?? .failure(
                UsageError(
                    message: "--color must be \(orList(ColorRequest.allCases.map(\.rawValue))), not '\(text)'"))
    }
    static let modal = CLIOption<Int>(
        "--modal", value: .number, placeholder: "I", summary: "render only modal I (from 1)",
        help: HelpEntry(
            "--modal I",
            "only the I-th modal of the document, counting from 1 as the \"1/4\" page label does"),
        needs: "a modal number"
    ) { text in
        guard let number = Int(text), number >= 1 else {
            return .failure(UsageError(message: "--modal takes a modal number counting from 1, not '\(text)'"))
        }
        return .success(number)
    }
    static let ascii = CLIOption.flag(
        "--ascii", summary: "ASCII frame",
        help: HelpEntry("--ascii", "draw the frame with +-| instead of box-drawing characters"))
    static let hyperlinks = CLIOption.flag(
        "--hyperlinks", summary: "wrap links in OSC 8",
        help: HelpEntry("--hyperlinks", "wrap links and URL actions in OSC 8 hyperlinks (ansi)"))
    static let maxCells = wholeNumber(
        "--max-cells", of: "cells", summary: "refuse output over N cells",
        help: "refuse output larger than N cells (rows x width, all modals); default:",
        "\(RenderLimits.defaultMaximumCells), or \(RenderLimits.defaultMaximumSVGCells) for svg")
    static let maxRows = wholeNumber(
        "--max-rows", of: "rows", summary: "refuse output over N rows",
        help: "refuse output taller than N rows (all modals); default: \(RenderLimits.defaultMaximumRows)")
    static let clusters = CLIOption<ClusterMode>.choice(
        "--clusters", summary: "emoji sequences whole or per code point",
        help: HelpEntry(
            "--clusters",
            "emoji sequences whole, or only what fits where terminals draw them per code point",
            "(ansi); default: fallback at 16 colours or with TERM=linux, whole otherwise"))

    private static func wholeNumber(
        _ name: String, of unit: String, summary: String, help lines: String...
    ) -> CLIOption<Int> {
        var help = HelpEntry(name + " N")
        help.lines = lines
        return CLIOption(
            name, value: .number, placeholder: "N", summary: summary, help: help, needs: "a number of \(unit)"
        ) { text in
            guard let count = Int(text), count >= 1 else {
                return .failure(UsageError(message: "\(name) takes a whole number of \(unit) from 1, not '\(text)'"))
            }
            return .success(count)
        }
    }

    static let declaration = CommandDeclaration<Options>(
        name: "render", summary: "print modals as plain text, ANSI, SVG, a JSON layout or HTML",
        synopsis: [
            SynopsisForm(
                head: "modalkit render",
                lines: [
                    ["--format", "--width", "--color"], ["--modal", "--ascii", "--hyperlinks", "--bidi"],
                    ["--clusters", "--max-cells", "--max-rows"],
                    ["--viewport", "--device", "--theme", "--card", "FILE|-"],
                    ["-H", "--timeout", "--max-bytes"],
                ])
        ],
        help: [
            .option(OptionBinding(format, \.format)),
            .option(OptionBinding(SharedOptions.width, \.width)),
            .option(OptionBinding(color) { $0.color = $1 }),
            .option(OptionBinding(modal, \.modalNumber)),
            .option(OptionBinding(ascii) { $0.ascii = true }),
            .option(OptionBinding(hyperlinks) { $0.hyperlinks = true }),
            .option(OptionBinding(maxCells, \.maximumCells)),
            .option(OptionBinding(maxRows, \.maximumRows)),
            .option(OptionBinding(clusters, \.clusters)),
            .option(OptionBinding(SharedOptions.bidi, \.bidi)),
            .option(OptionBinding(SharedOptions.viewport, \.viewport)),
            .option(OptionBinding(SharedOptions.device, \.device)),
            .option(OptionBinding(SharedOptions.themes, \.theme)),
            .option(OptionBinding(SharedOptions.card, \.card)),
            .text("\n  FILE may be an http:// or https:// URL:\n"),
        ] + SharedOptions.urlRequestHelp(\.urlOptions) + [
            .option(OptionBinding(SharedOptions.maxBytes, \.urlOptions.maxBytes))
        ]
    ) { options, path in
        if options.path != nil { return UsageError(message: "render takes one input; got a second: '\(path)'") }
        options.path = path
        return nil
    }

    /// Everything `render` needs to know, parsed from the arguments.
    struct Options {
        var format: DocumentFormat?
        var width: ModalWidth?
        var color = ColorRequest.auto
        var modalNumber: Int?
        var ascii = false
        var hyperlinks = false
        var maximumCells: Int?
        var maximumRows: Int?
        var clusters: ClusterMode?
        var bidi: BidiDisplay?
        var viewport: Int?
        var device: HTMLDevice?
        var theme: HTMLThemeChoice?
        var card: ModalColor?
        var path: String?
        var urlOptions = URLSourceOptions()
    }

    static func run(arguments: [String], io: CLIIO) -> Int32 {
        var options = Options()
        if let status = declaration.parse(arguments, into: &options, io: io) { return status }
        guard let path = options.path else {
            return declaration.refuse("no input: name a file or - for standard input", io: io)
        }
        let loaded = InputLoader.load(
            path: path, io: io, maxBytes: options.urlOptions.maxBytes ?? ByteSize.defaultInputLimit,
            urlOptions: options.urlOptions)
        guard let document = loaded.document else { return loaded.status }
        return render(document, options: options, io: io)
    }

    /// The HTML page `--viewport`, `--device`, `--theme` and `--card` ask for.
    static func htmlPage(_ options: Options) -> HTMLPageOptions {
        var page = CardChoice(theme: options.theme?.theme, color: options.card).htmlPage(
            viewportCSSPixelWidth: options.viewport ?? HTMLPageOptions.defaultViewportCSSPixelWidth)
        page.device = options.device
        if options.theme == .both {
            page.drawsBothThemes = true
            // Each side takes its own theme's card, unless --card names the app's.
            page.card = options.card.map(ModalCard.init(color:))
        }
        return page
    }

    /// Renders a decoded document as the options ask, writing it to standard output.
    static func render(_ document: ModalDocument, options: Options, io: CLIIO) -> Int32 {
        if let number = options.modalNumber, number > document.modals.count {
            let count = document.modals.count
            io.writeError(
                "modalkit render: --modal \(number), but the document has \(count) modal\(count == 1 ? "" : "s")\n")
            return 2
        }
        // Asking for colours asks for the format that has them, on a terminal or not.
        let format = options.format ?? (io.standardOutputIsTerminal || options.color != .auto ? .ansi : .plain)
        let depth = options.color.depth(environment: io.environment, isTerminal: io.standardOutputIsTerminal)
        let renderOptions = DocumentRenderOptions(
            format: format, width: ModalWidth.chosen(options.width, terminalColumns: io.terminalColumns).cells,
            colorDepth: depth, ascii: options.ascii, hyperlinks: options.hyperlinks,
            clusters: options.clusters ?? .automatic(colorDepth: depth, term: io.environment("TERM")),
            modalIndex: options.modalNumber.map { $0 - 1 },
            bidi: SharedOptions.bidiDisplay(option: options.bidi, io: io),
            html: htmlPage(options))
        var limits = RenderLimits()
        if let cells = options.maximumCells {
            limits.maximumCells = cells
            limits.maximumSVGCells = cells
        }
        if let rows = options.maximumRows { limits.maximumRows = rows }
        do {
            try DocumentRenderer.render(
                document, options: renderOptions, limits: limits, output: { io.write($0) },
                outputUTF8: { io.write(utf8: $0) })
        } catch {
            io.writeError("modalkit render: \(error.message)\n")
            return 2
        }
        return 0
    }
}
