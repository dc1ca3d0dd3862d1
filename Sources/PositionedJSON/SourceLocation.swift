/// A position in a source file: 1-based line and column, the column counted in Unicode scalars.
public struct SourceLocation: Sendable, Hashable, Comparable {
    /// 1-based line number.
    public var line: Int
    /// 1-based column, counted in Unicode scalars from the start of the line.
    public var column: Int
    /// 0-based UTF-8 byte offset in the file.
    package var byteOffset: Int

    /// Creates a location.
    package init(line: Int, column: Int, byteOffset: Int) {
        self.line = line
        self.column = column
        self.byteOffset = byteOffset
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool { lhs.byteOffset < rhs.byteOffset }
}
