/// Checks that the numbers in HTML and SVG output are plain decimals a browser reads: a `1000000000.px`
/// or `0.px` font size is dropped by browsers, and a `nan` or `inf` would be as well.
package enum OutputNumbers {
    /// Whether `text` is `-`? digits, then optionally `.` and digits: no exponent, no trailing point, not `-0`.
    package static func isPlainDecimal(_ text: Substring) -> Bool {
        guard text != "-0" else { return false }
        var rest = text
        if rest.first == "-" { rest = rest.dropFirst() }
        let parts = rest.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 1 || parts.count == 2 else { return false }
        return parts.allSatisfy { part in !part.isEmpty && part.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }
    }

    /// The first malformed CSS length in a `style` attribute of `html`, such as `font-size:1000000000.px`.
    ///
    /// Attribute values are escaped, so a `"` ends one; text of the modal never reaches a `style` attribute.
    package static func firstMalformed(inHTML html: String) -> String? {
        if html.contains(".px") { return "a number ends in '.' before px" }
        for attribute in html.ranges(of: " style=\"") {
            let value = html[attribute.upperBound...].prefix { $0 != "\"" }
            for declaration in value.split(separator: ";") {
                guard let colon = declaration.firstIndex(of: ":") else { continue }
                let declared = declaration[declaration.index(after: colon)...]
                guard declared.hasSuffix("px") else { continue }
                let number = declared.dropLast(2)
                if !isPlainDecimal(number) { return "\(declaration) is not a plain length" }
            }
        }
        return nil
    }

    /// The SVG attributes that hold one number, and `viewBox`, which holds four.
    static let numericAttributes: Set<Substring> = [
        "x", "y", "width", "height", "font-size", "textLength", "x1", "x2", "y1", "y2", "stroke-width", "viewBox",
    ]

    /// The first numeric attribute of `svg` whose value is not made of plain decimals, or a `transform`
    /// whose arguments are not.
    package static func firstMalformed(inSVG svg: String) -> String? {
        for tagStart in svg.ranges(of: "<") {
            let tag = svg[tagStart.upperBound...].prefix { $0 != ">" }
            for pair in tag.ranges(of: "=\"") {
                let name = tag[..<pair.lowerBound].reversed().prefix { $0 != " " }
                let value = tag[pair.upperBound...].prefix { $0 != "\"" }
                let attribute = Substring(String(name.reversed()))
                var numbers: [Substring] = []
                if numericAttributes.contains(attribute) {
                    numbers = value.split(separator: " ", omittingEmptySubsequences: false)
                } else if attribute == "transform" {
                    // Functions such as `translate(336 75.6) skewX(-11)`: the numbers between the brackets.
                    for function in value.split(separator: ")") {
                        guard let open = function.firstIndex(of: "(") else { return "transform=\"\(value)\"" }
                        numbers += function[function.index(after: open)...].split(
                            separator: " ", omittingEmptySubsequences: false)
                    }
                } else {
                    continue
                }
                for number in numbers where !isPlainDecimal(number) {
                    return "\(attribute)=\"\(value)\" is not plain decimals"
                }
            }
        }
        return nil
    }
}
