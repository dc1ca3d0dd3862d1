import ModalModel
import Reporting
import TestSupport
import Testing
@_spi(Kernel) import TextKernel

@testable import ModalKitCLI

/// The command line is declared once; these hold every place that shows it equal to the declarations.
@Suite struct CommandLineVocabularyTests {
    /// The options a text names: `--width`, `-H` and the like.
    static func optionNames(in text: String) -> Set<String> {
        let words = text.split { !($0.isLetter || $0.isNumber || $0 == "-") }.map(String.init)
        let options = words.filter { word in
            let name = word.drop { $0 == "-" }
            return word.hasPrefix("-") && word.count - name.count <= 2 && name.first?.isLetter == true
        }
        return Set(options).subtracting(["-h", "--help"])
    }

    /// The lines of a completion script that belong to one command.
    static func section(of script: String, shell: String, command: String) -> String {
        let lines = script.split(separator: "\n", omittingEmptySubsequences: false)
        switch shell {
        case "fish":
            return lines.filter { $0.contains("__fish_seen_subcommand_from \(command)'") }.joined(separator: "\n")
        case "zsh":
            guard let start = lines.firstIndex(of: "        \(command))") else { return "" }
            let end = lines[start...].firstIndex(of: "            ;;") ?? lines.endIndex
            return lines[start..<end].joined(separator: "\n")
        default:
            let cases = lines.filter { $0.hasPrefix("        \"\(command) ") }.joined(separator: "\n")
            guard let start = lines.firstIndex(of: "        \(command))") else { return cases }
            let words = lines[start...].first { $0.contains("compgen -W") } ?? ""
            return cases + "\n" + words
        }
    }

    /// Whether a script section offers the option, as each shell spells it.
    static func offers(_ section: String, _ option: String, shell: String) -> Bool {
        switch shell {
        case "fish":
            let spelling = option.hasPrefix("--") ? "-l \(option.dropFirst(2)) " : "-s \(option.dropFirst()) "
            return section.contains(spelling)
        case "zsh": return section.contains("'\(option)[") || section.contains("'*\(option)[")
        default: return section.split(whereSeparator: { " \"()".contains($0) }).contains { $0 == option }
        }
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func everyCompletionScriptOffersEveryOptionThatHelpShows(shell: String) {
        let script = runCLI(["completions", shell]).stdout
        for command in CLI.commands where command.name != "schema" {
            let help = runCLI([command.name, "--help"])
            expectEqual(help.status, 0)
            let shown = Self.optionNames(in: help.stdout)
            expect(!shown.isEmpty || command.options.isEmpty, "\(command.name) --help names no option")
            let section = Self.section(of: script, shell: shell, command: command.name)
            for option in shown.sorted() {
                expect(
                    Self.offers(section, option, shell: shell),
                    "the \(shell) completions of \(command.name) lack \(option), which its --help shows")
            }
        }
    }

    @Test func helpShowsEveryOptionThatACommandTakes() {
        for command in CLI.commands where command.name != "schema" {
            let shown = Self.optionNames(in: runCLI([command.name, "--help"]).stdout)
            for name in command.options.flatMap(\.names) {
                expect(shown.contains(name), "\(command.name) takes \(name) but its --help does not show it")
            }
        }
    }

    @Test func everySynopsisItemThatLooksLikeAnOptionIsOne() {
        for command in CLI.commands {
            for item in command.synopsis.flatMap({ $0.lines.joined() }) where item.hasPrefix("-") {
                expect(
                    command.options.contains { $0.names.contains(item) },
                    "the synopsis of \(command.name) names \(item), which it does not take")
            }
        }
    }

    @Test func theManPageListsEveryOptionOfEveryCommand() throws {
        let page = ManPage.text
        for command in CLI.commands where !command.options.isEmpty {
            let start = try #require(page.range(of: ".SS \(command.name)\n"), "no OPTIONS entry for \(command.name)")
            let rest = page[start.upperBound...]
            let section = rest[..<(rest.range(of: "\n.S")?.lowerBound ?? rest.endIndex)]
            for name in command.options.flatMap(\.names) {
                expect(section.contains("\\fB\(ManPage.escape(name))\\fR"), "man page: \(command.name) lacks \(name)")
            }
        }
    }

    /// The config file's settings are a vocabulary too: the man page and the command reference name every one.
    @Test func theManPageAndCommandReferenceNameEveryConfigSetting() throws {
        let page = ManPage.text
        let start = try #require(page.range(of: ".SH CONFIGURATION\n"))
        let rest = page[start.upperBound...]
        let section = rest[..<(rest.range(of: "\n.SH")?.lowerBound ?? rest.endIndex)]
        let reference = try #require(readFile(repositoryRoot + "/docs/cli.md"))
        for name in ValidationConfig.settingNames {
            let escaped = ManPage.escape(name)
            expect(
                section.contains(".B \(escaped)\n") || section.contains(".BR \(escaped) "),
                "the man page's CONFIGURATION lacks \(name)")
            expect(reference.contains("`\(name)`"), "docs/cli.md does not name the config setting \(name)")
        }
    }

    @Test func theTopLevelUsageListsEveryCommand() {
        let usage = runCLI(["--help"]).stdout
        for command in CLI.commands {
            expect(usage.contains("\n  \(command.name) "), "modalkit --help does not list \(command.name)")
        }
    }

    /// Regression: `render` and `validate` read `--width` or `--strict` after `--` as options; `preview` did not.
    @Test func doubleDashEndsOptionsForEveryCommand() throws {
        let render = runCLI(["render", "--", "--width", "30"])
        expectEqual(render.status, 2)
        expect(render.stderr.contains("render takes one input; got a second: '30'"), "\(render.stderr)")
        let validate = runCLI(["validate", "--", "--strict"])
        expectEqual(validate.status, 2)
        expect(validate.stdout.contains("--strict"), "\(validate.stdout)")
        expect(!validate.stderr.contains("no input"), "\(validate.stderr)")
        let fix = runCLI(["fix", "--", "--diff"])
        expectEqual(fix.status, 2)
        expect(fix.stderr.contains("--diff: error: cannot read the file"), "\(fix.stderr)")
        let preview = try PreviewCommand.parse(["--", "--watch"]).get()
        expectEqual(preview?.path, "--watch")
        expectEqual(preview?.watch, false)
    }

    @Test func badOptionsAreNamedWithTheFix() {
        let unknown = runCLI(["render", "--widht", "30", "a.json"])
        expectEqual(unknown.status, 2)
        expect(unknown.stderr.hasPrefix("modalkit render: unknown option '--widht'; did you mean '--width'?\n"))
        let missing = runCLI(["validate", "--format"])
        expect(missing.stderr.hasPrefix("modalkit validate: --format needs text, json, github, sarif or html\n"))
        let flag = runCLI(["fix", "--diff=yes", "a.json"])
        expect(flag.stderr.hasPrefix("modalkit fix: --diff takes no value\n"))
        let hostile = runCLI(["preview", "--\u{1B}]0;x\u{07}"])
        expectEqual(hostile.status, 2)
        expect(!hostile.stderr.contains("\u{1B}"), "an unknown option reaches the terminal raw")
    }

    @Test func theBidiDisplayFollowsTheOptionThenTheEnvironment() {
        let io = BufferIO()
        expectEqual(SharedOptions.bidiDisplay(option: nil, io: io), .visual)
        io.variables[SharedOptions.bidiVariable] = "logical"
        expectEqual(SharedOptions.bidiDisplay(option: nil, io: io), .logical)
        expectEqual(SharedOptions.bidiDisplay(option: .visual, io: io), .visual)
        io.variables[SharedOptions.bidiVariable] = "bogus"
        expectEqual(SharedOptions.bidiDisplay(option: nil, io: io), .visual)
    }

    @Test func byteSizesReadAndPrintAlike() {
        expectEqual(ByteSize.parse("16M"), ByteSize.defaultInputLimit)
        expectEqual(ByteSize.parse("1k"), 1024)
        expect(ByteSize.parse("0") == nil)
        expect(ByteSize.parse("9999999999G") == nil)
        expectEqual(ByteSize.text(ByteSize.defaultInputLimit), "16M")
        expectEqual(ByteSize.text(1500), "1500")
    }
}

/// `docs/modalkit.1` is generated from the declarations (`Scripts/gen_manpage.sh`).
@Suite struct ManPageTests {
    @Test func committedPageIsGenerated() {
        expectSnapshot(ManPage.text, named: "modalkit.1", in: "docs")
    }
}
