import ModalModel
import Renderers
import Screen
import ScreenLayout

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Rendering throughput: layout + grid + ANSI truecolor to a String, per modal, at one width.
enum RenderBenchmark {
    /// Runs the benchmark and prints modals/s; `arguments` may hold `--width N` and `--seconds S`.
    static func run(arguments: [String]) {
        var width = 60
        var seconds = 3.0
        var index = 0
        while index < arguments.count {
            if arguments[index] == "--width", index + 1 < arguments.count, let value = Int(arguments[index + 1]) {
                width = value
                index += 1
            } else if arguments[index] == "--seconds", index + 1 < arguments.count,
                let value = Double(arguments[index + 1])
            {
                seconds = value
                index += 1
            }
            index += 1
        }
        let modals = syntheticModals(count: 500)
        // Warm up caches and lazy globals before timing.
        var checksum = 0
        for modal in modals { checksum &+= renderOne(modal, width: width).utf8.count }

        var rendered = 0
        var bytes = 0
        let start = Bench.now()
        var elapsed = 0.0
        while elapsed < seconds {
            for modal in modals {
                bytes &+= renderOne(modal, width: width).utf8.count
            }
            rendered += modals.count
            elapsed = Bench.now() - start
        }
        let perSecond = Double(rendered) / elapsed
        print(
            "render: \(rendered) modals in \(Bench.format(elapsed)) s at width \(width): \(Int(perSecond)) modals/s, "
                + "\(Bench.format(elapsed / Double(rendered) * 1e6)) µs/modal, \(Bench.format(Double(bytes) / Double(rendered))) bytes/modal (checksum \(checksum & 0xFFFF))"
        )
    }

    /// One modal through the whole drawing path: wrap, widgets, ANSI truecolor with hyperlinks.
    @inline(never)
    static func renderOne(_ modal: Modal, width: Int) -> String {
        let grid = ModalView(modal: modal, options: ModalViewOptions(width: ModalWidth(clamping: width))).render().grid
        return ANSIRenderer.render(grid, colorDepth: .trueColor, hyperlinks: true)
    }

    /// A deterministic mix of modals like the corpus: Latin prose with styles, CJK, emoji, 1–3 buttons.
    static func syntheticModals(count: Int) -> [Modal] {
        let sentences = [
            "Welcome back! Your subscription renews on the first of next month.",
            "限时优惠：今天购买高级会员可享受五折优惠，机会难得，不要错过。",
            "Great news 🎉 — your order 👨‍👩‍👧 has shipped and will arrive soon. Track it anytime.",
            "Nouvelle fonctionnalité : partagez vos listes avec vos amis et votre famille.",
            "本日のおすすめ：新しいテーマが追加されました。設定から変更できます。",
            "Read our updated privacy policy and terms of service before continuing.",
        ]
        let colors = [
            ModalColor(red: 0xFF, green: 0x88, blue: 0), ModalColor(red: 0x22, green: 0x66, blue: 0xCC),
            ModalColor(red: 0xEE, green: 0xEE, blue: 0xEE), ModalColor(red: 0x33, green: 0x33, blue: 0x33),
        ]
        var state: UInt64 = 20_261_130
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var modals: [Modal] = []
        for _ in 0..<count {
            var message = ""
            for _ in 0..<(1 + next(3)) {
                if !message.isEmpty { message += " " }
                message += sentences[next(sentences.count)]
            }
            let units = message.utf16.count
            var styles: [ModalStyle] = []
            for _ in 0..<next(5) {
                let from = next(max(1, units - 10))
                // Keep ranges on scalar boundaries: step back off a low surrogate.
                var start = from
                let utf16 = Array(message.utf16)
                while start > 0, UTF16.isTrailSurrogate(utf16[start]) { start -= 1 }
                var end = min(units, start + 3 + next(12))
                while end < units, UTF16.isTrailSurrogate(utf16[end]) { end += 1 }
                styles.append(
                    ModalStyle(
                        range: UTF16Range(utf16Offset: start, utf16Length: end - start),
                        fontStyle: [FontStyle.bold, .italic, .underline, nil][next(4)],
                        fontSize: [nil, 24, 12][next(3)], color: colors[next(colors.count)],
                        link: next(4) == 0 ? .openURL("https://example.com/offer/\(next(1000))") : nil))
            }
            var buttons: [ModalButton] = []
            for number in 0..<(1 + next(3)) {
                buttons.append(
                    ModalButton(
                        label: ["OK", "Not now", "Learn more", "立即购买"][next(4)],
                        action: number == 0 ? .close : .custom("b\(number)"),
                        backgroundColor: colors[next(colors.count)],
                        foregroundColor: colors[next(colors.count)]))
            }
            modals.append(Modal(message: message, styles: styles, buttons: buttons))
        }
        return modals
    }

}
