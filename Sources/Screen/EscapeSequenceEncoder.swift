import ModalModel
@_spi(Kernel) import TextKernel
import TextLayout

/// The escape sequences that draw cells on an ANSI terminal: SGR for a cell style at a colour depth, resets,
/// OSC 8 hyperlinks, and whole rows of a grid. `render --format ansi` writes its rows with it, and the
/// terminal front with them: the inline preview paints rows, and the full-screen one draws over ncurses'
/// cells with the resets, styles and links from here, so a cell looks the same in either.
///
/// Each row starts from the default state and ends with a reset (`ESC[0m`) and a newline; between cells
/// only the attributes and colours that change are written. Colours are downgraded to `colorDepth` here,
/// at the output edge. Graphemes are written with any control replaced by its placeholder, so the only
/// escape sequences in the output are the ones this encoder writes.
///
/// Terminals advance the cursor by their own width of each code point, which for emoji sequences (ZWJ,
/// VS16, keycaps, skin tones, flags) and emoji newer than a terminal's tables differs from the layout's
/// (`WidthAgreement` says where). Only such a cluster is written between a saved and a restored cursor
/// (DECSC `ESC 7`, DECRC `ESC 8`), and the cursor then moves right by the layout's width of it (CUF,
/// `ESC[nC`), so the rest of the row, the frame included, stays in place whatever the terminal thinks.
/// Every move is relative to where the row started: the output embeds anywhere, indented by a pipe
/// (`sed 's/^/    /'`) or after a prompt, where an absolute column (CHA) would not.
///
/// Pagers pass on colours and links but not cursor moves (`less -R` shows them as text), so without
/// `movesCursor` no move, save or restore is written: a cluster terminals disagree on is replaced by what
/// every table agrees on (`ClusterPlan` with `WidthAgreement.agreedWidth`), padded to the layout's width.
package enum EscapeSequenceEncoder {
    /// Appends the grid's rows at `colorDepth` to `out` as UTF-8; with `hyperlinks`, cells with a link are
    /// wrapped in OSC 8. `clusters` says how clusters that terminals may draw per code point are written;
    /// without `movesCursor` they are written as every table agrees and no cursor move is written at all.
    package static func appendRows(
        _ grid: CellGrid, colorDepth: ColorDepth, hyperlinks: Bool = false, clusters: ClusterMode = .whole,
        movesCursor: Bool = true, to out: inout [UInt8]
    ) {
        out.reserveCapacity(out.count + grid.storage.count * 2 + grid.size.height * 8)
        var lastStyleIndex: UInt32 = .max
        var lastStyle = CellStyle()
        var lastState = SGRState()
        var lastLink: String?
        var lastSafeLink: [UInt8] = []
        let width = grid.size.width
        // Runs of one-byte cells in one style, gathered here and appended at once.
        let runBuffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(1, width))
        defer { runBuffer.deallocate() }
        grid.storage.withUnsafeBufferPointer { cells in
            for y in 0..<grid.size.height {
                var state = SGRState()
                // Whether `state` may differ from `lastState`: they are compared only after either changed,
                // not once a cell.
                var stateMayDiffer = true
                var openLink: String?
                let rowEnd = (y + 1) * width
                var next = y * width
                while next < rowEnd {
                    let index = next
                    next += 1
                    let grapheme = cells[index].grapheme
                    // The stored fields are read directly: this loop runs once a cell.
                    if grapheme.low == 0 && grapheme.high == 0 { continue }  // a wide cluster's right half
                    let styleIndex = cells[index].styleIndex
                    if styleIndex != lastStyleIndex {
                        lastStyleIndex = styleIndex
                        let style = grid.style(at: styleIndex)
                        if !style.hasSameAppearance(as: lastStyle) {
                            lastState = SGRState(style, depth: colorDepth)
                            stateMayDiffer = true
                        }
                        lastStyle = style
                    }
                    if hyperlinks, lastStyle.link != openLink {
                        if openLink != nil { out.append(contentsOf: closeLink) }
                        openLink = lastStyle.link
                        if let link = openLink {
                            if link != lastLink {
                                lastLink = link
                                lastSafeLink = safeURI(link)
                            }
                            out.append(contentsOf: openLinkPrefix)
                            out.append(contentsOf: lastSafeLink)
                            out.append(contentsOf: stringTerminator)
                        }
                    }
                    if stateMayDiffer {
                        if lastState != state {
                            writeTransition(from: state, to: lastState, into: &out)
                            state = lastState
                        }
                        stateMayDiffer = false
                    }
                    if grapheme.high == 1 << 56 {
                        // ASCII: every terminal agrees on one cell. The printable run from here in this style
                        // needs no escape between its cells.
                        var count = 0
                        var runEnd = index
                        while runEnd < rowEnd && cells[runEnd].styleIndex == styleIndex
                            && cells[runEnd].grapheme.high == 1 << 56
                        {
                            // A one-byte grapheme is ASCII, so one compare finds C0 and DEL.
                            let byte = UInt8(truncatingIfNeeded: cells[runEnd].grapheme.low)
                            if byte &- 0x20 >= 0x5F { break }
                            runBuffer[count] = byte
                            // Both stay below `width`, the buffer's size.
                            count &+= 1
                            runEnd &+= 1
                        }
                        if count > 0 {
                            out.append(contentsOf: UnsafeBufferPointer(rebasing: runBuffer[0..<count]))
                            next = runEnd
                        } else {
                            grid.appendSafeBytes(of: grapheme, to: &out)
                        }
                        continue
                    }
                    let x = index - y * width
                    let cellWidth = x + 1 < width && cells[index + 1].grapheme.isContinuation ? 2 : 1
                    // Most non-ASCII cells hold one scalar that terminals agree on: decide from the stored
                    // bytes, without making a String.
                    if let scalar = grapheme.singleTwoOrThreeByteScalar,
                        !WidthAgreement.terminalsMayDisagree(onScalar: scalar, cellWidth: cellWidth)
                    {
                        grid.appendSafeBytes(of: grapheme, to: &out)
                        continue
                    }
                    let text = grid.grapheme(grapheme)
                    let disagree = WidthAgreement.terminalsMayDisagree(on: text, cellWidth: cellWidth)
                    if disagree && !movesCursor {
                        appendAgreed(text, cellWidth: cellWidth, to: &out)
                        continue
                    }
                    // After the row's last cluster nothing follows that could slide.
                    let resync = disagree && x + cellWidth < width
                    if resync { out.append(contentsOf: saveCursor) }
                    if disagree, clusters == .fallback || x + perCodePointWidth(of: text) > width {
                        appendFallback(text, cellWidth: cellWidth, to: &out)
                    } else {
                        grid.appendSafeBytes(of: grapheme, to: &out)
                    }
                    if resync {
                        out.append(contentsOf: restoreCursorAndMoveRight)
                        out.append(UInt8(ascii: cellWidth == 1 ? "1" : "2"))
                        out.append(UInt8(ascii: "C"))
                    }
                }
                if openLink != nil { out.append(contentsOf: closeLink) }
                out.append(contentsOf: resetAndNewline)
            }
        }
    }

    private static let openLinkPrefix: [UInt8] = [
        0x1B, UInt8(ascii: "]"), UInt8(ascii: "8"), UInt8(ascii: ";"), UInt8(ascii: ";"),
    ]
    private static let stringTerminator: [UInt8] = [0x1B, UInt8(ascii: "\\")]
    private static let saveCursor: [UInt8] = [0x1B, UInt8(ascii: "7")]
    /// DECRC, then the start of CUF; the caller writes the count and the final `C`.
    private static let restoreCursorAndMoveRight: [UInt8] = [0x1B, UInt8(ascii: "8"), 0x1B, UInt8(ascii: "[")]
    private static let resetAndNewline: [UInt8] = [
        0x1B, UInt8(ascii: "["), UInt8(ascii: "0"), UInt8(ascii: "m"), UInt8(ascii: "\n"),
    ]
    private static let closeLink: [UInt8] = [
        0x1B, UInt8(ascii: "]"), UInt8(ascii: "8"), UInt8(ascii: ";"), UInt8(ascii: ";"), 0x1B, UInt8(ascii: "\\"),
    ]

    /// The cells a terminal that advances by each code point's own width moves across for `grapheme`.
    static func perCodePointWidth(of grapheme: String) -> Int {
        grapheme.unicodeScalars.reduce(0) { $0 + max(0, CellWidth.of(scalar: $1)) }
    }

    /// Writes what of `grapheme` fits in `cellWidth` cells when drawn per code point (`ClusterPlan`), padded
    /// with spaces to the width; controls are never written raw. `width` is the terminal's width of a code
    /// point, −1 where it may not know it.
    static func appendFallback(
        _ grapheme: String, cellWidth: Int,
        width: (UInt32) -> Int = { Unicode.Scalar($0).map { CellWidth.of(scalar: $0) } ?? 1 },
        to out: inout [UInt8]
    ) {
        var scalars: [UInt32] = []
        var padding = 0
        if let (first, second) = ClusterPlan.flagLetters(grapheme, cellWidth: cellWidth, wcwidth: width) {
            scalars = [first, second]
        } else {
            padding = ClusterPlan.plan(grapheme, cellWidth: cellWidth, into: &scalars, wcwidth: width)
        }
        var text = String.UnicodeScalarView()
        for value in scalars { text.append(Unicode.Scalar(value) ?? "\u{FFFD}") }
        out.append(contentsOf: ControlCharacters.singleLine(String(text)).utf8)
        for _ in 0..<max(0, padding) { out.append(UInt8(ascii: " ")) }
    }

    /// Writes what every terminal draws in `cellWidth` cells for `grapheme`, for output that may not move the
    /// cursor: a flag as its two capital letters (terminals give a lone regional indicator one cell or two),
    /// anything else as `ClusterPlan` plans it with `WidthAgreement.agreedWidth`.
    static func appendAgreed(_ grapheme: String, cellWidth: Int, to out: inout [UInt8]) {
        let indicator: (UInt32) -> Int = { (0x1F1E6...0x1F1FF).contains($0) ? 1 : -1 }
        if let (first, second) = ClusterPlan.flagLetters(grapheme, cellWidth: cellWidth, wcwidth: indicator) {
            out.append(UInt8(truncatingIfNeeded: first - 0x1F1E6) + UInt8(ascii: "A"))
            out.append(UInt8(truncatingIfNeeded: second - 0x1F1E6) + UInt8(ascii: "A"))
            return
        }
        appendFallback(grapheme, cellWidth: cellWidth, width: WidthAgreement.agreedWidth, to: &out)
    }

    /// A link target as an OSC 8 URI: controls replaced by their placeholders, then every byte outside
    /// printable ASCII (and the space) percent-encoded, so the sequence cannot be ended or extended early.
    static func safeURI(_ link: String) -> [UInt8] {
        let hex: [UInt8] = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for byte in ControlCharacters.singleLine(link).utf8 {
            if byte > 0x20 && byte < 0x7F {
                out.append(byte)
            } else {
                out.append(UInt8(ascii: "%"))
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0xF)])
            }
        }
        return out
    }

    /// Appends a reset and then the SGR sequence for `style` at `depth`: for writing a cell where the
    /// terminal's current state is not known, as the preview does over what ncurses drew.
    package static func appendReset(andStyle style: CellStyle, depth: ColorDepth, to out: inout [UInt8]) {
        out.append(contentsOf: [0x1B, UInt8(ascii: "["), UInt8(ascii: "0"), UInt8(ascii: "m")])
        writeTransition(from: SGRState(), to: SGRState(style, depth: depth), into: &out)
    }

    /// Appends the OSC 8 sequence that opens a hyperlink to `link` (made safe by `safeURI`).
    package static func appendOpenLink(_ link: String, to out: inout [UInt8]) {
        out.append(contentsOf: openLinkPrefix)
        out.append(contentsOf: safeURI(link))
        out.append(contentsOf: stringTerminator)
    }

    /// Appends the OSC 8 sequence that ends a hyperlink.
    package static func appendCloseLink(to out: inout [UInt8]) { out.append(contentsOf: closeLink) }

    /// Writes the shortest SGR sequence that turns `old` into `new` (nothing when they draw the same).
    private static func writeTransition(from old: SGRState, to new: SGRState, into out: inout [UInt8]) {
        let start = out.count
        out.append(0x1B)
        out.append(UInt8(ascii: "["))
        let firstParameter = out.count
        func add(_ code: Int) {
            if out.count > firstParameter { out.append(UInt8(ascii: ";")) }
            appendDecimal(code, to: &out)
        }
        // SGR 22 ends both bold and dim, so turning either off means setting the other again.
        if (old.bold && !new.bold) || (old.dim && !new.dim) {
            add(22)
            if new.bold { add(1) }
            if new.dim { add(2) }
        } else {
            if new.bold && !old.bold { add(1) }
            if new.dim && !old.dim { add(2) }
        }
        if new.italic != old.italic { add(new.italic ? 3 : 23) }
        if new.underline != old.underline { add(new.underline ? 4 : 24) }
        if new.reverse != old.reverse { add(new.reverse ? 7 : 27) }
        if new.strikethrough != old.strikethrough { add(new.strikethrough ? 9 : 29) }
        if new.foreground != old.foreground {
            new.foreground.appendParameters(foreground: true, separated: out.count > firstParameter, to: &out)
        }
        if new.background != old.background {
            new.background.appendParameters(foreground: false, separated: out.count > firstParameter, to: &out)
        }
        if out.count == firstParameter {
            out.removeSubrange(start...)
        } else {
            out.append(UInt8(ascii: "m"))
        }
    }
}
