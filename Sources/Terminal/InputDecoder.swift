import Screen

/// Turns what ncurses returned, one call at a time, into inputs: control characters become keys, and SGR
/// mouse reports (`ESC [ < b ; x ; y M|m`) are decoded where the terminal description leaves them to us.
package enum InputDecoder {
    /// One result of `wget_wch`, or something already decoded from it (a function key, a mouse event).
    package enum Raw: Equatable {
        case character(UInt32)
        case input(TerminalInput)
    }

    /// Decodes a batch read in one go. An ESC followed at once by a character is an Alt combination
    /// (terminals send Alt-x as ESC x) and is dropped, so that it cannot cancel the preview.
    package static func decode(_ raw: [Raw], sgrMouse: Bool) -> [TerminalInput] {
        var inputs: [TerminalInput] = []
        var i = 0
        while i < raw.count {
            defer { i += 1 }
            switch raw[i] {
            case .input(let input):
                inputs.append(input)
            case .character(0x1B):
                if sgrMouse, let (mouse, length) = decodeSGRMouse(raw, at: i) {
                    if let mouse { inputs.append(mouse) }
                    i += length - 1
                } else if i + 1 < raw.count, case .character(let next) = raw[i + 1], next != 0x1B {
                    i += 1
                } else {
                    inputs.append(.key(.escape))
                }
            case .character(0x09):
                inputs.append(.key(.tab))
            case .character(0x0A), .character(0x0D):
                inputs.append(.key(.enter))
            case .character(0x0C):
                inputs.append(.key(.controlL))
            case .character(let value):
                if value < 0x20 || (0x7F...0x9F).contains(value) { continue }
                if let scalar = Unicode.Scalar(value) { inputs.append(.key(Key(typed: Character(scalar)))) }
            }
        }
        return inputs
    }

    /// The mouse event of an SGR report starting at `start` (nil for motion and unknown buttons, which
    /// are consumed and ignored) and how many raw entries it spans; nil when no complete report is there.
    static func decodeSGRMouse(_ raw: [Raw], at start: Int) -> (TerminalInput?, Int)? {
        func character(_ index: Int) -> UInt32? {
            guard index < raw.count, case .character(let value) = raw[index] else { return nil }
            return value
        }
        guard character(start + 1) == 0x5B, character(start + 2) == 0x3C else { return nil }  // "[<"
        var numbers = [0, 0, 0]
        var field = 0
        var digits = 0
        var index = start + 3
        while let value = character(index) {
            index += 1
            switch value {
            case 0x30...0x39:
                guard digits < 6 else { return nil }
                numbers[field] = numbers[field] * 10 + Int(value - 0x30)
                digits += 1
            case 0x3B:  // ";"
                guard field < 2, digits > 0 else { return nil }
                field += 1
                digits = 0
            case 0x4D, 0x6D:  // "M" press, "m" release
                guard field == 2, digits > 0 else { return nil }
                let length = index - start
                let code = numbers[0]
                let x = numbers[1] - 1
                let y = numbers[2] - 1
                if code & 32 != 0 { return (nil, length) }  // motion
                let button: MouseButton
                if code & 64 != 0 {
                    switch code & 3 {
                    case 0: button = .wheelUp
                    case 1: button = .wheelDown
                    default: return (nil, length)
                    }
                } else {
                    switch code & 3 {
                    case 0: button = .left
                    case 1: button = .middle
                    case 2: button = .right
                    default: return (nil, length)
                    }
                }
                return (.mouse(x: x, y: y, button: button, pressed: value == 0x4D), length)
            default:
                return nil
            }
        }
        return nil
    }
}
