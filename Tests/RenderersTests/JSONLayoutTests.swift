import ModalModel
import PositionedJSON
import Renderers
import Screen
import ScreenLayout
import TestSupport
import Testing
import TextLayout

func encodeAction(_ action: ModalAction) -> String { JSONWriter.serialize(action.jsonValue) }

@Suite struct ActionJSONTests {
    @Test func everyKindOfAction() {
        expectEqual(encodeAction(.close), ##"{"type":"close"}"##)
        expectEqual(encodeAction(.next), ##"{"type":"next"}"##)
        expectEqual(encodeAction(.previous), ##"{"type":"prev"}"##)
        expectEqual(
            encodeAction(.openURL("https://e.example/\"q\"")), ##"{"type":"url","url":"https://e.example/\"q\""}"##)
        expectEqual(encodeAction(.custom("promo")), ##"{"type":"custom","name":"promo"}"##)
        expectEqual(
            encodeAction(.command(scheme: "app", name: "open", data: nil)),
            ##"{"type":"command","scheme":"app","name":"open","data":null}"##)
        let data = JSONValue.object([
            JSONMember(
                key: "id", keyByteOffset: 0,
                value: JSONNode(value: .number(JSONNumber(double: 7, exactInteger: 7)), byteOffset: 0)),
            JSONMember(
                key: "tags", keyByteOffset: 0,
                value: JSONNode(
                    value: .array([
                        JSONNode(value: .string("a\u{1B}"), byteOffset: 0), JSONNode(value: .bool(true), byteOffset: 0),
                        JSONNode(value: .null, byteOffset: 0),
                    ]), byteOffset: 0)),
            JSONMember(
                key: "f", keyByteOffset: 0,
                value: JSONNode(value: .number(JSONNumber(double: 1.5, exactInteger: nil)), byteOffset: 0)),
        ])
        expectEqual(
            encodeAction(.command(scheme: "app", name: "buy", data: data)),
            ##"{"type":"command","scheme":"app","name":"buy","data":{"id":7,"tags":["a\u001b",true,null],"f":1.5}}"##)
    }

    @Test func controlsInURLsAreEscaped() {
        expectEqual(
            encodeAction(.openURL("https://x.example/\u{1B}]52;\u{07}")),
            ##"{"type":"url","url":"https://x.example/\u001b]52;\u0007"}"##)
    }

    @Test func actionStringForms() {
        expectEqual(ModalAction.previous.text, "prev")
        expectEqual(ModalAction.openURL("tel:+123").text, "tel:+123")
        let data = JSONValue.object([
            JSONMember(key: "k", keyByteOffset: 0, value: JSONNode(value: .string("v w"), byteOffset: 0))
        ])
        expectEqual(
            ModalAction.command(scheme: "app", name: "go", data: data).text,
            "app://invoke/cmd/go/data/%7B%22k%22%3A%22v%20w%22%7D")
    }
}

@Suite struct JSONLayoutTests {
    @Test func documentForAButtonedModal() {
        let modal = Modal(
            message: "H",
            buttons: [
                ModalButton(
                    label: "OK", action: .close, backgroundColor: ModalColor(red: 0x33, green: 0x33, blue: 0x33),
                    foregroundColor: ModalColor(red: 255, green: 255, blue: 255))
            ])
        let json = JSONLayoutRenderer.render([modal, Modal(message: "")], modalWidth: 20)
        let style =
            ##"{"bold":false,"italic":false,"underline":false,"strikethrough":false,"fg":null,"bg":null,"font_size":null,"link":null}"##
        let expected =
            ##"{"modals":[{"index":0,"width":16,"lines":[{"text":"H","cells":1,"segments":[{"text":"H","col":0,"cells":1,"from":0,"length":1,"style":"##
            + style
            + ##"}]}],"buttons":[{"label":"OK","action":{"type":"close"},"row":0,"col":5,"cells":6,"fg":"#ffffff","bg":"#333333"}]},"##
            + ##"{"index":1,"width":16,"lines":[],"buttons":[]}]}"## + "\n"
        expectEqual(json, expected)
    }

    @Test func segmentStylesAreSpelledOut() {
        let modal = Modal(message: "Big deal")
        let lines = [
            LayoutLine(segments: [
                LineSegment(
                    text: "Big",
                    style: TextStyle(
                        StyleAttributes(
                            fontStyle: .bold, fontSize: 24.5, color: ModalColor(red: 255, green: 136, blue: 0))),
                    column: 2, cellWidth: 3, sourceUTF16Offset: 0, sourceUTF16Length: 3),
                LineSegment(
                    text: " deal",
                    style: TextStyle(StyleAttributes(underline: true, link: .openURL("https://d.example"))), column: 5,
                    cellWidth: 5, sourceUTF16Offset: 3, sourceUTF16Length: 5),
            ])
        ]
        let layout = ModalLayout(
            modal: modal, options: ModalViewOptions(width: 16), bodyLines: lines, bodyFontSize: 16)
        let object = JSONLayoutRenderer.modalObject(layout, index: 3)
        expectEqual(
            object,
            ##"{"index":3,"width":12,"lines":[{"text":"Big deal","cells":10,"segments":["##
                + ##"{"text":"Big","col":2,"cells":3,"from":0,"length":3,"style":{"bold":true,"italic":false,"underline":false,"strikethrough":false,"fg":"#ff8800","bg":null,"font_size":24.5,"link":null}},"##
                + ##"{"text":" deal","col":5,"cells":5,"from":3,"length":5,"style":{"bold":false,"italic":false,"underline":true,"strikethrough":false,"fg":null,"bg":null,"font_size":null,"link":"https://d.example"}}]}],"buttons":[]}"##
        )
    }

    @Test func buttonsCarryTheirRowsAndTruncatedLabels() {
        let modal = Modal(
            message: "x",
            buttons: [
                ModalButton(label: "Accept all cookies", action: .custom("accept")),
                ModalButton(label: "No", action: .close),
            ])
        let json = JSONLayoutRenderer.render([modal], modalWidth: 14)
        // Body 10 cells: the first label is cut to 6 cells, the second button wraps to row 1.
        expect(
            json.contains(
                ##"{"label":"Accep…","action":{"type":"custom","name":"accept"},"row":0,"col":0,"cells":10,"fg":null,"bg":null}"##
            ))
        expect(
            json.contains(##"{"label":"No","action":{"type":"close"},"row":1,"col":2,"cells":6,"fg":null,"bg":null}"##))
    }
}
