import ModalModel
import Renderers
import Screen
import ScreenLayout
import TestSupport
import Testing

/// Byte-exact ANSI and SVG output, compared with files under Snapshots/ (rewrite with UPDATE_SNAPSHOTS=1).
@Suite struct SnapshotTests {
    private let directory = "Tests/RenderersTests/Snapshots"

    @Test func welcome() {
        let view = ModalView(
            modal: Fixtures.welcome, options: ModalViewOptions(width: 30, focusIndex: 1, pageLabel: "1/2"))
        let grid = view.render(bodyLines: Fixtures.welcomeLines, bodyFontSize: 16).grid
        expectSnapshot(
            ANSIRenderer.render(grid, colorDepth: .trueColor, hyperlinks: true), named: "welcome.truecolor.ansi",
            in: directory)
        expectSnapshot(ANSIRenderer.render(grid, colorDepth: .indexed256), named: "welcome.256.ansi", in: directory)
        expectSnapshot(ANSIRenderer.render(grid, colorDepth: .ansi16), named: "welcome.16.ansi", in: directory)
        expectSnapshot(ANSIRenderer.render(grid, colorDepth: .none), named: "welcome.none.ansi", in: directory)
        expectSnapshot(SVGRenderer.render(grid), named: "welcome.svg", in: directory)
    }

    @Test func wideClusters() {
        let modal = Modal(
            message: "汉字和👍🏽表情👨‍👩‍👧混合文本",
            buttons: [ModalButton(label: "好的", action: .close), ModalButton(label: "取消", action: .next)])
        let grid = ModalView(
            modal: modal, options: ModalViewOptions(width: 14, ascii: true, focusIndex: 0, pageLabel: "2/2")
        )
        .render().grid
        expectSnapshot(ANSIRenderer.render(grid, colorDepth: .trueColor), named: "wide.truecolor.ansi", in: directory)
        expectSnapshot(SVGRenderer.render(grid), named: "wide.svg", in: directory)
    }

    @Test func hostile() {
        let grid = ModalView(modal: Fixtures.hostile, options: ModalViewOptions(width: 30)).render().grid
        expectSnapshot(
            ANSIRenderer.render(grid, colorDepth: .trueColor, hyperlinks: true), named: "hostile.truecolor.ansi",
            in: directory)
        expectSnapshot(SVGRenderer.render(grid), named: "hostile.svg", in: directory)
        expectSnapshot(
            JSONLayoutRenderer.render([Fixtures.hostile], modalWidth: 30), named: "hostile.layout.json", in: directory)
    }
}
