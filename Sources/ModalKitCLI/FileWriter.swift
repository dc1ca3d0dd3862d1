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
        var info = stat()
        let mode: mode_t = stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0o644
        let temporary = path + ".modalkit-fix-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        if fd < 0 { return FileReader.errorText(errno) }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { raw in write(fd, raw.baseAddress! + written, bytes.count - written) }
            if n < 0 {
                if errno == EINTR { continue }
                let reason = FileReader.errorText(errno)
                close(fd)
                unlink(temporary)
                return reason
            }
            written += n
        }
        fchmod(fd, mode)
        if close(fd) != 0 || rename(temporary, path) != 0 {
            let reason = FileReader.errorText(errno)
            unlink(temporary)
            return reason
        }
        return nil
    }
}
