import ModalModel
import PositionedJSON
import Reporting
@_spi(Kernel) import TextKernel

/// `modalkit fix`: applies the fixes that are certain, in place, or shows them as a diff.
enum FixCommand {
    struct Options {
        var showDiff = false
        var dryRun = false
        var maxBytes: Int?
        var paths: [String] = []
    }

    static let diff = CLIOption.flag(
        "--diff", summary: "print a unified diff",
        help: HelpEntry("--diff", "print a unified diff instead of rewriting the files"))
    static let dryRun = CLIOption.flag(
        "--dry-run", summary: "exit 1 when a file would change",
        help: HelpEntry("--dry-run", "rewrite nothing; exit 1 when a file would change (for CI)"))

    static let declaration = CommandDeclaration<Options>(
        name: "fix", summary: "apply the certain fixes in place, or show a diff",
        synopsis: [SynopsisForm(head: "modalkit fix", lines: [["--diff", "--dry-run", "--max-bytes", "PATH..."]])],
        help: [
            .entry(
                HelpEntry(
                    "PATH", "a file, a directory (searched recursively for *.json) or - (the fixed document goes to",
                    "standard output)")),
            .option(OptionBinding(diff) { $0.showDiff = true }),
            .option(OptionBinding(dryRun) { $0.dryRun = true }),
            .option(OptionBinding(SharedOptions.maxBytes, \.maxBytes)),
            .text(
                """
                Only certain fixes are made, in passes until nothing changes: first an unknown key with a single
                did-you-mean candidate is renamed, then the ranges of a modal counted in code points, grapheme
                clusters or UTF-8 bytes (see range-unit-mismatch) become UTF-16 offsets, each range's text printed
                before and after. Every other byte stays. Each converted range must cover the text its numbers
                covered in the inferred unit; when that fails or a fix would be a guess, the file is left unchanged
                and the reason given with its line and column.
                exit status: 0 done (or nothing to change), 1 with --dry-run when something would change,
                2 usage error or unreadable input

                """),
        ]
    ) { options, path in
        options.paths.append(path)
        return nil
    }

    static func run(arguments: [String], io: CLIIO) -> Int32 {
        var options = Options()
        if let status = declaration.parse(arguments, into: &options, io: io) { return status }
        let showDiff = options.showDiff
        let dryRun = options.dryRun
        let maxBytes = options.maxBytes ?? ByteSize.defaultInputLimit
        let paths = options.paths
        if paths.isEmpty {
            return declaration.refuse("no input: name files, directories or - for standard input", io: io)
        }

        var changedFiles = 0
        var fixCount = 0
        var stillInvalid = 0
        var unreadable = 0
        var refused = 0
        let inputs = ValidateCommand.collectInputs(paths, maxBytes: maxBytes, io: io)
        for input in inputs {
            let path: String
            var pathName: PathName?
            let read: FileReader.ReadResult
            switch input {
            case .file(let file):
                path = file.displayText
                pathName = file
                read = FileReader.read(path: file, maxBytes: maxBytes)
            case .read(let name, let result):
                path = name
                read = result
            }
            let name = TerminalSafeText.safe(path)
            let bytes: [UInt8]
            switch read {
            case .bytes(let data): bytes = data
            case .tooLarge(let size):
                io.writeError("\(name): error: the file has \(size) bytes, more than the limit of \(maxBytes)\n")
                unreadable += 1
                continue
            case .failed(let reason):
                io.writeError("\(name): error: cannot read the file: \(reason)\n")
                unreadable += 1
                continue
            }
            let before = ModalDecoder.decode(bytes)
            let isStandardInput = path == "<stdin>"
            let fixed: [UInt8]
            let fixes: [ModalFix]
            let outcome = FixedPointFixer.fix(bytes, diagnostics: before.diagnostics)
            switch outcome {
            case .unchanged, .refused:
                if case .refused(let refusals) = outcome {
                    refused += 1
                    let source = SourceText(bytes: bytes)
                    for refusal in refusals {
                        let location = source.location(ofByteOffset: refusal.byteOffset)
                        io.writeError(
                            "\(name):\(location.line):\(location.column): error: not fixed: "
                                + "\(TerminalSafeText.safe(refusal.reason))\n")
                    }
                    io.writeError("\(name): left unchanged\n")
                }
                if before.hasErrors { stillInvalid += 1 }
                if isStandardInput && !showDiff && !dryRun { io.write(String(decoding: bytes, as: UTF8.self)) }
                continue
            case .fixed(let document):
                fixed = document.bytes
                fixes = document.fixes
            }
            let after = ModalDecoder.decode(fixed)
            changedFiles += 1
            fixCount += fixes.count
            for fix in fixes {
                io.writeError("\(name): \(dryRun || showDiff ? "would fix" : "fixed"): \(fix.summary)\n")
                for change in fix.changes { io.writeError("  \(TerminalSafeText.safe(change))\n") }
            }
            if after.hasErrors {
                stillInvalid += 1
                let errors = after.diagnostics.filter { $0.severity == .error }.count
                io.writeError(
                    "\(name): \(errors) error\(errors == 1 ? "" : "s") left that no certain fix resolves; "
                        + "run 'modalkit validate \(name)'\n")
            }
            if showDiff {
                io.write(UnifiedDiff.diff(path: path, old: bytes, new: fixed))
            } else if isStandardInput && !dryRun {
                io.write(String(decoding: fixed, as: UTF8.self))
            } else if !dryRun, let reason = FileWriter.replace(path: pathName ?? PathName(path), with: fixed) {
                io.writeError("\(name): error: cannot write the file: \(reason)\n")
                unreadable += 1
            }
        }
        let verb = dryRun || showDiff ? "would fix" : "fixed"
        var summary = "\(verb) \(fixCount) problem\(fixCount == 1 ? "" : "s") in \(changedFiles) of "
        summary += "\(inputs.count) file\(inputs.count == 1 ? "" : "s")"
        if refused > 0 { summary += "; \(refused) left unchanged because a fix was not certain" }
        if stillInvalid > 0 { summary += "; \(stillInvalid) still invalid" }
        io.writeError(summary + "\n")
        if unreadable > 0 { return 2 }
        return dryRun && changedFiles > 0 ? 1 : 0
    }
}
