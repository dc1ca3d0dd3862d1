import ModalDiff
import ModalModel
import TestSupport
import Testing

@Suite struct ModalComparisonTests {
    private func modals(_ json: String) -> [Modal] {
        let result = ModalDecoder.decode(Array(json.utf8))
        expect(!result.hasErrors, "\(result.diagnostics)")
        return result.document?.modals ?? []
    }

    private func changes(_ old: String, _ new: String) -> FileComparison {
        FileComparison.compare(old: modals(old), new: modals(new))
    }

    private let base = """
        [{"msg": "Hello brave world", "styles": [{"apply_to": {"from": 6, "length": 5}, "font_style": "bold", \
        "color": "#ff0000"}], "buttons": [{"label": "OK", "action": "close", "bg_color": "#3478f6"}]}]
        """

    @Test func reindentedJSONWithOtherKeyOrderIsNoChange() {
        let respelled = """
            [
              {
                "buttons": [ { "bg_color": "#3478F6", "action": "close", "label": "OK" } ],
                "styles": [ { "color": "#f00", "font_style": "bold", "apply_to": { "length": 5, "from": 6 } } ],
                "msg": "Hello brave world"
              }
            ]
            """
        expect(changes(base, respelled).modals.isEmpty)
    }

    @Test func aStyleSplitInTwoWithExplicitDefaultsIsNoChange() {
        let split = """
            [{"msg": "Hello brave world", "text_align": "start", "direction": "auto", "styles": [\
            {"apply_to": {"from": 6, "length": 2}, "font_style": "bold", "color": "#ff0000"},\
            {"apply_to": {"from": 8, "length": 3}, "font_style": "bold", "color": "#ff0000", "underline": false}],\
            "buttons": [{"label": "OK", "action": "close", "bg_color": "#3478f6"}]}]
            """
        expect(changes(base, split).modals.isEmpty)
    }

    @Test func oneWordIsReportedAsReplaced() {
        let edited = base.replacing("brave world", with: "brave earth")
        let comparison = changes(base, edited)
        expect(comparison.showsChange)
        guard case .changed(0, let list) = comparison.modals.first else {
            Issue.record("no changed modal: \(comparison)")
            return
        }
        expectEqual(
            list,
            [
                .text(
                    TextEdit(removedText: "world", oldUTF16Range: 12..<17, addedText: "earth", newUTF16Range: 12..<17))
            ])
    }

    @Test func oneColourIsReportedWithTheWordsItCovers() {
        let edited = base.replacing("#ff0000", with: "#00aa00")
        guard case .changed(0, let list) = changes(base, edited).modals.first else {
            Issue.record("no change")
            return
        }
        expectEqual(
            list,
            [
                .style(
                    StyleChange(
                        text: "brave", newUTF16Range: 6..<11, oldUTF16Range: 6..<11, attribute: .color,
                        oldValue: "#ff0000", newValue: "#00aa00"))
            ])
    }

    @Test func aStyleOverSeveralWordsIsOneChange() {
        let old = #"[{"msg": "one two three four"}]"#
        let new =
            #"[{"msg": "one two three four", "styles": [{"apply_to": {"from": 4, "length": 9}, "underline": true}]}]"#
        guard case .changed(0, let list) = changes(old, new).modals.first else {
            Issue.record("no change")
            return
        }
        expectEqual(
            list,
            [
                .style(
                    StyleChange(
                        text: "two three", newUTF16Range: 4..<13, oldUTF16Range: 4..<13, attribute: .underline,
                        oldValue: nil, newValue: "true"))
            ])
    }

    @Test func oneActionIsReportedOnItsButton() {
        let edited = base.replacing("\"close\"", with: "\"dismiss\"")
        guard case .changed(0, let list) = changes(base, edited).modals.first else {
            Issue.record("no change")
            return
        }
        expectEqual(
            list,
            [
                .button(ButtonChange(index: 0, label: "OK", property: .action, oldValue: "close", newValue: "dismiss"))
            ])
    }

    @Test func oneButtonAddedIsReported() {
        let edited = base.replacing(
            "\"bg_color\": \"#3478f6\"}]",
            with: "\"bg_color\": \"#3478f6\"}, {\"label\": \"Later\", \"action\": \"close\"}]")
        guard case .changed(0, let list) = changes(base, edited).modals.first else {
            Issue.record("no change")
            return
        }
        expectEqual(
            list,
            [
                .buttonAdded(
                    index: 1, ButtonFacts(label: "Later", action: "close", backgroundColor: nil, foregroundColor: nil))
            ])
    }

    @Test func modalsPairByIndexAndOneAtTheEndIsAdded() {
        let two = "[" + base.dropFirst().dropLast() + ", {\"msg\": \"second\"}]"
        let comparison = changes(base, two)
        expectEqual(comparison.modals, [.added(index: 1)])
        expectEqual(changes(two, base).modals, [.removed(index: 1)])
    }

    @Test func whiteSpaceAloneIsASpacingChange() {
        let edited = base.replacing("brave world", with: "brave\\nworld")
        guard case .changed(0, let list) = changes(base, edited).modals.first else {
            Issue.record("no change")
            return
        }
        expectEqual(list, [.spacing])
    }

    @Test func startAndLeftAreOneSideForLeftToRightText() {
        let left = #"[{"msg": "Hello", "text_align": "left", "direction": "ltr"}]"#
        let start = #"[{"msg": "Hello"}]"#
        expect(changes(left, start).modals.isEmpty)
        let right = #"[{"msg": "Hello", "text_align": "end"}]"#
        expectEqual(
            changes(start, right).modals,
            [
                .changed(index: 0, [.layout(LayoutChange(property: .textAlign, oldValue: "left", newValue: "right"))])
            ])
    }

    @Test func diagnosticsArePairedWithoutTheirLines() {
        let old = #"[{"msg": "Hi", "colour": 1}]"#
        let moved = "[\n\n  {\"msg\": \"Hi\",\n \"colour\": 1}]"
        let oldResult = ModalDecoder.decode(Array(old.utf8))
        let movedResult = ModalDecoder.decode(Array(moved.utf8))
        let cleanResult = ModalDecoder.decode(Array(#"[{"msg": "Hi"}]"#.utf8))
        expect(!oldResult.diagnostics.isEmpty)
        let same = FileComparison.compare(
            old: oldResult.document?.modals ?? [], new: movedResult.document?.modals ?? [],
            oldDiagnostics: oldResult.diagnostics, newDiagnostics: movedResult.diagnostics)
        expect(same.newDiagnostics.isEmpty && same.goneDiagnostics.isEmpty)
        let fixed = FileComparison.compare(
            old: oldResult.document?.modals ?? [], new: cleanResult.document?.modals ?? [],
            oldDiagnostics: oldResult.diagnostics, newDiagnostics: cleanResult.diagnostics)
        expectEqual(fixed.goneDiagnostics.map(\.code), oldResult.diagnostics.map(\.code))
        expect(!fixed.showsChange)
    }
}
