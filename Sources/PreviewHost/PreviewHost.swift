import ModalActions
import ModalModel
import Preview
import Screen
import Terminal

/// Runs a `PreviewState` on a terminal: reads input, feeds it to `update`, carries out the effects and
/// draws `view` when the state changed.
///
/// The loop's inputs and outputs are values: every input (a key, the mouse, a resize, a changed file, or
/// an event from another `PreviewEventSource` such as a polled URL) becomes a `PreviewEvent`, and
/// every effect `update` returns is carried out here, so a new input source plugs in without touching
/// the loop.
package enum PreviewHost {
    /// What a preview run asks of its host besides the terminal.
    package struct Configuration: Sendable {
        /// The preview's options (width, `--stay`, source name, whether reloading is possible).
        package var options: PreviewOptions
        /// The path to watch for changes, or nil not to watch.
        package var watchedPath: String?

        /// Creates a configuration.
        package init(options: PreviewOptions, watchedPath: String? = nil) {
            self.options = options
            self.watchedPath = watchedPath
        }
    }

    /// How a run ended: the exit status and the action that ended it, if one did.
    package struct Outcome: Sendable, Equatable {
        /// The process's exit status.
        package var exitStatus: Int32
        /// The button or link activated, when an action ended the preview.
        package var action: PreviewOutcome?
    }

    /// Runs the preview until an action, a cancel or a signal ends it; the terminal is restored on every
    /// way out. `reload` reads and decodes the source again (for `r` and for a watched file that changed), on
    /// another thread: keys keep acting on the modal shown while it runs, and Esc drops it.
    package static func run(
        session: TerminalSession, initial: FileLoad, configuration: Configuration,
        reload: @escaping @Sendable () -> FileLoad, sources: [any PreviewEventSource] = []
    ) throws -> Outcome {
        var host = PreviewLoop(initial: initial, terminalSize: session.size, options: configuration.options)
        var sources = sources
        if let path = configuration.watchedPath { sources.insert(FileWatcher(path: path), at: 0) }
        var drawn: (state: PreviewState, grid: CellGrid)?
        let layouts = BackgroundLayout()
        let loads = BackgroundLoad()
        defer {
            layouts.cancel()
            loads.stop()
        }
        layouts.follow(host.state.pendingLayout)

        func carry(_ event: PreviewEvent) -> TerminalLoop.Step {
            let loading = host.state.pendingLoad
            defer {
                layouts.follow(host.state.pendingLayout)
                if let request = host.state.pendingLoad { loads.follow(request, read: reload) } else { loads.stop() }
                if let started = host.state.pendingLoad, started != loading {
                    // What this load reads is the newest version: a change seen so far is not another one.
                    for index in sources.indices { sources[index].noteReload() }
                }
            }
            for effect in host.handle(event) {
                switch effect {
                case .exit(let code, _): return .stop(code)
                case .repaint: session.repaintAll()
                }
            }
            return .proceed
        }

        let outcome = try TerminalLoop.run(
            session: session,
            frame: {
                if let drawn, drawn.state == host.state { return drawn.grid }
                let grid = host.state.view()
                drawn = (host.state, grid)
                return grid
            },
            handle: { input in
                guard let event = PreviewLoop.event(for: input) else { return .proceed }
                return carry(event)
            },
            tick: {
                for index in sources.indices {
                    for event in sources[index].poll(reload: reload) {
                        if case .stop(let code) = carry(event) { return .stop(code) }
                    }
                }
                return .proceed
            },
            isWorking: { layouts.isRunning || loads.isRunning },
            pollWork: {
                if case .stop(let code) = loads.deliver(to: carry) { return .stop(code) }
                return layouts.deliver(to: carry)
            })
        return Outcome(exitStatus: outcome.exitStatus, action: host.outcome)
    }
}

/// Another input for the preview besides the terminal: a watched file, or a polled URL (`URLSourceWatcher`).
///
/// The host polls every source at its tick (about four times a second) and feeds the events it returns
/// to `update` in order.
package protocol PreviewEventSource {
    /// The events that arrived since the last poll; `reload` reads and decodes the source when needed.
    /// A slow source is not read here, on the input thread: `PreviewEvent.reloadRequested` has the host
    /// read it in the background.
    mutating func poll(reload: () -> FileLoad) -> [PreviewEvent]
    /// The source was just read again for another reason (the `r` key): forget any change seen so far.
    mutating func noteReload()
}

extension PreviewEventSource {
    package mutating func noteReload() {}
}

/// The pure part of the host: the state, the events it takes and the effects it hands back.
struct PreviewLoop {
    /// The preview's state.
    private(set) var state: PreviewState
    /// The action that ended the preview, once one has.
    private(set) var outcome: PreviewOutcome?

    /// The state at start; an invalid or unreadable source starts on its diagnostics.
    init(initial: FileLoad, terminalSize: Size, options: PreviewOptions) {
        if case .decoded(let document?, _) = initial {
            state = PreviewState(document: document, terminalSize: terminalSize, options: options)
        } else {
            state = PreviewState(document: ModalDocument(modals: []), terminalSize: terminalSize, options: options)
            state = state.update(.fileChanged(initial)).0
        }
    }

    /// Applies one event and returns the effects the host must carry out (an exit's outcome is kept here).
    mutating func handle(_ event: PreviewEvent) -> [PreviewEffect] {
        let (next, effects) = state.update(event)
        state = next
        for case .exit(_, let outcome) in effects { self.outcome = outcome }
        return effects
    }

    /// The preview's reading of a terminal input; nil for a signal, which the terminal loop handles.
    static func event(for input: TerminalInput) -> PreviewEvent? {
        switch input {
        case .key(let key): .key(key)
        case .mouse(let x, let y, let button, let pressed): .mouse(x: x, y: y, button: button, pressed: pressed)
        case .resize(let size): .resize(size)
        case .signal: nil
        }
    }
}
