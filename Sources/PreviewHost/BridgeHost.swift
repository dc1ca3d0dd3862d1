import ModalModel
import Preview
import PreviewBridge
import Screen
import Terminal
@_spi(Kernel) import TextKernel

#if canImport(Glibc)
    import Glibc
#endif

extension PreviewHost {
    /// What a bridge run needs besides the terminal.
    package struct BridgeConfiguration: Sendable {
        /// Options for every document shown (width, ascii frame).
        package var options: PreviewOptions
        /// The tool's version, sent in `ready`.
        package var toolVersion: String
        /// The longest command line accepted, in bytes.
        package var maxLineBytes: Int
        /// Where commands are read from (standard input).
        package var commandDescriptor: Int32
        /// Where events are written to (standard output).
        package var eventDescriptor: Int32

        /// Creates a configuration.
        package init(
            options: PreviewOptions = PreviewOptions(), toolVersion: String,
            maxLineBytes: Int = BridgeCodec.defaultMaxLineBytes, commandDescriptor: Int32 = 0,
            eventDescriptor: Int32 = 1
        ) {
            self.options = options
            self.toolVersion = toolVersion
            self.maxLineBytes = maxLineBytes
            self.commandDescriptor = commandDescriptor
            self.eventDescriptor = eventDescriptor
        }
    }

    /// How often a bridge on a terminal looks for commands, in milliseconds.
    static let bridgeTickMilliseconds = 40

    /// Runs the bridge: JSON-line commands from `commandDescriptor`, events to `eventDescriptor` (one
    /// line each, written at once), the modal drawn on `session`. Without a session it runs headless:
    /// commands are still carried out and answered, and no user input arrives.
    ///
    /// `load` reads a `path` or `url` source on another thread, so that keys and commands are answered
    /// while it runs. Ends with status 0 on `quit`, at the end of the command stream (once a load it asked
    /// for is answered), or when the event stream is gone; 128 + N when signal N ends it.
    package static func runBridge(
        session: TerminalSession?, configuration: BridgeConfiguration,
        load: @escaping @Sendable (BridgeSource) -> FileLoad
    ) throws -> Int32 {
        // A host that stops reading must not kill the bridge with SIGPIPE; the failed write ends it instead.
        signal(SIGPIPE, SIG_IGN)
        let size = session?.size ?? Size(width: 80, height: 24)
        var loop = BridgeLoop(terminalSize: size, options: configuration.options)
        var reader = BridgeCommandReader(
            descriptor: configuration.commandDescriptor, eventDescriptor: configuration.eventDescriptor,
            maxLineBytes: configuration.maxLineBytes)
        let writer = BridgeEventWriter(descriptor: configuration.eventDescriptor)
        guard writer.send([BridgeLoop.ready(toolVersion: configuration.toolVersion)]) else { return 0 }
        let loads = BackgroundLoad()
        defer { loads.stop() }

        /// Starts reading what the loop now waits for, or forgets what it no longer does.
        func followLoad() {
            guard let pending = loop.pendingLoad else { return loads.stop() }
            let source = pending.source
            loads.follow(pending.request) { load(source) }
        }

        /// Sends `events`; false when the bridge should end (the stream is gone, or `quit`).
        func send(_ events: [BridgeEvent]) -> Bool {
            followLoad()
            return writer.send(events) && !loop.hasQuit
        }

        /// Carries out the commands that arrived; false when the bridge should end. The end of the commands
        /// ends it only once the load the host asked for last has been answered.
        func readCommands(waitMilliseconds: Int) -> Bool {
            for line in reader.read(waitMilliseconds: waitMilliseconds) {
                let events: [BridgeEvent]
                switch line {
                case .tooLong(let number, let byteCount):
                    events = [
                        .error(
                            BridgeCodec.tooLongError(
                                number: number, byteCount: byteCount, maxLineBytes: configuration.maxLineBytes))
                    ]
                case .text(let bytes, let number):
                    events = loop.handle(line: bytes, number: number)
                }
                guard send(events) else { return false }
            }
            if reader.eventStreamGone { return false }
            return !reader.ended || loop.pendingLoad != nil
        }

        /// Shows a finished load; false when the bridge should end.
        func deliverLoad() -> Bool {
            guard let (request, loaded) = loads.takeFinished() else { return true }
            return send(loop.finish(request, loaded))
        }

        guard let session else {
            while true {
                let waiting = loop.pendingLoad != nil
                // Once the commands have ended, only a load is waited for.
                if reader.ended && waiting { usleep(UInt32(TerminalLoop.workPollMilliseconds) * 1000) }
                let wait = waiting ? TerminalLoop.workPollMilliseconds : -1
                guard readCommands(waitMilliseconds: wait), deliverLoad() else { return 0 }
                if reader.ended && loop.pendingLoad == nil { return 0 }
            }
        }
        var drawn: (state: PreviewState, grid: CellGrid)?
        let layouts = BackgroundLayout()
        defer { layouts.cancel() }
        func carry(_ event: PreviewEvent) -> TerminalLoop.Step {
            defer { layouts.follow(loop.state.pendingLayout) }
            let events = loop.handle(event)
            if loop.takeRepaintRequest() { session.repaintAll() }
            return send(events) ? .proceed : .stop(0)
        }
        let outcome = try TerminalLoop.run(
            session: session, tickMilliseconds: bridgeTickMilliseconds,
            frame: {
                if let drawn, drawn.state == loop.state { return drawn.grid }
                let grid = loop.state.view()
                drawn = (loop.state, grid)
                return grid
            },
            handle: { input in
                guard let event = PreviewLoop.event(for: input) else { return .proceed }
                return carry(event)
            },
            tick: {
                defer { layouts.follow(loop.state.pendingLayout) }
                return readCommands(waitMilliseconds: 0) ? .proceed : .stop(0)
            },
            isWorking: { layouts.isRunning || loads.isRunning },
            pollWork: {
                defer { layouts.follow(loop.state.pendingLayout) }
                guard deliverLoad() else { return .stop(0) }
                return layouts.deliver(to: carry)
            })
        return outcome.exitStatus
    }
}

/// Reads command lines from a descriptor without ever blocking the loop for long: a huge line is read
/// in bounded slices over several calls, and its bytes are dropped as they arrive.
///
/// While it waits it also watches the event descriptor: a host that closed its end of the events (it
/// exited, or closed the pipe) is seen at once, instead of at the next event the bridge fails to write.
struct BridgeCommandReader {
    private let descriptor: Int32
    private let eventDescriptor: Int32
    private var splitter: BridgeLineSplitter
    /// Whether the stream has ended (or failed).
    private(set) var ended = false
    /// Whether the reader of the events has gone (the descriptor reports an error or a hang-up).
    private(set) var eventStreamGone = false
    /// How much one call reads at most, so that keys stay answered while a flood of input arrives.
    static let sliceBytes = ByteSize.mebibytes(4)

    init(descriptor: Int32, eventDescriptor: Int32 = -1, maxLineBytes: Int) {
        self.descriptor = descriptor
        self.eventDescriptor = eventDescriptor
        splitter = BridgeLineSplitter(maxLineBytes: maxLineBytes)
    }

    /// The lines completed by what can be read now, waiting up to `waitMilliseconds` (-1: until input, or
    /// until the event stream is gone).
    mutating func read(waitMilliseconds: Int) -> [BridgeLineSplitter.Line] {
        guard !ended, !eventStreamGone else { return [] }
        var lines: [BridgeLineSplitter.Line] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var total = 0
        var wait = Int32(clamping: waitMilliseconds)
        while total < Self.sliceBytes {
            // Asking for no events on the event descriptor still reports POLLERR (a pipe without readers)
            // and POLLHUP (a closed socket); a negative descriptor is skipped by poll.
            var entries = [
                pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: eventDescriptor, events: 0, revents: 0),
            ]
            let ready = poll(&entries, 2, wait)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { break }
            if entries[1].revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 {
                eventStreamGone = true
                break
            }
            wait = 0
            guard entries[0].revents != 0 else { continue }
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            if count <= 0 {
                ended = true
                if let last = splitter.finish() { lines.append(last) }
                break
            }
            total += count
            lines += splitter.feed(chunk[..<count])
        }
        return lines
    }
}

/// Writes events as JSON lines, each in whole, straight to the descriptor (no buffering: a host reading
/// line by line sees every event as soon as it happens).
struct BridgeEventWriter {
    let descriptor: Int32

    /// Writes the events; false when the stream is gone.
    func send(_ events: [BridgeEvent]) -> Bool {
        for event in events {
            let bytes = Array((BridgeCodec.encode(event) + "\n").utf8)
            var offset = 0
            while offset < bytes.count {
                let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress!, $0.count) }
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return false }
                offset += written
            }
        }
        return true
    }
}
