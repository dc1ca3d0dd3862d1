import Foundation
import ModalModel
import PositionedJSON
import TestSupport
import Testing

/// What `print` and string interpolation show of the library's values: JSON for JSON, no module names, counts
/// that match the list, and the root pointer written one way.
@Suite struct PrintingTests {
    static func parsed(_ text: String) throws -> JSONValue {
        try JSONValue(parsing: Array(text.utf8))
    }

    @Test func aJSONValuePrintsAsCompactJSON() throws {
        let value = try Self.parsed(#"{ "msg" : "Hi \"you\"", "max_lines": 2, "styles": [ {"x": 1.5}, null, true ] }"#)
        expectEqual("\(value)", #"{"msg":"Hi \"you\"","max_lines":2,"styles":[{"x":1.5},null,true]}"#)
        expectEqual(String(reflecting: value), "\(value)")
        guard case .object(let members) = value else {
            Issue.record("not an object")
            return
        }
        expectEqual("\(members[0])", #""msg":"Hi \"you\"""#)
        expectEqual("\(members[1].value)", "2")
        expectEqual("\(members)", #"["msg":"Hi \"you\"", "max_lines":2, "styles":[{"x":1.5},null,true]]"#)
        expect(!"\(members)".contains("ModalModel") && !"\(members)".contains("byteOffset"))
    }

    /// Whatever the value, its printed text is JSON that reads back as the same value.
    @Test(arguments: [
        #"null"#, #"[1,2.5,-0,1e300]"#, #"{"a":{"b":[{}]},"a":"duplicate kept"}"#, #""\u0007 bell, \u202e bidi""#,
        #"{"":"empty key","é":"ü 漢 🎉"}"#, #"[[],[[]],"\\/"]"#,
    ])
    func printedTextReadsBackAsTheSameValue(text: String) throws {
        let value = try Self.parsed(text)
        expect(try JSONValue(parsing: Array("\(value)".utf8)) == value)
        expect(!"\(value)".unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{202E}" })
    }

    @Test func anActionWarningPrintsWithoutModuleNames() throws {
        let parsed = try ModalAction.parsing("Close").get()
        let warning = try #require(parsed.warnings.first)
        expectEqual("\(warning)", "\(warning.message) [builtin-action-case]" + (warning.hint.map { "; \($0)" } ?? ""))
        for text in ["\(warning)", "\(parsed.warnings)", "\(parsed)", String(reflecting: warning)] {
            expect(!text.contains("ModalModel"), "\(text)")
            expect(!text.contains("diagnosticCode"), "\(text)")
        }
        expect("\(parsed)".hasPrefix("Close ("))
    }

    /// A modal prints as the format writes it, so a log line can be compared with what the server sent.
    @Test func modalsPrintAsTheirWireJSON() throws {
        let modal = Modal(
            message: "Half price today", styles: [ModalStyle(range: UTF16Range(utf16Offset: 0, utf16Length: 4))],
            buttons: [ModalButton(label: "Shop", action: .openURL("https://example.com"))],
            textAlignment: .center, maxLines: 2)
        let wire = String(decoding: try ModalEncoder().encode(modal), as: UTF8.self)
        expectEqual("\(modal)", wire)
        expectEqual("\(ModalDocument(modals: [modal], isArray: false))", wire)
        expectEqual("\(ModalDocument(modals: [modal]))", "[\(wire)]")
        expectEqual("\(modal.buttons[0].action)", "https://example.com")
        for text in ["\(modal)", "\([modal])", "\(modal.styles)", "\(modal.buttons)", String(reflecting: modal)] {
            expect(!text.contains("ModalModel"), "\(text)")
        }
    }

    @Test func theViolationCountsEveryDiagnosticItHolds() throws {
        let modal = Modal(
            message: "Hi",
            styles: [ModalStyle(range: UTF16Range(utf16Offset: 1, utf16Length: 9))],
            buttons: [ModalButton(label: "OK", action: .custom("Close"))])
        let diagnostics = modal.validate()
        expectEqual(diagnostics.map(\.severity), [.error, .warning])
        let lines = "\(ModalRuleViolation(diagnostics: diagnostics))".split(separator: "\n")
        expectEqual(lines.first, "the modal breaks the format's rules (2 problems: 1 error, 1 warning):")
        expectEqual(lines.count, 3)
        expect(lines[1].hasPrefix("  range-out-of-bounds at /styles/0/apply_to/length: "))
        expect(lines[2].hasPrefix("  warning: builtin-action-case at /buttons/0/action: "))
        let warningsOnly = ModalRuleViolation(diagnostics: Array(diagnostics.dropFirst()))
        expect("\(warningsOnly)".hasPrefix("the modal breaks the format's rules (1 warning):\n  warning: "))
        let errorsOnly = ModalRuleViolation(diagnostics: [diagnostics[0], diagnostics[0]])
        expect("\(errorsOnly)".hasPrefix("the modal breaks the format's rules (2 errors):\n  range-out-of-bounds"))
    }

    /// The root's RFC 6901 pointer is empty; every message names it `the document root`.
    @Test func theRootIsWrittenOneWayInEveryMessage() throws {
        struct Envelope: Decodable { var modal: Modal }
        let violation = ModalRuleViolation(
            diagnostics: ModalDecoder.decode(Array("42".utf8)).diagnostics.filter { $0.severity == .error })
        expectEqual(violation.diagnostics.map(\.pointer), [""])
        expect("\(violation)".contains(" at the document root: "))
        do {
            _ = try JSONDecoder().decode(Modal.self, from: Data("42".utf8))
            Issue.record("42 decoded as a modal")
        } catch DecodingError.dataCorrupted(let context) {
            expect(context.debugDescription.contains(" at the document root: "), "\(context.debugDescription)")
            expect("\(context.underlyingError!)".contains(" at the document root: "))
        }
        for text in ["\(violation)"] {
            expect(!text.contains(" at /:") && !text.contains(" at : "))
        }
    }
}
