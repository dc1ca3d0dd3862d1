import ModalModel
import Preview
import Screen
import ScreenLayout
import Terminal

/// Key-to-screen latency of the interactive preview: `update` + `view` + the grid diff that decides what
/// ncurses must redraw, for an 80×24 terminal. The target is under 1 ms per key.
enum PreviewBenchmark {
    static func run() {
        let modal = Modal(
            message: """
                Spring sale: everything in the shop is 30% off until Sunday. Members get free delivery on \
                every order, and the first 100 orders get a tote bag. コンピューター and 👩‍💻 included.
                Read the terms before you buy.
                """,
            styles: [
                ModalStyle(
                    range: UTF16Range(utf16Offset: 0, utf16Length: 12), fontStyle: .bold,
                    color: ModalColor(red: 0xFF, green: 0x88, blue: 0)),
                ModalStyle(
                    range: UTF16Range(utf16Offset: 173, utf16Length: 9), link: .openURL("https://shop.example/terms")),
            ],
            buttons: [
                ModalButton(label: "Later", action: .close),
                ModalButton(
                    label: "Shop now", action: .openURL("https://shop.example/sale"),
                    backgroundColor: ModalColor(red: 0x33, green: 0x66, blue: 0xFF),
                    foregroundColor: ModalColor(red: 255, green: 255, blue: 255)),
                ModalButton(label: "Next", action: .next),
            ])
        var second = modal
        second.message = "Thanks for shopping with us. Your tote bag is on its way."
        second.styles = []
        let document = ModalDocument(modals: [modal, second])
        let start = PreviewState(document: document, terminalSize: Size(width: 80, height: 24))

        print("preview key-to-screen latency, 80×24, update + view + grid diff")
        measure("Tab (focus moves)", start: start, events: [.key(.tab)])
        measure("n/p (modal changes)", start: start, events: [.key(.char("n")), .key(.char("p"))])
        measure("unknown key (status only)", start: start, events: [.key(.char("x")), .key(.tab)])
        measure("? (help overlay)", start: start, events: [.key(.char("?"))])
        runSizes()
    }

    /// Key-to-frame time against the message's length at 100×30: the layout is kept across events and
    /// only the rows on screen are drawn, so the figures should not grow with the message.
    static func runSizes() {
        print("preview key-to-frame against message length, 100×30, PgDn/Tab/End/Home round and round")
        let sizes = [
            ("1 KB", 1 << 10, false), ("100 KB", 100 << 10, false), ("2 MB", 2 << 20, false),
            ("2 MB in paragraphs", 2 << 20, true),
        ]
        for (name, bytes, inParagraphs) in sizes {
            let modal = longModal(bytes: bytes, inParagraphs: inParagraphs)
            let start = PreviewState(
                document: ModalDocument(modals: [modal]), terminalSize: Size(width: 100, height: 30))
            measure(
                name, start: start, events: [.key(.pageDown), .key(.tab), .key(.end), .key(.home)],
                count: bytes > 1 << 20 ? 2000 : 5000)
        }
    }

    /// The time a resize takes on a long message: `update` of a resize to a narrower modal and `view`, which
    /// is all that stands between the resize and the next frame or key (the first lines are laid out there),
    /// and the whole layout the host makes meanwhile off the input thread.
    static func runResize(_ arguments: [String]) {
        let megabytes = arguments.first.flatMap(Int.init) ?? 2
        let rounds = arguments.dropFirst().first.flatMap(Int.init) ?? 6
        print("preview resize, \(megabytes) MB in one paragraph, 50 <-> 56 columns")
        let modal = longModal(bytes: megabytes << 20)
        var state = PreviewState(document: ModalDocument(modals: [modal]), terminalSize: Size(width: 56, height: 30))
        var frames: [Double] = []
        var wholes: [Double] = []
        for round in 0..<rounds {
            frames.append(
                Bench.seconds {
                    state = state.update(.resize(Size(width: round % 2 == 0 ? 50 : 56, height: 30))).0
                    _ = state.view()
                })
            guard let request = state.pendingLayout else { continue }
            var layout: ModalLayout?
            wholes.append(Bench.seconds { layout = request.layOut(shouldContinue: { true }) })
            if let layout { state = state.update(.laidOut(request, layout)).0 }
        }
        report("  to the next frame (update + view)", frames)
        if !wholes.isEmpty { report("  the whole layout, off the input thread", wholes) }
    }

    /// The time from a decoded long message to its first frame, and to its whole layout.
    static func runStart(_ arguments: [String]) {
        let megabytes = arguments.first.flatMap(Int.init) ?? 8
        let rounds = arguments.dropFirst().first.flatMap(Int.init) ?? 5
        for inParagraphs in [false, true] {
            print("preview start, \(megabytes) MB \(inParagraphs ? "in paragraphs" : "in one paragraph"), 100x30")
            let document = ModalDocument(modals: [longModal(bytes: megabytes << 20, inParagraphs: inParagraphs)])
            var frames: [Double] = []
            var wholes: [Double] = []
            for _ in 0..<rounds {
                var state: PreviewState?
                frames.append(
                    Bench.seconds {
                        state = PreviewState(document: document, terminalSize: Size(width: 100, height: 30))
                        _ = state?.view()
                    })
                guard let request = state?.pendingLayout else { continue }
                wholes.append(Bench.seconds { _ = request.layOut(shouldContinue: { true }) })
            }
            report("  to the first frame (init + view)", frames)
            if !wholes.isEmpty { report("  the whole layout, off the input thread", wholes) }
        }
    }

    static func report(_ name: String, _ seconds: [Double]) {
        let sorted = seconds.sorted()
        print("\(name): median \(format(sorted[sorted.count / 2] * 1e6)) µs, worst \(format(sorted.last! * 1e6)) µs")
    }

    /// A message of about `bytes` bytes of words, with a link every kilobyte and two buttons; one paragraph,
    /// or (`inParagraphs`) a line feed every ten sentences, which lets the layout keep no lines.
    static func longModal(bytes: Int, inParagraphs: Bool = false) -> Modal {
        let sentence = "Spring sale: everything in the shop is 30% off until Sunday, with free delivery. "
        var message = ""
        message.reserveCapacity(bytes + sentence.utf8.count)
        var styles: [ModalStyle] = []
        while message.utf8.count < bytes {
            if message.utf8.count / 1024 >= styles.count {
                styles.append(
                    ModalStyle(
                        range: UTF16Range(utf16Offset: message.utf16.count, utf16Length: 11),
                        link: .openURL("https://shop.example/\(styles.count)")))
            }
            message += sentence
            if inParagraphs && message.utf8.count % (10 * sentence.utf8.count) < sentence.utf8.count { message += "\n" }
        }
        return Modal(
            message: message, styles: styles,
            buttons: [ModalButton(label: "Later", action: .close), ModalButton(label: "Shop now", action: .next)])
    }

    /// Feeds the events round and round, timing each one from event to the list of cells to redraw.
    static func measure(_ name: String, start: PreviewState, events: [PreviewEvent], count: Int = 5000) {
        var state = start
        var shown = state.view()
        var samples: [Double] = []
        samples.reserveCapacity(count)
        var changedCells = 0
        let clock = ContinuousClock()
        for i in 0..<(count + 500) {
            let event = events[i % events.count]
            let began = clock.now
            let (next, _) = state.update(event)
            let grid = next.view()
            let changed = GridDiff.forEachChange(from: shown, to: grid) { _, _ in }
            let elapsed = clock.now - began
            state = next
            shown = grid
            if i >= 500 {  // after warming up
                samples.append(Double(elapsed.components.attoseconds) / 1e12 + Double(elapsed.components.seconds) * 1e6)
                changedCells += changed
            }
        }
        samples.sort()
        let median = samples[samples.count / 2]
        let p99 = samples[samples.count * 99 / 100]
        print(
            "  \(name): median \(format(median)) µs, p99 \(format(p99)) µs, "
                + "\(changedCells / count) cells redrawn per key")
    }

    static func format(_ microseconds: Double) -> String {
        let tenths = Int((microseconds * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
