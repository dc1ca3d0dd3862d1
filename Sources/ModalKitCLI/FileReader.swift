#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads files and directories through the C library, so the command needs no Foundation and starts fast.
enum FileReader {
    /// The outcome of reading one file.
    enum ReadResult {
        case bytes([UInt8])
        /// The file is larger than the limit; `size` is what it has (or at least has).
        case tooLarge(size: Int)
        /// The file cannot be read; the message says why.
        case failed(String)
    }

    /// Reads a whole file, refusing to read more than `maxBytes`.
    static func read(path: String, maxBytes: Int) -> ReadResult {
        read(path: PathName(path), maxBytes: maxBytes)
    }

    /// Reads a whole file named by its bytes, refusing to read more than `maxBytes`.
    static func read(path: PathName, maxBytes: Int) -> ReadResult {
        let fd = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        if fd < 0 { return .failed(errorText(errno)) }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFDIR { return .failed("is a directory") }
            if Int(info.st_size) > maxBytes { return .tooLarge(size: Int(info.st_size)) }
        }
        let isRegularFile = (info.st_mode & S_IFMT) == S_IFREG
        guard
            let bytes = readAll(
                fileDescriptor: fd, maxBytes: maxBytes, sizeHint: Int(info.st_size), isRegularFile: isRegularFile)
        else {
            return .failed(errorText(errno))
        }
        if bytes.count > maxBytes { return .tooLarge(size: bytes.count) }
        return .bytes(bytes)
    }

    /// Reads a descriptor to its end, stopping once more than `maxBytes` arrived (the result then has `maxBytes + 1`).
    ///
    /// A read of a regular file that returns fewer bytes than asked for has reached its end (POSIX), so such
    /// a file takes one read, not a second one that returns nothing: a quarter of the system calls of
    /// validating a directory of small files.
    static func readAll(fileDescriptor fd: Int32, maxBytes: Int, sizeHint: Int = 0, isRegularFile: Bool = false)
        -> [UInt8]?
    {
        var capacity = min(max(sizeHint + 1, 4096), maxBytes + 1)
        guard var buffer = readChunk(fileDescriptor: fd, upTo: capacity, endsAtShortRead: isRegularFile) else {
            return nil
        }
        // A full buffer means the descriptor may hold more than its size said (a pipe, a growing file).
        while buffer.count == capacity && capacity <= maxBytes {
            capacity = min(capacity * 2, maxBytes + 1)
            guard
                let more = readChunk(
                    fileDescriptor: fd, upTo: capacity - buffer.count, endsAtShortRead: isRegularFile)
            else { return nil }
            buffer += more
        }
        return buffer
    }

    /// Up to `limit` bytes from `fd`, fewer only at its end; nil on a read error.
    ///
    /// The bytes are read straight into the array's uninitialised storage: zeroing it first cost as much as
    /// reading a small file.
    private static func readChunk(fileDescriptor fd: Int32, upTo limit: Int, endsAtShortRead: Bool) -> [UInt8]? {
        var failed = false
        let chunk = [UInt8](unsafeUninitializedCapacity: limit) { storage, initialized in
            initialized = 0
            while initialized < limit {
                let n = Glibc.read(fd, storage.baseAddress! + initialized, limit - initialized)
                if n < 0 {
                    if errno == EINTR { continue }
                    failed = true
                    return
                }
                if n == 0 { return }
                let asked = limit - initialized
                initialized += n
                if endsAtShortRead && n < asked { return }
            }
        }
        return failed ? nil : chunk
    }

    /// The kind of a path, following symbolic links.
    enum Kind { case file, directory, missing(String) }

    static func kind(of path: String) -> Kind { kind(of: PathName(path)) }

    static func kind(of path: PathName) -> Kind {
        var info = stat()
        if path.withCString({ stat($0, &info) }) != 0 { return .missing(errorText(errno)) }
        return (info.st_mode & S_IFMT) == S_IFDIR ? .directory : .file
    }

    /// Every `*.json` file below a directory, sorted by path so that output is stable.
    /// Symbolic links to directories are not followed, so a link cycle cannot loop. Names are kept as the bytes
    /// the directory holds, UTF-8 or not.
    static func jsonFiles(under directory: String) -> [PathName] {
        jsonFiles(under: PathName(directory))
    }

    static func jsonFiles(under directory: PathName) -> [PathName] {
        var found: [PathName] = []
        var pending = [directory]
        let jsonSuffix = Array(".json".utf8)
        while let dir = pending.popLast() {
            guard let handle = dir.withCString({ opendir($0) }) else { continue }
            defer { closedir(handle) }
            while let entry = readdir(handle) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    Array(raw.prefix { $0 != 0 })
                }
                if name == [UInt8(ascii: ".")] || name == [UInt8(ascii: "."), UInt8(ascii: ".")] { continue }
                let path = dir.appending(name)
                // readdir says what most entries are, which saves a stat per file in large directories.
                var type: mode_t
                switch Int32(entry.pointee.d_type) {
                case Int32(DT_DIR): type = S_IFDIR
                case Int32(DT_REG): type = S_IFREG
                case Int32(DT_LNK): type = S_IFLNK
                default:
                    var info = stat()
                    guard path.withCString({ lstat($0, &info) }) == 0 else { continue }
                    type = info.st_mode & S_IFMT
                }
                if type == S_IFDIR {
                    pending.append(path)
                } else if name.reversed().starts(with: jsonSuffix.reversed()),
                    type == S_IFREG || (type == S_IFLNK && isRegularFile(path))
                {
                    found.append(path)
                }
            }
        }
        return found.sorted { $0.bytes.lexicographicallyPrecedes($1.bytes) }
    }

    private static func isRegularFile(_ path: PathName) -> Bool {
        var info = stat()
        return path.withCString { stat($0, &info) } == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    static func errorText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
