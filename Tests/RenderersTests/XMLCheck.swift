/// A small XML 1.0 well-formedness check for the SVG output: one root element, properly nested and closed
/// tags, quoted and unique attributes, known entities only, and only characters XML 1.0 allows.
/// Returns nil when well-formed, else what is wrong. (No DTDs, comments or processing instructions: the
/// renderer writes none, so meeting one is an error here.)
func xmlWellFormednessError(_ text: String) -> String? {
    let scalars = Array(text.unicodeScalars)
    var index = 0
    var stack: [String] = []
    var rootSeen = false

    func isAllowed(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        return v == 0x9 || v == 0xA || v == 0xD || (0x20...0xD7FF).contains(v) || (0xE000...0xFFFD).contains(v)
            || (0x10000...0x10FFFF).contains(v)
    }
    func isNameScalar(_ s: Unicode.Scalar) -> Bool {
        s.properties.isAlphabetic || ("0"..."9").contains(s) || s == "-" || s == "_" || s == ":" || s == "."
    }
    func readName() -> String? {
        var name = ""
        while index < scalars.count, isNameScalar(scalars[index]) {
            name.unicodeScalars.append(scalars[index])
            index += 1
        }
        return name.isEmpty ? nil : name
    }
    func skipSpace() {
        while index < scalars.count, [" ", "\n", "\t", "\r"].contains(scalars[index]) { index += 1 }
    }
    /// Reads an entity after "&"; false when it is not a known or numeric entity.
    func readEntity() -> Bool {
        var body = ""
        while index < scalars.count, scalars[index] != ";" {
            body.unicodeScalars.append(scalars[index])
            index += 1
            if body.count > 10 { return false }
        }
        guard index < scalars.count else { return false }
        index += 1
        if ["amp", "lt", "gt", "quot", "apos"].contains(body) { return true }
        if body.hasPrefix("#x"), let value = UInt32(body.dropFirst(2), radix: 16), let s = Unicode.Scalar(value) {
            return isAllowed(s)
        }
        if body.hasPrefix("#"), let value = UInt32(body.dropFirst()), let s = Unicode.Scalar(value) {
            return isAllowed(s)
        }
        return false
    }

    while index < scalars.count {
        let s = scalars[index]
        if !isAllowed(s) { return "character U+\(String(s.value, radix: 16)) not allowed at \(index)" }
        if s == "&" {
            index += 1
            if !readEntity() { return "bad entity near \(index)" }
            continue
        }
        if s != "<" {
            if stack.isEmpty && ![" ", "\n", "\t", "\r"].contains(s) { return "text outside the root at \(index)" }
            index += 1
            continue
        }
        index += 1
        if index < scalars.count, scalars[index] == "/" {
            index += 1
            guard let name = readName() else { return "bad end tag at \(index)" }
            skipSpace()
            guard index < scalars.count, scalars[index] == ">" else { return "unclosed end tag \(name)" }
            index += 1
            guard stack.last == name else { return "end tag \(name) does not match \(stack.last ?? "nothing")" }
            stack.removeLast()
            continue
        }
        guard let name = readName() else { return "bad start tag at \(index)" }
        if stack.isEmpty {
            if rootSeen { return "second root element \(name)" }
            rootSeen = true
        }
        var attributes: Set<String> = []
        while true {
            skipSpace()
            guard index < scalars.count else { return "unterminated tag \(name)" }
            if scalars[index] == ">" {
                index += 1
                stack.append(name)
                break
            }
            if scalars[index] == "/" {
                index += 1
                guard index < scalars.count, scalars[index] == ">" else { return "bad empty tag \(name)" }
                index += 1
                if stack.isEmpty { /* a root that closes itself */  }
                break
            }
            guard let attribute = readName() else { return "bad attribute in \(name) at \(index)" }
            guard attributes.insert(attribute).inserted else { return "duplicate attribute \(attribute)" }
            skipSpace()
            guard index < scalars.count, scalars[index] == "=" else { return "attribute \(attribute) without value" }
            index += 1
            skipSpace()
            guard index < scalars.count, scalars[index] == "\"" || scalars[index] == "'" else {
                return "unquoted attribute \(attribute)"
            }
            let quote = scalars[index]
            index += 1
            while index < scalars.count, scalars[index] != quote {
                let c = scalars[index]
                if c == "<" || !isAllowed(c) { return "bad character in attribute \(attribute)" }
                if c == "&" {
                    index += 1
                    if !readEntity() { return "bad entity in attribute \(attribute)" }
                    continue
                }
                index += 1
            }
            guard index < scalars.count else { return "unterminated attribute \(attribute)" }
            index += 1
        }
    }
    if !stack.isEmpty { return "unclosed elements \(stack)" }
    return rootSeen ? nil : "no root element"
}
