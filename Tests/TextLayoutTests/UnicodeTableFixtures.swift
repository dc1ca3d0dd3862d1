#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a fixture could not be read.
struct FixtureReadError: Error, CustomStringConvertible {
    var path: String
    var description: String { "cannot read fixture \(path)" }
}

/// Reads a UTF-8 text file whole (fixtures only; tests avoid Foundation).
func readTextFile(_ path: String) throws -> String {
    guard let file = fopen(path, "rb") else { throw FixtureReadError(path: path) }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
        if count == 0 { break }
        bytes.append(contentsOf: chunk[0..<count])
    }
    return String(decoding: bytes, as: UTF8.self)
}
