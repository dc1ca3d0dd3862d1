import ModalModel
import Renderers
import Screen
import ScreenLayout
import TestSupport
import Testing

@Suite struct SVGRendererTests {
    @Test func checkerRejectsBrokenXML() {
        expect(xmlWellFormednessError("<a><b></a></b>") != nil)
        expect(xmlWellFormednessError("<a x=\"1\" x=\"2\"/>") != nil)
        expect(xmlWellFormednessError("<a>&nbsp;</a>") != nil)
        expect(xmlWellFormednessError("<a>\u{1B}</a>") != nil)
        expect(xmlWellFormednessError("<a>x < y</a>") != nil)
        expect(xmlWellFormednessError("<a b=\"&amp;\">&lt;&#x41;</a>") == nil)
    }

    @Test func styledModalIsWellFormed() {
        let modal = Modal(
            message: "Tom & Jerry's <deal>",
            styles: [
                ModalStyle(
                    range: UTF16Range(utf16Offset: 0, utf16Length: 3), fontStyle: .boldItalic,
                    link: .openURL("https://e.example/?a=1&b=\"2\""))
            ],
            buttons: [
                ModalButton(
                    label: "<OK>", action: .close, backgroundColor: ModalColor(red: 0x33, green: 0x33, blue: 0x33))
            ]
        )
        let svg = SVGRenderer.render(
            ModalView(modal: modal, options: ModalViewOptions(width: 30, focusIndex: 1)).render().grid)
        expect(xmlWellFormednessError(svg) == nil, "\(xmlWellFormednessError(svg) ?? "")")
        expect(svg.contains(">&amp; Jerry&apos;s &lt;deal&gt;</text>"))
        expect(svg.contains("&lt;OK&gt;"))
        expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"288\" height=\"100\""))
    }

    @Test func everyCellIsAtItsGridPosition() {
        let svg = SVGRenderer.render(CellGrid(lines: ["a漢b", "xyz "]))
        // The wide cluster starts at column 1 and is stretched over exactly two cells.
        expect(
            svg.contains(
                "<text x=\"9.6\" y=\"15.6\" textLength=\"19.2\" lengthAdjust=\"spacingAndGlyphs\" fill=\"#e5e5e5\">漢</text>"
            ))
        expect(
            svg.contains(
                "<text x=\"0\" y=\"15.6\" textLength=\"9.6\" lengthAdjust=\"spacingAndGlyphs\" fill=\"#e5e5e5\">a</text>"
            ))
        expect(
            svg.contains(
                "<text x=\"28.8\" y=\"15.6\" textLength=\"9.6\" lengthAdjust=\"spacingAndGlyphs\" fill=\"#e5e5e5\">b</text>"
            ))
        // A run of narrow cells is one element covering exactly its cells, on the second row; the blank
        // cell after it is not drawn.
        expect(
            svg.contains(
                "<text x=\"0\" y=\"35.6\" textLength=\"28.8\" lengthAdjust=\"spacingAndGlyphs\" fill=\"#e5e5e5\">xyz</text>"
            ))
        expect(xmlWellFormednessError(svg) == nil)
    }

    @Test func backgroundsDecorationsAndReverse() {
        var grid = CellGrid(lines: ["abcd"])
        grid.updateStyles(in: Rect(x: 1, y: 0, width: 2, height: 1)) {
            $0.background = ModalColor(red: 0, green: 0, blue: 255)
            $0.underline = true
            $0.strikethrough = true
            $0.bold = true
        }
        grid.updateStyles(in: Rect(x: 3, y: 0, width: 1, height: 1)) { $0.reverse = true }
        let svg = SVGRenderer.render(grid)
        expect(svg.contains("<rect x=\"9.6\" y=\"0\" width=\"19.2\" height=\"20\" fill=\"#0000ff\"/>"))
        expect(svg.contains("font-weight=\"bold\">bc</text>"))
        expect(svg.contains("<rect x=\"9.6\" y=\"18\" width=\"19.2\" height=\"1\" fill=\"#e5e5e5\"/>"))
        expect(svg.contains("<rect x=\"9.6\" y=\"10\" width=\"19.2\" height=\"1\" fill=\"#e5e5e5\"/>"))
        // Reverse video: default foreground as the background, default background as the text colour.
        expect(svg.contains("<rect x=\"28.8\" y=\"0\" width=\"9.6\" height=\"20\" fill=\"#e5e5e5\"/>"))
        expect(svg.contains("fill=\"#000000\">d</text>"))
    }

    /// Bug: in `samples/combining-marks.json` the hook above the italic "phở" (o, U+031B, U+0309) was drawn
    /// beside its letter: the monospace oblique face has no anchors to attach the marks. Such a cluster is
    /// drawn upright and slanted by a transform, at its own cell.
    @Test func marksInItalicTextStayOnTheirLetter() throws {
        let bytes = try #require(readFileBytes(repositoryRoot + "/samples/combining-marks.json"))
        let modal = try #require(ModalDecoder.decode(bytes).document?.modals.first)
        let grid = ModalView(modal: modal, options: ModalViewOptions(width: 44)).render().grid
        let lines = SVGRenderer.render(grid).split(separator: "\n")
        let hook = try #require(lines.first { $0.contains(">o\u{31B}\u{309}</text>") })
        expect(hook.contains("skewX(") && !hook.contains("font-style"), "\(hook)")
        // Where the cluster sits in the grid is where the transform puts it.
        let text = try #require(svgTexts(String(hook)).first)
        let column = Int((text.x / SVGOptions().cellWidth).rounded())
        let row = Int(((text.y - 15.6) / SVGOptions().cellHeight).rounded())
        expectEqual(grid.row(row)[grid.row(row).startIndex + column].grapheme, "o\u{31B}\u{309}")
        // Upright text with marks is left as it was.
        let upright = SVGRenderer.render(CellGrid(lines: ["e\u{301}x"]))
        expect(!upright.contains("skewX"))
    }

    @Test func multiScalarClustersStandAlone() {
        let svg = SVGRenderer.render(CellGrid(lines: ["e\u{301}x"]))
        expect(svg.contains(">e\u{301}</text>"))
        expect(svg.contains("<text x=\"9.6\""))
    }
}

/// Regression tests for what the SVG showed in a browser that the grid did not hold.
@Suite struct SVGBrowserRegressionTests {
    /// Bug: runs held blanks (padding before the right frame, gaps between words, "[ OK ]" followed by the
    /// row's padding). Chromium does not inherit `xml:space="preserve"` from the root, so it collapsed
    /// leading, trailing and doubled spaces, and `textLength` then stretched what was left over the whole
    /// run: the right frame became wide white blocks and words slid off their cells.
    @Test func textRunsHoldNoBlankThatXMLWhitespaceRulesCouldCollapse() {
        let modal = Modal(
            message: "Hi  there,   世界 👋🏽 a b\n   indented  text",
            styles: [ModalStyle(range: UTF16Range(utf16Offset: 4, utf16Length: 5), fontStyle: .bold)],
            buttons: [ModalButton(label: "OK", action: .close), ModalButton(label: "Not  now", action: .close)])
        let grid = ModalView(modal: modal, options: ModalViewOptions(width: 30)).render().grid
        let texts = svgTexts(SVGRenderer.render(grid))
        expect(!texts.isEmpty)
        for text in texts {
            expect(!text.content.hasPrefix(" ") && !text.content.hasSuffix(" "), "\(text.content)")
            expect(!text.content.contains("  "), "\(text.content)")
        }
    }

    /// The drawn text, put back into cells by its coordinates, is the grid: every character in its own
    /// cell, wide ones over two, blanks and box-drawing lines (drawn as shapes) left out.
    @Test func textElementsRebuildTheGrid() {
        let modal = Modal(
            message: "汉字  and 👨‍👩‍👧 e\u{301}  x\n\nمرحبا  بالعالم",
            styles: [
                ModalStyle(
                    range: UTF16Range(utf16Offset: 0, utf16Length: 2), color: ModalColor(red: 255, green: 0, blue: 0))
            ],
            buttons: [ModalButton(label: "好的", action: .close), ModalButton(label: "Later", action: .next)])
        let grid = ModalView(modal: modal, options: ModalViewOptions(width: 24, focusIndex: 0)).render().grid
        let options = SVGOptions()
        var rebuilt = Array(repeating: Array(repeating: " ", count: grid.size.width), count: grid.size.height)
        for text in svgTexts(SVGRenderer.render(grid, options: options)) {
            let column = Int((text.x / options.cellWidth).rounded())
            let row = Int(((text.y - 15.6) / options.cellHeight).rounded())
            let characters = Array(text.content)
            let cells = Int((text.textLength / options.cellWidth).rounded())
            if characters.count == 1 && cells == 2 {
                rebuilt[row][column] = String(characters[0])
                rebuilt[row][column + 1] = ""
            } else {
                expectEqual(
                    cells, characters.count, "\(text.content) is \(characters.count) cells, stretched over \(cells)")
                for (offset, character) in characters.enumerated() { rebuilt[row][column + offset] = String(character) }
            }
        }
        for y in 0..<grid.size.height {
            let expected = grid.row(y).map { cell in
                cell.grapheme.unicodeScalars.allSatisfy { (0x2500...0x257F).contains($0.value) } && !cell.isContinuation
                    ? " " : cell.grapheme
            }
            expectEqual(rebuilt[y], expected, "row \(y)")
        }
    }

    /// Bug: the frame was text, and a font's box-drawing glyphs span its ascent and descent, not the 20px
    /// row, so the sides of the frame broke between rows. Lines are now rects from cell edge to centre.
    @Test func frameLinesAreShapesThatMeetAtCellCentres() {
        let svg = SVGRenderer.render(CellGrid(lines: ["┌─┐", "│ │", "└─┘"]))
        expect(svgTexts(svg).isEmpty)
        // Top edge: one rect from the left corner's centre to the right corner's centre, 1px thick.
        expect(svg.contains("<rect x=\"4.3\" y=\"9.5\" width=\"20.2\" height=\"1\" fill=\"#e5e5e5\"/>"))
        expect(svg.contains("<rect x=\"4.3\" y=\"49.5\" width=\"20.2\" height=\"1\" fill=\"#e5e5e5\"/>"))
        // Left side: corner to the bottom of its row, the whole middle row, top of the last row to its corner.
        expect(svg.contains("<rect x=\"4.3\" y=\"9.5\" width=\"1\" height=\"10.5\" fill=\"#e5e5e5\"/>"))
        expect(svg.contains("<rect x=\"4.3\" y=\"20\" width=\"1\" height=\"20\" fill=\"#e5e5e5\"/>"))
        expect(svg.contains("<rect x=\"4.3\" y=\"40\" width=\"1\" height=\"10.5\" fill=\"#e5e5e5\"/>"))
        expect(svg.contains("<rect x=\"23.5\" y=\"20\" width=\"1\" height=\"20\" fill=\"#e5e5e5\"/>"))
    }

    /// The sides of a whole modal's frame cover every row without a gap.
    @Test func modalFrameSidesAreContinuous() {
        let modal = Modal(
            message: "One two three four five six seven", buttons: [ModalButton(label: "OK", action: .close)])
        let grid = ModalView(modal: modal, options: ModalViewOptions(width: 12)).render().grid
        let svg = SVGRenderer.render(grid)
        expectEqual(grid.size.width, 12)
        // The 1px strokes sit half a pixel left of the centres of columns 0 and 11 (4.8 and 110.4).
        for x in ["4.3", "109.9"] {
            var reach = 9.5
            for rect in svgRects(svg) where rect.x == x && rect.width == 1 {
                expectEqual(rect.y, reach, "gap or overlap at \(reach) in the side at x=\(x)")
                reach = rect.y + rect.height
            }
            expectEqual(reach, Double(grid.size.height - 1) * 20 + 10.5)
        }
    }

    /// Heavy lines are twice as thick, and a dim line is drawn at the dim text's opacity.
    @Test func heavyAndDimLines() {
        var grid = CellGrid(lines: ["━━"])
        grid.updateStyles(in: Rect(x: 1, y: 0, width: 1, height: 1)) { $0.dim = true }
        let svg = SVGRenderer.render(grid)
        expect(svg.contains("<rect x=\"0\" y=\"9\" width=\"9.6\" height=\"2\" fill=\"#e5e5e5\"/>"))
        expect(svg.contains("<rect x=\"9.6\" y=\"9\" width=\"9.6\" height=\"2\" fill=\"#e5e5e5\" opacity=\"0.6\"/>"))
    }

    /// Bug: a browser applied the bidi algorithm inside each text element, so right-to-left words were
    /// reversed within their run but not across runs, matching neither the grid nor any terminal. The grid
    /// holds such text in logical order (FORMAT.md), and the picture now shows it cell for cell.
    @Test func rightToLeftTextKeepsTheGridOrder() {
        let svg = SVGRenderer.render(CellGrid(lines: ["مرحبا بالعالم"]))
        expect(svg.contains("<style>text{unicode-bidi:bidi-override;direction:ltr}</style>"))
        expectEqual(svgTexts(svg).map(\.content), ["مرحبا بالعالم"])
    }

    /// An underline follows its cells across the blanks between words, as one line.
    @Test func underlineSpansBlanks() {
        var grid = CellGrid(lines: ["a b c"])
        grid.updateStyles(in: Rect(x: 0, y: 0, width: 3, height: 1)) { $0.underline = true }
        let svg = SVGRenderer.render(grid)
        expect(svg.contains("<rect x=\"0\" y=\"18\" width=\"28.8\" height=\"1\" fill=\"#e5e5e5\"/>"))
        expectEqual(svgTexts(svg).map(\.content), ["a b", "c"])
    }
}

/// The `<text>` elements of an SVG document: position, `textLength` and unescaped content.
func svgTexts(_ svg: String) -> [(x: Double, y: Double, textLength: Double, content: String)] {
    var texts: [(x: Double, y: Double, textLength: Double, content: String)] = []
    var rest = Substring(svg)
    while let open = rest.firstRange(of: "<text ") {
        guard let tagEnd = rest[open.upperBound...].firstIndex(of: ">"),
            let close = rest[tagEnd...].firstRange(of: "</text>")
        else { break }
        let tag = rest[open.lowerBound..<tagEnd]
        var content = String(rest[rest.index(after: tagEnd)..<close.lowerBound])
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'"), ("&amp;", "&")] {
            content = content.replacing(entity, with: character)
        }
        var x = attribute("x", in: tag) ?? -1
        var y = attribute("y", in: tag) ?? -1
        if let translate = tag.firstRange(of: "translate(") {
            // A slanted cluster is placed by its transform.
            let numbers = tag[translate.upperBound...].prefix { $0 != ")" }.split(separator: " ").compactMap {
                Double($0)
            }
            if numbers.count == 2 { (x, y) = (numbers[0], numbers[1]) }
        }
        let textLength = attribute("textLength", in: tag) ?? -1
        if tag.contains("direction=\"rtl\"") {
            // A right-to-left run as the viewer lays it out: anchored at its right edge, its logical text shown
            // right to left with brackets mirrored, no-break spaces (kept from merging) seen as spaces.
            x -= textLength
            let mirrored: [Character: Character] = ["(": ")", ")": "(", "[": "]", "]": "[", "{": "}", "}": "{"]
            content = String(content.reversed().map { $0 == "\u{A0}" ? " " : mirrored[$0] ?? $0 })
        }
        texts.append((x, y, textLength, content))
        rest = rest[close.upperBound...]
    }
    return texts
}

/// The `<rect>` elements of an SVG document with an x attribute, in order (x kept as written).
func svgRects(_ svg: String) -> [(x: String, y: Double, width: Double, height: Double)] {
    svg.split(separator: "\n").compactMap { line in
        guard line.hasPrefix("<rect x=\"") else { return nil }
        let x = line.dropFirst("<rect x=\"".count).prefix { $0 != "\"" }
        return (
            String(x), attribute("y", in: line) ?? -1, attribute("width", in: line) ?? -1,
            attribute("height", in: line) ?? -1
        )
    }
}

private func attribute(_ name: String, in tag: Substring) -> Double? {
    guard let start = tag.firstRange(of: " " + name + "=\"") else { return nil }
    return Double(tag[start.upperBound...].prefix { $0 != "\"" })
}
