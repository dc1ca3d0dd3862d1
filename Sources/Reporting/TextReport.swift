import ModalModel
import PositionedJSON
@_spi(Kernel) import TextKernel
import TextLayout

/// Diagnostics as a compiler writes them (`ReportFormat.text`): `PATH:LINE:COL: error: MESSAGE [code]`, the
/// source line with a caret under the column, then the hint and the JSON pointer.
///
/// Columns count in the report's unit (Unicode scalars unless asked otherwise, as compilers and most editors
/// count them); the caret is placed by cell width, so it stands under the right character after wide ones.
package enum TextReport {
    /// Every diagnostic of one report, or the reason it could not be read.
    package static func format(_ report: FileReport, columnUnit: ColumnUnit = .unicodeScalars) -> String {
        // Most files of a CI run have nothing to say; their path is not made safe only to be dropped.
        if report.unreadable == nil && report.diagnostics.isEmpty { return "" }
        var out = ""
        let path = TerminalSafeText.safe(report.path)
        if let reason = report.unreadable {
            out += "\(path): error: cannot read the file: \(reason) [\(DiagnosticCode.fileUnreadable.rawValue)]\n"
            return out
        }
        for diagnostic in report.diagnostics {
            let location = diagnostic.location
            out += "\(path):\(location.line):"
            if let column = report.column(of: location, in: columnUnit) { out += "\(column):" }
            out += " \(diagnostic.severity.rawValue): "
            out += "\(TerminalSafeText.safe(diagnostic.message)) [\(diagnostic.code)]\n"
            if let source = report.source, location.line > 0 {
                out += excerpt(source, at: location)
            }
            if let hint = diagnostic.hint { out += "  = hint: \(TerminalSafeText.safe(hint))\n" }
            if !diagnostic.pointer.isEmpty { out += "  = at: \(TerminalSafeText.safe(diagnostic.pointer))\n" }
        }
        return out
    }

    /// The source line, cut to a window around the column on long lines, with a caret under the column.
    /// Control characters become placeholders so that a hostile file cannot drive the terminal.
    ///
    /// Only the bytes near the location are decoded: a minified document can be one line of many megabytes.
    package static func excerpt(_ source: SourceText, at location: SourceLocation) -> String {
        let bytes = source.bytes
        let reach = 400
        let offset = min(max(0, location.byteOffset), bytes.count)
        var start = offset
        while start > 0, offset - start < reach, bytes[start - 1] != 0x0A, bytes[start - 1] != 0x0D { start -= 1 }
        while start < offset, bytes[start] & 0xC0 == 0x80 { start += 1 }  // begin on a scalar
        var end = offset
        while end < bytes.count, end - offset < reach, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
        while end < bytes.count, end > offset, bytes[end] & 0xC0 == 0x80 { end -= 1 }
        let cutBefore = start > 0 && bytes[start - 1] != 0x0A && bytes[start - 1] != 0x0D
        let cutAfter = end < bytes.count && bytes[end] != 0x0A && bytes[end] != 0x0D
        let before = String(decoding: bytes[start..<offset], as: UTF8.self)
        let after = String(decoding: bytes[offset..<end], as: UTF8.self)
        return excerpt(
            before: Array(before.unicodeScalars), after: Array(after.unicodeScalars), cutBefore: cutBefore,
            cutAfter: cutAfter, line: location.line)
    }

    /// The excerpt of a line from the scalars before and after the location, at most 100 shown.
    static func excerpt(
        before: [Unicode.Scalar], after: [Unicode.Scalar], cutBefore: Bool, cutAfter: Bool, line: Int
    ) -> String {
        let window = 100
        let scalars = before + after
        let target = before.count
        var start = 0
        var end = scalars.count
        if scalars.count > window {
            start = max(0, min(target - window / 2, scalars.count - window))
            end = min(scalars.count, start + window)
        }
        let ellipsisBefore = start > 0 || cutBefore
        var shown = ellipsisBefore ? "…" : ""
        var caretPrefix = ellipsisBefore ? "…" : ""
        for index in start..<end {
            let scalar = scalars[index]
            let display: Unicode.Scalar = scalar == "\t" ? " " : (ControlCharacters.placeholder(for: scalar) ?? scalar)
            shown.unicodeScalars.append(display)
            if index < target { caretPrefix.unicodeScalars.append(display) }
        }
        if end < scalars.count || cutAfter { shown += "…" }
        let gutter = String(line)
        let pad = String(repeating: " ", count: gutter.count)
        let caretColumn = CellWidth.of(caretPrefix)
        return " \(gutter) | \(shown)\n \(pad) | \(String(repeating: " ", count: caretColumn))^\n"
    }
}
