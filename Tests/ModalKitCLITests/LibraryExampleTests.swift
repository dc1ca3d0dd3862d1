import ModalKit
import Testing

/// The README's library example, kept compiling and working.
@Suite struct LibraryExampleTests {
    @Test func readmeExampleWorks() throws {
        let json =
            #"{"msg":"Hello, world\nSee the docs","styles":[{"apply_to":{"from":17,"length":8},"link":"https://example.com"}],"buttons":[{"label":"OK","action":"close"}]}"#
        var printed: [String] = []
        func print(_ text: String) { printed.append(text) }

        let result = ModalDecoder.decode(Array(json.utf8))  // parse + validate: never throws, never traps
        for diagnostic in result.diagnostics {
            print("\(diagnostic.location.line):\(diagnostic.location.column) \(diagnostic.code): \(diagnostic.message)")
        }
        if let modal = result.document?.modals.first {
            let lines = StyledText(modal: modal).wrap(options: WrapOptions(modal: modal, width: 40))
            let drawn = ModalView(modal: modal, options: ModalViewOptions(width: 44)).render()
            print(ANSIRenderer.render(drawn.grid, colorDepth: .trueColor))
            print("\(drawn.focusables.map(\.label)) \(lines.count)")
        }

        #expect(result.diagnostics.isEmpty)
        #expect(printed.count == 2)
        #expect(printed.last == #"["the docs", "OK"] 2"#)
    }
}
