/// One step of a JSON pointer.
enum PathComponent {
    case key(String)
    case index(Int)
}

/// A diagnostic whose position is still a byte offset; lines and columns are worked out once, at the end,
/// because most documents have no diagnostics and the few that do should not pay per finding.
struct PendingDiagnostic {
    var severity: Severity
    var code: String
    var message: String
    var byteOffset: Int
    var pointer: String
    var hint: String?
}

/// Collects diagnostics while the decoder walks the document, tracking the JSON pointer of the current value.
struct DiagnosticCollector {
    private(set) var pending: [PendingDiagnostic] = []
    private var path: [PathComponent] = []
    private(set) var errorCount = 0

    mutating func push(_ component: PathComponent) { path.append(component) }
    mutating func pop() { path.removeLast() }

    mutating func error(_ code: String, _ message: String, at byteOffset: Int, hint: String? = nil) {
        add(.error, code, message, at: byteOffset, hint: hint)
    }

    mutating func warning(_ code: String, _ message: String, at byteOffset: Int, hint: String? = nil) {
        add(.warning, code, message, at: byteOffset, hint: hint)
    }

    mutating func note(_ code: String, _ message: String, at byteOffset: Int, hint: String? = nil) {
        add(.note, code, message, at: byteOffset, hint: hint)
    }

    mutating func add(
        _ severity: Severity, _ code: String, _ message: String, at byteOffset: Int, hint: String?,
        pointerSuffix: PathComponent? = nil
    ) {
        if severity == .error { errorCount += 1 }
        var components = path
        if let pointerSuffix { components.append(pointerSuffix) }
        pending.append(
            PendingDiagnostic(
                severity: severity, code: code, message: message, byteOffset: byteOffset,
                pointer: Self.pointer(components), hint: hint))
    }

    /// An RFC 6901 JSON pointer: `~` is written `~0` and `/` is written `~1`.
    static func pointer(_ components: [PathComponent]) -> String {
        var out = ""
        for component in components {
            out += "/"
            switch component {
            case .index(let index): out += String(index)
            case .key(let key):
                for character in key {
                    switch character {
                    case "~": out += "~0"
                    case "/": out += "~1"
                    default: out.append(character)
                    }
                }
            }
        }
        return out
    }

    /// Resolves every pending diagnostic to a line and column, sorted by position (stable for equal positions).
    func resolved(in source: SourceText) -> [Diagnostic] {
        if pending.isEmpty { return [] }
        let order = pending.indices.sorted {
            (pending[$0].byteOffset, $0) < (pending[$1].byteOffset, $1)
        }
        let locations = source.locations(ofSortedByteOffsets: order.map { pending[$0].byteOffset })
        return zip(order, locations).map { index, location in
            let item = pending[index]
            return Diagnostic(
                severity: item.severity, code: item.code, message: item.message, location: location,
                pointer: item.pointer, hint: item.hint)
        }
    }
}

extension SourceText {
    /// Locations of many byte offsets, given in ascending order, in one pass over the text.
    func locations(ofSortedByteOffsets offsets: [Int]) -> [SourceLocation] {
        var result: [SourceLocation] = []
        result.reserveCapacity(offsets.count)
        var line = 1
        var column = 1
        var position = 0
        let count = bytes.count
        bytes.withUnsafeBufferPointer { buffer in
            for target in offsets {
                let end = min(max(target, 0), count)
                while position < end {
                    let byte = buffer[position]
                    if byte == 0x0A {
                        line += 1
                        column = 1
                    } else if byte == 0x0D {
                        if position + 1 < count, buffer[position + 1] == 0x0A {
                            // \r\n is one line break: count it at the \n.
                        } else {
                            line += 1
                            column = 1
                        }
                    } else if byte & 0xC0 != 0x80 {
                        column += 1
                    }
                    position += 1
                }
                result.append(SourceLocation(line: line, column: column, byteOffset: end))
            }
        }
        return result
    }
}
