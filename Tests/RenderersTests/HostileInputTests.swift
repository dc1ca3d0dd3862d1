import ModalModel
import Renderers
import Screen
import ScreenLayout
import TestSupport
import Testing

/// Every raw control in `bytes` (C0 but line feed, DEL, C1 as UTF-8, bidi controls), as "offset: value".
private func rawControls(_ bytes: [UInt8]) -> [String] {
    var found: [String] = []
    for (offset, byte) in bytes.enumerated() {
        if (byte < 0x20 && byte != 0x0A) || byte == 0x7F { found.append("\(offset): \(byte)") }
        if byte == 0xC2, offset + 1 < bytes.count, (0x80...0x9F).contains(bytes[offset + 1]) {
            found.append("\(offset): C1 \(bytes[offset + 1])")
        }
        if byte == 0xE2, offset + 2 < bytes.count {
            let (b1, b2) = (bytes[offset + 1], bytes[offset + 2])
            if (b1 == 0x80 && (0xAA...0xAE).contains(b2)) || (b1 == 0x81 && (0xA6...0xA9).contains(b2)) {
                found.append("\(offset): bidi")
            }
        }
    }
    return found
}

/// The ANSI output with the renderer's own sequences removed: SGR (`ESC [ digits;… m`) and OSC 8
/// (`ESC ] 8 ; ; URI ESC \` with a URI of printable ASCII only). Nil when an escape starts anything else.
private func strippingOwnSequences(_ bytes: [UInt8]) -> [UInt8]? {
    var out: [UInt8] = []
    var index = 0
    while index < bytes.count {
        guard bytes[index] == 0x1B else {
            out.append(bytes[index])
            index += 1
            continue
        }
        guard index + 1 < bytes.count else { return nil }
        if bytes[index + 1] == UInt8(ascii: "[") {
            index += 2
            while index < bytes.count,
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) || bytes[index] == UInt8(ascii: ";")
            {
                index += 1
            }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "m") else { return nil }
            index += 1
        } else if Array(bytes[(index + 1)...].prefix(4)) == Array("]8;;".utf8) {
            index += 5
            while index < bytes.count, bytes[index] != 0x1B {
                guard (0x21...0x7E).contains(bytes[index]) else { return nil }
                index += 1
            }
            guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\\") else { return nil }
            index += 2
        } else {
            return nil
        }
    }
    return out
}

@Suite struct HostileInputTests {
    let renderings = [
        ModalView(modal: Fixtures.hostile, options: ModalViewOptions(width: 30)).render(),
        ModalView(
            modal: Fixtures.hostile, options: ModalViewOptions(width: 30, focusIndex: 1, pageLabel: "1/\u{1B}[2J")
        ).render(),
        ModalView(modal: Fixtures.hostile, options: ModalViewOptions(width: 12, ascii: true, focusIndex: 0)).render(),
    ]

    @Test func gridHoldsNoControls() {
        for rendering in renderings {
            for cell in rendering.grid.cells {
                expect(
                    rawControls(Array(cell.grapheme.utf8)).isEmpty, "cell \(cell.grapheme.unicodeScalars.map(\.value))")
                if let link = cell.style.link { expect(rawControls(Array(link.utf8)).isEmpty) }
            }
            for focusable in rendering.focusables {
                expect(rawControls(Array(focusable.label.utf8)).isEmpty)
            }
        }
    }

    @Test func plainHasNoControlBytes() {
        for rendering in renderings {
            let bytes = Array(PlainRenderer.render(rendering.grid).utf8)
            expect(rawControls(bytes).isEmpty)
        }
        expect(PlainRenderer.render(renderings[0].grid).contains("OK␛[31m�0m"))
    }

    @Test func ansiHasOnlyItsOwnSequences() {
        for rendering in renderings {
            for depth in ColorDepth.allCases {
                for hyperlinks in [false, true] {
                    let bytes = Array(
                        ANSIRenderer.render(rendering.grid, colorDepth: depth, hyperlinks: hyperlinks).utf8)
                    guard let rest = strippingOwnSequences(bytes) else {
                        Issue.record("foreign escape sequence at depth \(depth), hyperlinks \(hyperlinks)")
                        continue
                    }
                    expect(rawControls(rest).isEmpty, "depth \(depth), hyperlinks \(hyperlinks)")
                }
            }
        }
        let linked = ANSIRenderer.render(renderings[0].grid, colorDepth: .trueColor, hyperlinks: true)
        expect(
            linked.contains(
                "\u{1B}]8;;https://evil.example/%E2%90%9B]8;;https://other.example%E2%90%9B\\%E2%90%87\u{1B}\\"))
    }

    @Test func svgHasNoControlBytes() {
        for rendering in renderings {
            let svg = SVGRenderer.render(rendering.grid)
            expect(rawControls(Array(svg.utf8)).isEmpty)
            expect(xmlWellFormednessError(svg) == nil)
        }
    }

    @Test func jsonHasNoControlBytes() {
        let json = JSONLayoutRenderer.render([Fixtures.hostile], modalWidth: 30)
        expect(rawControls(Array(json.utf8)).isEmpty)
        expect(json.contains(#""label":"OK␛[31m�0m""#))
        // Actions are data the app acts on, so they keep their exact value, with controls as JSON escapes.
        expect(
            json.contains(#"{"type":"url","url":"https://evil.example/\u001b]8;;https://other.example\u001b\\\u0007"}"#)
        )
        expect(json.contains(#"{"type":"custom","name":"x\u001by"}"#))
        let actionJSON = encodeAction(Fixtures.hostile.buttons[1].action)
        expect(rawControls(Array(actionJSON.utf8)).isEmpty)
    }

    @Test func checkersCatchRawControls() {
        expect(!rawControls(Array("a\u{1B}b".utf8)).isEmpty)
        expect(!rawControls(Array("a\u{9B}b".utf8)).isEmpty)
        expect(!rawControls(Array("a\u{202E}b".utf8)).isEmpty)
        expect(rawControls(Array("a␛\nb".utf8)).isEmpty)
        expect(strippingOwnSequences(Array("\u{1B}]0;t\u{07}".utf8)) == nil)
        expect(strippingOwnSequences(Array("\u{1B}[2J".utf8)) == nil)
        expectEqual(strippingOwnSequences(Array("\u{1B}[1;38;5;208mx\u{1B}]8;;u\u{1B}\\".utf8)), Array("x".utf8))
    }
}
