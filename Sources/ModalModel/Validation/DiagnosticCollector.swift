import PositionedJSON

/// One step of a JSON pointer.
enum PathComponent {
    case key(String)
    case index(Int)
}

/// A diagnostic whose position is still a byte offset; lines and columns are worked out once, at the end,
/// because most documents have no diagnostics and the few that do should not pay per finding.
struct PendingDiagnostic {
    var severity: Severity
    var code: DiagnosticCode
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

    /// Counts an error that is not listed (past a cap), so the document is still invalid.
    mutating func countError() { errorCount += 1 }

    mutating func error(_ code: DiagnosticCode, _ message: String, at byteOffset: Int, hint: String? = nil) {
        add(.error, code, message, at: byteOffset, hint: hint)
    }

    mutating func warning(_ code: DiagnosticCode, _ message: String, at byteOffset: Int, hint: String? = nil) {
        add(.warning, code, message, at: byteOffset, hint: hint)
    }

    mutating func note(_ code: DiagnosticCode, _ message: String, at byteOffset: Int, hint: String? = nil) {
        add(.note, code, message, at: byteOffset, hint: hint)
    }

    mutating func add(
        _ severity: Severity, _ code: DiagnosticCode, _ message: String, at byteOffset: Int, hint: String?,
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
        let lines = LineIndex(source)
        return order.map { index in
            let item = pending[index]
            let location = lines.location(ofByteOffset: item.byteOffset)
            return Diagnostic(
                severity: item.severity, code: item.code, message: item.message, location: location,
                pointer: item.pointer, hint: item.hint)
        }
    }
}
