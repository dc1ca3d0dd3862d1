import Foundation
import TestSupport
import Testing

@testable import ModalKitCLI

/// A command synopsis shown in a document: a fenced block whose first line is `usage: modalkit <command> …`,
/// as `modalkit <command> --help` begins.
struct DocumentedSynopsis: Equatable {
    /// The document it is in, relative to the repository.
    var document: String
    /// The 1-based line of the document its first line is on.
    var line: Int
    /// The command it shows (`render`).
    var command: String
    /// Its lines, as the document shows them.
    var lines: [String]

    /// Every synopsis block of a document's text.
    static func all(in text: String, document: String) -> [DocumentedSynopsis] {
        let lines = text.components(separatedBy: "\n")
        var found: [DocumentedSynopsis] = []
        var index = 0
        while index < lines.count {
            guard lines[index].hasPrefix("```") else {
                index += 1
                continue
            }
            let start = index + 1
            var end = start
            while end < lines.count && !lines[end].hasPrefix("```") { end += 1 }
            let words = start < end ? lines[start].split(separator: " ") : []
            if words.count >= 3 && words[0] == "usage:" && words[1] == "modalkit" {
                found.append(
                    DocumentedSynopsis(
                        document: document, line: start + 1, command: String(words[2]),
                        lines: Array(lines[start..<end])))
            }
            index = end + 1
        }
        return found
    }

    /// What is wrong with it against the command's `--help`, which begins with the synopsis and ends it at the
    /// first line that is not part of it; nil when it shows exactly those lines.
    func mismatch(help: String) -> String? {
        let helpLines = help.components(separatedBy: "\n")
        let usageLength = DocumentedSynopsis.usageLineCount(helpLines)
        let expected = Array(helpLines.prefix(usageLength))
        guard lines != expected else { return nil }
        let shown = lines.joined(separator: "\n")
        return "\(document):\(line): the synopsis of `modalkit \(command)` is\n\(shown)\n"
            + "but `modalkit \(command) --help` begins\n\(expected.joined(separator: "\n"))"
    }

    /// How many lines of a `--help` are its synopsis: the `usage: modalkit <command>` line, and the lines under
    /// it that are indented past its head (they continue it) or show another form of the command.
    static func usageLineCount(_ helpLines: [String]) -> Int {
        guard let first = helpLines.first, first.hasPrefix("usage: modalkit ") else { return 0 }
        let words = first.split(separator: " ")
        guard words.count >= 3 else { return 1 }
        let head = "usage: modalkit \(words[2]) "
        let formIndent = String(repeating: " ", count: "usage: ".count)
        var count = 1
        while count < helpLines.count {
            let line = helpLines[count]
            let continues = line.hasPrefix(String(repeating: " ", count: head.count)) && line.contains("[")
            let anotherForm = line.hasPrefix(formIndent + "modalkit \(words[2])")
            guard continues || anotherForm else { break }
            count += 1
        }
        return count
    }
}

/// The synopses the README and docs/ show are the ones `--help` prints, line for line.
@Suite struct DocumentedSynopsisTests {
    /// The documents a user reads for the command line.
    static let documents: [String] = {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: repositoryRoot + "/docs")) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }()

    static func synopses() throws -> [DocumentedSynopsis] {
        try documents.flatMap { document in
            let text = try #require(readFile(repositoryRoot + "/" + document), "cannot read \(document)")
            return DocumentedSynopsis.all(in: text, document: document)
        }
    }

    @Test func everyDocumentedSynopsisIsTheHelpsOwn() throws {
        let synopses = try Self.synopses()
        expect(!synopses.isEmpty, "no document shows a synopsis")
        for synopsis in synopses {
            let help = runCLI([synopsis.command, "--help"])
            expectEqual(
                help.status, 0, "\(synopsis.document):\(synopsis.line): `modalkit \(synopsis.command) --help` failed")
            if let mismatch = synopsis.mismatch(help: help.stdout) {
                Issue.record("\(mismatch)")
            }
        }
    }

    /// A user finds every command's synopsis in the README.
    @Test func theReadmeShowsEveryCommandsSynopsis() throws {
        let readme = try #require(readFile(repositoryRoot + "/README.md"))
        let shown = Set(DocumentedSynopsis.all(in: readme, document: "README.md").map(\.command))
        for command in CLI.commands {
            expect(shown.contains(command.name), "the README shows no synopsis of `modalkit \(command.name)`")
        }
    }

    /// The check sees a synopsis that lacks an option, has one too many, or stops a line early.
    @Test func aSynopsisThatDiffersFromTheHelpIsFound() throws {
        let help = runCLI(["render", "--help"]).stdout
        let usage = Array(help.components(separatedBy: "\n").prefix { !$0.isEmpty })
        let length = DocumentedSynopsis.usageLineCount(help.components(separatedBy: "\n"))
        expect(length >= 2, "render's synopsis takes more than one line")
        let correct = Array(usage.prefix(length))
        let wrongs: [[String]] = [
            [correct[0].replacingOccurrences(of: " [--width N]", with: "")] + correct.dropFirst(),
            [correct[0] + " [--verbose]"] + correct.dropFirst(),
            Array(correct.dropLast()),
        ]
        for wrong in wrongs {
            let text = "Intro.\n\n```sh\n" + wrong.joined(separator: "\n") + "\n```\n"
            let found = DocumentedSynopsis.all(in: text, document: "doc.md")
            expectEqual(found.count, 1)
            expect(found.first?.mismatch(help: help) != nil, "not caught:\n\(wrong.joined(separator: "\n"))")
        }
        let right = "```sh\n" + correct.joined(separator: "\n") + "\n```\n"
        expect(DocumentedSynopsis.all(in: right, document: "doc.md").first?.mismatch(help: help) == nil)
    }
}
