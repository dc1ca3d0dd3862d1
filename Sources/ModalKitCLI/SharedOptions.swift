import HTMLRendering
import HTTPSource
import ModalModel
import Reporting
import Screen
import ScreenLayout
@_spi(Kernel) import TextKernel

/// The options that more than one command takes, each declared once.
enum SharedOptions {
    static let width = CLIOption<ModalWidth>(
        "--width", value: .number, placeholder: "N", summary: "total width of the modal",
        help: HelpEntry(
            "--width N",
            "total width of the modal in cells, frame included, \(ModalWidth.minimum) to \(ModalWidth.maximum)",
            "(default: the terminal's width within \(ModalWidth.narrowestDefault) to \(ModalWidth.preferred); "
                + "\(ModalWidth.preferred) without a terminal)"),
        needs: "a number of cells"
    ) { text in
        ModalWidth.parse(text).map { .success($0) }
            ?? .failure(
                UsageError(
                    message: "--width must be a whole number from \(ModalWidth.minimum) to \(ModalWidth.maximum), "
                        + "not '\(text)'"))
    }

    static let viewport = CLIOption<Int>(
        "--viewport", value: .number, placeholder: "320|375|414|N", summary: "phone width of html output (CSS px)",
        help: HelpEntry(
            "--viewport PX",
            "phone width of html output in CSS pixels: 320, 375 (the default), 414 or any",
            "from \(HTMLPageOptions.viewportCSSPixelWidths.lowerBound) to \(HTMLPageOptions.viewportCSSPixelWidths.upperBound)"
        ),
        needs: "a width in CSS pixels such as 375"
    ) { text in
        guard let pixels = Int(text), HTMLPageOptions.viewportCSSPixelWidths.contains(pixels) else {
            let range = HTMLPageOptions.viewportCSSPixelWidths
            return .failure(
                UsageError(
                    message: "--viewport takes a phone width in CSS pixels from \(range.lowerBound) to "
                        + "\(range.upperBound), such as 320, 375 or 414, not '\(text)'"))
        }
        return .success(pixels)
    }

    static let theme = CLIOption<HTMLTheme>.choice(
        "--theme", summary: "light or dark card of html output",
        help: HelpEntry("--theme", "light (the default) or dark card and page of html output"))

    /// `render`'s `--theme`, which may also draw both themes side by side.
    static let themes = CLIOption<HTMLThemeChoice>.choice(
        "--theme", summary: "light, dark or both cards of html output",
        help: HelpEntry(
            "--theme", "light (the default) or dark card and page of html output, or both side by side"))

    static let device = CLIOption<HTMLDevice>.choice(
        "--device", summary: "phone screen of html output",
        help: HelpEntry(
            "--device",
            "draw each modal on a phone screen with a backdrop and the fold: "
                + HTMLDevice.allCases.map { "\($0.rawValue) (\($0.cssPixelWidth)x\($0.cssPixelHeight))" }
                .joined(separator: ", "),
            "(wins over --viewport)"))

    static let card = CLIOption<ModalColor>(
        "--card", value: .text, placeholder: "'#RRGGBB'", summary: "colour of the app's card",
        help: HelpEntry(
            "--card '#RRGGBB'",
            "the colour of the app's card under html output, with black or white text (wins",
            "over the theme's card)"),
        needs: "a colour such as '#ffffff'"
    ) { text in
        CardChoice.color(parsing: text).mapError {
            UsageError(
                message: "--card takes an opaque colour such as '#ffffff' or '#1c1c1e', not '\(text)': \($0.reason)")
        }
    }

    /// The environment variable that chooses `--bidi` when it is not given.
    static let bidiVariable = "MODALKIT_BIDI"

    static let bidi = CLIOption<BidiDisplay>.choice(
        "--bidi", summary: "order of RTL text",
        help: HelpEntry(
            "--bidi MODE",
            "visual (the default) or logical order of right-to-left text: visual for terminals",
            "that do not reorder (xterm, tmux, kitty, Alacritty, Windows Terminal), logical for",
            "those that do (VTE-based, Konsole, mlterm); default from \(bidiVariable)"))

    /// The display `render` and `preview` use: `--bidi` when given, else a valid `MODALKIT_BIDI`, else visual.
    static func bidiDisplay(option: BidiDisplay?, io: CLIIO) -> BidiDisplay {
        option ?? io.environment(bidiVariable).flatMap(BidiDisplay.init(rawValue:)) ?? .visual
    }

    static let maxBytes = CLIOption<Int>(
        "--max-bytes", value: .number, placeholder: "N", summary: "refuse larger inputs",
        help: HelpEntry(
            "--max-bytes N",
            "refuse inputs larger than N bytes (default \(ByteSize.text(ByteSize.defaultInputLimit)); "
                + "K, M and G suffixes are binary)")
    ) { text in
        ByteSize.parse(text).map { .success($0) }
            ?? .failure(UsageError(message: "--max-bytes takes a positive number of bytes such as 1048576 or 1M"))
    }

    static let header = CLIOption<HTTPHeader>(
        "-H", "--header", value: .text, placeholder: "'Name: value'", repeatable: true,
        summary: "send this header with URL requests",
        help: HelpEntry(
            "-H, --header 'Name: value'",
            "send this header with URL requests (repeatable; for example an Authorization token)"),
        needs: "a header such as 'Authorization: Bearer TOKEN'"
    ) { text in
        HTTPHeader.parse(text).mapError { UsageError(message: $0.message) }
    }

    static let timeout = seconds(
        "--timeout", summary: "seconds before a URL request gives up", example: "5",
        help: "give up on a URL after this long (default \(Int(HTTPRequest.defaultTimeoutSeconds)))")
    static let interval = seconds(
        "--interval", summary: "seconds between polls of a watched URL", example: "2",
        help: "how often --watch polls a URL (default \(URLSourceOptions().intervalMilliseconds / 1000))")

    /// The largest `--timeout` and `--interval`, a day, so that seconds become milliseconds without overflow.
    static let maxSeconds = 86_400.0

    static func seconds(_ name: String, summary: String, example: String, help: String) -> CLIOption<Double> {
        CLIOption(
            name, value: .number, placeholder: "SECONDS", summary: summary,
            help: HelpEntry(name + " SECONDS", help), needs: "a number of seconds"
        ) { text in
            guard let seconds = Double(text), seconds > 0, seconds <= maxSeconds else {
                return .failure(
                    UsageError(
                        message: "\(name) takes a number of seconds greater than 0 such as \(example) or 0.5, "
                            + "not '\(text)'"))
            }
            return .success(seconds)
        }
    }

    /// The help parts of the URL request options, in the order every command shows them.
    static func urlRequestHelp<Target>(_ path: WritableKeyPath<Target, URLSourceOptions> & Sendable) -> [HelpPart<
        Target
    >] {
        [
            .option(OptionBinding(header) { $0[keyPath: path].headers.append($1) }),
            .option(OptionBinding(timeout) { $0[keyPath: path].timeoutSeconds = $1 }),
        ]
    }
}
