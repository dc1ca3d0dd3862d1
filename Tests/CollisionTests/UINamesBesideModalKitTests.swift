import Foundation
import ModalKit
import ModalKitFoundation
import StandInUI
import Testing

// A file that imports ModalKit beside a module declaring the names an app gets from SwiftUI, UIKit, AppKit and
// Foundation. If a ModalKit public type took one of those names, it would stop compiling with "'Color' is
// ambiguous for type lookup in this context".

/// ModalKit's public names beside the ones an app gets from SwiftUI, UIKit, AppKit and Foundation.
@Suite struct UINamesBesideModalKitTests {
    /// The frameworks' names, unqualified, beside ModalKit's prefixed ones.
    @Test func uiNamesStayTheFrameworks() {
        let swatch = Color("red")
        let button = Button("OK")
        let label = Text("Sale")
        let font = Font(size: 17)
        let style = Style("title")
        let action = Action("tap")
        let alignment = TextAlignment.center
        let frame = Rect(origin: Point(x: 0, y: 0), size: Size(width: 320, height: 44))
        let cell = Cell("row")
        let modalButton = ModalButton(label: button.title, action: .close)
        let modalStyle = ModalStyle(range: UTF16Range(utf16Offset: 0, utf16Length: 4), fontStyle: .bold)
        let modal = Modal(message: label.content, styles: [modalStyle], buttons: [modalButton])
        #expect(modal.validate().isEmpty)
        #expect(swatch == Color("red") && font.size == 17 && style.name == "title" && action.title == "tap")
        #expect(alignment == .center && modal.textAlignment == ModalTextAlignment.start)
        #expect(ModalAction.close != ModalAction.next)
        #expect(frame.size.width == 320 && cell.identifier == "row")
        #expect(ModalColor(red: 255, green: 0, blue: 0) != ModalColor(red: 0, green: 0, blue: 0))
    }
}
