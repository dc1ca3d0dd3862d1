import Dispatch
import HTMLRendering
import ModalDiff
import Reporting
@_spi(Kernel) import TextKernel

/// `modalkit diff`: what a change to modal JSON does to what users see, compared over the resolved runs.
enum DiffCommand {
    /// The outputs of `--format`.
    enum Format: String, CaseIterable, Sendable {
        case text, ansi, json, github, html
    }

    struct Options {
        var format = Format.text
        var gitSpec: String?
        var maxBytes: Int?
        var jobs: Int?
        var theme: HTMLTheme?
        var viewport: Int?
        var paths: [String] = []
    }

    static let format = CLIOption<Format>.choice(
        "--format", summary: "output format",
        help: HelpEntry(
            "--format",
            "text (default), ansi (text in colour), json (the same facts for tools), github",
            "(Markdown for $GITHUB_STEP_SUMMARY and pull-request comments) or html (each changed",
            "modal drawn before and after, the changed spots outlined)"))
    static let git = CLIOption<String>(
        "--git", value: .text, placeholder: "REV|A..B|A...B", summary: "compare git revisions",
        help: HelpEntry(
            "--git REV",
            "compare REV with the working tree; A..B compares two revisions, A...B the merge base",
            "of A and B with B (as git diff does); the PATHs limit which files"),
        needs: "a revision such as origin/main or origin/main...HEAD"
    ) { .success($0) }

    private static let jobsHelp = HelpEntry(
        "--jobs N", "compare N files at a time (default: the number of processors); the output is the same for every N")
    private static let themeHelp = HelpEntry(
        "--theme T", "draw the html page light or dark (default: as the reader's system asks)")

    static let declaration = CommandDeclaration<Options>(
        name: "diff", summary: "report what a change to modals does to what users see",
        synopsis: [
            SynopsisForm(head: "modalkit diff", lines: [["--format", "--jobs", "--max-bytes"], ["OLD", "NEW"]]),
            SynopsisForm(
                head: "modalkit diff --git REV", lines: [["--format", "--jobs", "--max-bytes"], ["[PATH...]"]]),
        ],
        help: [
            .entry(
                HelpEntry(
                    "OLD NEW", "two files, or two directories whose *.json files pair by relative path")),
            .entry(HelpEntry("PATH", "with --git, only the files under these paths")),
            .option(OptionBinding(format) { $0.format = $1 }),
            .option(OptionBinding(git) { $0.gitSpec = $1 }),
            .option(OptionBinding(SharedOptions.maxBytes, \.maxBytes)),
            .option(OptionBinding(ValidateCommand.jobs.helping(jobsHelp)) { $0.jobs = $1 }),
            .option(OptionBinding(SharedOptions.theme.helping(themeHelp), \.theme)),
            .option(OptionBinding(SharedOptions.viewport, \.viewport)),
            .text(
                """
                The modals are compared as an app draws them: the words of the message, the looks of its resolved
                runs, the buttons (label, colours, action) and the layout. Re-indented JSON, another key order or a
                style split in two with the same effect is reported as no change users see. Modals pair by their
                index in the file, so one added at the end is "added"; diagnostics new and gone are those of
                'modalkit validate'.
                exit status: 0 users see no change, 1 they see a change, 2 usage error, unreadable input, a file
                that cannot be compared (invalid on one side) or a revision git does not know

                """),
        ]
    ) { options, path in
        options.paths.append(path)
        return nil
    }

    static func run(arguments: [String], io: CLIIO) -> Int32 {
        var options = Options()
        if let status = declaration.parse(arguments, into: &options, io: io) { return status }
        let maxBytes = options.maxBytes ?? ByteSize.defaultInputLimit
        let pairs: Result<[DiffPair], DiffTrouble>
        if let spec = options.gitSpec {
            pairs = DiffInputs.gitPairs(spec: spec, paths: options.paths)
        } else {
            guard options.paths.count == 2 else {
                return declaration.refuse(
                    "name two files or two directories, OLD and NEW, or compare revisions with --git", io: io)
            }
            pairs = DiffInputs.pairs(old: options.paths[0], new: options.paths[1])
        }
        let list: [DiffPair]
        switch pairs {
        case .failure(let trouble):
            io.writeError("modalkit diff: \(TerminalSafeText.safe(trouble.message))\n")
            return 2
        case .success(let found): list = found
        }
        let keepModals = options.format != .json
        let results = compareAll(list, maxBytes: maxBytes, keepModals: keepModals, jobs: options.jobs)

        let changed = results.count { $0.showsChange }
        let trouble = results.count { $0.trouble != nil }
        let unseen = results.count { DiffWording.unseenNote($0) != nil }
        switch options.format {
        case .text, .ansi:
            let writer = DiffTextWriter(colors: options.format == .ansi)
            var wroteAny = false
            for result in results {
                let text = writer.write(result)
                if !text.isEmpty { io.write(text) }
                wroteAny = wroteAny || !text.isEmpty
            }
            if !wroteAny { io.write("no change users see\n") }
        case .json:
            io.write(DiffJSONWriter.opening)
            var separator = ""
            for result in results {
                guard let text = DiffJSONWriter.file(result) else { continue }
                io.write(separator + text)
                separator = ","
            }
            io.write(DiffJSONWriter.closing(files: results.count, changed: changed, unseen: unseen, trouble: trouble))
        case .github:
            io.write(DiffMarkdownWriter.heading(changed: changed, unseen: unseen, trouble: trouble))
            for result in results {
                let text = DiffMarkdownWriter.file(result)
                if !text.isEmpty { io.write(text) }
            }
        case .html:
            var writer = DiffHTMLWriter(
                theme: options.theme,
                viewportCSSPixelWidth: options.viewport ?? HTMLPageOptions.defaultViewportCSSPixelWidth)
            io.write(writer.start())
            for result in results {
                let text = writer.file(result)
                if !text.isEmpty { io.write(text) }
            }
            io.write(writer.finish(changed: changed, unseen: unseen, trouble: trouble))
        }
        for result in results {
            if let message = result.trouble {
                io.writeError("modalkit diff: \(TerminalSafeText.safe(message))\n")
            }
        }
        io.writeError(
            "\(results.count) file\(results.count == 1 ? "" : "s") compared: \(changed) with changes users see, "
                + "\(unseen) only spelled differently, \(trouble) not compared\n")
        if trouble > 0 { return 2 }
        return changed > 0 ? 1 : 0
    }

    /// Compares every pair on up to `jobs` threads; results come back in pair order whatever `jobs` is.
    static func compareAll(_ pairs: [DiffPair], maxBytes: Int, keepModals: Bool, jobs: Int?) -> [FileDiffResult] {
        // As in validate: below a few files per thread, starting threads costs more than it saves.
        let workers = min(max(1, jobs ?? ProcessorCount.online), max(1, pairs.count / 8))
        if workers <= 1 {
            return pairs.map { FileDiffResult.compare($0, maxBytes: maxBytes, keepModals: keepModals) }
        }
        let slots = ResultSlots<FileDiffResult>(count: pairs.count)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for index in stride(from: worker, to: pairs.count, by: workers) {
                slots.store(FileDiffResult.compare(pairs[index], maxBytes: maxBytes, keepModals: keepModals), at: index)
            }
        }
        return slots.results()
    }
}
