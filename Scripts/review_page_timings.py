#!/usr/bin/env python3
"""Times the `validate --format html` review page of a corpus in headless Chromium, for two binaries in one run.

    python3 Scripts/review_page_timings.py --before /tmp/modalkit-before --after .build/release/modalkit \
        /tmp/modal-corpus/small [--runs 3]

For each binary and run, a fresh browser opens the page and reports: the page's bytes and elements, the load
event (navigation start to loadEventEnd), the time each control takes to answer (from the input to the next
frame painted after it), the resident and proportional memory of the page's renderer process, and the JS heap. Prints a Markdown table of
medians. Needs Debian's chromium and chromium-driver and PyPI selenium (Tests/html/requirements.txt).
"""

import argparse
import pathlib
import statistics
import subprocess
import tempfile

from headless_chromium import open_chromium

# Runs `act` (JS that changes the page), then resolves after the frame that shows the change is painted.
TIMED_SCRIPT = """
const done = arguments[arguments.length - 1];
const act = new Function(arguments[0]);
const start = performance.now();
act();
requestAnimationFrame(() => setTimeout(() => done(performance.now() - start), 0));
"""

# The controls each page has. The page before had one checkbox and no search; `None` where it has none.
CONTROLS = {
    "only errors (on)": {
        "before": "document.getElementById('only-invalid').click()",
        "after": "document.querySelectorAll('.group-filter')[1].click(); document.querySelectorAll('.group-filter')[2].click()",
    },
    "only errors (off)": {
        "before": "document.getElementById('only-invalid').click()",
        "after": "document.querySelectorAll('.group-filter')[1].click(); document.querySelectorAll('.group-filter')[2].click()",
    },
    "search (type a code)": {
        "before": None,
        "after": "const s = document.getElementById('search'); s.value = 'card-low-contrast';"
                 " s.dispatchEvent(new Event('input', {bubbles: true}))",
    },
    "search (clear)": {
        "before": None,
        "after": "const s = document.getElementById('search'); s.value = '';"
                 " s.dispatchEvent(new Event('input', {bubbles: true}))",
    },
    "code filter": {
        "before": None,
        "after": "const c = document.getElementById('code'); c.selectedIndex = c.options.length - 1;"
                 " c.dispatchEvent(new Event('input', {bubbles: true}))",
    },
    "open a valid file": {
        "before": None,
        "after": "const a = document.querySelector('li.file.valid>a'); if (a) a.click()",
    },
}


def page_memory_mib(driver) -> tuple[float, float]:
    """The resident and proportional (PSS) memory of the renderer process that holds the page, in MiB.

    The browser keeps other renderers (the first blank tab, a spare); the page's is the largest. Its RSS counts
    the Chromium code it maps, shared with every other process; PSS divides those pages among the sharers."""
    best = (0, 0)
    for pid in descendants(children(driver.service.process.pid)):
        try:
            if b"--type=renderer" not in pathlib.Path(f"/proc/{pid}/cmdline").read_bytes():
                continue
            fields = {line.split(":")[0]: int(line.split()[1])
                      for line in pathlib.Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]}
        except OSError:
            continue
        best = max(best, (fields["Rss"], fields["Pss"]))
    return best[0] / 1024, best[1] / 1024


def children(pid: int) -> list[int]:
    out = []
    for task in pathlib.Path(f"/proc/{pid}/task").iterdir():
        try:
            out += [int(p) for p in (task / "children").read_text().split()]
        except OSError:
            pass
    return out


def descendants(pids: list[int]) -> list[int]:
    seen = []
    while pids:
        pid = pids.pop()
        seen.append(pid)
        try:
            pids += children(pid)
        except OSError:
            pass
    return seen


def open_browser():
    driver = open_chromium("1400,1000", "--enable-precise-memory-info")
    driver.set_page_load_timeout(300)
    driver.set_script_timeout(300)
    return driver


def measure(page: pathlib.Path, side: str) -> dict:
    driver = open_browser()
    try:
        driver.get(page.as_uri())
        figures = driver.execute_script("""
            const n = performance.getEntriesByType('navigation')[0];
            const first = document.querySelector('.diagnostic, .page');
            return {load: n.loadEventEnd, elements: document.getElementsByTagName('*').length,
                    height: document.documentElement.scrollHeight,
                    first: first ? first.getBoundingClientRect().top + scrollY : null,
                    heap: performance.memory.usedJSHeapSize / 1048576};""")
        figures["rss"], figures["pss"] = page_memory_mib(driver)
        for name, scripts in CONTROLS.items():
            if scripts[side] is not None:
                figures[name] = driver.execute_async_script(TIMED_SCRIPT, scripts[side])
        figures["rss after controls"], figures["pss after controls"] = page_memory_mib(driver)
        return figures
    finally:
        driver.quit()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--before", required=True)
    parser.add_argument("--after", required=True)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("corpus")
    arguments = parser.parse_args()
    results = {}
    with tempfile.TemporaryDirectory() as scratch:
        pages = {}
        for side, binary in [("before", arguments.before), ("after", arguments.after)]:
            page = pathlib.Path(scratch) / f"{side}.html"
            with page.open("w") as out:
                subprocess.run([binary, "validate", "--format", "html", arguments.corpus], stdout=out)
            pages[side] = page
        for run in range(arguments.runs):
            # Alternated, so that a busy moment on the machine falls on both sides alike.
            for side in ["before", "after"]:
                results.setdefault(side, []).append(measure(pages[side], side))
        sizes = {side: pages[side].stat().st_size / 1048576 for side in pages}
    rows = [("page size (MiB)", lambda s, r: sizes[s]), ("elements", lambda s, r: r["elements"]),
            ("page height (px)", lambda s, r: r["height"]), ("first diagnostic or drawn modal at (px)", lambda s, r: r["first"]),
            ("load event (ms)", lambda s, r: r["load"])]
    rows += [(f"{name} (ms)", (lambda n: lambda s, r: r.get(n))(name)) for name in CONTROLS]
    rows += [("page's renderer RSS after load (MiB)", lambda s, r: r["rss"]),
             ("page's renderer PSS after load (MiB)", lambda s, r: r["pss"]),
             ("page's renderer RSS after the controls (MiB)", lambda s, r: r["rss after controls"]),
             ("page's renderer PSS after the controls (MiB)", lambda s, r: r["pss after controls"]),
             ("JS heap used (MiB)", lambda s, r: r["heap"])]
    print(f"| {arguments.runs} runs each, median | before | after |")
    print("|---|---:|---:|")
    for label, value in rows:
        cells = []
        for side in ["before", "after"]:
            values = [value(side, r) for r in results[side]]
            values = [v for v in values if v is not None]
            cells.append(f"{statistics.median(values):,.0f}" if values else "none" if label.startswith("first") else "no such control")
        print(f"| {label} | {cells[0]} | {cells[1]} |")


if __name__ == "__main__":
    main()
