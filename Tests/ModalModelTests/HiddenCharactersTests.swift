import ModalModel
@_spi(JSON) import PositionedJSON
import TestSupport
import Testing
@_spi(Kernel) import TextKernel

/// The one list of characters no JSON writer writes raw, and the writers that follow it.
@Suite struct HiddenCharactersTests {
    /// The definition the list is written from, read off the standard library's Unicode properties: controls,
    /// line and paragraph separators, the interlinear annotation characters and the default-ignorables, less the
    /// joiners and the variation selectors.
    static func isHiddenByDefinition(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        switch properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: return true
        default: break
        }
        if (0xFFF9...0xFFFB).contains(scalar.value) { return true }
        if scalar.value == 0x200C || scalar.value == 0x200D || properties.isVariationSelector { return false }
        return properties.isDefaultIgnorableCodePoint
    }

    @Test func theListIsTheDefinitionForEveryScalar() {
        var disagreements: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if ControlCharacters.isHiddenInSource(scalar) != Self.isHiddenByDefinition(scalar) {
                disagreements.append(scalar.codePointText)
            }
        }
        expect(disagreements.isEmpty, "\(disagreements.prefix(20))")
    }

    @Test func everyHiddenScalarStartsWithALeadByteTheWritersLookAt() {
        for range in ControlCharacters.hiddenScalarRanges {
            for value in range {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let lead = String(scalar).utf8.first!
                expect(ControlCharacters.mayStartHiddenScalar(leadByte: lead), "\(scalar.codePointText)")
            }
        }
    }

    static let hazards: [(name: String, scalar: Unicode.Scalar)] = [
        ("RLO", "\u{202E}"), ("RLM", "\u{200F}"), ("LINE SEPARATOR", "\u{2028}"), ("ZWSP", "\u{200B}"),
        ("LRI", "\u{2066}"), ("PDI", "\u{2069}"), ("BOM", "\u{FEFF}"), ("ALM", "\u{061C}"), ("DEL", "\u{7F}"),
        ("CSI", "\u{9B}"), ("TAG LATIN SMALL A", "\u{E0061}"), ("SOFT HYPHEN", "\u{AD}"),
        ("HANGUL FILLER", "\u{3164}"), ("WORD JOINER", "\u{2060}"),
    ]

    @Test(arguments: [ModalEncoder.Layout.compact, .pretty])
    func theCanonicalWriterKeepsEveryHazardEscaped(layout: ModalEncoder.Layout) throws {
        for (name, scalar) in Self.hazards {
            let text = "a" + String(scalar) + "b"
            let bytes = ModalEncoder(layout: layout).encode(JSONValue.string(text))
            let written = String(decoding: bytes, as: UTF8.self)
            expect(!written.unicodeScalars.contains(scalar), "\(name) written raw: \(written)")
            expect(written.contains("\\u"), "\(name)")
            expect(try JSONTestHelpers.parse(written).get().value == .string(text), "\(name)")
        }
        // What only changes how visible text looks stays raw, as does every script.
        let kept = "👨‍👩‍👧 ❤️ می‌خواهم 葛󠄀 é 日本 한국어"
        let written = String(decoding: ModalEncoder(layout: layout).encode(JSONValue.string(kept)), as: UTF8.self)
        expect(written.hasPrefix("\"" + kept + "\""))
    }

    @Test func bothWritersEscapeTheSameScalarsAndReadBack() throws {
        var generator = SeededGenerator(seed: 42)
        let pool: [Unicode.Scalar] =
            Self.hazards.map(\.scalar) + ["a", " ", "\"", "\\", "\n", "\t", "é", "日", "😀", "\u{200D}", "\u{FE0F}"]
            + ControlCharacters.hiddenScalarRanges.flatMap { [$0.lowerBound, $0.upperBound] }.compactMap(
                Unicode.Scalar.init)
        for _ in 0..<TestScale.rounds(4000, quick: 400) {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int(generator.next() % 24) { scalars.append(pool[Int(generator.next() % UInt64(pool.count))]) }
            let text = String(scalars)
            var canonical: [UInt8] = []
            CanonicalJSONWriter.writeString(text, into: &canonical)
            let canonicalText = String(decoding: canonical, as: UTF8.self)
            let terminalText = JSONWriter.quoted(text)
            for written in [canonicalText, terminalText] {
                expect(!written.unicodeScalars.contains(where: ControlCharacters.isHiddenInSource), "\(written)")
                expect(try JSONTestHelpers.parse(written).get().value == .string(text))
            }
            // The writers differ only in how they spell what they escape.
            expectEqual(canonicalText, terminalText)
        }
    }
}
