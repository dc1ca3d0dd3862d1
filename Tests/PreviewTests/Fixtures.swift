import ModalActions
import ModalModel
import PositionedJSON
import Screen
import ScreenLayout
import Terminal
import TestSupport
import Testing

@testable import Preview

/// Builders and scripted runs shared by the preview tests.
enum Fixtures {
    static let terminal = Size(width: 80, height: 24)

    static func button(_ label: String, _ action: ModalAction) -> ModalButton {
        ModalButton(label: label, action: action)
    }

    /// A three-modal document; the middle one has three buttons of different kinds.
    static let threeModals = ModalDocument(modals: [
        Modal(message: "First modal", buttons: [button("Later", .close), button("Go", .next)]),
        Modal(
            message: "Second modal",
            buttons: [
                button("Back", .previous), button("Open", .openURL("https://example.com/a?b=1")),
                button("Done", .close),
            ]),
        Modal(message: "Third modal", buttons: [button("Finish", .close), button("Again", .previous)]),
    ])

    /// One modal with every button kind the encoder knows.
    static func oneModal(_ buttons: [ModalButton], message: String = "Hello") -> ModalDocument {
        ModalDocument(modals: [Modal(message: message, buttons: buttons)], isArray: false)
    }

    static func state(
        _ document: ModalDocument, size: Size = terminal, options: PreviewOptions = PreviewOptions()
    ) -> PreviewState {
        PreviewState(document: document, terminalSize: size, options: options)
    }

    /// Feeds events in order; returns the final state and every effect produced.
    static func run(_ state: PreviewState, _ events: [PreviewEvent]) -> (PreviewState, [PreviewEffect]) {
        var current = state
        var effects: [PreviewEffect] = []
        for event in events {
            let (next, produced) = current.update(event)
            current = next
            effects += produced
        }
        return (current, effects)
    }

    static func keys(_ keys: Key...) -> [PreviewEvent] { keys.map { .key($0) } }

    /// The screen cell where `text` first appears in the drawn screen, searching row by row.
    static func locate(_ text: String, in grid: CellGrid) -> Point? {
        let needle = Array(text)
        guard !needle.isEmpty else { return nil }
        for y in 0..<grid.size.height {
            var row: [(character: Character, x: Int)] = []
            for x in 0..<grid.size.width where !grid[x, y].isContinuation {
                for character in grid[x, y].grapheme { row.append((character, x)) }
            }
            guard row.count >= needle.count else { continue }
            for start in 0...(row.count - needle.count)
            where (0..<needle.count).allSatisfy({ row[start + $0].character == needle[$0] }) {
                return Point(x: row[start].x, y: y)
            }
        }
        return nil
    }

    static func diagnostic(
        _ severity: Severity, _ code: DiagnosticCode, _ message: String, line: Int, column: Int
    ) -> Diagnostic {
        Diagnostic(
            severity: severity, code: code, message: message,
            location: SourceLocation(line: line, column: column, byteOffset: 0))
    }

    /// The text of the bottom row, trailing blanks trimmed.
    static func statusRow(_ grid: CellGrid) -> String {
        trimmed(grid.lines[grid.size.height - 1])
    }

    /// The status message as drawn, rows joined: the bottom rows in reverse video, without the indicator.
    static func statusText(_ grid: CellGrid, indicator: String) -> String {
        var top = grid.size.height - 1
        while top > 0, grid[0, top - 1].style.reverse { top -= 1 }
        var text = grid.lines[top...].map(trimmed).joined()
        if text.hasSuffix(indicator) { text = trimmed(String(text.dropLast(indicator.count))) }
        return text
    }

    static func trimmed(_ line: String) -> String {
        var line = Substring(line)
        while line.last == " " { line = line.dropLast() }
        while line.first == " " { line = line.dropFirst() }
        return String(line)
    }

    /// Whether the drawn modal lists links among its focusables; the link tests that go through
    /// the real view need it.
    static var viewMakesLinksFocusable: Bool {
        let modal = Modal(
            message: "see terms",
            styles: [ModalStyle(range: UTF16Range(utf16Offset: 4, utf16Length: 5), link: .openURL("https://t"))])
        return ModalView(modal: modal, options: ModalViewOptions(width: 30)).render().focusables.contains {
            $0.kind == .link(styleIndex: 0)
        }
    }
}

extension PreviewEffect {
    /// The exit whose outcome prints as `line`, checking on the way that the outcome prints those very bytes.
    static func exit(code: Int32, line: String?, sourceLocation: Testing.SourceLocation = #_sourceLocation)
        -> PreviewEffect
    {
        guard let line else { return .exit(code: code, outcome: nil) }
        do {
            let outcome = try PreviewOutcome(jsonLine: line)
            expectEqual(
                outcome.jsonLine, line, fileID: sourceLocation.fileID, filePath: sourceLocation.filePath,
                line: sourceLocation.line, column: sourceLocation.column)
            return .exit(code: code, outcome: outcome)
        } catch {
            Issue.record("not an outcome line: \(line): \(error)", sourceLocation: sourceLocation)
            return .exit(code: -1, outcome: nil)
        }
    }
}
