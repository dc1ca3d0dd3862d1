import TestSupport
import Testing

@testable import ModalKitCLI
@testable import Terminal

/// `preview --height N` asks for the inline terminal, and a height it cannot draw in is refused up front.
@Suite struct HeightOptionTests {
    static let modal = Array(#"{"msg":"Hello","buttons":[{"label":"OK","action":"close"}]}"#.utf8)

    @Test func heightAsksForAnInlineTerminalOfThatMany() {
        let io = BufferIO(stdin: Self.modal)
        io.variables["TERM"] = "xterm-256color"
        _ = CLI.run(arguments: ["preview", "--height", "12", "-"], io: io)
        expectEqual(io.terminalOptions.map(\.inlineHeight), [12])
        let full = BufferIO(stdin: Self.modal)
        full.variables["TERM"] = "xterm-256color"
        _ = CLI.run(arguments: ["preview", "-"], io: full)
        expectEqual(full.terminalOptions.map(\.inlineHeight), [nil], "the full screen without --height")
    }

    @Test(arguments: ["3", "0", "-5", "ten", "1001"])
    func aHeightItCannotDrawInIsAUsageError(value: String) {
        let run = runCLI(["preview", "--height", value, "x.json"])
        expectEqual(run.status, 2)
        expect(
            run.stderr.contains("--height must be a number of rows from 4 to 1000, got '\(value)'"), "\(run.stderr)")
    }
}
