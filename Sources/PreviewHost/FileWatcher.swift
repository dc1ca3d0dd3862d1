import Preview

#if canImport(Glibc)
    import Glibc
#endif

/// Watches a file for `--watch`: when its signature changes, the source is read again.
struct FileWatcher: PreviewEventSource {
    /// The file watched.
    let path: String
    /// The signature when last read.
    private var signature: FileSignature?

    init(path: String) {
        self.path = path
        signature = FileSignature(path: path)
    }

    mutating func poll(reload: () -> FileLoad) -> [PreviewEvent] {
        let current = FileSignature(path: path)
        guard current != signature else { return [] }
        signature = current
        return [.reloadRequested]
    }

    mutating func noteReload() { signature = FileSignature(path: path) }
}

/// What identifies one version of a file on disk, to notice edits without reading it.
struct FileSignature: Equatable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modifiedSeconds: Int
    var modifiedNanoseconds: Int

    /// The signature of the file at `path` now, or nil when it cannot be examined.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modifiedSeconds = info.st_mtim.tv_sec
        modifiedNanoseconds = info.st_mtim.tv_nsec
    }
}
