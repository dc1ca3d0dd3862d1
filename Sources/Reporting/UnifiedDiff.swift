/// A unified diff (`diff -u`) between a file and its fixed version.
///
/// Fixes replace bytes inside lines and never add or remove a line break, so lines correspond one to one
/// and a changed line shows as a `-` line and a `+` line; unchanged lines give three lines of context.
/// Lines are made terminal-safe, so a control character in the file cannot reach the terminal raw.
package enum UnifiedDiff {
    /// The diff between `old` and `new`, or "" when they are equal. A relative path is labelled `a/PATH` and
    /// `b/PATH` (apply with `patch -p1` or `git apply`), an absolute one `PATH` on both sides.
    package static func diff(path: String, old: [UInt8], new: [UInt8], context: Int = 3) -> String {
        if old == new { return "" }
        let oldLines = lines(old)
        let newLines = lines(new)
        guard oldLines.count == newLines.count else { return wholeFile(path: path, oldLines, newLines) }
        let changed = oldLines.indices.filter { oldLines[$0] != newLines[$0] }
        var hunks: [ClosedRange<Int>] = []
        for line in changed {
            let low = max(0, line - context)
            let high = min(oldLines.count - 1, line + context)
            if let last = hunks.last, low <= last.upperBound + 1 {
                hunks[hunks.count - 1] = last.lowerBound...high
            } else {
                hunks.append(low...high)
            }
        }
        var out = header(path)
        for hunk in hunks {
            let count = hunk.count
            out += "@@ -\(hunk.lowerBound + 1),\(count) +\(hunk.lowerBound + 1),\(count) @@\n"
            var line = hunk.lowerBound
            while line <= hunk.upperBound {
                if oldLines[line] == newLines[line] {
                    out += " " + show(oldLines[line])
                    line += 1
                    continue
                }
                var end = line
                while end <= hunk.upperBound, oldLines[end] != newLines[end] { end += 1 }
                for index in line..<end { out += "-" + show(oldLines[index]) }
                for index in line..<end { out += "+" + show(newLines[index]) }
                line = end
            }
        }
        return out
    }

    static func wholeFile(path: String, _ oldLines: [ArraySlice<UInt8>], _ newLines: [ArraySlice<UInt8>]) -> String {
        var out = header(path) + "@@ -1,\(oldLines.count) +1,\(newLines.count) @@\n"
        for line in oldLines { out += "-" + show(line) }
        for line in newLines { out += "+" + show(line) }
        return out
    }

    static func header(_ path: String) -> String {
        let safePath = TerminalSafeText.safe(path)
        if safePath.hasPrefix("/") { return "--- \(safePath)\n+++ \(safePath)\n" }
        return "--- a/\(safePath)\n+++ b/\(safePath)\n"
    }

    /// The lines of a file split after each line feed; the last one may lack it.
    static func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        for index in bytes.indices where bytes[index] == 0x0A {
            lines.append(bytes[start...index])
            start = index + 1
        }
        if start < bytes.count { lines.append(bytes[start...]) }
        return lines
    }

    static func show(_ line: ArraySlice<UInt8>) -> String {
        let hasNewline = line.last == 0x0A
        let text = String(decoding: hasNewline ? line.dropLast() : line, as: UTF8.self)
        return TerminalSafeText.safe(text) + (hasNewline ? "\n" : "\n\\ No newline at end of file\n")
    }
}
