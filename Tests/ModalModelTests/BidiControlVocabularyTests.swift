import ModalModel
import TestSupport
import Testing
@_spi(Kernel) import TextKernel

/// The bidi controls are one set, declared in ControlCharacters: it is Unicode's Bidi_Control property, its
/// parts are what layout honours or replaces, and no other source file spells out a part of it.
@Suite struct BidiControlVocabularyTests {
    static var allScalars: some Sequence<Unicode.Scalar> {
        (0...0x10FFFF).lazy.compactMap { Unicode.Scalar(UInt32($0)) }
    }

    /// The declared set, found once over every scalar for the tests that look at each member.
    static let declaredBidiControls = Array(allScalars.filter { ControlCharacters.isBidiControl($0) })

    @Test func theSetIsUnicodesBidiControlProperty() {
        var count = 0
        for scalar in Self.allScalars {
            let declared = ControlCharacters.isBidiControl(scalar)
            if declared != scalar.properties.isBidiControl {
                Issue.record("\(scalar.codePointText): declared \(declared)")
            }
            if declared { count += 1 }
        }
        expectEqual(count, 12)
    }

    @Test func marksEmbeddingsAndIsolatesSplitTheSet() {
        for scalar in Self.declaredBidiControls {
            let parts = [
                ControlCharacters.isBidiMark(scalar), ControlCharacters.isBidiEmbeddingOrOverride(scalar),
                ControlCharacters.isBidiIsolate(scalar),
            ]
            expectEqual(parts.filter { $0 }.count, 1, "\(scalar.codePointText)")
            // Layout honours the marks and (matched) isolates; a lone one of either is never written raw.
            expectEqual(ControlCharacters.isBidiFormat(scalar), !ControlCharacters.isBidiEmbeddingOrOverride(scalar))
            expectEqual((ControlCharacters.placeholder(for: scalar) != nil), !ControlCharacters.isBidiMark(scalar))
            // A JSON writer keeps every one of them escaped.
            expect(ControlCharacters.isHiddenInSource(scalar), "\(scalar.codePointText)")
        }
    }

    @Test func everyBidiControlMakesANameUnsafe() {
        for scalar in Self.declaredBidiControls {
            var name = "cmd"
            name.unicodeScalars.append(scalar)
            let error = try? #require(throws: ActionError.self) { try ModalAction.parsing(name).get() }
            expectEqual(error?.diagnosticCode, .unsafeActionName, "\(scalar.codePointText)")
        }
    }

    /// The byte scan that skips text needing no placeholder spells the controls as UTF-8 bytes; it must find
    /// exactly the scalars the declaration replaces, alone and inside text long enough for its word steps.
    @Test func theByteScanFindsExactlyTheReplacedScalars() {
        for value in UInt32(0)...0x2FFF {
            guard let scalar = Unicode.Scalar(value), value != 0x09, value != 0x0A, value != 0x0D else { continue }
            let replaced = ControlCharacters.placeholder(for: scalar) != nil
            let alone = String(Character(scalar))
            expectEqual(ControlCharacters.mayNeedReplacing(alone, includingLayoutControls: false), replaced, "\(value)")
            let inText = "abcdefghijklmnopqrstuvwx" + alone + "yz0123456789abcdefghij"
            expectEqual(
                ControlCharacters.mayNeedReplacing(inText, includingLayoutControls: false), replaced, "\(value)")
        }
    }

    /// A range or comparison of bidi control values outside the declaration would be a copy that can drift.
    @Test func onlyControlCharactersSpellsOutTheSet() throws {
        let spellings = ["0x2066...0x2069", "0x202A...0x202E", "== 0x200E", "== 0x061C", "0x200E...0x200F"]
        let owners = ["/TextKernel/ControlCharacters.swift", "/TextKernel/HiddenCharacters.swift"]
        let files = swiftFilePaths(under: repositoryRoot + "/Sources")
        try #require(files.count > 100)
        for path in files where !owners.contains(where: path.hasSuffix) {
            let text = try #require(readFile(path))
            for spelling in spellings where text.contains(spelling) {
                Issue.record("\(path) spells out bidi controls (\(spelling)); use ControlCharacters")
            }
        }
    }
}
