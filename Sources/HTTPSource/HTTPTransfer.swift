#if canImport(Glibc)
    import Glibc
#endif

/// One request in flight: a `curl` process whose body and messages are read without blocking, so a
/// watching preview keeps answering keys while a slow server thinks.
package final class HTTPTransfer {
    private let request: HTTPRequest
    private var process: pid_t = 0
    private var bodyDescriptor: Int32 = -1
    private var messageDescriptor: Int32 = -1
    private var body: [UInt8] = []
    private var messages: [UInt8] = []
    private var bodyExceededLimit = false
    private let deadlineMilliseconds: Int
    private var finished: HTTPFetchResult?

    /// Extra time past `--timeout` before the process is killed, for curl to report its own timeout first.
    static let graceMilliseconds = 2_000

    /// Starts fetching `request`; a failure to start is reported by the first `poll`.
    package init(_ request: HTTPRequest) {
        self.request = request
        deadlineMilliseconds =
            Self.monotonicMilliseconds() + Int(request.timeoutSeconds * 1000) + Self.graceMilliseconds
        if let failure = start() { finished = .failed(failure) }
    }

    deinit { cancel() }

    /// Fetches `request`, waiting for the answer.
    package static func fetch(_ request: HTTPRequest) -> HTTPFetchResult {
        let transfer = HTTPTransfer(request)
        while true {
            if let result = transfer.poll(waitMilliseconds: 1_000) { return result }
        }
    }

    /// The result once the transfer is over; nil while it goes on. Waits up to `waitMilliseconds` for progress.
    package func poll(waitMilliseconds: Int = 0) -> HTTPFetchResult? {
        if let finished { return finished }
        var descriptors: [pollfd] = []
        if bodyDescriptor >= 0 { descriptors.append(pollfd(fd: bodyDescriptor, events: Int16(POLLIN), revents: 0)) }
        if messageDescriptor >= 0 {
            descriptors.append(pollfd(fd: messageDescriptor, events: Int16(POLLIN), revents: 0))
        }
        if !descriptors.isEmpty {
            let wait = max(0, min(waitMilliseconds, deadlineMilliseconds - Self.monotonicMilliseconds()))
            let ready = Glibc.poll(&descriptors, nfds_t(descriptors.count), Int32(wait))
            if ready > 0 {
                for descriptor in descriptors where descriptor.revents != 0 { drain(descriptor.fd) }
            }
        }
        if bodyExceededLimit {
            kill(process, SIGKILL)
            return finish(exitStatus: -1)
        }
        if bodyDescriptor < 0 && messageDescriptor < 0 {
            var status: Int32 = 0
            while waitpid(process, &status, 0) < 0 && errno == EINTR {}
            process = 0
            let exited = (status & 0x7F) == 0
            return finish(exitStatus: exited ? (status >> 8) & 0xFF : -1)
        }
        if Self.monotonicMilliseconds() >= deadlineMilliseconds {
            cancel()
            finished = .failed(.timedOut(seconds: request.timeoutSeconds))
            return finished
        }
        return nil
    }

    /// Stops the transfer, killing curl if it still runs.
    package func cancel() {
        if bodyDescriptor >= 0 { close(bodyDescriptor) }
        if messageDescriptor >= 0 { close(messageDescriptor) }
        bodyDescriptor = -1
        messageDescriptor = -1
        if process > 0 {
            kill(process, SIGKILL)
            var status: Int32 = 0
            while waitpid(process, &status, 0) < 0 && errno == EINTR {}
            process = 0
        }
    }

    private func finish(exitStatus: Int32) -> HTTPFetchResult {
        cancel()
        let result = CurlProtocol.result(
            exitStatus: exitStatus, standardError: String(decoding: messages, as: UTF8.self), body: body,
            bodyExceededLimit: bodyExceededLimit, request: request)
        finished = result
        return result
    }

    /// Reads what is available from one pipe; closes it at its end.
    private func drain(_ descriptor: Int32) {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, $0.count) }
        if count < 0 && (errno == EINTR || errno == EAGAIN) { return }
        if count <= 0 {
            close(descriptor)
            if descriptor == bodyDescriptor { bodyDescriptor = -1 } else { messageDescriptor = -1 }
            return
        }
        if descriptor == bodyDescriptor {
            body.append(contentsOf: chunk[..<count])
            if body.count > request.maxBytes { bodyExceededLimit = true }
        } else if messages.count < 1 << 16 {
            messages.append(contentsOf: chunk[..<count])
        }
    }

    /// Spawns curl with its config on standard input; the failure when it cannot.
    private func start() -> HTTPFailure? {
        guard HTTPRequest.isURL(request.url) else {
            return .invalidURL(detail: "it must start with http:// or https://")
        }
        let config = Array(CurlProtocol.config(for: request).utf8)
        guard config.count <= CurlProtocol.maxConfigBytes else {
            return .invalidURL(
                detail: "the URL and headers together are longer than \(CurlProtocol.maxConfigBytes) bytes")
        }
        var configPipe: [Int32] = [0, 0]
        var bodyPipe: [Int32] = [0, 0]
        var messagePipe: [Int32] = [0, 0]
        guard makePipe(&configPipe) == 0 else { return .clientUnavailable(reason: errorText(errno)) }
        guard makePipe(&bodyPipe) == 0 else {
            closeAll(configPipe)
            return .clientUnavailable(reason: errorText(errno))
        }
        guard makePipe(&messagePipe) == 0 else {
            closeAll(configPipe + bodyPipe)
            return .clientUnavailable(reason: errorText(errno))
        }
        // The config fits in the pipe, so this write cannot block, and it happens while the read end is
        // still open here, so it cannot raise SIGPIPE either.
        let written = config.withUnsafeBytes { Glibc.write(configPipe[1], $0.baseAddress!, $0.count) }
        close(configPipe[1])
        guard written == config.count else {
            closeAll([configPipe[0]] + bodyPipe + messagePipe)
            return .clientUnavailable(reason: "cannot hand the request to curl")
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, configPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, bodyPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, messagePipe[1], 2)
        let arguments = CurlProtocol.arguments.map { strdup($0) } + [nil]
        defer { for argument in arguments { free(argument) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, "curl", &actions, nil, arguments, environ)
        closeAll([configPipe[0], bodyPipe[1], messagePipe[1]])
        guard spawned == 0 else {
            closeAll([bodyPipe[0], messagePipe[0]])
            return .clientUnavailable(reason: spawned == ENOENT ? "curl is not on PATH" : errorText(spawned))
        }
        process = pid
        bodyDescriptor = bodyPipe[0]
        messageDescriptor = messagePipe[0]
        return nil
    }

    /// A pipe whose ends are not inherited by other programs this process starts (curl gets them by dup2).
    private func makePipe(_ ends: inout [Int32]) -> Int32 {
        guard pipe(&ends) == 0 else { return -1 }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return 0
    }

    private func closeAll(_ descriptors: [Int32]) {
        for descriptor in descriptors { close(descriptor) }
    }

    private func errorText(_ code: Int32) -> String { String(cString: strerror(code)) }

    /// Milliseconds on the monotonic clock, which wall-clock changes do not move.
    package static func monotonicMilliseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return now.tv_sec * 1000 + now.tv_nsec / 1_000_000
    }
}
