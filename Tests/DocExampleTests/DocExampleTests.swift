import Foundation
import ModalKit
import TestSupport
import Testing

/// Runs every block of `blocks` against a fresh context; a block that throws fails the test with its line.
private func runAll<Context: DocContext>(_ blocks: [DocBlock<Context>], in makeContext: () -> Context) {
    for block in blocks {
        do {
            try block.run(makeContext())
        } catch {
            Issue.record("the block from line \(block.line) threw \(error)")
        }
    }
}

/// Runs the block that contains `text` against `context`, and returns what it did.
private func run<Context: DocContext>(
    _ blocks: [DocBlock<Context>], containing text: String, in context: Context
) throws -> DocOutput {
    let block = try #require(blocks.block(containing: text), "no block contains \(text)")
    try block.run(context)
    return context.output
}

/// The examples of the DocC articles, the README and docs/*.md, compiled from the documents by
/// Scripts/gen_doc_examples.py, and run here to check that they do what the text says.
@Suite struct DocExampleTests {
    @Test(
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "python3 is not installed"))
    func generatedExamplesAreTheDocumentsBlocks() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [repositoryRoot + "/Scripts/gen_doc_examples.py", "--check"]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(message)")
    }

    @Test func everyDocumentHasItsBlocks() {
        #expect(BuildingModalsOnAServerContext.blocks.count >= 4)
        #expect(ShowingModalsInAnAppContext.blocks.count >= 6)
        #expect(ValidatingModalsInCIContext.blocks.count >= 5)
        #expect(ReadmeContext.blocks.count >= 1)
        #expect(CIDocContext.blocks.count >= 1)
        #expect(LibraryDocContext.blocks.count >= 2)
    }

    @Test func serverArticle() throws {
        let blocks = BuildingModalsOnAServerContext.blocks
        runAll(blocks, in: BuildingModalsOnAServerContext.init)
        let built = try run(blocks, containing: "let modal = builder.modal", in: BuildingModalsOnAServerContext())
        let modal = try #require(built.values["modal"] as? Modal)
        #expect(modal.validate().isEmpty)
        #expect(modal.styles.first?.range == UTF16Range(utf16Offset: 0, utf16Length: "Spring sale 🎉".utf16.count))
        #expect(modal.buttons.map(\.label) == ["Apply coupon", "Close"])
        let plain = try run(blocks, containing: "let plain = Modal(", in: BuildingModalsOnAServerContext())
        #expect((plain.values["plain"] as? Modal)?.styles.first?.fontSize == 25)
        // "Check before sending": the encoder refuses what a client would refuse, and writes it when told to.
        let refused = try run(blocks, containing: "writesInvalidModals: true", in: BuildingModalsOnAServerContext())
        #expect(refused.printed.contains("range-out-of-bounds at /styles/0/apply_to/length"))
        #expect(refused.printed.contains("msg is 4 UTF-16 units long"))
        let written = try #require(refused.values["forTests"] as? [UInt8])
        #expect(ModalDecoder.decode(written).diagnostics.map(\.code) == ["range-out-of-bounds"])
    }

    @Test func appArticle() throws {
        let blocks = ShowingModalsInAnAppContext.blocks
        runAll(blocks, in: ShowingModalsInAnAppContext.init)

        let decoded = try run(blocks, containing: "responseBytes", in: ShowingModalsInAnAppContext())
        #expect((decoded.values["modal"] as? Modal)?.buttons.count == 2)

        let context = ShowingModalsInAnAppContext()
        _ = try run(blocks, containing: "MyText(run.text)", in: context)
        let pieces = context.label.pieces
        #expect(pieces.map(\.text).joined() == "Spring sale: 20% off. Terms")
        #expect(pieces.first?.bold == true && pieces.first?.color == ModalColor(red: 0xe4, green: 0x57, blue: 0x2e))
        let tapLink = try #require(pieces.last?.onTap)
        tapLink()
        #expect(context.output.calls == ["open https://example.com/terms"])

        let ranged = try run(blocks, containing: "stringRange(in:", in: ShowingModalsInAnAppContext())
        #expect(ranged.printed == "styled: Spring sale\n")

        let attributed = try run(blocks, containing: "AttributedString(modal:", in: ShowingModalsInAnAppContext())
        #expect(attributed.printed.hasPrefix("Spring sale bold #e4572e -\n"))
        #expect(attributed.printed.contains("Terms - - https://example.com/terms\n"))
        #expect((attributed.values["back"] as? Modal)?.message == "Spring sale: 20% off. Terms")

        let rendered = try run(blocks, containing: "DocumentRenderer.render", in: ShowingModalsInAnAppContext())
        #expect(rendered.printed.contains("\u{1B}[") && rendered.printed.contains("Spring sale"))

        let routed = try run(blocks, containing: "router.onClose", in: ShowingModalsInAnAppContext())
        #expect(routed.calls == ["apply SPRING24"])
    }

    @Test func ciArticle() throws {
        let blocks = ValidatingModalsInCIContext.blocks
        runAll(blocks, in: ValidatingModalsInCIContext.init)

        let checked = try run(blocks, containing: "var failed", in: ValidatingModalsInCIContext())
        #expect(checked.printed.contains("modals/sale.json:1:"))
        #expect(checked.printed.contains("[range-splits-surrogate]"))
        #expect(checked.exitStatus == 1)

        let strict = try run(blocks, containing: "strictFailure", in: ValidatingModalsInCIContext())
        #expect(strict.values["strictFailure"] as? Bool == true)

        let reported = try run(blocks, containing: "ReportFormat.text.render", in: ValidatingModalsInCIContext())
        #expect(reported.printed.contains("modals/sale.json:1:"))
        #expect(reported.printed.contains("::error file=modals/sale.json,line=1,"))
        #expect(reported.printed.hasSuffix("checked 2 files: 1 valid, 1 invalid; 1 error, 1 warning\n"))
        #expect(!reported.printed.hasSuffix("\n\n"))

        let sarif = try run(blocks, containing: "ReportFormat.sarif", in: ValidatingModalsInCIContext())
        #expect(sarif.printed == "true\ntrue\nfalse\n")

        let review = try run(blocks, containing: "ReportFormat.html.render", in: ValidatingModalsInCIContext())
        #expect(review.printed == "true\n")

        let streamed = try run(blocks, containing: "ReportWriter(", in: ValidatingModalsInCIContext())
        let reports = ValidatingModalsInCIContext().reports
        #expect(
            streamed.printed
                == ReportFormat.text.render(reports) + ReportSummary(reports, strict: true).line)
    }

    @Test func readme() throws {
        let blocks = ReadmeContext.blocks
        runAll(blocks, in: ReadmeContext.init)

        let library = try run(blocks, containing: "DocumentRenderOptions(", in: ReadmeContext())
        #expect(library.printed.contains("\u{1B}[") && library.printed.contains("Café"))
    }

    @Test func ciDocument() throws {
        let blocks = CIDocContext.blocks
        runAll(blocks, in: CIDocContext.init)

        let reporting = try run(blocks, containing: "ReportFormat.text.render", in: CIDocContext())
        #expect(reporting.printed.hasPrefix("inbox/42.json:1:"))
        #expect(reporting.printed.contains(#""driver":{"name":"inbox-check","version":"2.3.0""#))
        #expect(reporting.printed.contains("::warning file=inbox/42.json,line=1,"))
        #expect(reporting.printed.contains("+{\"msg\":"))
    }

    @Test func libraryDocument() throws {
        let blocks = LibraryDocContext.blocks
        runAll(blocks, in: LibraryDocContext.init)

        let server = try run(blocks, containing: "handlePromotionRequest()", in: LibraryDocContext())
        #expect(server.printed == "true true\ntrue\n")
        // samples/promotion.json is what the example sends (UPDATE_SNAPSHOTS=1 rewrites it).
        let body = try #require(server.values["body"] as? [UInt8])
        expectSnapshot(String(decoding: body, as: UTF8.self), named: "promotion.json", in: "samples")
        // The builder puts each style on its own piece.
        let received = try #require(server.values["received"] as? DecodeResult)
        let modal = try #require(received.document?.modals.first)
        let utf16 = Array(modal.message.utf16)
        let covered = modal.styles.map {
            String(decoding: utf16[$0.range.utf16Offset..<$0.range.utf16End], as: UTF16.self)
        }
        #expect(covered == ["Spring sale 🎉", "$5 off", "Terms apply"])

        let app = try run(blocks, containing: "ActionRouter()", in: LibraryDocContext())
        #expect(app.printed == "apply SPRING24\n")
    }
}
