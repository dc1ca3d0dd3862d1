#!/usr/bin/env python3
"""Validating the 10,000-file corpus three ways, in one run: in process from Python (the modalkit package),
one `modalkit validate` process per file (what a service without bindings does), and check-jsonschema over
all files in one process (what a team without ModalKit runs in CI).

    python3 Scripts/bench_python.py [--corpus /tmp/modal-corpus] [--runs 3] [--files N]

Needs the modalkit package installed in this Python (pip install ./bindings/python) and, for the third
column, check-jsonschema (pip install -r ../shared/bench/requirements-peers.txt). The runs of the three
alternate, so a machine that slows down mid-run slows all three; each figure is the median of the runs.
Prints a Markdown table for docs/performance.md.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
SCHEMA = ROOT.parent / "shared/bench/modal.schema.json"

IN_PROCESS = """
import sys, time, modalkit
paths = open(sys.argv[1]).read().split("\\n")
documents = [open(path, "rb").read() for path in paths]
start = time.perf_counter()
invalid = sum(1 for data in documents if any(d.severity == "error" for d in modalkit.validate(data)))
elapsed = time.perf_counter() - start
print(elapsed, invalid)
"""


def timed(command: list[str], **kwargs) -> tuple[float, subprocess.CompletedProcess]:
    start = time.perf_counter()
    completed = subprocess.run(command, capture_output=True, text=True, **kwargs)
    return time.perf_counter() - start, completed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", default="/tmp/modal-corpus")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--files", type=int, default=0, help="only the first N files (default: all)")
    options = parser.parse_args()

    files = sorted(pathlib.Path(options.corpus, "small").glob("*.json"))
    if not files:
        sys.exit(f"no corpus at {options.corpus}: python3 ../shared/bench/gen_corpus.py {options.corpus}")
    if options.files:
        files = files[: options.files]
    command = shutil.which("modalkit")
    if command is None:
        sys.exit("no modalkit on PATH: pip install ./bindings/python")
    checker = shutil.which("check-jsonschema")

    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as listing:
        listing.write("\n".join(map(str, files)))
    per_file_script = f'for f in $(cat {listing.name}); do "{command}" validate "$f" >/dev/null 2>&1; done'

    library_wall, library_loop, processes, schema = [], [], [], []
    for _ in range(options.runs):
        wall, ran = timed([sys.executable, "-c", IN_PROCESS, listing.name], check=True)
        loop, invalid = ran.stdout.split()
        library_wall.append(wall)
        library_loop.append(float(loop))
        wall, _ = timed(["sh", "-c", per_file_script])
        processes.append(wall)
        if checker and SCHEMA.exists():
            wall, ran = timed([checker, "--schemafile", str(SCHEMA), *map(str, files)])
            schema.append(wall)
    os.unlink(listing.name)

    count = len(files)

    def row(name: str, seconds: list[float], note: str) -> str:
        median = statistics.median(seconds)
        return (
            f"| {name} | {median:.2f} s | {median / count * 1e6:,.1f} µs | "
            f"{statistics.median(processes) / median:,.0f}× | {note} |"
        )

    print(f"{count} files, median of {options.runs} runs each, alternating; {invalid} invalid by the library\n")
    print("| way | wall time | per file | vs a process per file | what it counts |")
    print("| --- | ---: | ---: | ---: | --- |")
    print(row("modalkit.validate in process", library_loop, "the loop only: files read before, Python's import not counted"))
    print(row("python3 + modalkit, whole process", library_wall, "interpreter start, import, reading and validating"))
    print(row("a `modalkit validate` process per file", processes, "what a service without bindings pays"))
    if schema:
        print(row("check-jsonschema, one process", schema, "schema only: misses the semantic checks"))
    else:
        print("| check-jsonschema | not installed | | | pip install -r ../shared/bench/requirements-peers.txt |")


if __name__ == "__main__":
    main()
