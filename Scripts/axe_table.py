#!/usr/bin/env python3
"""axe-core's violations per rule on the pages two ModalKit binaries write, in one run: a Markdown table.

    python3 Scripts/axe_table.py --before /tmp/modalkit-before --after .build/release/modalkit \
        [--corpus /tmp/modal-corpus/small]

The pages: `render --format html` of every sample in the light and the dark theme, the same on a phone screen
(`--device iphone-8 --theme both`, which only a binary with --device writes), and `validate --format html` of
samples/ in both themes and of the corpus's first 300 files, with every collapsed file opened. Each cell is
"pages failing / nodes failing". The modal author's own colours are checked by ModalKit's card-low-contrast,
not by axe's color-contrast (Tests/html/axe_support.py); the last row counts the nodes axe would fail there.
Needs Chromium, chromium-driver, selenium and axe-core (pip install --no-deps -r Tests/html/requirements-axe.txt).
"""

import argparse
import collections
import pathlib
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Tests" / "html"))

from axe_support import author_contrast, axe_source, tool_violations  # noqa: E402
from headless_chromium import open_chromium  # noqa: E402

SAMPLES = ROOT / "samples"


def pages(binary: str, corpus: pathlib.Path | None, scratch: pathlib.Path) -> list[tuple[str, str | None]]:
    """(kind, html) for every page; html None when the binary cannot write it."""
    samples = sorted(SAMPLES.glob("*.json")) + sorted((SAMPLES / "hostile").glob("*.json"))
    out = []

    def run(*arguments: str) -> str | None:
        result = subprocess.run([binary, *arguments], capture_output=True, text=True)
        return result.stdout if result.returncode in (0, 1) and result.stdout else None

    for sample in samples:
        for theme in ["light", "dark"]:
            out.append(("sample, " + theme, run("render", "--format", "html", "--theme", theme, str(sample))))
        out.append(("sample on iphone-8, both themes",
                    run("render", "--format", "html", "--device", "iphone-8", "--theme", "both", str(sample))))
    for theme in ["light", "dark"]:
        out.append(("review of samples/, " + theme, run("validate", "--format", "html", "--theme", theme, str(SAMPLES))))
    if corpus:
        out.append(("review of 300 corpus files", run("validate", "--format", "html", str(corpus))))
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--before", required=True)
    parser.add_argument("--after", required=True)
    parser.add_argument("--corpus", default="/tmp/modal-corpus/small")
    arguments = parser.parse_args()
    source = axe_source()
    if source is None:
        sys.exit("axe-core is missing: pip install --no-deps -r Tests/html/requirements-axe.txt")
    driver = open_chromium("1600,1200", "--force-device-scale-factor=1")
    table = collections.defaultdict(lambda: collections.defaultdict(lambda: [0, 0]))
    checked = collections.Counter()
    unwritten = collections.Counter()
    try:
        with tempfile.TemporaryDirectory() as scratch_name:
            scratch = pathlib.Path(scratch_name)
            corpus = None
            if pathlib.Path(arguments.corpus).is_dir():
                corpus = scratch / "corpus"
                corpus.mkdir()
                for path in sorted(pathlib.Path(arguments.corpus).glob("*.json"))[:300]:
                    shutil.copy(path, corpus / path.name)
            for side, binary in [("before", arguments.before), ("after", arguments.after)]:
                for index, (kind, html) in enumerate(pages(binary, corpus, scratch)):
                    if html is None:
                        unwritten[side] += 1
                        continue
                    page = scratch / f"{side}-{index}.html"
                    page.write_text(html, encoding="utf-8")
                    driver.get(page.as_uri())
                    # The valid files' lines of the page after, opened so that their pictures are checked too.
                    driver.execute_script("document.querySelectorAll('li.file.valid>a').forEach(a => a.click())")
                    checked[side] += 1
                    for violation in tool_violations(driver, source):
                        cell = table[violation["id"]][side]
                        cell[0] += 1
                        cell[1] += len(violation["nodes"])
                    for violation in author_contrast(driver, source):
                        cell = table["the author's own colours under AA (validate --theme reports them as card-low-contrast)"][side]
                        cell[0] += 1
                        cell[1] += len(violation["nodes"])
    finally:
        driver.quit()
    print(f"| axe-core rule (pages / nodes) | before ({checked['before']} pages) | after ({checked['after']} pages) |")
    print("|---|---:|---:|")
    author = "the author's own colours under AA (validate --theme reports them as card-low-contrast)"
    for rule in sorted(table, key=lambda r: (r == author, r)):
        cells = [f"{table[rule][s][0]} / {table[rule][s][1]}" for s in ["before", "after"]]
        print(f"| {rule} | {cells[0]} | {cells[1]} |")
    tool_rules = [r for r in table if r != author]
    for side in ["before", "after"]:
        print(f"\n{side}: {sum(table[r][side][1] for r in tool_rules)} tool nodes failing over {checked[side]} pages; "
              f"{unwritten[side]} pages it cannot write")


if __name__ == "__main__":
    main()
