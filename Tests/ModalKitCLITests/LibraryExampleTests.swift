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
        if let document = result.document {
            let options = DocumentRenderOptions(format: .ansi, width: 44, colorDepth: .trueColor)
            print(DocumentRenderer.render(document, options: options))  // what `modalkit render` prints
            let runs = MessageRun.runs(of: document.modals[0])  // disjoint styled runs for any UI
            print("\(runs.map(\.text)) \(runs.compactMap(\.attributes.link).count)")
        }

        #expect(result.diagnostics.isEmpty)
        #expect(printed.count == 2)
        #expect(printed.first?.contains("\u{1B}[") == true)
        #expect(printed.first?.contains("Hello, world") == true)
        #expect(printed.last == #"["Hello, world\nSee ", "the docs"] 1"#)
    }
}
