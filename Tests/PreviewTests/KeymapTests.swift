import ModalModel
import Screen
import Terminal
import TestSupport
import Testing

@testable import Preview

/// The keymap is the one description of the preview's keys: `update` acts on exactly its keys, and the help
/// overlay and the status line show exactly its rows and hints.
@Suite struct KeymapTests {
    static let namedKeys: [Key] = [
        .tab, .shiftTab, .left, .right, .up, .down, .pageUp, .pageDown, .home, .end, .enter, .space, .escape,
    ]

    @Test func everyNamedKeyIsBoundOnceAndNoKeyTwice() {
        let bound = Keymap.bindings.flatMap { $0.keys.map(\.key) }
        for key in Self.namedKeys { expect(bound.contains(key), "\(key) does nothing") }
        for (index, key) in bound.enumerated() {
            expect(!bound[..<index].contains(key), "\(key) is bound twice")
        }
    }

    /// Every bound key is acted on rather than refused, and a key outside the keymap is refused.
    @Test func updateActsOnExactlyTheKeymapsKeys() {
        let start = Fixtures.state(Fixtures.threeModals)
        for binding in Keymap.bindings {
            for (key, _) in binding.keys {
                let (next, _) = start.update(.key(key))
                expect(next.status != "unknown key; ? shows the keys", "\(key)")
            }
        }
        for character in "axz1!" where Keymap.command(for: .char(character)) == nil {
            expectEqual(start.update(.key(.char(character))).0.status, "unknown key; ? shows the keys")
        }
    }

    @Test func eachCommandDoesWhatItsRowSays() {
        let start = Fixtures.state(Fixtures.threeModals)
        for binding in Keymap.bindings {
            for (key, command) in binding.keys {
                let (next, effects) = start.update(.key(key))
                switch command {
                case .cancel: expectEqual(effects, [.exit(code: 1, line: nil)], "\(key)")
                case .toggleHelp: expect(next.isHelpShown, "\(key)")
                case .nextModal: expectEqual(next.modalIndex, start.modalIndex + 1, "\(key)")
                case .focusNext, .focusRight:
                    expect(next.focusIndex != start.focusIndex || start.focusables.count < 2, "\(key)")
                default: expect(!next.isHelpShown && !effects.contains(.exit(code: 1, line: nil)), "\(key)")
                }
            }
        }
    }

    /// The rows between the overlay's title and footer are the keymap's rows, in its order, and no others.
    @Test func theOverlayListsExactlyTheKeymapsRows() {
        for reportsToHost in [false, true] {
            var grid = CellGrid(size: Size(width: 60, height: 20))
            HelpOverlay(ascii: true, reportsToHost: reportsToHost).draw(into: &grid, area: grid.bounds)
            let lines = grid.lines.map(Fixtures.trimmed)
            let title = lines.firstIndex { $0.contains(HelpOverlay.title.trimmingSpaces) }!
            let footer = lines.firstIndex { $0.contains(HelpOverlay.footer) }!
            let rows = lines[(title + 1)..<(footer - 1)].map { String($0.dropFirst().dropLast()) }.map(Fixtures.trimmed)
            expectEqual(rows.count, Keymap.bindings.count)
            for (row, binding) in zip(rows, Keymap.bindings) {
                expect(row.hasPrefix(binding.label + " "), "\(row)")
                expect(row.hasSuffix(" " + binding.meaning(reportsToHost: reportsToHost)), "\(row)")
            }
        }
    }

    /// A label, meaning or hint of the keymap written anywhere else in the sources would be a second description.
    @Test func onlyTheKeymapWordsTheKeys() throws {
        let files = swiftFilePaths(under: repositoryRoot + "/Sources")
        try #require(files.count > 100)
        let words = Keymap.bindings.flatMap { [$0.label, $0.meaning] + [$0.hint, $0.hostHint].compactMap { $0 } }
            .filter { $0.count > 3 }
        for path in files where !path.hasSuffix("/Preview/Keymap.swift") {
            let text = try #require(readFile(path))
            for word in words where text.contains("\"" + word + "\"") {
                Issue.record("\(path) spells out \"\(word)\"; read it from Keymap")
            }
        }
    }

    /// Each hint names a key of its row, so the status line cannot advertise a key that does something else.
    @Test func everyHintNamesAKeyOfItsRow() {
        for hints in [KeyHints.modal, .problem, .waiting, .tooSmall, KeyHints.modal.cancelling] {
            expectEqual(hints.items.count, hints.commands.count)
            for (item, command) in zip(hints.items, hints.commands) {
                let binding = Keymap.binding(for: command)!
                let keyName = item.split(separator: " ")[0].split(separator: "/")[0]
                expect(binding.label.contains(keyName), "\(item) is not a key of \(binding.label)")
            }
        }
        expectEqual(KeyHints.modal.cancelling.items.last, "q cancel")
    }

    /// The key table of docs/cli.md names exactly the keys of the keymap, so a key added to the preview (or
    /// taken out) cannot go undocumented; the table may group and explain them as it likes.
    @Test func theDocumentedKeyTableNamesExactlyTheKeymapsKeys() throws {
        let text = try #require(readFile(repositoryRoot + "/docs/cli.md"))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let header = try #require(lines.firstIndex(of: "| key | does |"))
        let rows = lines[(header + 2)...].prefix { $0.hasPrefix("|") }
        try #require(rows.count > 3)
        func keyNames(_ label: String) -> Set<String> {
            let words = label.filter { $0 != "`" }.split { $0 == "," || $0 == " " }.map(String.init)
            // "left click" in the table is the keymap's "click".
            return Set(words.filter { $0 != "left" })
        }
        let documented = rows.reduce(into: Set<String>()) { names, row in
            names.formUnion(keyNames(String(row.split(separator: "|", omittingEmptySubsequences: true)[0])))
        }
        let bound = Keymap.bindings.reduce(into: Set<String>()) { $0.formUnion(keyNames($1.label)) }
        expectEqual(documented, bound, "docs/cli.md lists \(documented.sorted()), the keymap \(bound.sorted())")
    }
}

extension String {
    fileprivate var trimmingSpaces: String { Fixtures.trimmed(self) }
}
