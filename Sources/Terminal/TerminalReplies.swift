import ModalModel

/// What a terminal said in answer to `TerminalQueries.all`, read from its replies byte by byte.
///
/// Replies may arrive split across reads, mixed with keys the user typed, or garbled; the reader keeps an
/// unfinished sequence until its end arrives, skips what it does not know, and gives up on a sequence that
/// grows past `maxSequenceBytes` (a lost terminator must not swallow the rest). The primary device
/// attributes reply (DA1) is the sentinel: every terminal of the VT100 family answers it, in order, so once
/// it is in, no other reply is coming.
package struct TerminalReplies: Sendable, Equatable {
    /// A DEC private mode's state, as a DECRPM reply (`CSI ? mode ; Ps $ y`) gives it.
    package enum ModeState: Int, Sendable, Equatable {
        /// Ps 0: the terminal does not know the mode.
        case notRecognized = 0
        /// Ps 1.
        case set = 1
        /// Ps 2.
        case reset = 2
        /// Ps 3: always on.
        case permanentlySet = 3
        /// Ps 4: always off.
        case permanentlyReset = 4

        /// Whether the mode is in effect.
        package var isOn: Bool { self == .set || self == .permanentlySet }
        /// Whether the terminal has the mode at all, so a program may set it.
        package var isSupported: Bool { self == .set || self == .reset || self == .permanentlySet }
    }

    /// The state of grapheme cluster mode (2027), when the terminal reported it.
    package private(set) var graphemeClusterMode: ModeState?
    /// The state of synchronized output (2026), when the terminal reported it.
    package private(set) var synchronizedOutputMode: ModeState?
    /// The default background colour (OSC 11), when the terminal reported it.
    package private(set) var background: ModalColor?
    /// Whether the device attributes reply, the last one, has arrived.
    package private(set) var isComplete = false
    /// What the user typed while the replies were read: every byte outside a reply, in order, so the keys
    /// can still be acted on (typeahead sent right after the previous program ended).
    package private(set) var typed: [UInt8] = []

    /// The longest escape sequence kept while waiting for its end.
    package static let maxSequenceBytes = 256

    private var pending: [UInt8] = []

    /// No replies yet.
    package init() {}

    /// Reads `bytes`, the next ones from the terminal.
    package mutating func read(_ bytes: some Sequence<UInt8>) {
        for byte in bytes { consume(byte) }
    }

    private mutating func consume(_ byte: UInt8) {
        if pending.isEmpty {
            if byte == 0x1B { pending.append(byte) } else { typed.append(byte) }
            return
        }
        if pending.count == 1 {
            if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]") {
                pending.append(byte)
            } else if byte != 0x1B {
                // Esc and a key (Alt-x): typed, not a reply.
                typed += [0x1B, byte]
                pending.removeAll()
            } else {
                typed.append(0x1B)
            }
            return
        }
        let isOperatingSystemCommand = pending[1] == UInt8(ascii: "]")
        if isOperatingSystemCommand, pending.last == 0x1B {
            if byte == UInt8(ascii: "\\") {
                finishOperatingSystemCommand(terminatorLength: 1)
                pending.removeAll()
            } else {
                // ESC not followed by "\\": the command was cut off, and a new sequence starts here.
                pending = [0x1B]
                consume(byte)
            }
            return
        }
        if byte == 0x1B {
            if isOperatingSystemCommand {
                pending.append(byte)
            } else {
                pending = [0x1B]  // a control sequence cut off by the next one
            }
            return
        }
        if isOperatingSystemCommand {
            if byte == 0x07 {
                finishOperatingSystemCommand(terminatorLength: 0)
                pending.removeAll()
                return
            }
            pending.append(byte)
        } else if (0x40...0x7E).contains(byte) {
            pending.append(byte)
            finishControlSequence()
            pending.removeAll()
            return
        } else if (0x20...0x3F).contains(byte) {
            pending.append(byte)
        } else {
            pending.removeAll()
        }
        if pending.count > Self.maxSequenceBytes { pending.removeAll() }
    }

    /// `ESC [ ? mode ; Ps $ y` (DECRPM) or `ESC [ ? … c` (DA1); a sequence a key sends (an arrow, Home,
    /// End, Shift-Tab, `~` keys) is typed, and any other one ignored.
    private mutating func finishControlSequence() {
        let body = pending[2...]
        guard body.first == UInt8(ascii: "?") else {
            if let final = body.last, Array("ABCDHFZ~".utf8).contains(final) { typed += pending }
            return
        }
        if body.last == UInt8(ascii: "c") {
            isComplete = true
            return
        }
        guard body.count >= 4, body.suffix(2).elementsEqual([UInt8(ascii: "$"), UInt8(ascii: "y")]) else { return }
        let fields = body.dropFirst().dropLast(2).split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
        guard fields.count == 2, let mode = Self.decimal(fields[0]), let value = Self.decimal(fields[1]),
            let state = ModeState(rawValue: value)
        else { return }
        switch mode {
        case 2027: graphemeClusterMode = state
        case 2026: synchronizedOutputMode = state
        default: break
        }
    }

    /// `ESC ] 11 ; rgb:RRRR/GGGG/BBBB ST`: 1 to 4 hex digits a channel, as X11 colour specifications have.
    private mutating func finishOperatingSystemCommand(terminatorLength: Int) {
        let body = Array(pending[2..<(pending.count - terminatorLength)])
        let prefix = Array("11;".utf8)
        guard body.starts(with: prefix) else { return }
        var spec = body.dropFirst(prefix.count)
        for scheme in ["rgba:", "rgb:"] where spec.starts(with: scheme.utf8) {
            spec = spec.dropFirst(scheme.utf8.count)
            let channels = spec.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
            guard channels.count == 3 || (scheme == "rgba:" && channels.count == 4) else { return }
            var levels: [UInt8] = []
            for channel in channels.prefix(3) {
                guard let level = Self.channelLevel(channel) else { return }
                levels.append(level)
            }
            background = ModalColor(red: levels[0], green: levels[1], blue: levels[2])
            return
        }
    }

    /// A channel of 1–4 hex digits scaled to 0…255 (`f` and `ffff` are both full).
    static func channelLevel(_ digits: ArraySlice<UInt8>) -> UInt8? {
        guard (1...4).contains(digits.count) else { return nil }
        var value = 0
        for digit in digits {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = value * 16 + Int(digit - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = value * 16 + Int(digit - UInt8(ascii: "a")) + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): value = value * 16 + Int(digit - UInt8(ascii: "A")) + 10
            default: return nil
            }
        }
        let maximum = (1 << (4 * digits.count)) - 1
        return UInt8((value * 255 + maximum / 2) / maximum)
    }

    private static func decimal(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty, digits.count <= 6 else { return nil }
        var value = 0
        for digit in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
            value = value * 10 + Int(digit - UInt8(ascii: "0"))
        }
        return value
    }
}
