import Preview
import TestSupport
import Testing

@testable import ModalKitCLI

/// `--help` lists are laid out from their entries: in each list every description starts in one column, two
/// spaces after its longest label that has room beside it, and no entry line is wider than the list allows.
@Suite struct HelpLayoutTests {
    /// The entry lines of a help text, list by list: a list is a run of lines that start with a label (two
    /// spaces, then not a space) or continue one (only spaces, then text), ended by any other line.
    static func lists(in help: String) -> [[Substring]] {
        var lists: [[Substring]] = []
        var current: [Substring] = []
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            let indent = line.prefix { $0 == " " }.count
            if indent >= 2 && indent < line.count {
                current.append(line)
            } else {
                if !current.isEmpty { lists.append(current) }
                current = []
            }
        }
        if !current.isEmpty { lists.append(current) }
        return lists
    }

    /// Where the description starts on an entry line: after the label and a run of two spaces or more;
    /// after the indent on a continuation line. Nil for a label alone on its line.
    static func descriptionColumn(_ line: Substring) -> Int? {
        let indent = line.prefix { $0 == " " }.count
        if indent > 2 { return indent }
        var index = line.index(line.startIndex, offsetBy: indent)
        while index < line.endIndex {
            let gap = line[index...].prefix { $0 == " " }.count
            if gap >= 2 { return line.distance(from: line.startIndex, to: index) + gap }
            index = line.index(index, offsetBy: max(gap, 1))
        }
        return nil
    }

    /// A command's `--help` after its synopsis.
    static func body(_ command: any DeclaredCommand) -> String {
        String(command.helpText.dropFirst(command.usageText.count))
    }

    /// The synopsis is filled into lines as the lists are: none wider than they may be.
    @Test func noSynopsisLineIsWiderThanTheLists() {
        for command in CLI.commands {
            for line in command.usageText.split(separator: "\n") {
                expect(line.count <= HelpList.width, "\(command.name): \(line.count) columns: \(line)")
            }
        }
    }

    @Test func everyDescriptionOfAListStartsInOneColumn() {
        for command in CLI.commands {
            let help = Self.body(command)
            for list in Self.lists(in: help) where list.count > 1 {
                let columns = Set(list.compactMap(Self.descriptionColumn))
                expectEqual(columns.count, 1, "\(command.name) --help has descriptions at columns \(columns.sorted())")
                let labels = list.filter { $0.prefix { $0 == " " }.count == 2 }.map { line in
                    let body = line.dropFirst(2)
                    return body.firstRange(of: "  ").map { body.distance(from: body.startIndex, to: $0.lowerBound) }
                        ?? body.count
                }
                let beside = labels.filter { $0 <= HelpList.longestLabelBeside }.max() ?? 0
                expectEqual(columns.first, 2 + beside + 2, "\(command.name): \(list[0])")
                for line in list { expect(line.count <= HelpList.width, "\(command.name): \(line)") }
            }
        }
    }

    @Test func validateHelpIsOneAlignedList() throws {
        let help = Self.body(ValidateCommand.declaration)
        expectEqual(runCLI(["validate", "--help"]).stdout, ValidateCommand.declaration.helpText)
        let list = try #require(Self.lists(in: help).first { $0.contains { $0.hasPrefix("  --strict") } })
        expectEqual(list.first?.hasPrefix("  PATH"), true)
        expect(list.contains { $0.hasPrefix("  --timeout SECONDS") })
        expectEqual(Set(list.compactMap(Self.descriptionColumn)), [20])
    }

    @Test func previewHelpListsTheKeymap() {
        let help = runCLI(["preview", "--help"]).stdout
        for binding in Keymap.bindings {
            expect(
                help.split(separator: "\n").contains {
                    $0.hasPrefix("  " + binding.label + " ") && $0.hasSuffix(binding.meaning)
                },
                "\(binding.label)")
        }
        expect(help.contains("other than close, next or prev"))
    }
}
