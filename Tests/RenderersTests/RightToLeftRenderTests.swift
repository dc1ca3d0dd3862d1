import ModalModel
import Renderers
import Screen
import TestSupport
import Testing
@_spi(Kernel) import TextKernel

/// Right-to-left text in the outputs that place text themselves: SVG and the JSON layout.
@Suite struct RightToLeftRenderTests {
    static let notice = Modal(
        message: "تحديث مهم\nKash Pay",
        buttons: [ModalButton(label: "لاحقًا", action: .close), ModalButton(label: "OK", action: .close)])

    static func document(_ modal: Modal) -> ModalDocument { ModalDocument(modals: [modal], isArray: true) }

    @Test func svgDrawsEachRightToLeftRunAsOneShapedElement() {
        let svg = DocumentRenderer.render(
            Self.document(Self.notice), options: DocumentRenderOptions(format: .svg, width: 30))
        let rtlElements = svg.split(separator: "\n").filter { $0.contains("direction=\"rtl\"") }
        // The title (logical text, so the viewer joins the letters) and the Arabic label; not the Latin line.
        expectEqual(rtlElements.count, 2)
        expect(
            rtlElements.contains { $0.hasSuffix(">تحديث مهم</text>") && $0.contains("unicode-bidi=\"bidi-override\"") })
        expect(rtlElements.contains { $0.hasSuffix(">لاحقًا</text>") })
        // Title: grid cells 19-27 (the 26-cell body starts at cell 2; right-aligned), anchored at its right
        // edge (28 × 9.6), 9 cells long.
        expect(rtlElements[0].hasPrefix("<text x=\"268.8\" ") && rtlElements[0].contains("textLength=\"86.4\""))
        expect(!svg.contains("مهم ثيدحت"))
        expect(svg.contains(">Kash Pay</text>"))
    }

    @Test func jsonLayoutKeepsLogicalSegmentsAndAddsVisualOrder() {
        let modal = Modal(message: "abc שלום 12 עולם")
        let json = DocumentRenderer.render(
            Self.document(modal), options: DocumentRenderOptions(format: .json, width: 30))
        expect(
            json.contains(
                #""direction":"ltr","visual_order":[0,3,2,1],"segments":[{"text":"abc ","col":0,"bidi_level":0,"visual_col":0,"#
            ))
        // On screen: "abc םלוע 12 םולש" — the right-to-left run reversed, the number inside it left to right.
        expect(json.contains(#"{"text":"שלום ","col":4,"bidi_level":1,"visual_col":11,"#))
        expect(json.contains(#"{"text":"12","col":9,"bidi_level":2,"visual_col":9,"#))
        expect(json.contains(#"{"text":" עולם","col":11,"bidi_level":1,"visual_col":4,"#))
        let plain = DocumentRenderer.render(
            Self.document(Modal(message: "abc")), options: DocumentRenderOptions(format: .json, width: 30))
        expect(!plain.contains("visual_order") && !plain.contains("bidi_level"))
    }

    @Test func jsonLayoutGivesTheVisualLabelOfAReorderedButton() {
        let json = DocumentRenderer.render(
            Self.document(Self.notice), options: DocumentRenderOptions(format: .json, width: 30))
        expect(json.contains(#""label":"لاحقًا","#))
        expect(json.contains(#""visual_label":"اقًحال""#))
        expect(!json.contains(#""visual_label":"OK""#))
    }

    @Test func plainOutputFollowsTheBidiOption() {
        let document = Self.document(Self.notice)
        let visual = DocumentRenderer.render(document, options: DocumentRenderOptions(format: .plain, width: 30))
        let logical = DocumentRenderer.render(
            document, options: DocumentRenderOptions(format: .plain, width: 30, bidi: .logical))
        expect(visual.contains("مهم ثيدحت │"))
        expect(logical.contains("تحديث مهم │"))
        for output in [visual, logical] {
            expect(!output.unicodeScalars.contains { ControlCharacters.isBidiFormat($0) })
        }
    }
}
