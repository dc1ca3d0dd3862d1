@_spi(Kernel) import TextKernel

/// The parser's error messages. Each says what was expected and what was found, and the hints name the
/// fix for the mistakes people make most when writing JSON by hand or from other languages.
///
/// Everything here runs only once an error is certain, so it may look around the input freely.
extension JSONScanner {
    /// The part of a number after which a digit is required.
    package enum NumberPart {
        case minus, decimalPoint, exponentMarker
    }

    // MARK: Values and structure

    /// No value can start at `position`.
    package func expectedValue() -> JSONParseError {
        let offset = position
        let previous = previousSignificantByte(before: offset)
        var expectation = "expected a JSON value"
        if let previous, previous == UInt8(ascii: ":") || previous == UInt8(ascii: ",") || previous == UInt8(ascii: "[")
        {
            expectation += " after '\(Character(Unicode.Scalar(previous)))'"
        }
        guard offset < count else {
            return syntaxError(
                expectation + " but reached the end of the file", at: offset,
                hint: previous == nil
                    ? nil : "the file ends before the JSON value is complete; it may have been cut off")
        }
        if let error = utf8ErrorAt(offset) { return error }
        let byte = base[offset]
        if let comment = commentError(at: offset, expectation: expectation) { return comment }
        if isIdentifierByte(byte) && !isDigit(byte) {
            let word = identifier(at: offset)
            return syntaxError(expectation + ", but found '\(word)'", at: offset, hint: hint(forBareWord: word))
        }
        let found = describeFound(at: offset)
        let hint: String?
        switch byte {
        case UInt8(ascii: "'"):
            hint = "JSON strings use double quotes: write \"text\", not 'text'"
        case UInt8(ascii: "+"):
            hint = "JSON numbers cannot start with '+'; remove it"
        case UInt8(ascii: "."):
            hint = "a JSON number needs a digit before the '.': write 0.5, not .5"
        case UInt8(ascii: ","):
            hint = previous == UInt8(ascii: ":") ? "write a value after ':'" : "remove the extra ','"
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
            hint = previous == UInt8(ascii: ":") ? "write a value after ':', or remove the member" : nil
        case 0:
            hint = "the file contains a NUL byte; if it is UTF-16, save it as UTF-8"
        default:
            hint = nil
        }
        return syntaxError(expectation + ", but found \(found)", at: offset, hint: hint)
    }

    /// Something other than whitespace follows the complete top-level value.
    package func contentAfterValue() -> JSONParseError {
        let offset = position
        if let error = utf8ErrorAt(offset) { return error }
        let expectation = "expected the end of the file after the JSON value"
        if let comment = commentError(at: offset, expectation: expectation) { return comment }
        let byte = base[offset]
        let found = isIdentifierByte(byte) && !isDigit(byte) ? "'\(identifier(at: offset))'" : describeFound(at: offset)
        let hint: String?
        switch byte {
        case UInt8(ascii: "]"), UInt8(ascii: "}"):
            hint =
                "remove the extra '\(Character(Unicode.Scalar(byte)))': there are more closing brackets than opening ones"
        case UInt8(ascii: ","), UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""):
            hint = "a file holds a single JSON value; put several values in an array: [first, second]"
        default:
            hint = nil
        }
        return syntaxError("unexpected \(found) after the JSON value", at: offset, hint: hint)
    }

    /// An object member is not followed by `,` or `}`.
    package func expectedAfterMember() -> JSONParseError {
        let offset = position
        let expectation = "expected ',' or '}' after an object member"
        guard offset < count else {
            return syntaxError(
                expectation + " but reached the end of the file", at: offset,
                hint: "close the object with '}'; the file may have been cut off")
        }
        if let error = utf8ErrorAt(offset) { return error }
        if let comment = commentError(at: offset, expectation: expectation) { return comment }
        let byte = base[offset]
        let hint: String?
        switch byte {
        case UInt8(ascii: "\""):
            hint = "add a ',' between the members"
        case UInt8(ascii: "]"):
            hint = "this object was opened with '{', so close it with '}'"
        case UInt8(ascii: "="), UInt8(ascii: ":"):
            hint = "each member is one \"key\": value pair; add a ',' before the next member"
        default:
            hint = startsValue(byte) ? "a member has one value; add a ',' and a \"key\": before the next value" : nil
        }
        return syntaxError(expectation + ", but found \(describeFound(at: offset))", at: offset, hint: hint)
    }

    /// An array element is not followed by `,` or `]`.
    package func expectedAfterElement() -> JSONParseError {
        let offset = position
        let expectation = "expected ',' or ']' after an array value"
        guard offset < count else {
            return syntaxError(
                expectation + " but reached the end of the file", at: offset,
                hint: "close the array with ']'; the file may have been cut off")
        }
        if let error = utf8ErrorAt(offset) { return error }
        if let comment = commentError(at: offset, expectation: expectation) { return comment }
        let byte = base[offset]
        let hint: String?
        switch byte {
        case UInt8(ascii: "}"):
            hint = "this array was opened with '[', so close it with ']'"
        case UInt8(ascii: ":"):
            hint = "arrays hold plain values; \"key\": value members belong in an object { }"
        default:
            hint = startsValue(byte) ? "add a ',' between the values" : nil
        }
        return syntaxError(expectation + ", but found \(describeFound(at: offset))", at: offset, hint: hint)
    }

    /// A `,` in an array is followed by `]`; the error points at the comma.
    package func trailingComma() -> JSONParseError {
        let comma = previousSignificantOffset(before: position) ?? position
        return syntaxError(
            "expected a value after ',', but found ']'", at: comma, hint: "remove the ',' before ']'")
    }

    /// A member key was expected at `position`.
    package func expectedKey(afterComma: Bool) -> JSONParseError {
        let offset = position
        let expectation =
            afterComma ? "expected a key in double quotes after ','" : "expected a key in double quotes or '}'"
        guard offset < count else {
            return syntaxError(
                expectation + " but reached the end of the file", at: offset,
                hint: "close the object with '}'; the file may have been cut off")
        }
        if let error = utf8ErrorAt(offset) { return error }
        let byte = base[offset]
        if afterComma && byte == UInt8(ascii: "}") {
            let comma = previousSignificantOffset(before: offset) ?? offset
            return syntaxError("expected a key after ',', but found '}'", at: comma, hint: "remove the ',' before '}'")
        }
        if let comment = commentError(at: offset, expectation: expectation) { return comment }
        if isIdentifierByte(byte) {
            let word = identifier(at: offset)
            return syntaxError(
                expectation + ", but found '\(word)'", at: offset,
                hint: "object keys are strings: put the key in double quotes, \"\(word)\"")
        }
        let hint: String?
        switch byte {
        case UInt8(ascii: "'"): hint = "JSON keys use double quotes: write \"key\", not 'key'"
        case UInt8(ascii: ","): hint = "remove the extra ','"
        default: hint = nil
        }
        return syntaxError(expectation + ", but found \(describeFound(at: offset))", at: offset, hint: hint)
    }

    /// A member key is not followed by `:`.
    package func expectedColon() -> JSONParseError {
        let offset = position
        let expectation = "expected ':' after the object key"
        guard offset < count else {
            return syntaxError(
                expectation + " but reached the end of the file", at: offset,
                hint: "the file may have been cut off")
        }
        if let error = utf8ErrorAt(offset) { return error }
        if let comment = commentError(at: offset, expectation: expectation) { return comment }
        let byte = base[offset]
        let hint: String?
        switch byte {
        case UInt8(ascii: "="):
            hint = "use ':' between a key and its value"
        case UInt8(ascii: ","), UInt8(ascii: "}"):
            hint = "every key needs a value: \"key\": value"
        default:
            hint = startsValue(byte) ? "add a ':' between the key and its value" : nil
        }
        return syntaxError(expectation + ", but found \(describeFound(at: offset))", at: offset, hint: hint)
    }

    /// A container opens at `position` one level beyond `maxDepth`.
    package func tooDeep() -> JSONParseError {
        JSONParseError(
            code: .jsonDepth,
            message: "nesting is too deep: this '\(Character(Unicode.Scalar(base[position])))' would open level "
                + "\(maxDepth + 1), beyond the limit of \(maxDepth) nested arrays and objects",
            byteOffset: position, hint: "flatten the data; modal documents need only a few levels")
    }

    // MARK: Strings

    /// The end of the file came before the closing quote of the string at `quote`.
    package func unterminatedString(quote: Int) -> JSONParseError {
        if let error = UTF8Validation.firstError(in: bytes, range: (quote + 1)..<count) { return error }
        return syntaxError(
            "this string is never closed: the file ends before its closing '\"'", at: quote,
            hint: "add the closing '\"'; the file may have been cut off")
    }

    /// A raw control character at `offset` inside the string at `quote`.
    package func rawControlCharacter(at offset: Int, quote: Int) -> JSONParseError {
        if let error = UTF8Validation.firstError(in: bytes, range: (quote + 1)..<offset) { return error }
        let byte = base[offset]
        let name: String
        let hint: String
        switch byte {
        case 0x0A:
            name = "a raw line break (U+000A)"
            hint = "write a line break inside a string as \\n; if the string should end here, add the closing '\"'"
        case 0x0D:
            name = "a raw carriage return (U+000D)"
            hint = "write a carriage return inside a string as \\r"
        case 0x09:
            name = "a raw tab (U+0009)"
            hint = "write a tab inside a string as \\t"
        default:
            name = "the raw control character " + ControlCharacters.describe(Unicode.Scalar(byte))
            hint = "escape it as \\u00" + hexByte(byte, uppercase: false)
        }
        return syntaxError("a string cannot contain \(name)", at: offset, hint: hint)
    }

    /// A backslash at `backslash` followed by a character that is not an escape.
    package func invalidEscape(at backslash: Int, quote: Int) -> JSONParseError {
        let end = min(backslash + 2, count)
        if let error = UTF8Validation.firstError(in: bytes, range: (quote + 1)..<end) { return error }
        let next = base[backslash + 1]
        let shown =
            next >= 0x21 && next < 0x7F
            ? "'\\\(Character(Unicode.Scalar(next)))'" : "'\\' followed by \(describeFound(at: backslash + 1))"
        let hint: String
        switch next {
        case UInt8(ascii: "'"):
            hint = "a single quote needs no escape in JSON: write ' itself"
        case UInt8(ascii: "x"):
            hint = "JSON has no \\x escapes; write \\u00XX with four hex digits"
        default:
            hint = "the escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX; write a backslash itself as \\\\"
        }
        return syntaxError("invalid escape \(shown) in a string", at: backslash, hint: hint)
    }

    /// `\u` at `backslash` is not followed by four hex digits.
    package func invalidUnicodeEscape(at backslash: Int, quote: Int) -> JSONParseError {
        let end = min(backslash + 6, count)
        if let error = UTF8Validation.firstError(in: bytes, range: (quote + 1)..<end) { return error }
        var written = "\\u"
        var offset = backslash + 2
        while offset < end, base[offset] >= 0x21, base[offset] < 0x7F, base[offset] != UInt8(ascii: "\"") {
            written.append(Character(Unicode.Scalar(base[offset])))
            offset += 1
        }
        return JSONParseError(
            code: .jsonUnicodeEscape,
            message: "invalid escape '\(written)': '\\u' must be followed by four hex digits", byteOffset: backslash,
            hint: "write \\u and exactly four hex digits, such as \\u00e9 for é")
    }

    /// A surrogate escape at `backslash` without its other half.
    package func unpairedSurrogate(at backslash: Int, unit: UInt16) -> JSONParseError {
        let written = String(decoding: UnsafeBufferPointer(start: base + backslash, count: 6), as: UTF8.self)
        let message =
            unit < 0xDC00
            ? "unpaired surrogate escape '\(written)': a high surrogate must be followed by a low-surrogate escape (\\uDC00–\\uDFFF)"
            : "unpaired surrogate escape '\(written)': a low surrogate must come right after a high-surrogate escape (\\uD800–\\uDBFF)"
        return JSONParseError(
            code: .jsonUnicodeEscape, message: message, byteOffset: backslash,
            hint:
                "write a character beyond U+FFFF as a pair of escapes, such as \\uD83D\\uDE00 for 😀, or as the character itself"
        )
    }

    /// The standard library found ill-formed UTF-8 in `range`; say exactly where and why.
    package func utf8Error(in range: Range<Int>) -> JSONParseError {
        UTF8Validation.firstError(in: bytes, range: range)
            ?? JSONParseError(code: .jsonUTF8, message: "invalid UTF-8 in a string", byteOffset: range.lowerBound)
    }

    // MARK: Numbers

    /// A digit is required at `offset` in the number that starts at `numberStart`.
    package func expectedDigit(at offset: Int, numberStart: Int, after part: NumberPart) -> JSONParseError {
        if offset < count, let error = utf8ErrorAt(offset) { return error }
        let found = describeFound(at: offset)
        let written = text(numberStart..<offset)
        switch part {
        case .minus:
            let word = offset < count && isIdentifierByte(base[offset]) ? identifier(at: offset) : ""
            return syntaxError(
                "expected a digit after '-', but found \(word.isEmpty ? found : "'\(word)'")", at: offset,
                hint: word == "Infinity" || word == "NaN"
                    ? "JSON has no NaN or Infinity; use null, a finite number or a string" : nil)
        case .decimalPoint:
            return syntaxError(
                "expected a digit after the decimal point in '\(written)', but found \(found)", at: offset,
                hint: "a JSON number needs a digit after '.': write 1.0 or 1, not 1.")
        case .exponentMarker:
            return syntaxError(
                "expected a digit in the exponent of '\(written)', but found \(found)", at: offset,
                hint: "an exponent needs digits, as in 1e5 or 2.5E-3")
        }
    }

    /// The number at `numberStart` starts with `0` followed by more digits.
    package func leadingZero(numberStart: Int) -> JSONParseError {
        var end = numberStart
        while end < count, isDigit(base[end]) || base[end] == UInt8(ascii: "-") || base[end] == UInt8(ascii: ".") {
            end += 1
        }
        return syntaxError(
            "a number cannot have leading zeros: '\(text(numberStart..<end))'", at: numberStart,
            hint: "remove the leading zeros, or write the value as a string if they matter (\"007\")")
    }

    /// `0x…` at `numberStart`.
    package func hexadecimalNumber(numberStart: Int) -> JSONParseError {
        var end = numberStart
        while end < count, isIdentifierByte(base[end]) || base[end] == UInt8(ascii: "-") { end += 1 }
        return syntaxError(
            "JSON has no hexadecimal numbers, but found '\(text(numberStart..<end))'", at: numberStart,
            hint: "write the number in decimal")
    }

    /// The number at `numberStart` (ending at `position`) overflows a double.
    package func numberTooLarge(numberStart: Int) -> JSONParseError {
        JSONParseError(
            code: .jsonNumber, message: "number \(text(numberStart..<position)) is too large",
            byteOffset: numberStart,
            hint: "numbers must fit in a double, up to about 1.8e308")
    }

    // MARK: Helpers

    private func syntaxError(_ message: String, at offset: Int, hint: String?) -> JSONParseError {
        JSONParseError(
            code: .jsonSyntax, message: message, byteOffset: offset, hint: hint ?? invisibleCharacterHint(at: offset))
    }

    /// A hint for whitespace that JSON does not allow (form feed, no-break space, zero-width characters).
    private func invisibleCharacterHint(at offset: Int) -> String? {
        guard offset < count else { return nil }
        let byte = base[offset]
        var isInvisible = byte == 0x0B || byte == 0x0C
        if byte >= 0x80, let scalar = scalar(at: offset) {
            switch scalar.properties.generalCategory {
            case .spaceSeparator, .format, .lineSeparator, .paragraphSeparator: isInvisible = true
            default: break
            }
        }
        guard isInvisible else { return nil }
        return
            "remove the invisible character \(describeFound(at: offset)); between values JSON allows only spaces, tabs and line breaks"
    }

    /// The well-formed scalar that starts at `offset`, if any.
    private func scalar(at offset: Int) -> Unicode.Scalar? {
        let byte = base[offset]
        if byte < 0x80 { return Unicode.Scalar(byte) }
        let length = UTF8Validation.sequenceLength(in: bytes, at: offset)
        guard length > 0 else { return nil }
        var value = UInt32(byte) & (0xFF >> (length + 1))
        for index in 1..<length { value = value << 6 | UInt32(base[offset + index] & 0x3F) }
        return Unicode.Scalar(value)
    }

    /// The UTF-8 error at `offset`, if a non-ASCII byte there does not start a well-formed sequence.
    private func utf8ErrorAt(_ offset: Int) -> JSONParseError? {
        guard offset < count, base[offset] >= 0x80, UTF8Validation.sequenceLength(in: bytes, at: offset) == 0 else {
            return nil
        }
        return UTF8Validation.error(in: bytes, at: offset)
    }

    /// An error for a `//` or `/*` comment at `offset`, or nil when there is none.
    private func commentError(at offset: Int, expectation: String) -> JSONParseError? {
        guard offset + 1 < count, base[offset] == UInt8(ascii: "/"),
            base[offset + 1] == UInt8(ascii: "/") || base[offset + 1] == UInt8(ascii: "*")
        else { return nil }
        let opener = base[offset + 1] == UInt8(ascii: "/") ? "//" : "/*"
        return syntaxError(
            expectation + ", but found a '\(opener)' comment", at: offset,
            hint: "JSON has no comments; remove the comment")
    }

    private func hint(forBareWord word: String) -> String {
        switch word {
        case "NaN", "Infinity", "inf", "nan":
            return "JSON has no NaN or Infinity; use null, a finite number or a string"
        case "True", "TRUE", "False", "FALSE", "Null", "NULL":
            return "JSON literals are lowercase: true, false and null"
        case "None", "nil", "undefined":
            return "JSON writes a missing value as null"
        default:
            for literal in ["true", "false", "null"] where literal.hasPrefix(word) {
                return "did you mean \(literal)?"
            }
            return "text must be a string in double quotes: \"\(word)\""
        }
    }

    /// How a found character is shown: quoted when printable, `U+001B` when not, so no raw control reaches a terminal.
    package func describeFound(at offset: Int) -> String {
        guard offset < count else { return "the end of the file" }
        let byte = base[offset]
        if byte < 0x80 {
            if byte < 0x20 || byte == 0x7F { return codePointName(UInt32(byte)) }
            if byte == UInt8(ascii: "'") { return "\"'\"" }
            return "'\(Character(Unicode.Scalar(byte)))'"
        }
        guard let scalar = scalar(at: offset) else { return "byte " + UTF8Validation.hex(byte) }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator, .privateUse, .unassigned,
            .surrogate, .nonspacingMark, .enclosingMark, .spacingMark:
            return codePointName(scalar.value)
        default:
            return "'\(Character(scalar))'"
        }
    }

    /// `U+001B`.
    private func codePointName(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    private func hexByte(_ byte: UInt8, uppercase: Bool) -> String {
        let digits = String(byte, radix: 16, uppercase: uppercase)
        return digits.count == 1 ? "0" + digits : digits
    }

    /// The ASCII text of `range`, shortened to at most 40 characters; only called on bytes already checked.
    private func text(_ range: Range<Int>) -> String {
        let shown = range.count > 40 ? range.lowerBound..<(range.lowerBound + 37) : range
        let result = String(
            decoding: UnsafeBufferPointer(start: base + shown.lowerBound, count: shown.count), as: UTF8.self)
        return shown == range ? result : result + "..."
    }

    /// The identifier-like word at `offset` (letters, digits, `_`, `$`), at most 40 characters.
    private func identifier(at offset: Int) -> String {
        var end = offset
        while end < count, isIdentifierByte(base[end]) { end += 1 }
        return text(offset..<end)
    }

    /// The offset of the last non-whitespace byte before `offset`, if any.
    private func previousSignificantOffset(before offset: Int) -> Int? {
        var index = offset - 1
        while index >= 0 {
            let byte = base[index]
            if byte != 0x20 && byte != 0x0A && byte != 0x0D && byte != 0x09 { return index }
            index -= 1
        }
        return nil
    }

    private func previousSignificantByte(before offset: Int) -> UInt8? {
        previousSignificantOffset(before: offset).map { base[$0] }
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    private func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"):
            true
        default:
            false
        }
    }

    /// Whether `byte` can start a JSON value (used to spot a missing comma).
    private func startsValue(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "-"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            true
        default:
            false
        }
    }
}
