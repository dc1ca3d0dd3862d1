import ModalModel

/// A short modal holding what wrapping meets: a styled heading, empty paragraphs, CJK, an emoji
/// sequence, a tab, a link and a coloured run, with one paragraph of 100 UTF-8 bytes.
package let mixedParagraphsModal = Modal(
    message: "Heading\n\n日本語のテキストと emoji 👩‍👩‍👧 café\tand a link here, then more words to wrap.\n\n\nEnd",
    styles: [
        ModalStyle(range: UTF16Range(utf16Offset: 0, utf16Length: 7), fontStyle: .bold, fontSize: 24),
        ModalStyle(range: UTF16Range(utf16Offset: 40, utf16Length: 9), link: .openURL("https://example.com")),
        ModalStyle(range: UTF16Range(utf16Offset: 60, utf16Length: 20), color: ModalColor(red: 200, green: 0, blue: 0)),
    ],
    buttons: [ModalButton(label: "OK", action: .close)])
