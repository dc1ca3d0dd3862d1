import ModalKit
import TestSupport
import Testing

@testable import ModalKitCLI

/// The README's first screen shows a sample's JSON and what the tool prints for it; both are held to the real
/// sample and the real output, so that neither goes stale.
@Suite struct ReadmeExampleTests {
    /// The fenced blocks of a text with the given info string, each as its lines.
    static func blocks(_ info: String, in text: String) -> [[String]] {
        var found: [[String]] = []
        var current: [String]?
        for line in text.components(separatedBy: "\n") {
            if current == nil, line == "```" + info {
                current = []
            } else if current != nil, line.hasPrefix("```") {
                found.append(current ?? [])
                current = nil
            } else {
                current?.append(line)
            }
        }
        return found
    }

    @Test func theReadmesModalIsTheSample() throws {
        let readme = try #require(readFile(repositoryRoot + "/README.md"))
        let shown = try #require(Self.blocks("json", in: readme).first, "the README shows no JSON")
        let sample = try #require(readFileBytes(repositoryRoot + "/samples/welcome.json"))
        let fromReadme = ModalDecoder.decode(Array(shown.joined(separator: "\n").utf8))
        expect(fromReadme.diagnostics.isEmpty, "\(fromReadme.diagnostics)")
        expect(fromReadme.document != nil && fromReadme.document == ModalDecoder.decode(sample).document)
    }

    /// Every `$ modalkit …` block of the README shows what that command prints.
    @Test func theReadmesOutputsAreTheToolsOwn() throws {
        let readme = try #require(readFile(repositoryRoot + "/README.md"))
        let shown = Self.blocks("text", in: readme).filter { $0.first?.hasPrefix("$ modalkit ") == true }
        expect(shown.count >= 2, "the README shows no output of the tool")
        for block in shown {
            let arguments = block[0].dropFirst("$ modalkit ".count).split(separator: " ").map(String.init)
            let run = runCLI(arguments)
            let expected = block.dropFirst().joined(separator: "\n") + "\n"
            expectEqual(run.stdout, expected, "README: `\(block[0])` prints\n\(run.stdout)")
        }
    }
}
