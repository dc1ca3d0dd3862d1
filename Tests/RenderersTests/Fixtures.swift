import ModalModel
import TextLayout

/// Modals shared by the hostile-input and snapshot tests.
enum Fixtures {
    static let evilURL = "https://evil.example/\u{1B}]8;;https://other.example\u{1B}\\\u{07}"

    /// A message full of terminal attacks: a title change, a screen clear, an OSC 52 clipboard write,
    /// bidi overrides and a C1 CSI; a link URL and a button label with ESC.
    static let hostile = Modal(
        message:
            "Hi \u{1B}]0;title\u{07} \u{1B}[2J \u{1B}]52;c;aGVsbG8=\u{07} \u{202E}evil\u{202C} \u{9B}31m \u{2066}x\u{2069} end",
        styles: [
            ModalStyle(range: UTF16Range(utf16Offset: 0, utf16Length: 2), fontStyle: .bold, link: .openURL(evilURL))
        ],
        buttons: [
            ModalButton(label: "OK\u{1B}[31m\u{9B}0m", action: .openURL(evilURL)),
            ModalButton(label: "\u{1B}]52;c;aGk=\u{07}", action: .custom("x\u{1B}y")),
        ])

    /// Heading, colours, a link and coloured buttons.
    static let welcome = Modal(
        message: "Welcome back! Your plan renews on 1 May. Read the terms.",
        styles: [
            ModalStyle(range: UTF16Range(utf16Offset: 0, utf16Length: 13), fontStyle: .bold, fontSize: 24),
            ModalStyle(
                range: UTF16Range(utf16Offset: 34, utf16Length: 5), color: ModalColor(red: 0xFF, green: 0x88, blue: 0)),
            ModalStyle(range: UTF16Range(utf16Offset: 50, utf16Length: 5), link: .openURL("https://example.com/terms")),
        ],
        buttons: [
            ModalButton(
                label: "Renew", action: .command(scheme: "shop", name: "renew", data: nil),
                backgroundColor: ModalColor(red: 0x22, green: 0x66, blue: 0xCC),
                foregroundColor: ModalColor(red: 255, green: 255, blue: 255)),
            ModalButton(
                label: "Later", action: .close,
                backgroundColor: ModalColor(red: 0x33, green: 0x33, blue: 0x33, alpha: 0x80)),
        ])

    /// The welcome message laid out by hand at body width 26, so that the renderer snapshots show every
    /// style whatever the wrapping engine does.
    static let welcomeLines: [LayoutLine] = {
        let heading = TextStyle(StyleAttributes(fontStyle: .bold, fontSize: 24))
        let orange = TextStyle(.color(ModalColor(red: 0xFF, green: 0x88, blue: 0)))
        let link = TextStyle(.link(.openURL("https://example.com/terms")), linkStyleIndex: 2)
        func piece(_ text: String, _ style: TextStyle, column: Int, from: Int) -> LineSegment {
            LineSegment(
                text: text, style: style, column: column, cellWidth: text.count, sourceUTF16Offset: from,
                sourceUTF16Length: text.utf16.count)
        }
        return [
            LayoutLine(segments: [piece("Welcome back!", heading, column: 0, from: 0)]),
            LayoutLine(segments: [
                piece("Your plan renews on ", TextStyle(), column: 0, from: 14),
                piece("1 May", orange, column: 20, from: 34),
                piece(".", TextStyle(), column: 25, from: 39),
            ]),
            LayoutLine(segments: [
                piece("Read the ", TextStyle(), column: 0, from: 41), piece("terms", link, column: 9, from: 50),
                piece(".", TextStyle(), column: 14, from: 55),
            ]),
        ]
    }()
}
