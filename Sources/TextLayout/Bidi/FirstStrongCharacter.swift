/// Rules P2–P3 of UAX #9, a character at a time: the paragraph level is that of the first strong character
/// outside isolates (L gives 0; R and AL give 1). Every caller that needs a base direction feeds this one
/// rule: the message's direction, a paragraph's level when none is forced, and an FSI's direction (X5c).
struct FirstStrongCharacter {
    private var isolateDepth = 0

    /// Takes the next character's class; returns the paragraph level once a strong character outside
    /// isolates decides it. A paragraph separator closes every isolate, so text that runs over several
    /// paragraphs (a whole message) goes on with the next paragraph as P2 does with each.
    @inline(__always)
    mutating func level(taking bidiClass: BidiClass) -> UInt8? {
        switch bidiClass {
        case .L: if isolateDepth == 0 { return 0 }
        case .R, .AL: if isolateDepth == 0 { return 1 }
        case .LRI, .RLI, .FSI: isolateDepth += 1
        case .PDI: if isolateDepth > 0 { isolateDepth -= 1 }
        case .B: isolateDepth = 0
        default: break
        }
        return nil
    }

    /// The level the first strong character of `classes` outside isolates gives, or nil when there is none.
    static func level(of classes: some Sequence<BidiClass>) -> UInt8? {
        var scan = FirstStrongCharacter()
        for bidiClass in classes {
            if let level = scan.level(taking: bidiClass) { return level }
        }
        return nil
    }
}
