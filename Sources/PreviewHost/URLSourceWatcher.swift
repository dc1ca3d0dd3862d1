import HTTPSource
import ModalModel
import Preview

#if canImport(Glibc)
    import Glibc
#endif

/// Watches a URL by polling it at an interval with conditional requests, and reports each new version
/// (or a new failure) as a `FileLoad`, the way the preview's file watching reports a save.
///
/// Only a change is reported: a 304, or an answer that decodes to what was last reported, gives nothing,
/// so the preview keeps its modal and focus. A failure is reported once; the first good answer after it
/// is reported even when it is the old document (a 304 included), so the preview recovers.
///
/// It is one of the host's `PreviewEventSource`s, as the file watcher is: each new version arrives as
/// `PreviewEvent.fileChanged`.
package final class URLSourceWatcher: PreviewEventSource {
    private var request: HTTPRequest
    private let intervalMilliseconds: Int
    private let clock: () -> Int
    private var nextPollMilliseconds: Int
    private var transfer: HTTPTransfer?
    /// The decoded last 2xx body, for a 304 that ends a run of failures.
    private var lastBodyLoad: FileLoad?
    private var lastReported: FileLoad?
    /// The code of the failure last reported: curl's wording varies (it quotes timings), the code does not.
    private var lastFailureCode: String?

    /// The default `--interval`, in milliseconds.
    package static let defaultIntervalMilliseconds = 2_000

    /// Watches `request.url`, polling every `intervalMilliseconds`.
    ///
    /// `initial` is what the host already shows, so that the same answer is not reported again.
    /// `clock` gives monotonic milliseconds (replaceable in tests).
    package init(
        request: HTTPRequest, intervalMilliseconds: Int = defaultIntervalMilliseconds, initial: FileLoad? = nil,
        clock: @escaping () -> Int = HTTPTransfer.monotonicMilliseconds
    ) {
        self.request = request
        self.intervalMilliseconds = max(1, intervalMilliseconds)
        self.clock = clock
        lastReported = initial
        nextPollMilliseconds = clock() + self.intervalMilliseconds
    }

    deinit { transfer?.cancel() }

    /// The events since the last poll: a new version of the response, or nothing. Never blocks; `reload`
    /// goes unused, since the watcher fetches the URL itself, with conditional requests.
    package func poll(reload: () -> FileLoad) -> [PreviewEvent] {
        poll().map { [.fileChanged($0)] } ?? []
    }

    /// The source's new version since the last call, or nil when nothing changed; a request in flight
    /// goes on in the background and shows up in a later call.
    package func poll() -> FileLoad? {
        if transfer == nil {
            guard clock() >= nextPollMilliseconds else { return nil }
            transfer = HTTPTransfer(request)
        }
        guard let result = transfer?.poll() else { return nil }
        transfer = nil
        nextPollMilliseconds = clock() + intervalMilliseconds
        return report(load(for: result))
    }

    private func load(for result: HTTPFetchResult) -> FileLoad? {
        switch result {
        case .notModified:
            return lastBodyLoad
        case .fetched(let response):
            request.validators = response.validators
            let load = FileLoad(ModalDecoder.decode(response.body))
            lastBodyLoad = load
            return load
        case .failed(let failure):
            if failure.code == lastFailureCode { return nil }
            lastFailureCode = failure.code
            return .failed(message: "\(failure.message) [\(failure.code)]")
        }
    }

    private func report(_ load: FileLoad?) -> FileLoad? {
        guard let load, load != lastReported else { return nil }
        if case .decoded = load { lastFailureCode = nil }
        lastReported = load
        return load
    }
}
