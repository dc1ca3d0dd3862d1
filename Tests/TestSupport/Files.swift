#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The whole file at `path` as bytes, or nil when it cannot be read. Tests read fixtures through the C
/// library rather than Foundation.
package func readFileBytes(_ path: String) -> [UInt8]? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
        if count == 0 { break }
        bytes.append(contentsOf: chunk[0..<count])
    }
    return bytes
}

/// The whole file at `path` as UTF-8 text, or nil when it cannot be read.
package func readFile(_ path: String) -> String? {
    readFileBytes(path).map { String(decoding: $0, as: UTF8.self) }
}

/// Writes `text` to `path`, replacing the file; whether it worked.
@discardableResult
package func writeFile(_ path: String, _ text: String) -> Bool {
    guard let file = fopen(path, "wb") else { return false }
    defer { fclose(file) }
    let bytes = Array(text.utf8)
    return fwrite(bytes, 1, bytes.count, file) == bytes.count
}

/// The paths of the `.swift` files under `directory`, recursively, sorted: for tests that check that a
/// vocabulary is spelt out in one file only.
package func swiftFilePaths(under directory: String) -> [String] {
    guard let handle = opendir(directory) else { return [] }
    defer { closedir(handle) }
    var paths: [String] = []
    while let entry = readdir(handle) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        if name.hasPrefix(".") { continue }
        let path = directory + "/" + name
        if name.hasSuffix(".swift") {
            paths.append(path)
        } else if entry.pointee.d_type == UInt8(DT_DIR) {
            paths += swiftFilePaths(under: path)
        }
    }
    return paths.sorted()
}
