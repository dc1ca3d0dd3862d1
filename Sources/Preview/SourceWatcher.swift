/// Notices new versions of the preview's source, for the host loop to hand to `update` as
/// `PreviewEvent.fileChanged`.
///
/// A host calls `poll()` on every tick of its loop; a file watcher compares the file's signature, a URL
/// watcher polls the server at its own interval. `poll` must return quickly: slow work (a request)
/// goes on in the background and shows up in a later call.
public protocol SourceWatcher: AnyObject {
    /// The source's new version since the last call, or nil when nothing changed.
    func poll() -> FileLoad?
}
