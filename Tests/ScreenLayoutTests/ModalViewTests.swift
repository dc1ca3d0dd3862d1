import ModalModel
import Screen
import ScreenLayout
import TestSupport
import Testing
import TextLayout

private func segment(
    _ text: String, column: Int, from: Int, style: TextStyle = TextStyle(), length: Int? = nil
) -> LineSegment {
    LineSegment(
        text: text, style: style, column: column, cellWidth: CellWidth.of(text), sourceUTF16Offset: from,
        sourceUTF16Length: length ?? text.utf16.count)
}

@Suite struct ModalViewTests {
    @Test func framesAndPadsTheBody() {
        let rendering = ModalView(modal: Modal(message: "Hello world"), options: ModalViewOptions(width: 20)).render()
        expectGrid(
            rendering.grid,
            [
                "┌──────────────────┐",
                "│ Hello world      │",
                "└──────────────────┘",
            ])
        expect(rendering.focusables.isEmpty)
    }

    @Test func bodyWidthLeavesFrameAndPadding() {
        expectEqual(ModalWidth(clamping: 60).bodyCellWidth, 56)
        expectEqual(ModalWidth(clamping: 2).bodyCellWidth, ModalWidth.minimum - 4)
    }

    @Test func wideClustersTakeTwoCellsAndWrapWhole() {
        // Body width 7: three ideographs (6 cells) per line, the seventh cell stays blank.
        let rendering = ModalView(modal: Modal(message: "汉字汉字汉"), options: ModalViewOptions(width: 11)).render()
        expectGrid(
            rendering.grid,
            [
                "┌─────────┐",
                "│ 汉字汉  │",
                "│ 字汉    │",
                "└─────────┘",
            ])
        expectEqual(rendering.grid[2, 1].grapheme, "汉")
        expect(rendering.grid[3, 1].isContinuation)
    }

    @Test func emojiClustersAreOneWideCell() {
        let rendering = ModalView(modal: Modal(message: "a👍🏽b👨‍👩‍👧"), options: ModalViewOptions(width: 12)).render()
        expectGrid(
            rendering.grid,
            [
                "┌──────────┐",
                "│ a👍🏽b👨‍👩‍👧   │",
                "└──────────┘",
            ])
        expectEqual(rendering.grid[3, 1].grapheme, "👍🏽")
        expect(rendering.grid[4, 1].isContinuation)
        expectEqual(rendering.grid[6, 1].grapheme, "👨‍👩‍👧")
        expect(rendering.grid[7, 1].isContinuation)
        expectEqual(rendering.grid[8, 1].grapheme, " ")
    }

    @Test func buttonsAreCentredUnderABlankRow() {
        let modal = Modal(
            message: "Hi",
            buttons: [ModalButton(label: "OK", action: .close), ModalButton(label: "Cancel", action: .next)])
        let rendering = ModalView(modal: modal, options: ModalViewOptions(width: 30)).render()
        expectGrid(
            rendering.grid,
            [
                "┌────────────────────────────┐",
                "│ Hi                         │",
                "│                            │",
                "│     [ OK ] [ Cancel ]      │",
                "└────────────────────────────┘",
            ])
        expectEqual(rendering.focusables.map(\.kind), [.button(index: 0), .button(index: 1)])
        expectEqual(rendering.focusables[0].rects, [Rect(x: 6, y: 3, width: 6, height: 1)])
        expectEqual(rendering.focusables[1].rects, [Rect(x: 13, y: 3, width: 10, height: 1)])
        expectEqual(rendering.focusables[1].action, .next)
    }

    @Test func buttonsWrapOntoMoreRows() {
        let modal = Modal(
            message: "Hi",
            buttons: [
                ModalButton(label: "A", action: .close), ModalButton(label: "B", action: .close),
                ModalButton(label: "C", action: .close),
            ])
        let rendering = ModalView(modal: modal, options: ModalViewOptions(width: 20)).render()
        expectGrid(
            rendering.grid,
            [
                "┌──────────────────┐",
                "│ Hi               │",
                "│                  │",
                "│   [ A ] [ B ]    │",
                "│      [ C ]       │",
                "└──────────────────┘",
            ])
        expectEqual(rendering.focusables[2].rects, [Rect(x: 7, y: 4, width: 5, height: 1)])
    }

    @Test func tooWideLabelIsCutWithAnEllipsis() {
        let modal = Modal(message: "Hi", buttons: [ModalButton(label: "Continue", action: .close)])
        let rendering = ModalView(modal: modal, options: ModalViewOptions(width: 12)).render()
        expectGrid(
            rendering.grid,
            [
                "┌──────────┐",
                "│ Hi       │",
                "│          │",
                "│ [ Con… ] │",
                "└──────────┘",
            ])
        expectEqual(rendering.focusables[0].label, "Continue")
    }

    @Test func focusedButtonHasMarkersAndReverseVideo() {
        let modal = Modal(
            message: "Hi",
            buttons: [ModalButton(label: "OK", action: .close), ModalButton(label: "Cancel", action: .next)])
        let rendering = ModalView(modal: modal, options: ModalViewOptions(width: 30, focusIndex: 1)).render()
        expectGrid(
            rendering.grid,
            [
                "┌────────────────────────────┐",
                "│ Hi                         │",
                "│                            │",
                "│     [ OK ] ▶ Cancel ◀      │",
                "└────────────────────────────┘",
            ])
        expectStyles(
            rendering.grid,
            [
                "..............................",
                "..............................",
                "..............................",
                ".............RRRRRRRRRR.......",
                "..............................",
            ]
        ) { $0.reverse ? "R" : "." }
    }

    @Test func asciiFocusMarkersAndFrame() {
        let modal = Modal(message: "Hi", buttons: [ModalButton(label: "OK", action: .close)])
        let rendering = ModalView(modal: modal, options: ModalViewOptions(width: 12, ascii: true, focusIndex: 0))
            .render()
        expectGrid(
            rendering.grid,
            [
                "+----------+",
                "| Hi       |",
                "|          |",
                "|  > OK <  |",
                "+----------+",
            ])
    }

    @Test func pageLabelSitsInTheTopEdge() {
        let boxed = ModalView(modal: Modal(message: "Hi"), options: ModalViewOptions(width: 16, pageLabel: "1/4"))
            .render()
        expectGrid(
            boxed.grid,
            [
                "┌──────── 1/4 ─┐",
                "│ Hi           │",
                "└──────────────┘",
            ])
        let ascii = ModalView(
            modal: Modal(message: "Hi"), options: ModalViewOptions(width: 16, ascii: true, pageLabel: "12/400")
        )
        .render()
        expectGrid(
            ascii.grid,
            [
                "+----- 12/400 -+",
                "| Hi           |",
                "+--------------+",
            ])
    }

    @Test func pageLabelTooLongIsCut() {
        let rendering = ModalView(
            modal: Modal(message: "Hi"), options: ModalViewOptions(width: 10, pageLabel: "100/200")
        )
        .render()
        expectGrid(
            rendering.grid,
            [
                "┌─ 100… ─┐",
                "│ Hi     │",
                "└────────┘",
            ])
    }

    @Test func hostileButtonLabelIsNeutralised() {
        let modal = Modal(message: "Hi", buttons: [ModalButton(label: "O\u{1B}[2JK\n", action: .close)])
        let rendering = ModalView(modal: modal, options: ModalViewOptions(width: 20)).render()
        expectGrid(
            rendering.grid,
            [
                "┌──────────────────┐",
                "│ Hi               │",
                "│                  │",
                "│   [ O␛[2JK  ]    │",
                "└──────────────────┘",
            ])
        expectEqual(rendering.focusables[0].label, "O␛[2JK ")
    }

    /// A link that wraps gets one rect per line; focus order is links in text order, then buttons.
    @Test func wrappedLinkHasARectPerLine() {
        let link = ModalAction.openURL("https://example.com/terms")
        let modal = Modal(
            message: "Read the fine print now",
            styles: [ModalStyle(range: UTF16Range(utf16Offset: 5, utf16Length: 8), link: link)],
            buttons: [ModalButton(label: "OK", action: .close)])
        let linked = TextStyle(.link(link), linkStyleIndex: 0)
        let lines = [
            LayoutLine(segments: [
                segment("Read ", column: 0, from: 0), segment("the", column: 5, from: 5, style: linked),
            ]),
            LayoutLine(segments: [
                segment("fine", column: 0, from: 9, style: linked), segment(" print", column: 4, from: 13),
            ]),
            LayoutLine(segments: [segment("now", column: 0, from: 20)]),
        ]
        let view = ModalView(modal: modal, options: ModalViewOptions(width: 14))
        let rendering = view.render(bodyLines: lines, bodyFontSize: 16)
        expectGrid(
            rendering.grid,
            [
                "┌────────────┐",
                "│ Read the   │",
                "│ fine print │",
                "│ now        │",
                "│            │",
                "│   [ OK ]   │",
                "└────────────┘",
            ])
        expectEqual(rendering.focusables.count, 2)
        expectEqual(rendering.focusables[0].kind, .link(styleIndex: 0))
        expectEqual(rendering.focusables[0].label, "the fine")
        expectEqual(rendering.focusables[0].action, link)
        expectEqual(
            rendering.focusables[0].rects,
            [
                Rect(x: 7, y: 1, width: 3, height: 1), Rect(x: 2, y: 2, width: 4, height: 1),
            ])
        expectEqual(rendering.focusables[1].kind, .button(index: 0))
        expectStyles(
            rendering.grid,
            [
                "..............",
                ".......UUU....",
                "..UUUU........",
                "..............",
                "..............",
                "..............",
                "..............",
            ]
        ) { $0.underline ? "U" : "." }
        expectEqual(rendering.grid[7, 1].style.link, "https://example.com/terms")

        let focused = ModalView(modal: modal, options: ModalViewOptions(width: 14, focusIndex: 0))
            .render(bodyLines: lines, bodyFontSize: 16)
        expectStyles(
            focused.grid,
            [
                "..............",
                ".......RRR....",
                "..RRRR........",
                "..............",
                "..............",
                "..............",
                "..............",
            ]
        ) { $0.reverse ? "R" : "." }
        expectEqual(focused.grid.lines, rendering.grid.lines)
    }

    /// Where a later link style overrides part of an earlier one, each keeps only the cells it wins.
    @Test func overlappingLinksSplitTheirCells() {
        let first = ModalAction.openURL("https://a.example")
        let second = ModalAction.command(scheme: "kash", name: "promo", data: nil)
        let modal = Modal(
            message: "abcdef",
            styles: [
                ModalStyle(range: UTF16Range(utf16Offset: 0, utf16Length: 6), link: first),
                ModalStyle(range: UTF16Range(utf16Offset: 2, utf16Length: 2), link: second),
            ])
        let lines = [
            LayoutLine(segments: [
                segment("ab", column: 0, from: 0, style: TextStyle(.link(first), linkStyleIndex: 0)),
                segment("cd", column: 2, from: 2, style: TextStyle(.link(second), linkStyleIndex: 1)),
                segment("ef", column: 4, from: 4, style: TextStyle(.link(first), linkStyleIndex: 0)),
            ])
        ]
        let rendering = ModalView(modal: modal, options: ModalViewOptions(width: 10)).render(
            bodyLines: lines, bodyFontSize: 16)
        expectEqual(rendering.focusables.map(\.kind), [.link(styleIndex: 0), .link(styleIndex: 1)])
        expectEqual(
            rendering.focusables[0].rects,
            [
                Rect(x: 2, y: 1, width: 2, height: 1), Rect(x: 6, y: 1, width: 2, height: 1),
            ])
        expectEqual(rendering.focusables[1].rects, [Rect(x: 4, y: 1, width: 2, height: 1)])
        expectEqual(rendering.grid[4, 1].style.link, "kash://invoke/cmd/promo")
        expectEqual(rendering.grid[2, 1].style.link, "https://a.example")
    }

    @Test func fontSizesMapToHeadingAndDim() {
        let modal = Modal(message: "Big body tiny")
        let lines = [
            LayoutLine(segments: [
                segment("Big", column: 0, from: 0, style: TextStyle(StyleAttributes(fontSize: 24))),
                segment(" body ", column: 3, from: 3, style: TextStyle()),
                segment("tiny", column: 9, from: 9, style: TextStyle(StyleAttributes(fontSize: 10))),
            ])
        ]
        let rendering = ModalView(modal: modal, options: ModalViewOptions(width: 17)).render(
            bodyLines: lines, bodyFontSize: 16)
        expectGrid(
            rendering.grid,
            [
                "┌───────────────┐",
                "│ Big body tiny │",
                "└───────────────┘",
            ])
        expectStyles(
            rendering.grid,
            [
                ".................",
                "..BBB......DDDD..",
                ".................",
            ]
        ) { $0.bold ? "B" : $0.dim ? "D" : "." }
    }

    @Test func colorsBlendOverTheAssumedBackground() {
        let mapping = CellStyleMapping()
        let half = ModalColor(red: 255, green: 255, blue: 255, alpha: 128)
        let style = mapping.cellStyle(
            for: TextStyle(
                StyleAttributes(color: half, backgroundColor: ModalColor(red: 0, green: 0, blue: 200, alpha: 255))))
        expectEqual(style.background, ModalColor(red: 0, green: 0, blue: 200))
        expectEqual(style.foreground, ModalColor(red: 128, green: 128, blue: 228))
        let overDefault = mapping.cellStyle(for: TextStyle(.color(half)))
        expectEqual(overDefault.foreground, ModalColor(red: 128, green: 128, blue: 128))
        expect(overDefault.background == nil)
    }
}

@Suite struct FontEmphasisTests {
    @Test func thresholds() {
        expectEqual(FontEmphasis.of(fontSize: 20, bodyFontSize: 16), .heading)
        expectEqual(FontEmphasis.of(fontSize: 19.9, bodyFontSize: 16), .body)
        expectEqual(FontEmphasis.of(fontSize: nil, bodyFontSize: 16), .body)
        expectEqual(FontEmphasis.of(fontSize: 12.8, bodyFontSize: 16), .small)
        expectEqual(FontEmphasis.of(fontSize: 13, bodyFontSize: 16), .body)
        expectEqual(FontEmphasis.of(fontSize: 16, bodyFontSize: 24), .small)
        expectEqual(FontEmphasis.of(fontSize: .nan, bodyFontSize: 16), .body)
    }

    @Test func bodySizeIsTheSizeCoveringMostUnits() {
        func spans(_ parts: [(Int, Int, Double?)]) -> [StyledSpan] {
            parts.map {
                StyledSpan(
                    range: UTF16Range(utf16Offset: $0.0, utf16Length: $0.1),
                    style: TextStyle(StyleAttributes(fontSize: $0.2)))
            }
        }
        let mostlyUnstyled = StyledText(
            text: String(repeating: "x", count: 20), spans: spans([(0, 5, 24), (5, 15, nil)]))
        expectEqual(FontEmphasis.bodyFontSize(of: mostlyUnstyled), 16)
        let mostlyLarge = StyledText(
            text: String(repeating: "x", count: 20), spans: spans([(0, 12, 24), (12, 8, nil)]))
        expectEqual(FontEmphasis.bodyFontSize(of: mostlyLarge), 24)
        // Units no span covers count as 16: 8 units at 14 against 12 uncovered units.
        let uncovered = StyledText(text: String(repeating: "x", count: 20), spans: spans([(0, 8, 14)]))
        expectEqual(FontEmphasis.bodyFontSize(of: uncovered), 16)
        // Surrogate pairs count two units each: 3 emoji at 30 (6 units) beat 5 ASCII at 16.
        let astral = StyledText(text: "😀😀😀abcde", spans: spans([(0, 6, 30), (6, 5, 16)]))
        expectEqual(FontEmphasis.bodyFontSize(of: astral), 30)
    }
}
