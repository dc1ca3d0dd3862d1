#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Replaces files through the C library: the new content goes to a temporary file beside the old one,
/// which is then renamed over it, so a failure never leaves a half-written file.
enum FileWriter {
    /// Replaces the file at `path` with `bytes`, keeping its permissions; nil on success, else why not.
    static func replace(path: String, with bytes: [UInt8]) -> String? {
        replace(path: PathName(path), with: bytes)
    }

    /// Replaces the file named by these bytes, UTF-8 or not.
    static func replace(path: PathName, with bytes: [UInt8]) -> String? {
        var info = stat()
        let mode: mode_t = path.withCString { stat($0, &info) } == 0 ? info.st_mode & 0o7777 : 0o644
        let temporary = PathName(bytes: path.bytes + Array(".modalkit-fix-\(getpid())".utf8))
        let fd = temporary.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode) }
        if fd < 0 { return FileReader.errorText(errno) }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { raw in write(fd, raw.baseAddress! + written, bytes.count - written) }
            if n < 0 {
                if errno == EINTR { continue }
                let reason = FileReader.errorText(errno)
                close(fd)
                temporary.withCString { _ = unlink($0) }
                return reason
            }
            written += n
        }
        fchmod(fd, mode)
        if close(fd) != 0 || temporary.withCString({ from in path.withCString { rename(from, $0) } }) != 0 {
            let reason = FileReader.errorText(errno)
            temporary.withCString { _ = unlink($0) }
            return reason
        }
        return nil
    }
}
