/// Byte counts in binary units, and the one declaration of each size limit that more than one module shares.
package enum ByteSize {
    /// The largest document, bridge command line or URL body read when no `--max-bytes` is given.
    package static let defaultInputLimit = mebibytes(16)

    package static func kibibytes(_ count: Int) -> Int { count << 10 }
    package static func mebibytes(_ count: Int) -> Int { count << 20 }
    package static func gibibytes(_ count: Int) -> Int { count << 30 }

    /// Digits with an optional binary K, M or G suffix (`--max-bytes 16M`, `"max-bytes": "16M"`); nil when
    /// the text is not a positive count or the count overflows.
    package static func parse(_ text: String) -> Int? {
        var digits = Substring(text)
        let multiplier: Int
        switch text.last?.uppercased() {
        case "K": multiplier = kibibytes(1)
        case "M": multiplier = mebibytes(1)
        case "G": multiplier = gibibytes(1)
        default: multiplier = 1
        }
        if multiplier > 1 { digits = digits.dropLast() }
        guard let value = Int(digits), value > 0 else { return nil }
        let (bytes, overflow) = value.multipliedReportingOverflow(by: multiplier)
        return overflow ? nil : bytes
    }

    /// The count as `parse` reads it, with the largest binary suffix that divides it exactly (`16M`).
    package static func text(_ bytes: Int) -> String {
        for (suffix, unit) in [("G", gibibytes(1)), ("M", mebibytes(1)), ("K", kibibytes(1))]
        where bytes > 0 && bytes % unit == 0 {
            return "\(bytes / unit)\(suffix)"
        }
        return "\(bytes)"
    }
}
