import ModalModel
import Preview
import Renderers
import Screen
import ScreenLayout
import Terminal
import TextLayout

/// What a fuzz run feeds the library.
package enum FuzzTarget: String, Sendable, CaseIterable {
    /// The bytes are a JSON document: decode, validate, then draw every modal every way.
    case json
    /// The bytes choose modal values built in code through the package initialisers (any `Int`, any
    /// `Double`, any string), which skip the validator, then draw them every way.
    case values
    /// The bytes are a JSON document: when validation reports no error, every format and the review page
    /// must render it, with well-formed numbers (`RenderOracle`).
    case render
}

/// Runs one input through the whole library. A crash, trap or sanitizer report is a bug. Output is mostly
/// not checked, only that every entry point returns, with two exceptions, which a failed precondition
/// reports as a crash: decoding's fast path for valid documents must give what the full path gives, and a
/// document validation accepts must render in every format (the `render` target).
package enum FuzzHarness {
    /// Runs `bytes` as `target`.
    package static func run(_ target: FuzzTarget, _ bytes: [UInt8]) {
        switch target {
        case .json: runJSON(bytes)
        case .values: runValues(bytes)
        case .render:
            if let failure = RenderOracle.failure(bytes) {
                preconditionFailure("validate accepts, render fails: \(failure)")
            }
        }
    }

    static func runJSON(_ bytes: [UInt8]) {
        checkFastPath(bytes)
        // Every stretch between quotes is a candidate action text: a mutated action string of a seed lands here.
        for piece in bytes.prefix(4096).split(separator: UInt8(ascii: "\""), omittingEmptySubsequences: true) {
            checkActionReaders(piece)
        }
        let result = ModalDecoder.decode(bytes)
        for diagnostic in result.diagnostics { _ = diagnostic.message.utf8.count }
        guard let document = result.document else { return }
        // The last byte picks the width so that the same document is drawn at many widths.
        let width = [1, 5, 12, 20, 44, 80, 0, -3][Int(bytes.last ?? 0) % 8]
        drawEverything(document, width: width, events: bytes.suffix(16))
    }

    /// The fast path takes a document only when the full path reports nothing, and then gives the same
    /// document, string for string in the same bytes (`==` on strings would let canonically equivalent
    /// ones pass).
    static func checkFastPath(_ bytes: [UInt8]) {
        guard let fast = ModalDecoder.validDocumentWithoutTree(bytes) else { return }
        let full = ModalDecoder.decodeKeepingTree(bytes).result
        precondition(full.diagnostics.isEmpty, "the fast path took a document with diagnostics: \(full.diagnostics)")
        precondition(
            full.document == fast
                && full.document.map(ModalEncoder().encodeUnchecked) == ModalEncoder().encodeUnchecked(fast),
            "the fast path read another document than the full path")
    }

    /// The byte reader for printable actions takes a text only when the general reader parses it with no
    /// warning, to the same action in the same bytes.
    static func checkActionReaders(_ bytes: ArraySlice<UInt8>) {
        guard let fast = bytes.withUnsafeBufferPointer(ModalAction.parsingPrintableASCII) else { return }
        let text = String(decoding: bytes, as: UTF8.self)
        guard case .success(let general) = ModalAction.parsingInGeneral(text) else {
            preconditionFailure("the byte reader took an action the general reader refuses: \(text)")
        }
        precondition(
            general.warnings.isEmpty && general.action == fast
                && Array(general.action.text.utf8) == Array(fast.text.utf8),
            "the byte reader read another action than the general reader: \(text)")
    }

    static func runValues(_ bytes: [UInt8]) {
        var reader = FuzzByteReader(bytes)
        var modals: [Modal] = []
        for _ in 0..<(1 + reader.count(below: 3)) {
            modals.append(modal(&reader))
        }
        // Any Int now and then (clipped by the view); mostly widths that draw quickly, so runs stay fast.
        var width = reader.byte() >= 0xF0 ? reader.int() : reader.count(below: 125) - 5
        // An enormous message at a narrow width is a hundred thousand rows drawn every way under ASan, seconds a
        // run; the fuzzer keeps such inputs and mutates them, so they would crowd out everything else. They are
        // drawn at a moderate width instead (the extreme widths stay); narrow long layouts have unit tests.
        if (0..<60).contains(width), modals.contains(where: { $0.message.utf8.count > 16 * 1024 }) { width = 60 }
        let document = ModalDocument(modals: modals)
        checkFastPath(ModalEncoder().encodeUnchecked(document))
        drawEverything(document, width: width, events: bytes.suffix(16))
        // Values built in code reach the HTML page unvalidated; its numbers must still be ones a browser reads
        // (decoded documents reach it through the render target).
        let page = DocumentRenderer.render(
            ModalDocument(modals: Array(document.modals.prefix(3))),
            options: DocumentRenderOptions(format: .html, width: width))
        if let problem = OutputNumbers.firstMalformed(inHTML: page) { preconditionFailure("html: \(problem)") }
    }

    static func modal(_ reader: inout FuzzByteReader) -> Modal {
        let message = reader.string(maxScalars: 40)
        var styles: [ModalStyle] = []
        for _ in 0..<reader.count(below: 6) {
            let range = UTF16Range(utf16Offset: reader.int(), utf16Length: reader.int())
            styles.append(
                ModalStyle(
                    range: range, fontStyle: reader.bool() ? FontStyle.allCases[reader.count(below: 6)] : nil,
                    underline: reader.bool() ? reader.bool() : nil, strikethrough: reader.bool() ? reader.bool() : nil,
                    fontSize: reader.bool() ? reader.double() : nil, color: reader.bool() ? color(&reader) : nil,
                    backgroundColor: reader.bool() ? color(&reader) : nil, link: reader.bool() ? action(&reader) : nil))
        }
        var buttons: [ModalButton] = []
        for _ in 0..<reader.count(below: 4) {
            buttons.append(
                ModalButton(
                    label: reader.string(), action: action(&reader),
                    backgroundColor: reader.bool() ? color(&reader) : nil,
                    foregroundColor: reader.bool() ? color(&reader) : nil))
        }
        return Modal(
            message: message, styles: styles, buttons: buttons,
            textAlignment: ModalTextAlignment.allCases[reader.count(below: 3)],
            maxLines: reader.bool() ? reader.int() : nil)
    }

    static func color(_ reader: inout FuzzByteReader) -> ModalColor {
        ModalColor(red: reader.byte(), green: reader.byte(), blue: reader.byte(), alpha: reader.byte())
    }

    static func action(_ reader: inout FuzzByteReader) -> ModalAction {
        switch reader.count(below: 7) {
        case 0: return .close
        case 1: return .next
        case 2: return .previous
        case 3: return .openURL(reader.string())
        case 4: return .command(scheme: reader.string(maxScalars: 6), name: reader.string(), data: nil)
        case 5: return (try? ModalAction.parse(reader.string()).action) ?? .custom(reader.string())
        default: return .custom(reader.string())
        }
    }

    /// Every layer below the decoder: styled text, wrapping, the modal view, every renderer at every
    /// colour depth, the JSON layout, and the preview driven by `events`.
    /// Pieces of a byte and windows of 32 bytes, so that every input takes the long texts' paths.
    static let tinyWrapSizes = WrappedText.Sizes(
        wholeUTF8Count: 1, inOrderPieceUTF8Count: 1, anywherePieceUTF8Count: 1, windowUTF8Count: 32)

    static func drawEverything(_ document: ModalDocument, width: Int, events: ArraySlice<UInt8>) {
        for modal in document.modals.prefix(3) {
            let styled = StyledText(modal: modal)
            let options = WrapOptions(modal: modal, width: width)
            let whole = styled.wrap(options: options)
            // An oracle, not only a run: wrapping a paragraph at a time, and a long paragraph a window at a
            // time, must give exactly the lines of wrapping whole. Tiny pieces and windows make every input
            // take those paths; a difference traps, so the fuzzer reports it as a crash.
            var inPieces: [LayoutLine] = []
            _ = WrappedText(styled, options: options, reading: .inOrder, sizes: Self.tinyWrapSizes) {
                inPieces.append($1)
            }
            precondition(inPieces == whole, "wrapping in pieces and windows differs from wrapping whole")
            _ = styled.wrap(options: WrapOptions(width: width, alignment: .right, maxLines: modal.maxLines))
            _ = ModalView.bodyFontSize(for: modal)
            let rendering = ModalView(
                modal: modal,
                options: ModalViewOptions(
                    width: ModalWidth(clamping: width), ascii: width % 2 == 0, focusIndex: width % 3)
            ).render()
            _ = PlainRenderer.render(rendering.grid)
            for depth in ColorDepth.allCases {
                _ = ANSIRenderer.render(rendering.grid, colorDepth: depth, hyperlinks: true)
            }
            if let problem = OutputNumbers.firstMalformed(inSVG: SVGRenderer.render(rendering.grid)) {
                preconditionFailure("svg: \(problem)")
            }
            for focusable in rendering.focusables { _ = focusable.action.hyperlinkTarget }
        }
        _ = JSONLayoutRenderer.render(Array(document.modals.prefix(3)), modalWidth: ModalWidth(clamping: width))
        drivePreview(document, width: width, events: events)
    }

    static func drivePreview(_ document: ModalDocument, width: Int, events: ArraySlice<UInt8>) {
        let terminal = Size(width: 10 + width % 100, height: 3 + width % 40)
        var state = PreviewState(
            document: document, terminalSize: terminal,
            options: PreviewOptions(modalWidth: ModalWidth(clamping: width), stay: true))
        _ = state.view()
        for (x, y) in [(Int.min, Int.max), (Int.max, Int.min), (-1, -1)] {
            for button in [MouseButton.left, .wheelUp, .wheelDown] {
                (state, _) = state.update(.mouse(x: x, y: y, button: button, pressed: true))
                (state, _) = state.update(.mouse(x: x, y: y, button: button, pressed: false))
            }
        }
        let keys: [Key] = [
            .tab, .shiftTab, .left, .right, .up, .down, .pageUp, .pageDown, .home, .end, .enter, .space, .char("n"),
            .char("p"), .char("?"), .escape, .controlL,
        ]
        for byte in events {
            let event: PreviewEvent
            switch byte % 4 {
            case 0:
                event = .mouse(
                    x: Int(byte) % max(1, terminal.width + 2) - 1, y: Int(byte / 4) % max(1, terminal.height + 2) - 1,
                    button: .left, pressed: byte & 0x10 != 0)
            case 1: event = .resize(Size(width: Int(byte) % 130 - 2, height: Int(byte / 3) % 50 - 2))
            default: event = .key(keys[Int(byte / 4) % keys.count])
            }
            (state, _) = state.update(event)
            _ = state.view()
        }
    }
}
