import TestSupport
import Testing

@testable import TextLayout

/// A UCD property file read into one value per code point (`missing` where the file lists nothing).
private func readProperty(_ name: String, missing: String) throws -> [Substring] {
    let text = try readTextFile(repositoryRoot + "/Tests/TextLayoutTests/Fixtures/Unicode/" + name)
    var values = [Substring](repeating: Substring(missing), count: 0x110000)
    for line in text.split(separator: "\n") {
        let data = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let fields = data.split(separator: ";").map { $0.trimmingSpaces }
        guard fields.count >= 2 else { continue }
        let bounds = fields[0].split(separator: ".", omittingEmptySubsequences: true)
        let first = Int(bounds[0], radix: 16)!
        let last = bounds.count > 1 ? Int(bounds[1], radix: 16)! : first
        for codePoint in first...last { values[codePoint] = fields[1] }
    }
    return values
}

/// Code points LineBreak.txt lists as unassigned (its comments start with the General_Category).
private func unassignedInLineBreakTxt() throws -> [Bool] {
    let text = try readTextFile(repositoryRoot + "/Tests/TextLayoutTests/Fixtures/Unicode/LineBreak.txt")
    var flags = [Bool](repeating: false, count: 0x110000)
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
        let parts = line.split(separator: "#", maxSplits: 1)
        guard parts.count == 2, parts[1].trimmingSpaces.hasPrefix("Cn") else { continue }
        let range = parts[0].split(separator: ";")[0].split(separator: ".", omittingEmptySubsequences: true)
        let first = Int(range[0], radix: 16)!
        let last = range.count > 1 ? Int(range[1], radix: 16)! : first
        for codePoint in first...last { flags[codePoint] = true }
    }
    return flags
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var result = self
        while result.first == " " { result.removeFirst() }
        while result.last == " " { result.removeLast() }
        return result
    }
}

@Suite struct UnicodeTableTests {
    @Test func tablesDescribeUnicode15() {
        expectEqual(UnicodeTableData.unicodeVersion, "15.0.0")
    }

    @Test func base64DecodesTheStandardAlphabet() {
        let output = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 16)
        defer { output.deallocate() }
        let count = Base64.decode("TW9kYWxL\naXQ/+w==", into: output)
        expectEqual(Array(output[0..<count]), Array("ModalKit".utf8) + [0x3F, 0xFB])
    }

    /// Every code point's line break class against LineBreak.txt, with LB1 applied.
    @Test func lineBreakClassesMatchLineBreakTxt() throws {
        let raw = try readProperty("LineBreak.txt", missing: "XX")
        let eastAsian = try readProperty("EastAsianWidth.txt", missing: "N")
        // emoji-data.txt lists several properties per code point; only Extended_Pictographic matters here.
        let pictographic = try emojiPictographic()
        let unassigned = try unassignedInLineBreakTxt()
        let table = UnicodePropertyTable.shared
        var mismatches: [String] = []
        for codePoint in 0..<0x110000 where !(0xD800...0xDFFF).contains(codePoint) {
            let actual = "\(table.properties(scalarValue: UInt32(codePoint)).lineBreakClass)"
            let rawClass = String(raw[codePoint])
            var allowed: Set<String>
            switch rawClass {
            case "AI", "SG", "XX": allowed = ["AL"]
            case "CJ": allowed = ["NS"]
            case "SA": allowed = ["CM", "AL"]
            case "OP", "CP":
                allowed = ["F", "W", "H"].contains(eastAsian[codePoint]) ? [rawClass + "EA"] : [rawClass]
            case "ID": allowed = pictographic[codePoint] && unassigned[codePoint] ? ["EB"] : ["ID"]
            default: allowed = [rawClass]
            }
            if !allowed.contains(actual) && mismatches.count < 10 {
                mismatches.append("U+\(String(codePoint, radix: 16)): \(rawClass) → \(actual)")
            }
        }
        expect(mismatches.isEmpty, "\(mismatches)")
    }

    /// Every code point's width kind against EastAsianWidth.txt.
    @Test func widthKindsMatchEastAsianWidthTxt() throws {
        let eastAsian = try readProperty("EastAsianWidth.txt", missing: "N")
        let pictographic = try emojiPictographic()
        let presentation = try emojiFlags("Emoji_Presentation")
        let unassigned = try unassignedInLineBreakTxt()
        let table = UnicodePropertyTable.shared
        var mismatches: [String] = []
        var zeroCount = 0
        for codePoint in 0..<0x110000 where !(0xD800...0xDFFF).contains(codePoint) {
            let kind = table.properties(scalarValue: UInt32(codePoint)).widthKind
            if kind == .zero {
                zeroCount += 1
                continue  // marks, format characters and the like; the widths tests cover them
            }
            let expected: UnicodeProperties.WidthKind
            switch eastAsian[codePoint] {
            case "W", "F": expected = .wide
            case "A": expected = presentation[codePoint] ? .wide : .ambiguous
            // Unassigned pictographs are reserved for emoji, which will have emoji presentation.
            default:
                expected = presentation[codePoint] || pictographic[codePoint] && unassigned[codePoint] ? .wide : .narrow
            }
            if kind != expected && mismatches.count < 10 {
                mismatches.append("U+\(String(codePoint, radix: 16)): \(eastAsian[codePoint]) → \(kind)")
            }
        }
        expect(mismatches.isEmpty, "\(mismatches)")
        // Marks, controls, format characters, default-ignorables: a few thousand, far from everything.
        expect(zeroCount > 2_000 && zeroCount < 10_000, "\(zeroCount) zero-width code points")
    }

    @Test func emojiFlagsMatchEmojiDataTxt() throws {
        let pictographic = try emojiPictographic()
        let modifier = try emojiFlags("Emoji_Modifier")
        let table = UnicodePropertyTable.shared
        var mismatches: [String] = []
        for codePoint in 0..<0x110000 where !(0xD800...0xDFFF).contains(codePoint) {
            let properties = table.properties(scalarValue: UInt32(codePoint))
            if properties.isExtendedPictographic != pictographic[codePoint]
                || properties.isEmojiModifier != modifier[codePoint], mismatches.count < 10
            {
                mismatches.append("U+\(String(codePoint, radix: 16))")
            }
        }
        expect(mismatches.isEmpty, "\(mismatches)")
        expect(table.properties("\u{2764}").isEmojiVariationBase)
        expect(table.properties("1").isEmojiVariationBase)
        expect(!table.properties("A").isEmojiVariationBase)
        expect(!table.properties("\u{1F600}").isEmojiVariationBase)  // already emoji by default
    }

    private func emojiFlags(_ name: String) throws -> [Bool] {
        let text = try readTextFile(repositoryRoot + "/Tests/TextLayoutTests/Fixtures/Unicode/emoji-data.txt")
        var flags = [Bool](repeating: false, count: 0x110000)
        for line in text.split(separator: "\n") {
            let data = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            let fields = data.split(separator: ";").map { $0.trimmingSpaces }
            guard fields.count >= 2, fields[1] == name else { continue }
            let bounds = fields[0].split(separator: ".", omittingEmptySubsequences: true)
            let first = Int(bounds[0], radix: 16)!
            let last = bounds.count > 1 ? Int(bounds[1], radix: 16)! : first
            for codePoint in first...last { flags[codePoint] = true }
        }
        return flags
    }

    private func emojiPictographic() throws -> [Bool] { try emojiFlags("Extended_Pictographic") }
}
