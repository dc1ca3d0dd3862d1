import ModalModel
@_spi(Kernel) import TextKernel

/// The `modalkit` command line, as a library so that tests can run it in-process.
package enum CLI {
    static let usage = """
        usage: modalkit <command> [options]

        commands:
          preview   show modals in the terminal, interactively (an ANSI or plain render when there is no terminal)
          render    print modals as plain text, ANSI, SVG, a JSON layout or HTML
          validate  check modal JSON files and report problems with their line and column
          fix       apply the certain fixes (code-point offsets, misspelt keys) in place, or show a diff
          diff      report what a change to modals does to what users see (words, looks, buttons)
          schema    print the JSON Schema (draft 2020-12) of the modal format
          completions  print a bash, zsh or fish completion script
          lsp       run the language server (diagnostics, hover, quick fixes, formatting) for editors

        Run 'modalkit <command> --help' for a command's options.

        """

    /// Whether the command these arguments run hands what one thread allocates to another to free.
    ///
    /// `render` wraps a long message on a second thread while the first draws (`LineHandoff`): with a malloc
    /// arena of its own, that thread cannot reuse what the first pass freed, and the 8 MB paragraph peaked at
    /// 37 MB instead of 29, so the program gives it one arena. `validate` of a folder is the opposite: each
    /// core allocates and frees its own files' trees, and one arena made its two cores slower than one
    /// (1.09x the wall time of `--jobs 1`, against 0.73x with an arena a thread).
    package static func handsMemoryBetweenThreads(arguments: [String]) -> Bool {
        arguments.first == RenderCommand.declaration.name
    }

    /// Switches off the shortcuts that `MODALKIT_FAST_PATHS_OFF` names (docs/fast-paths.md), so that any
    /// command's output can be compared with the general paths'; returns false, having said why, when the
    /// variable names a shortcut that does not exist.
    package static func switchOffFastPathsFromEnvironment(io: CLIIO) -> Bool {
        let unknown = FastPaths.offFromEnvironment()
        guard unknown.isEmpty else {
            let known = FastPath.allCases.map(\.name).joined(separator: ", ")
            io.writeError(
                "modalkit: \(FastPaths.environmentVariable) names no shortcut '\(unknown.joined(separator: "', '"))'; "
                    + "use 'all' or some of: \(known)\n")
            return false
        }
        return true
    }

    /// Runs the command with its arguments (without the program name) and returns the exit code.
    package static func run(arguments: [String], io: CLIIO) -> Int32 {
        guard let command = arguments.first else {
            io.writeError(usage)
            return 2
        }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "validate":
            return ValidateCommand.run(arguments: rest, io: io)
        case "fix":
            return FixCommand.run(arguments: rest, io: io)
        case "diff":
            return DiffCommand.run(arguments: rest, io: io)
        case "completions":
            return CompletionsCommand.run(arguments: rest, io: io)
        case "preview":
            return PreviewCommand.run(arguments: rest, io: io)
        case "render":
            return RenderCommand.run(arguments: rest, io: io)
        case "lsp":
            return LanguageServerCommand.run(arguments: rest, io: io)
        case "schema":
            if rest == ["--help"] {
                io.write(schema.helpText)
                return 0
            }
            if let extra = rest.first {
                io.writeError("modalkit schema: takes no arguments, got '\(DiagnosticFormatter.safe(extra))'\n")
                return 2
            }
            io.write(ModalSchema.text)
            return 0
        case "-h", "--help", "help":
            io.write(usage)
            return 0
        case "--version":
            io.write("modalkit \(version)\n")
            return 0
        default:
            io.writeError("modalkit: unknown command '\(DiagnosticFormatter.safe(command))'\n\(usage)")
            return 2
        }
    }

    /// The commands, in the order the completions and the man page list them.
    static var commands: [any DeclaredCommand] {
        [
            PreviewCommand.declaration, RenderCommand.declaration, ValidateCommand.declaration,
            FixCommand.declaration, DiffCommand.declaration, schema, LanguageServerCommand.declaration,
            CompletionsCommand.declaration,
        ]
    }

    static let schema = CommandDeclaration<Void>(
        name: "schema", summary: "print the JSON Schema of the format",
        synopsis: [SynopsisForm(head: "modalkit schema", lines: [])],
        help: [.text("  Prints the JSON Schema (draft 2020-12) of the modal format, for editors.\n")]
    ) { _, path in UsageError(message: "takes no arguments, got '\(path)'") }

    /// The version of the tool.
    package static let version = ModalKitRelease.version
}
