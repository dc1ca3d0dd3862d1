import ModalModel
import PositionedJSON
import Screen
import ScreenLayout
import Terminal
import TestSupport
import Testing

@testable import Preview

@Suite struct ActivationTests {
    /// Focuses the button at `index` with Tab presses from the first, focused at start, and presses `key` on it.
    func press(
        button index: Int, of document: ModalDocument, key: Key = .enter,
        options: PreviewOptions = PreviewOptions()
    ) -> (PreviewState, [PreviewEffect]) {
        let tabs = [PreviewEvent](repeating: .key(.tab), count: index)
        return Fixtures.run(Fixtures.state(document, options: options), tabs + [.key(key)])
    }

    @Test func closeShowsTheNextModal() {
        let (state, effects) = press(button: 0, of: Fixtures.threeModals)
        expect(effects.isEmpty)
        expectEqual(state.modalIndex, 1)
        expectEqual(state.focusIndex, 0, "the next modal starts on its first button")
        expect(Fixtures.locate("Second modal", in: state.view()) != nil)
    }

    @Test func closingTheLastModalEndsWithTheJSONLine() {
        let start = Fixtures.run(Fixtures.state(Fixtures.threeModals), Fixtures.keys(.char("n"), .char("n"))).0
        let (_, effects) = Fixtures.run(start, Fixtures.keys(.enter))
        expectEqual(
            effects,
            [
                .exit(code: 0, line: #"{"modal":2,"button":0,"label":"Finish","action":{"type":"close"}}"#)
            ])
    }

    @Test func spaceActivatesLikeEnter() {
        let (state, effects) = press(button: 1, of: Fixtures.threeModals, key: .space)
        expect(effects.isEmpty)
        expectEqual(state.modalIndex, 1)
    }

    @Test func nextAndPrevNavigate() {
        let (second, _) = press(button: 1, of: Fixtures.threeModals)
        expectEqual(second.modalIndex, 1)
        let (first, effects) = Fixtures.run(second, Fixtures.keys(.enter))
        expect(effects.isEmpty)
        expectEqual(first.modalIndex, 0)
    }

    @Test func prevOnTheFirstModalStaysAndSaysSo() {
        let document = Fixtures.oneModal([Fixtures.button("Back", .previous)])
        let (state, effects) = press(button: 0, of: document)
        expect(effects.isEmpty)
        expectEqual(state.modalIndex, 0)
        expectEqual(state.status, "this is the first modal")
    }

    @Test func urlEndsWithTheJSONLine() {
        let document = Fixtures.oneModal([
            Fixtures.button("No", .close), Fixtures.button("Read", .openURL("https://example.com/x?y=\"z\"")),
        ])
        let (_, effects) = press(button: 1, of: document)
        expectEqual(
            effects,
            [
                .exit(
                    code: 0,
                    line:
                        #"{"modal":0,"button":1,"label":"Read","action":{"type":"url","url":"https://example.com/x?y=\"z\""}}"#
                )
            ])
    }

    @Test func commandWithDataEndsWithTheDataAsJSON() {
        let data = JSONValue.object([
            JSONMember(
                key: "id", keyByteOffset: 0,
                value: JSONNode(value: .number(JSONNumber(double: 7, exactInteger: 7)), byteOffset: 0)),
            JSONMember(
                key: "tags", keyByteOffset: 0,
                value: JSONNode(
                    value: .array([
                        JSONNode(value: .string("a\u{1B}"), byteOffset: 0),
                        JSONNode(value: .number(JSONNumber(double: 0.5, exactInteger: nil)), byteOffset: 0),
                        JSONNode(value: .bool(true), byteOffset: 0), JSONNode(value: .null, byteOffset: 0),
                    ]), byteOffset: 0)),
        ])
        let document = Fixtures.oneModal([
            Fixtures.button("Buy", .command(scheme: "shop", name: "buy", data: data))
        ])
        let (_, effects) = press(button: 0, of: document)
        let expected =
            #"{"modal":0,"button":0,"label":"Buy","action":{"type":"command","scheme":"shop","name":"buy","data":{"id":7,"tags":["a\u001b",0.5,true,null]}}}"#
        expectEqual(effects, [.exit(code: 0, line: expected)])
    }

    @Test func commandWithoutDataHasNullData() {
        let document = Fixtures.oneModal([Fixtures.button("Sync", .command(scheme: "app", name: "sync", data: nil))])
        let (_, effects) = press(button: 0, of: document)
        expectEqual(
            effects,
            [
                .exit(
                    code: 0,
                    line:
                        #"{"modal":0,"button":0,"label":"Sync","action":{"type":"command","scheme":"app","name":"sync","data":null}}"#
                )
            ])
    }

    @Test func customEndsWithItsName() {
        let document = Fixtures.oneModal([Fixtures.button("Rate", .custom("rate_app"))])
        let (_, effects) = press(button: 0, of: document)
        expectEqual(
            effects,
            [
                .exit(
                    code: 0,
                    line: #"{"modal":0,"button":0,"label":"Rate","action":{"type":"custom","name":"rate_app"}}"#)
            ])
    }

    @Test func aLinkReportsItsStyleIndexInsteadOfAButton() {
        var state = Fixtures.state(Fixtures.threeModals)
        state.modalIndex = 1
        let link = Focusable(
            kind: .link(styleIndex: 3), label: "terms", action: .openURL("https://t.example"), rects: [])
        let effects = state.activate(link)
        expectEqual(
            effects,
            [
                .exit(
                    code: 0,
                    line:
                        #"{"modal":1,"link":3,"label":"terms","action":{"type":"url","url":"https://t.example"}}"#)
            ])
    }

    @Test(.enabled(if: Fixtures.viewMakesLinksFocusable, "needs ModalView to report links as focusables"))
    func tabReachesLinksBeforeButtonsAndEnterActivatesThem() {
        let modal = Modal(
            message: "Read the terms first",
            styles: [
                ModalStyle(range: UTF16Range(utf16Offset: 0, utf16Length: 4), fontStyle: .bold),
                ModalStyle(range: UTF16Range(utf16Offset: 9, utf16Length: 5), link: .openURL("https://t.example")),
            ],
            buttons: [Fixtures.button("OK", .custom("ok"))])
        let state = Fixtures.state(ModalDocument(modals: [modal]))
        let (_, effects) = Fixtures.run(state, Fixtures.keys(.tab, .enter))
        expectEqual(
            effects,
            [
                .exit(
                    code: 0,
                    line:
                        #"{"modal":0,"link":1,"label":"terms","action":{"type":"url","url":"https://t.example"}}"#)
            ])
    }

    @Test func stayShowsTheActionAndGoesOn() {
        let document = Fixtures.oneModal([Fixtures.button("Rate", .custom("rate_app"))])
        let (state, effects) = press(button: 0, of: document, options: PreviewOptions(stay: true))
        let line = #"{"modal":0,"button":0,"label":"Rate","action":{"type":"custom","name":"rate_app"}}"#
        expect(effects.isEmpty)
        expectEqual(state.status, line)
        expectEqual(Fixtures.statusText(state.view(), indicator: "1/1"), line)
        // The preview is still running: keys keep working.
        expectEqual(state.update(.key(.escape)).1, [.exit(code: 1, line: nil)])
    }

    /// Regression: with --stay a link's line was cut at the status line's end (`…"action":{"type":"url","url"…`),
    /// hiding the one thing a user checks, where it leads.
    @Test func stayWrapsALongActionOntoMoreRowsInsteadOfCuttingIt() {
        let url = "https://example.com/account/settings/cookies?from=modal"
        let document = Fixtures.oneModal([Fixtures.button("Cookie settings", .openURL(url))])
        let (state, _) = press(button: 0, of: document, options: PreviewOptions(stay: true))
        let line = try! #require(state.status)
        expect(line.count > 80)
        let grid = state.view()
        expectEqual(Fixtures.statusText(grid, indicator: "1/1"), line)
        expect(Fixtures.statusRow(grid).hasSuffix("1/1"))
        // The rows above the status line still show the modal.
        expect(Fixtures.locate("Hello", in: grid) != nil)
    }

    @Test func aShortStatusKeepsToOneRow() {
        let state = Fixtures.run(Fixtures.state(Fixtures.threeModals), Fixtures.keys(.enter)).0
        let grid = state.view()
        expect(Fixtures.statusRow(grid).hasPrefix("closed modal 1"))
        expect(Fixtures.trimmed(grid.lines[grid.size.height - 2]).isEmpty)
    }

    @Test func stayReportsClosingTheLastModalToo() {
        let document = Fixtures.oneModal([Fixtures.button("OK", .close)])
        let (state, effects) = press(button: 0, of: document, options: PreviewOptions(stay: true))
        expect(effects.isEmpty)
        expectEqual(state.status, #"{"modal":0,"button":0,"label":"OK","action":{"type":"close"}}"#)
    }
}
