import ModalModel
import Renderers
import Screen
import Testing

@Suite struct SVGRendererTests {
    @Test func checkerRejectsBrokenXML() {
        #expect(xmlWellFormednessError("<a><b></a></b>") != nil)
        #expect(xmlWellFormednessError("<a x=\"1\" x=\"2\"/>") != nil)
        #expect(xmlWellFormednessError("<a>&nbsp;</a>") != nil)
        #expect(xmlWellFormednessError("<a>\u{1B}</a>") != nil)
        #expect(xmlWellFormednessError("<a>x < y</a>") != nil)
        #expect(xmlWellFormednessError("<a b=\"&amp;\">&lt;&#x41;</a>") == nil)
    }

    @Test func styledModalIsWellFormed() {
        let modal = Modal(
            message: "Tom & Jerry's <deal>",
            styles: [Style(range: UTF16Range(utf16Offset: 0, utf16Length: 3), fontStyle: .boldItalic, link: .openURL("https://e.example/?a=1&b=\"2\""))],
            buttons: [Button(label: "<OK>", action: .close, backgroundColor: Color(red: 0x33, green: 0x33, blue: 0x33))])
        let svg = SVGRenderer.render(ModalView(modal: modal, options: ModalViewOptions(width: 30, focusIndex: 1)).render().grid)
        #expect(xmlWellFormednessError(svg) == nil, "\(xmlWellFormednessError(svg) ?? "")")
        #expect(svg.contains(" &amp; Jerry&apos;s &lt;deal&gt;"))
        #expect(svg.contains("&lt;OK&gt;"))
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"288\" height=\"100\""))
    }

    @Test func everyCellIsAtItsGridPosition() {
        let svg = SVGRenderer.render(CellGrid(lines: ["a漢b", "xyz "]))
        // The wide cluster starts at column 1 and is stretched over exactly two cells.
        #expect(svg.contains("<text x=\"9.6\" y=\"15.6\" textLength=\"19.2\" lengthAdjust=\"spacingAndGlyphs\" fill=\"#e5e5e5\">漢</text>"))
        #expect(svg.contains("<text x=\"0\" y=\"15.6\" textLength=\"9.6\" lengthAdjust=\"spacingAndGlyphs\" fill=\"#e5e5e5\">a</text>"))
        #expect(svg.contains("<text x=\"28.8\" y=\"15.6\" textLength=\"9.6\" lengthAdjust=\"spacingAndGlyphs\" fill=\"#e5e5e5\">b</text>"))
        // A run of narrow cells is one element covering exactly its cells, on the second row.
        #expect(svg.contains("<text x=\"0\" y=\"35.6\" textLength=\"38.4\" lengthAdjust=\"spacingAndGlyphs\" fill=\"#e5e5e5\">xyz </text>"))
        #expect(xmlWellFormednessError(svg) == nil)
    }

    @Test func backgroundsDecorationsAndReverse() {
        var grid = CellGrid(lines: ["abcd"])
        grid.updateStyles(in: Rect(x: 1, y: 0, width: 2, height: 1)) {
            $0.background = Color(red: 0, green: 0, blue: 255)
            $0.underline = true
            $0.strikethrough = true
            $0.bold = true
        }
        grid.updateStyles(in: Rect(x: 3, y: 0, width: 1, height: 1)) { $0.reverse = true }
        let svg = SVGRenderer.render(grid)
        #expect(svg.contains("<rect x=\"9.6\" y=\"0\" width=\"19.2\" height=\"20\" fill=\"#0000ff\"/>"))
        #expect(svg.contains("font-weight=\"bold\">bc</text>"))
        #expect(svg.contains("<rect x=\"9.6\" y=\"18\" width=\"19.2\" height=\"1\" fill=\"#e5e5e5\"/>"))
        #expect(svg.contains("<rect x=\"9.6\" y=\"10\" width=\"19.2\" height=\"1\" fill=\"#e5e5e5\"/>"))
        // Reverse video: default foreground as the background, default background as the text colour.
        #expect(svg.contains("<rect x=\"28.8\" y=\"0\" width=\"9.6\" height=\"20\" fill=\"#e5e5e5\"/>"))
        #expect(svg.contains("fill=\"#000000\">d</text>"))
    }

    @Test func multiScalarClustersStandAlone() {
        let svg = SVGRenderer.render(CellGrid(lines: ["e\u{301}x"]))
        #expect(svg.contains(">e\u{301}</text>"))
        #expect(svg.contains("<text x=\"9.6\""))
    }
}
