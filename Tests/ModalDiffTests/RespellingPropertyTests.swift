import ModalDiff
import ModalModel
import TestSupport
import Testing

/// Random modals against spellings of themselves (no change) and against one random edit (a change).
@Suite struct RespellingPropertyTests {
    static let rounds = TestScale.rounds(1_000, quick: 300)
    private let vocabulary = ["alpha", "beta", "gamma", "δέλτα", "😀", "long-word", "x", "שלום"]
    private let palette = ["#ff0000", "#00aa00", "#0000ff", "#333333"]

    private func randomModal(_ random: inout SeededGenerator) -> Modal {
        let count = Int.random(in: 1...12, using: &random)
        let message = (0..<count).map { _ in vocabulary.randomElement(using: &random)! }.joined(separator: " ")
        let cuts = boundaries(of: message)
        var styles: [ModalStyle] = []
        for _ in 0..<Int.random(in: 0...4, using: &random) {
            let fromIndex = Int.random(in: 0..<(cuts.count - 1), using: &random)
            let from = cuts[fromIndex]
            let span = cuts[Int.random(in: (fromIndex + 1)..<cuts.count, using: &random)] - from
            var attributes = StyleAttributes()
            switch Int.random(in: 0..<4, using: &random) {
            case 0: attributes.fontStyle = .bold
            case 1: attributes.color = try? ModalColor(hex: palette.randomElement(using: &random)!)
            case 2: attributes.underline = true
            default: attributes.link = .custom("open")
            }
            styles.append(ModalStyle(range: UTF16Range(utf16Offset: from, utf16Length: span), attributes: attributes))
        }
        let buttons = (0..<Int.random(in: 0...2, using: &random)).map { index in
            ModalButton(label: "B\(index)", action: .close, backgroundColor: try? ModalColor(hex: "#3478f6"))
        }
        return Modal(message: message, styles: styles, buttons: buttons)
    }

    /// The UTF-16 offsets where a range may start or end: between scalars, and the end.
    private func boundaries(of message: String) -> [Int] {
        var offsets = [0]
        for scalar in message.unicodeScalars { offsets.append(offsets.last! + UTF16.width(scalar)) }
        return offsets
    }

    /// The same modal spelled otherwise: pretty-printed and read back, one style split in two at a random
    /// place, and a style with no attributes added.
    private func respelled(_ modal: Modal, _ random: inout SeededGenerator) throws -> Modal {
        let bytes = try ModalEncoder(layout: .pretty).encode(ModalDocument(modals: [modal]))
        var copy = try #require(ModalDecoder.decode(bytes).document?.modals.first)
        let cuts = boundaries(of: modal.message)
        if let index = copy.styles.indices.randomElement(using: &random),
            let inside = cuts.filter({
                $0 > copy.styles[index].range.utf16Offset && $0 < copy.styles[index].range.utf16End
            }).randomElement(using: &random)
        {
            let style = copy.styles[index]
            let cut = inside - style.range.utf16Offset
            var first = style
            first.range = UTF16Range(utf16Offset: style.range.utf16Offset, utf16Length: cut)
            var second = style
            second.range = UTF16Range(
                utf16Offset: style.range.utf16Offset + cut, utf16Length: style.range.utf16Length - cut)
            copy.styles.replaceSubrange(index...index, with: [first, second])
        }
        copy.styles.append(
            ModalStyle(range: UTF16Range(utf16Offset: 0, utf16Length: cuts[1]), attributes: StyleAttributes()))
        return copy
    }

    @Test func aRespelledModalShowsNoChange() throws {
        var random = SeededGenerator(seed: 4_545)
        for _ in 0..<Self.rounds {
            let modal = randomModal(&random)
            let other = try respelled(modal, &random)
            let changes = ModalComparison.changes(from: modal, to: other)
            expect(changes.isEmpty, "\(modal) against \(other): \(changes)")
        }
    }

    @Test func oneRandomEditIsReported() {
        var random = SeededGenerator(seed: 4_546)
        for _ in 0..<Self.rounds {
            let modal = randomModal(&random)
            var edited = modal
            let kind = Int.random(in: 0..<3, using: &random)
            switch kind {
            case 0:
                // A word no modal has, in place of a random one.
                var words = modal.message.split(separator: " ").map(String.init)
                words[Int.random(in: 0..<words.count, using: &random)] = "omega"
                edited.message = words.joined(separator: " ")
                edited.styles = []
                edited.styles = modal.styles.filter { $0.range.utf16End <= edited.message.utf16.count }
            case 1:
                // A colour no modal has, last so that it wins, over the first word.
                let first = modal.message.split(separator: " ")[0].utf16.count
                edited.styles.append(
                    ModalStyle(
                        range: UTF16Range(utf16Offset: 0, utf16Length: first),
                        attributes: StyleAttributes(color: ModalColor(red: 1, green: 2, blue: 3))))
            default:
                edited.buttons.append(ModalButton(label: "Added", action: .close))
            }
            let changes = ModalComparison.changes(from: modal, to: edited)
            switch kind {
            case 0: expect(changes.contains { if case .text = $0 { true } else { false } }, "\(changes)")
            case 1:
                expect(
                    changes.contains {
                        if case .style(let change) = $0 {
                            change.attribute == .color && change.newValue == "#010203"
                        } else {
                            false
                        }
                    }, "\(changes)")
            default:
                expect(changes.contains { if case .buttonAdded = $0 { true } else { false } }, "\(changes)")
            }
        }
    }
}
