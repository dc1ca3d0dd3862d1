import Screen
import TestSupport
import Testing

@testable import ModalKitCLI

@Suite struct ColorDepthDetectionTests {
    private func detect(
        _ variables: [String: String], tty: Bool = true, requested: ColorRequest = .auto
    ) -> ColorDepth {
        requested.depth(environment: { variables[$0] }, isTerminal: tty)
    }

    @Test func terminalVariables() {
        expectEqual(detect(["COLORTERM": "truecolor", "TERM": "xterm-256color"]), .trueColor)
        expectEqual(detect(["COLORTERM": "24bit"]), .trueColor)
        expectEqual(detect(["TERM": "xterm-256color"]), .indexed256)
        expectEqual(detect(["TERM": "screen-256color", "COLORTERM": "yes"]), .indexed256)
        expectEqual(detect(["TERM": "xterm"]), .ansi16)
        expectEqual(detect([:]), .ansi16)
    }

    @Test func noColorWins() {
        expectEqual(detect(["NO_COLOR": "1", "COLORTERM": "truecolor"]), .none)
        expectEqual(detect(["NO_COLOR": "1", "FORCE_COLOR": "1"], tty: false), .none)
        // An empty NO_COLOR does not count.
        expectEqual(detect(["NO_COLOR": "", "TERM": "xterm-256color"]), .indexed256)
    }

    @Test func notATerminalMeansNoColourUnlessForced() {
        expectEqual(detect(["COLORTERM": "truecolor"], tty: false), .none)
        expectEqual(detect(["COLORTERM": "truecolor", "FORCE_COLOR": "1"], tty: false), .trueColor)
        expectEqual(detect(["TERM": "xterm-256color", "FORCE_COLOR": "yes"], tty: false), .indexed256)
        expectEqual(detect(["FORCE_COLOR": "1"], tty: false), .ansi16)
        expectEqual(detect(["FORCE_COLOR": "0", "COLORTERM": "truecolor"], tty: false), .none)
        expectEqual(detect(["FORCE_COLOR": "", "COLORTERM": "truecolor"], tty: false), .none)
    }

    @Test func aFixedRequestWins() {
        expectEqual(detect(["NO_COLOR": "1"], tty: false, requested: .fixed(.trueColor)), .trueColor)
        expectEqual(detect(["COLORTERM": "truecolor"], requested: .fixed(.indexed256)), .indexed256)
        expectEqual(detect(["COLORTERM": "truecolor"], requested: .fixed(.ansi16)), .ansi16)
        expectEqual(detect(["COLORTERM": "truecolor"], requested: .fixed(.none)), .none)
        expectEqual(ColorRequest(argument: "256"), .fixed(.indexed256))
        expectEqual(ColorRequest(argument: "24bit"), .fixed(.trueColor))
        expectEqual(ColorRequest(argument: "truecolor"), .fixed(.trueColor))
        expect(ColorRequest(argument: "lots") == nil)
    }

    @Test func noColorCountsOnlyWhenNotEmpty() {
        expect(ColorRequest.noColorRequested("1"))
        expect(!ColorRequest.noColorRequested(""))
        expect(!ColorRequest.noColorRequested(nil))
    }
}
