import Reporting
import Screen

/// `modalkit completions bash|zsh|fish`: prints a shell completion script.
///
/// All three scripts are written from one table of commands, options and option values, so that they
/// cannot disagree with each other.
enum CompletionsCommand {
    static let usage = """
        usage: modalkit completions bash|zsh|fish
          bash   source it, or put it in /usr/share/bash-completion/completions/modalkit
          zsh    put it as _modalkit in a directory of $fpath
          fish   put it in ~/.config/fish/completions/modalkit.fish

        """

    /// An option of a command and what its value is.
    struct Option {
        enum Value { case none, words([String]), file, number }
        var name: String
        var value: Value
        var help: String
    }

    /// A subcommand with its options.
    struct Command {
        var name: String
        var help: String
        var options: [Option]
        var operands: [String] = []
    }

    static let profiles = ["truecolor", "256", "16", "none"]

    static var commands: [Command] {
        [
            Command(
                name: "preview", help: "show modals in the terminal, interactively",
                options: [
                    Option(name: "--watch", value: .none, help: "reload when the file changes"),
                    Option(name: "--width", value: .number, help: "total width of the modal"),
                    Option(name: "--no-mouse", value: .none, help: "do not capture the mouse"),
                    Option(name: "--stay", value: .none, help: "show actions in the status line and go on"),
                    Option(name: "--no-interactive", value: .none, help: "print a render instead"),
                    Option(
                        name: "--bidi", value: .words(BidiDisplay.allCases.map(\.rawValue)), help: "order of RTL text"),
                    Option(name: "--bridge", value: .none, help: "JSON-line commands in, events out"),
                    Option(name: "--max-bytes", value: .number, help: "refuse larger inputs"),
                    Option(name: "--timeout", value: .number, help: "seconds before a URL request gives up"),
                    Option(name: "--interval", value: .number, help: "seconds between polls of a watched URL"),
                ]),
            Command(
                name: "render", help: "print modals as plain text, ANSI, SVG or a JSON layout",
                options: [
                    Option(name: "--format", value: .words(["plain", "ansi", "svg", "json"]), help: "output format"),
                    Option(name: "--width", value: .number, help: "total width of the modal"),
                    Option(name: "--color", value: .words(["auto"] + profiles), help: "colour depth"),
                    Option(name: "--modal", value: .number, help: "render only modal I (from 1)"),
                    Option(name: "--ascii", value: .none, help: "ASCII frame"),
                    Option(name: "--hyperlinks", value: .none, help: "wrap links in OSC 8"),
                    Option(name: "--max-cells", value: .number, help: "refuse output over N cells"),
                    Option(name: "--max-rows", value: .number, help: "refuse output over N rows"),
                    Option(
                        name: "--bidi", value: .words(BidiDisplay.allCases.map(\.rawValue)), help: "order of RTL text"),
                    Option(name: "--max-bytes", value: .number, help: "refuse larger inputs"),
                    Option(name: "--timeout", value: .number, help: "seconds before a URL request gives up"),
                ]),
            Command(
                name: "validate", help: "check modal JSON files",
                options: [
                    Option(
                        name: "--format", value: .words(["text", "json", "github", "sarif"]), help: "output format"),
                    Option(name: "--strict", value: .none, help: "treat warnings as errors"),
                    Option(name: "--max-bytes", value: .number, help: "refuse larger inputs"),
                    Option(name: "--select", value: .words(DiagnosticRule.all.map(\.code)), help: "report only codes"),
                    Option(name: "--ignore", value: .words(DiagnosticRule.all.map(\.code)), help: "never report codes"),
                    Option(name: "--config", value: .file, help: "settings file"),
                    Option(name: "--baseline", value: .file, help: "report only findings not in this baseline"),
                    Option(name: "--write-baseline", value: .file, help: "record the findings"),
                    Option(name: "--profile", value: .words(profiles), help: "target terminal"),
                    Option(name: "--jobs", value: .number, help: "files checked at a time"),
                    Option(name: "--timeout", value: .number, help: "seconds before a URL request gives up"),
                ]),
            Command(
                name: "fix", help: "apply the certain fixes in place, or show a diff",
                options: [
                    Option(name: "--diff", value: .none, help: "print a unified diff"),
                    Option(name: "--dry-run", value: .none, help: "exit 1 when a file would change"),
                    Option(name: "--max-bytes", value: .number, help: "refuse larger inputs"),
                ]),
            Command(name: "schema", help: "print the JSON Schema of the format", options: []),
            Command(
                name: "lsp", help: "run the language server for editors",
                options: [
                    Option(name: "--stdio", value: .none, help: "speak on standard input and output (the default)")
                ]),
            Command(
                name: "completions", help: "print a shell completion script", options: [],
                operands: ["bash", "zsh", "fish"]),
        ]
    }

    static func run(arguments: [String], io: CLIIO) -> Int32 {
        guard arguments.count == 1 else {
            io.writeError(usage)
            return 2
        }
        switch arguments[0] {
        case "bash": io.write(bash())
        case "zsh": io.write(zsh())
        case "fish": io.write(fish())
        case "-h", "--help": io.write(usage)
        default:
            io.writeError("modalkit completions: unknown shell '\(TerminalSafeText.safe(arguments[0]))'\n\(usage)")
            return 2
        }
        return 0
    }

    static func bash() -> String {
        var out = """
            # bash completion for modalkit (generated by 'modalkit completions bash')
            _modalkit() {
                local cur="${COMP_WORDS[COMP_CWORD]}"
                local prev="${COMP_WORDS[COMP_CWORD-1]}"
                if [ "$COMP_CWORD" -eq 1 ]; then
                    COMPREPLY=($(compgen -W "\(commands.map(\.name).joined(separator: " ")) --help --version" -- "$cur"))
                    return
                fi
                case "${COMP_WORDS[1]} $prev" in

            """
        for command in commands {
            for option in command.options {
                switch option.value {
                case .none: continue
                case .words(let words):
                    out += "        \"\(command.name) \(option.name)\")\n"
                    out +=
                        "            COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\")); return ;;\n"
                case .file:
                    out += "        \"\(command.name) \(option.name)\")\n"
                    out += "            COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n"
                case .number:
                    out += "        \"\(command.name) \(option.name)\") COMPREPLY=(); return ;;\n"
                }
            }
        }
        out += "    esac\n    case \"${COMP_WORDS[1]}\" in\n"
        for command in commands {
            let options = (command.options.map(\.name) + ["--help"]).joined(separator: " ")
            out += "        \(command.name))\n"
            if !command.operands.isEmpty {
                out +=
                    "            COMPREPLY=($(compgen -W \"\(command.operands.joined(separator: " "))\" -- \"$cur\"))"
                out += "; return ;;\n"
                continue
            }
            out += "            if [[ \"$cur\" == -* ]]; then\n"
            out += "                COMPREPLY=($(compgen -W \"\(options)\" -- \"$cur\"))\n"
            out += "            else\n                COMPREPLY=($(compgen -f -- \"$cur\"))\n            fi\n"
            out += "            return ;;\n"
        }
        out += "    esac\n}\ncomplete -o filenames -F _modalkit modalkit\n"
        return out
    }

    static func zsh() -> String {
        var out = "#compdef modalkit\n# zsh completion for modalkit (generated by 'modalkit completions zsh')\n"
        out += "_modalkit() {\n    local -a commands\n    commands=(\n"
        for command in commands { out += "        '\(command.name):\(command.help)'\n" }
        out += "    )\n    if (( CURRENT == 2 )); then\n        _describe 'command' commands\n        return\n    fi\n"
        out += "    case $words[2] in\n"
        for command in commands {
            out += "        \(command.name))\n            _arguments \\\n"
            for option in command.options {
                let action: String
                switch option.value {
                case .none: action = ""
                case .words(let words): action = ":value:(\(words.joined(separator: " ")))"
                case .file: action = ":file:_files"
                case .number: action = ":number:"
                }
                out += "                '\(option.name)[\(option.help)]\(action)' \\\n"
            }
            if command.operands.isEmpty {
                out += "                '*:file:_files'\n            ;;\n"
            } else {
                out += "                ':shell:(\(command.operands.joined(separator: " ")))'\n            ;;\n"
            }
        }
        out += "    esac\n}\n_modalkit \"$@\"\n"
        return out
    }

    static func fish() -> String {
        var out = "# fish completion for modalkit (generated by 'modalkit completions fish')\n"
        out += "complete -c modalkit -f\n"
        for command in commands {
            out += "complete -c modalkit -n __fish_use_subcommand -a \(command.name) -d '\(command.help)'\n"
            let condition = "-n '__fish_seen_subcommand_from \(command.name)'"
            for option in command.options {
                let name = String(option.name.dropFirst(2))
                switch option.value {
                case .none: out += "complete -c modalkit \(condition) -l \(name) -d '\(option.help)'\n"
                case .words(let words):
                    out += "complete -c modalkit \(condition) -l \(name) -x -a '\(words.joined(separator: " "))'"
                    out += " -d '\(option.help)'\n"
                case .file: out += "complete -c modalkit \(condition) -l \(name) -r -F -d '\(option.help)'\n"
                case .number: out += "complete -c modalkit \(condition) -l \(name) -x -d '\(option.help)'\n"
                }
            }
            if command.operands.isEmpty {
                out += "complete -c modalkit \(condition) -F\n"
            } else {
                out += "complete -c modalkit \(condition) -a '\(command.operands.joined(separator: " "))'\n"
            }
        }
        return out
    }
}
