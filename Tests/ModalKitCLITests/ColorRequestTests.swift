import Screen
import Testing

@testable import ModalKitCLI

@Suite struct ColorDepthDetectionTests {
    private func detect(
        _ variables: [String: String], tty: Bool = true, requested: ColorRequest = .auto
    ) -> ColorDepth {
        requested.depth(environment: { variables[$0] }, isTerminal: tty)
    }

    @Test func terminalVariables() {
        #expect(detect(["COLORTERM": "truecolor", "TERM": "xterm-256color"]) == .trueColor)
        #expect(detect(["COLORTERM": "24bit"]) == .trueColor)
        #expect(detect(["TERM": "xterm-256color"]) == .indexed256)
        #expect(detect(["TERM": "screen-256color", "COLORTERM": "yes"]) == .indexed256)
        #expect(detect(["TERM": "xterm"]) == .ansi16)
        #expect(detect([:]) == .ansi16)
    }

    @Test func noColorWins() {
        #expect(detect(["NO_COLOR": "1", "COLORTERM": "truecolor"]) == .none)
        #expect(detect(["NO_COLOR": "1", "FORCE_COLOR": "1"], tty: false) == .none)
        // An empty NO_COLOR does not count.
        #expect(detect(["NO_COLOR": "", "TERM": "xterm-256color"]) == .indexed256)
    }

    @Test func notATerminalMeansNoColourUnlessForced() {
        #expect(detect(["COLORTERM": "truecolor"], tty: false) == .none)
        #expect(detect(["COLORTERM": "truecolor", "FORCE_COLOR": "1"], tty: false) == .trueColor)
        #expect(detect(["TERM": "xterm-256color", "FORCE_COLOR": "yes"], tty: false) == .indexed256)
        #expect(detect(["FORCE_COLOR": "1"], tty: false) == .ansi16)
        #expect(detect(["FORCE_COLOR": "0", "COLORTERM": "truecolor"], tty: false) == .none)
        #expect(detect(["FORCE_COLOR": "", "COLORTERM": "truecolor"], tty: false) == .none)
    }

    @Test func aFixedRequestWins() {
        #expect(detect(["NO_COLOR": "1"], tty: false, requested: .fixed(.trueColor)) == .trueColor)
        #expect(detect(["COLORTERM": "truecolor"], requested: .fixed(.indexed256)) == .indexed256)
        #expect(detect(["COLORTERM": "truecolor"], requested: .fixed(.ansi16)) == .ansi16)
        #expect(detect(["COLORTERM": "truecolor"], requested: .fixed(.none)) == .none)
        #expect(ColorRequest(argument: "256") == .fixed(.indexed256))
        #expect(ColorRequest(argument: "24bit") == .fixed(.trueColor))
        #expect(ColorRequest(argument: "truecolor") == .fixed(.trueColor))
        #expect(ColorRequest(argument: "lots") == nil)
    }

    @Test func noColorCountsOnlyWhenNotEmpty() {
        #expect(ColorRequest.noColorRequested("1"))
        #expect(!ColorRequest.noColorRequested(""))
        #expect(!ColorRequest.noColorRequested(nil))
    }
}
