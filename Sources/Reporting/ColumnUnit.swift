import ModalModel
import PositionedJSON

/// What a report's columns count.
///
/// Compilers and most editors count Unicode scalars; SARIF, LSP and JavaScript count UTF-16 code units.
/// The two differ only on lines with characters outside the Basic Multilingual Plane.
public enum ColumnUnit: String, Sendable, Hashable, CaseIterable {
    /// Unicode scalars (code points), the unit of `SourceLocation.column`.
    case unicodeScalars
    /// UTF-16 code units; a report needs the file's source to count them.
    case utf16CodeUnits
}

extension FileReport {
    /// The 1-based column of `location` in `unit`; nil when counting UTF-16 units without the source.
    package func column(of location: SourceLocation, in unit: ColumnUnit) -> Int? {
        switch unit {
        case .unicodeScalars: location.column
        case .utf16CodeUnits: source?.utf16Column(of: location)
        }
    }
}
