/// Keys from the bytes a terminal sends, for the inline preview, which reads the terminal itself rather than
/// through ncurses: the cursor and editing keys' `CSI` and `SS3` sequences (as xterm, VTE, tmux and the Linux
/// console send them without keypad mode), and everything else as `InputDecoder` reads characters.
package enum KeySequences {
    /// The inputs in `bytes`, read in one go. Sequences for keys the preview has no use for are dropped.
    package static func decode(_ bytes: [UInt8]) -> [TerminalInput] {
        var raw: [InputDecoder.Raw] = []
        var index = 0
        var textStart = 0
        // Text between sequences is decoded by the standard library, a malformed byte becoming U+FFFD.
        func takeText(upTo end: Int) {
            guard textStart < end else { return }
            for scalar in String(decoding: bytes[textStart..<end], as: UTF8.self).unicodeScalars {
                raw.append(.character(scalar.value))
            }
        }
        while index < bytes.count {
            if bytes[index] == 0x1B, index + 1 < bytes.count, bytes[index + 1] == 0x5B || bytes[index + 1] == 0x4F {
                takeText(upTo: index)
                let (key, length) = sequence(bytes, at: index)
                if let key { raw.append(.input(.key(key))) }
                index += length
                textStart = index
                continue
            }
            index += 1
        }
        takeText(upTo: bytes.count)
        return InputDecoder.decode(raw, sgrMouse: false)
    }

    /// The key of the `CSI` or `SS3` sequence at `start` (nil for one the preview does not use) and its length.
    static func sequence(_ bytes: [UInt8], at start: Int) -> (Key?, Int) {
        let isSS3 = bytes[start + 1] == 0x4F
        var index = start + 2
        var parameter = 0
        // Parameters and intermediates (0x20–0x3F) until the final byte (0x40–0x7E).
        while index < bytes.count, (0x20...0x3F).contains(bytes[index]) {
            if !isSS3, (0x30...0x39).contains(bytes[index]), parameter < 1000 {
                parameter = parameter * 10 + Int(bytes[index] - 0x30)
            } else if bytes[index] == 0x3B {
                break
            }
            index += 1
        }
        // Skip the rest of the parameters (a modifier, as in `CSI 1 ; 5 A`).
        while index < bytes.count, (0x20...0x3F).contains(bytes[index]) { index += 1 }
        guard index < bytes.count else { return (nil, bytes.count - start) }
        let final = bytes[index]
        let length = index + 1 - start
        let key: Key? =
            switch final {
            case 0x41: .up
            case 0x42: .down
            case 0x43: .right
            case 0x44: .left
            case 0x48: .home
            case 0x46: .end
            case 0x5A: .shiftTab
            case 0x7E:
                switch parameter {
                case 1, 7: .home
                case 4, 8: .end
                case 5: .pageUp
                case 6: .pageDown
                default: nil
                }
            default: nil
            }
        return (key, length)
    }
}

extension KeySequences {
    /// The bytes a terminal sends for the keys among `inputs`, in the spellings `decode` reads (xterm's,
    /// without keypad mode), for giving unused keys back to the terminal; mouse events and resizes have none.
    package static func encode(_ inputs: [TerminalInput]) -> [UInt8] {
        var out: [UInt8] = []
        for case .key(let key) in inputs {
            switch key {
            case .tab: out.append(0x09)
            case .shiftTab: out += Array("\u{1B}[Z".utf8)
            case .left: out += Array("\u{1B}[D".utf8)
            case .right: out += Array("\u{1B}[C".utf8)
            case .up: out += Array("\u{1B}[A".utf8)
            case .down: out += Array("\u{1B}[B".utf8)
            case .pageUp: out += Array("\u{1B}[5~".utf8)
            case .pageDown: out += Array("\u{1B}[6~".utf8)
            case .home: out += Array("\u{1B}[H".utf8)
            case .end: out += Array("\u{1B}[F".utf8)
            case .enter: out.append(0x0D)
            case .space: out.append(0x20)
            case .escape: out.append(0x1B)
            case .controlL: out.append(0x0C)
            case .char(let character): out += Array(String(character).utf8)
            }
        }
        return out
    }
}
