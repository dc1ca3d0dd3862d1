import TestSupport

/// Why a fixture could not be read.
struct FixtureReadError: Error, CustomStringConvertible {
    var path: String
    var description: String { "cannot read fixture \(path)" }
}

/// Reads a UTF-8 text fixture whole, or throws naming it.
func readTextFile(_ path: String) throws -> String {
    guard let text = readFile(path) else { throw FixtureReadError(path: path) }
    return text
}
