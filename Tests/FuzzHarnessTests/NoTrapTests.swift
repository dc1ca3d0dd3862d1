import FuzzHarness
import ModalModel
import Preview
import Screen
import ScreenLayout
import TestSupport
import Testing

/// Values a library user can build in code skip the validator; every public entry point must clip them
/// or report, never trap. These run the fuzz harness in the normal suite: its regression inputs, the
/// samples, and seeded random inputs.
@Suite struct NoTrapTests {
    /// Regression: a link style over `(4, Int.max)` overflowed computing its end in `ModalView`.
    @Test func linkRangeReachingIntMaxDoesNotTrap() {
        let modal = Modal(
            message: "Tap here to continue",
            styles: [
                ModalStyle(range: UTF16Range(utf16Offset: 4, utf16Length: Int.max), link: .close),
                ModalStyle(range: UTF16Range(utf16Offset: Int.max, utf16Length: Int.max), link: .next),
                ModalStyle(range: UTF16Range(utf16Offset: Int.min, utf16Length: Int.min), link: .previous),
                ModalStyle(range: UTF16Range(utf16Offset: -5, utf16Length: Int.max), link: .custom("x")),
            ])
        let rendering = ModalView(modal: modal, options: ModalViewOptions(width: 30)).render()
        // The last style that covers a segment owns it: the one from -5 covers everything.
        expectEqual(rendering.focusables.map(\.label), ["Tap here to continue"])
        expectEqual(UTF16Range(utf16Offset: 4, utf16Length: Int.max).utf16End, Int.max)
        expectEqual(UTF16Range(utf16Offset: -4, utf16Length: Int.min).utf16End, Int.min)
    }

    /// Regression: a modal width of `Int.min` overflowed centring the modal in `Placement`, and a mouse
    /// event at `(Int.min, Int.max)` overflowed finding what was under it.
    @Test func previewTakesAnyWidthAndAnyMousePosition() {
        let document = ModalDocument(modals: [
            Modal(message: "Hello", buttons: [ModalButton(label: "OK", action: .next)])
        ])
        for width in [Int.min, -1, 0, Int.max] {
            var state = PreviewState(
                document: document, terminalSize: Size(width: 40, height: 10),
                options: PreviewOptions(modalWidth: ModalWidth(clamping: width)))
            let focusAtStart = state.focusIndex
            for (x, y) in [(Int.min, Int.max), (Int.max, Int.min), (Int.min, Int.min)] {
                (state, _) = state.update(.mouse(x: x, y: y, button: .left, pressed: true))
                (state, _) = state.update(.mouse(x: x, y: y, button: .left, pressed: false))
            }
            // Clicks far off the modal hit nothing, so the focus stays where the modal started it.
            expectEqual(state.focusIndex, focusAtStart)
            expectEqual(state.view().size, Size(width: 40, height: 10))
        }
    }

    /// Sizes, line counts and widths at the edges of their types: each is clipped.
    @Test func extremeNumbersAreClipped() {
        for fontSize in [Double.nan, .infinity, -.infinity, 0, -1, .greatestFiniteMagnitude, .leastNonzeroMagnitude] {
            for maxLines in [Int.min, -1, 0, 1, Int.max] {
                let modal = Modal(
                    message: "Big\nsmall text",
                    styles: [ModalStyle(range: UTF16Range(utf16Offset: 0, utf16Length: 3), fontSize: fontSize)],
                    buttons: [ModalButton(label: "OK", action: .close)], maxLines: maxLines)
                for width in [Int.min, -1, 0, 1, 5, 44] {
                    let rendering = ModalView(
                        modal: modal, options: ModalViewOptions(width: ModalWidth(clamping: width))
                    ).render()
                    expect(rendering.grid.size.width >= ModalWidth.minimum)
                    expect(rendering.grid.size.height >= 3)
                }
            }
        }
        expect(ModalWidth(clamping: Int.min).bodyCellWidth >= 1)
        expectEqual(ModalWidth(clamping: Int.max).cells, ModalWidth.maximum)
        let huge = ModalView(
            modal: Modal(message: "x"), options: ModalViewOptions(width: ModalWidth(clamping: Int.max))
        )
        .render()
        expectEqual(huge.grid.size.width, ModalWidth.maximum)
    }

    /// Every sample, valid, invalid and hostile, through the JSON target, and each as modal values.
    @Test func samplesRunThroughEveryTarget() throws {
        let names = [
            "app-command", "centered-alert", "cjk-promotion", "combining-marks", "emoji-greeting", "error", "link",
            "onboarding", "rtl-notice", "terms-of-service", "welcome", "hostile/terminal-escapes",
        ]
        for name in names {
            let bytes = try #require(readFileBytes(repositoryRoot + "/samples/" + name + ".json"), "\(name)")
            for width in [0, 1, 2, 3, 4, 5, 6, 7] {
                FuzzHarness.run(.json, bytes + [UInt8(width)])
            }
            FuzzHarness.run(.values, bytes)
        }
    }

    /// Seeded random inputs for both targets: the normal suite's share of the fuzz campaign.
    @Test(arguments: FuzzTarget.allCases)
    func seededRandomInputs(target: FuzzTarget) {
        var generator = SeededGenerator(seed: 0x5EED_0013)
        let fragments = [
            #"{"msg":""#, #"","styles":[{"apply_to":{"from":"#, #","length":"#, "}", "]", #","link":"#,
            #""javascript:alert(1)""#, #""kash://invoke/cmd/%00""#, #","buttons":[{"label":"#, #","action":"#,
            #""close""#, "1E-400", "9223372036854775807", "-1", "\\u200d", "\\ufe0f", "\\u0301", #""#, "\n",
            #","max_lines":"#, #","font_size":"#, #","text_align":"center""#,
        ]
        for _ in 0..<TestScale.rounds(2_000, quick: 100) {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0..<24, using: &generator) {
                if Bool.random(using: &generator) {
                    bytes += Array(fragments.randomElement(using: &generator)!.utf8)
                } else {
                    bytes.append(UInt8.random(in: 0...255, using: &generator))
                }
            }
            FuzzHarness.run(target, bytes)
        }
    }
}

/// The grid's public drawing calls at the edges of `Int`: everything outside the grid is clipped.
@Suite struct GridEdgeTests {
    @Test func extremePointsAndRectsAreClipped() {
        var grid = CellGrid(size: Size(width: 6, height: 2))
        let edges = [Int.min, Int.min + 1, -1, 0, 5, Int.max - 1, Int.max]
        for x in edges {
            for y in edges {
                grid.put("a漢b", at: Point(x: x, y: y), style: CellStyle())
                grid.putCluster("漢", cellWidth: 2, at: Point(x: x, y: y), style: CellStyle(), within: grid.bounds)
                for size in edges {
                    let rect = Rect(x: x, y: y, width: size, height: size)
                    grid.fill(rect, with: Cell(grapheme: "x"))
                    grid.updateStyles(in: rect) { $0.bold = true }
                    _ = rect.inset(horizontal: size, vertical: size)
                    _ = grid.bounds.intersection(rect)
                }
            }
        }
        expectEqual(Rect(x: Int.max, y: 0, width: Int.max, height: 1).maxX, Int.max)
        expect(
            Rect(x: Int.min, y: 0, width: 5, height: 1).intersection(Rect(x: 0, y: 0, width: Int.max, height: 1))
                .isEmpty)
        expectEqual(grid.size, Size(width: 6, height: 2))
    }
}
