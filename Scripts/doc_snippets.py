#!/usr/bin/env python3
"""Compiles and runs every ```swift block of the README, the DocC articles and docs/*.md exactly as written.

    python3 Scripts/doc_snippets.py            # generate, build, run, compare; exit 1 on any failure
    python3 Scripts/doc_snippets.py --list     # the snippets and what is checked of each, nothing built
    python3 Scripts/doc_snippets.py --package-dir DIR   # where the package goes (default .build/doc-snippets)

Each block becomes the `main.swift` of its own executable target in one generated package that depends on
this package by path (so ModalKit is built once for all of them), with the block's text unchanged and
`#sourceLocation` lines that point the compiler at the document: a block that does not compile, or compiles
with a warning, fails with the document's own file and line. Nothing is declared beside a block; the package
is generated from the documents on every run, so there is nothing to keep up to date.

Each program then runs from the repository's root (so a block can read a file by the path its document
states), and what it prints is compared with what the document says it prints:

- a ```text block right after the ```swift block is its whole output, line for line;
- otherwise each `// prints: …` comment is one line of the output, in order;
- a block that says neither must print nothing.

In both, `…` stands for any text within a line, and a line that is `…` alone for any number of lines.
Escape sequences are taken out of the output before it is compared, so that a block shows what a terminal
shows; trailing spaces do not count. The output must end with a newline. An HTML comment on the line before
a block changes how it is taken:

- `<!-- snippet: continues -->`: the block goes on the program of the block before it in the same
  document (its names are in scope, its output follows);
- `<!-- snippet: compile-only (why) -->`: built, not run (a network, a terminal, a program that never ends);
- `<!-- snippet: output-unchecked (why) -->`: run, its output not compared (escape sequences, timings);
- `<!-- snippet: exit-status (N: why) -->`: the program ends with status N (a check that fails on purpose);
  any other program must end with 0.
"""
import argparse
import os
import pathlib
import re
import shutil
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOCUMENTS = (
    [ROOT / "README.md"]
    + sorted((ROOT / "Sources/ModalKit/ModalKit.docc").glob("*.md"))
    + sorted((ROOT / "docs").glob("*.md"))
)
MARKER = re.compile(r"<!--\s*snippet:\s*([\w-]+)\s*(.*?)\s*-->\s*")
REASONED = {"compile-only", "output-unchecked", "exit-status"}
KNOWN = REASONED | {"continues"}
PRINTS = re.compile(r"//\s*prints:\s?(.*)$")
# The library products a block may import, each a product of this package.
PRODUCTS = ["ModalKit", "ModalKitFoundation"]
RUN_TIMEOUT_SECONDS = 60
# CSI sequences (colours, cursor moves) and OSC sequences (hyperlinks): what a terminal draws is what is left.
ESCAPES = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)")


class DocError(Exception):
    """A document that breaks the snippet conventions, with its file and line."""


class Block:
    def __init__(self, document, fence_line, lines, markers, output):
        self.document = document
        self.fence_line = fence_line  # 1-based line of the opening fence
        self.lines = lines
        self.markers = markers  # {name: reason}
        self.output = output  # the lines of a following ```text block, or None

    @property
    def where(self):
        return f"{self.document}:{self.fence_line}"

    def expected(self):
        if self.output is not None:
            return self.output
        return [match.group(1).rstrip() for line in self.lines if (match := PRINTS.search(line))]


class Program:
    """One executable: a block, and the blocks marked as continuing it."""

    def __init__(self, first):
        self.blocks = [first]

    @property
    def where(self):
        return self.blocks[0].where

    @property
    def target(self):
        first = self.blocks[0]
        stem = re.sub(r"\W", "_", pathlib.Path(first.document).stem)
        return f"{stem}_L{first.fence_line}"

    def marker(self, name):
        for block in self.blocks:
            if name in block.markers:
                return block.markers[name]
        return None

    def expected(self):
        lines = []
        for block in self.blocks:
            lines += block.expected()
        return lines

    def states_output(self):
        return any(block.output is not None or block_has_prints(block.lines) for block in self.blocks)

    def imports(self):
        found = set()
        for block in self.blocks:
            for line in block.lines:
                match = re.match(r"\s*import\s+(\w+)", line)
                if match:
                    found.add(match.group(1))
        return found

    def source(self):
        parts = []
        for block in self.blocks:
            parts.append(f'#sourceLocation(file: "{block.document}", line: {block.fence_line + 1})')
            parts += block.lines
        parts.append("#sourceLocation()")
        return "\n".join(parts) + "\n"

    def exit_status(self):
        reason = self.marker("exit-status")
        return int(re.match(r"\(?(\d+)", reason).group(1)) if reason else 0

    def kind(self):
        if self.marker("compile-only") is not None:
            return "compile-only"
        if self.marker("output-unchecked") is not None:
            return "run"
        return "checked"


# A fence as CommonMark has it: three backticks or more, and an info string without backticks (so that
# "```` ```swift ```` blocks" in a paragraph is no fence).
OPENING = re.compile(r" {0,3}(`{3,})([^`]*)")


def fence(lines, start, relative):
    """The lines inside the fence that opens at `start`, and the index of its closing line."""
    ticks = OPENING.fullmatch(lines[start]).group(1)
    closing = re.compile(r" {0,3}" + ticks + r"`*\s*")
    end = start + 1
    while end < len(lines) and not closing.fullmatch(lines[end]):
        end += 1
    if end == len(lines):
        raise DocError(f"{relative}:{start + 1}: a fenced block is never closed")
    return lines[start + 1 : end], end


def blocks_in(text, relative):
    """The ```swift blocks of a document's text, with their markers and output blocks."""
    lines = text.split("\n")
    found = []
    index = 0
    while index < len(lines):
        opening = OPENING.fullmatch(lines[index])
        info = opening.group(2).strip() if opening else None
        if info == "swift":
            markers = {}
            before = index - 1
            while before >= 0 and (match := MARKER.fullmatch(lines[before].strip())):
                name, reason = match.group(1), match.group(2)
                if name not in KNOWN:
                    place = f"{relative}:{before + 1}"
                    raise DocError(f"{place}: unknown snippet marker '{name}'; use one of {sorted(KNOWN)}")
                if name in REASONED and not reason:
                    place = f"{relative}:{before + 1}"
                    raise DocError(f"{place}: '{name}' needs its reason: <!-- snippet: {name} (why) -->")
                if name == "exit-status" and not re.match(r"\(?\d+\b", reason):
                    place = f"{relative}:{before + 1}"
                    raise DocError(f"{place}: 'exit-status' takes the status first: <!-- snippet: exit-status (1: why) -->")
                markers[name] = reason
                before -= 1
            code, end = fence(lines, index, relative)
            output = None
            after = end + 1
            while after < len(lines) and not lines[after].strip():
                after += 1
            text_opening = OPENING.fullmatch(lines[after]) if after < len(lines) else None
            if text_opening and text_opening.group(2).strip() == "text":
                text, text_end = fence(lines, after, relative)
                output = [line.rstrip() for line in text]
                end = text_end
            block = Block(relative, index + 1, code, markers, output)
            if output is not None and block_has_prints(code):
                raise DocError(f"{block.where}: the block has `// prints:` comments and an output block; keep one")
            found.append(block)
            index = end
        elif opening:
            _, index = fence(lines, index, relative)
        index += 1
    return found


def block_has_prints(lines):
    return any(PRINTS.search(line) for line in lines)


def programs(documents=None):
    """The programs of the documents, given as (relative path, text) pairs; the project's by default."""
    if documents is None:
        documents = [(path.relative_to(ROOT).as_posix(), path.read_text(encoding="utf-8")) for path in DOCUMENTS]
    result = []
    for relative, text in documents:
        previous = None
        for block in blocks_in(text, relative):
            if "continues" in block.markers:
                if previous is None:
                    raise DocError(f"{block.where}: 'continues', but no ```swift block comes before it in the document")
                previous.blocks.append(block)
            else:
                previous = Program(block)
                result.append(previous)
    return result


def package_manifest(all_programs):
    identity = ROOT.name.lower()  # SwiftPM names a package dependency by its directory, in lower case
    targets = []
    for program in all_programs:
        products = [name for name in PRODUCTS if name in program.imports()] or ["ModalKit"]
        dependencies = ", ".join(f'.product(name: "{name}", package: "{identity}")' for name in products)
        targets.append(
            f'        .executableTarget(name: "{program.target}", dependencies: [{dependencies}], '
            f'path: "Sources/{program.target}"),\n'
        )
    return (
        "// swift-tools-version: 6.0\n"
        "// Generated by Scripts/doc_snippets.py from the documents' ```swift blocks: do not edit.\n"
        "import PackageDescription\n\n"
        "let package = Package(\n"
        '    name: "DocSnippets",\n'
        f'    dependencies: [.package(path: "{ROOT.as_posix()}")],\n'
        "    targets: [\n" + "".join(targets) + "    ],\n"
        "    swiftLanguageModes: [.v6]\n"
        ")\n"
    )


def generate(directory, all_programs):
    sources = directory / "Sources"
    if sources.exists():
        shutil.rmtree(sources)
    for program in all_programs:
        target = sources / program.target
        target.mkdir(parents=True)
        (target / "main.swift").write_text(program.source(), encoding="utf-8")
    manifest = directory / "Package.swift"
    text = package_manifest(all_programs)
    if not manifest.exists() or manifest.read_text(encoding="utf-8") != text:
        manifest.write_text(text, encoding="utf-8")


def line_pattern(expected):
    return re.compile(".*".join(re.escape(piece) for piece in expected.split("…")))


def matches(expected, actual):
    """Whether the actual lines are the expected ones, `…` within a line and a lone `…` line as wildcards."""
    memo = {}

    def match(i, j):
        if (i, j) in memo:
            return memo[(i, j)]
        if i == len(expected):
            result = j == len(actual)
        elif expected[i] == "…":
            result = match(i + 1, j) or (j < len(actual) and match(i, j + 1))
        else:
            result = j < len(actual) and bool(line_pattern(expected[i]).fullmatch(actual[j])) and match(i + 1, j + 1)
        memo[(i, j)] = result
        return result

    return match(0, 0)


def check_output(program, stdout):
    """None when the output is what the document says, else why not."""
    if stdout and not stdout.endswith("\n"):
        return "the output does not end with a newline"
    if program.kind() != "checked":
        return None
    actual = [line.rstrip() for line in ESCAPES.sub("", stdout).split("\n")[:-1]] if stdout else []
    expected = program.expected()
    if not program.states_output():
        if actual:
            return "it prints, and the document does not say what: add a ```text block or `// prints:` comments"
        return None
    if matches(expected, actual):
        return None
    shown_expected = "\n".join("    " + line for line in expected)
    shown_actual = "\n".join("    " + line for line in actual)
    return f"the document says it prints\n{shown_expected}\n  and it printed\n{shown_actual}"


def build(directory, all_programs):
    """Builds the package; returns the failures: build errors, or warnings located in a document."""
    process = subprocess.run(
        ["swift", "build", "--package-path", str(directory)], capture_output=True, text=True
    )
    log = process.stdout + process.stderr
    documents = {block.document for program in all_programs for block in program.blocks}

    def in_a_document(line):
        return any(line.startswith(document + ":") or ("/" + document + ":") in line for document in documents)

    warnings = sorted({line.strip() for line in log.splitlines() if ": warning:" in line and in_a_document(line)})
    failures = []
    if process.returncode != 0:
        errors = list(dict.fromkeys(line for line in log.splitlines() if ": error:" in line)) or log.splitlines()[-40:]
        failures.append("swift build of the snippets failed:\n" + "\n".join("  " + line for line in errors))
    failures += [f"a warning in a snippet: {warning}" for warning in warnings]
    return failures


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--list", action="store_true", help="list the snippets and what is checked of each")
    parser.add_argument("--package-dir", default=str(ROOT / ".build/doc-snippets"))
    arguments = parser.parse_args()
    try:
        all_programs = programs()
    except DocError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    snippet_count = sum(len(program.blocks) for program in all_programs)
    if arguments.list:
        for program in all_programs:
            reason = program.marker("compile-only") or program.marker("output-unchecked") or ""
            blocks = ", ".join(str(block.fence_line) for block in program.blocks)
            print(f"{program.where}\t{program.kind()}\t{len(program.blocks)} block(s) at lines {blocks}\t{reason}")
        return 0
    directory = pathlib.Path(arguments.package_dir).resolve()
    directory.mkdir(parents=True, exist_ok=True)
    generate(directory, all_programs)
    failures = build(directory, all_programs)
    if any(failure.startswith("swift build") for failure in failures):
        for failure in failures:
            print(f"error: {failure}", file=sys.stderr)
        return 1
    bin_path = subprocess.run(
        ["swift", "build", "--package-path", str(directory), "--show-bin-path"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    ran = compared = silent = 0
    for program in all_programs:
        if program.kind() == "compile-only":
            continue
        try:
            process = subprocess.run(
                [os.path.join(bin_path, program.target)],
                cwd=ROOT,
                stdin=subprocess.DEVNULL,
                capture_output=True,
                text=True,
                timeout=RUN_TIMEOUT_SECONDS,
            )
        except subprocess.TimeoutExpired:
            failures.append(
                f"{program.where}: still running after {RUN_TIMEOUT_SECONDS} s (mark it compile-only, with why)"
            )
            continue
        ran += 1
        if process.returncode != program.exit_status():
            failures.append(
                f"{program.where}: exited with status {process.returncode}, not {program.exit_status()}\n"
                + "\n".join("    " + line for line in (process.stdout + process.stderr).splitlines()[-20:])
            )
            continue
        problem = check_output(program, process.stdout)
        if problem:
            failures.append(f"{program.where}: {problem}")
        elif program.kind() == "checked" and program.states_output():
            compared += 1
        elif program.kind() == "checked":
            silent += 1
    for failure in failures:
        print(f"error: {failure}", file=sys.stderr)
    compile_only = sum(1 for program in all_programs if program.kind() == "compile-only")
    print(
        f"doc snippets: {snippet_count} blocks in {len(all_programs)} programs; {len(all_programs)} compiled, "
        f"{ran} ran ({compile_only} compile-only); {compared} printed what their document states, "
        f"{silent} printed nothing, as their document implies (their checks are asserts)"
        + (f"; {len(failures)} failed" if failures else "")
    )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
