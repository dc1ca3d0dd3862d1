"""axe-core in headless Chromium, shared by test_accessibility.py and Scripts/axe_table.py.

axe-core (MPL-2.0, Deque Systems) is not kept in this repository: it comes inside PyPI's axe-playwright-python
wheel, installed without its dependencies (`pip install --no-deps -r Tests/html/requirements-axe.txt`), or from
the file $AXE_JS. Only `axe.min.js` is read; the package itself is never imported.

Contrast is split by who chooses the colours. The page's own colours (the card, the buttons, links, the review
page's text) are ModalKit's, and axe's `color-contrast` checks them. A run or button that the modal's author
coloured is left out of that rule and checked instead by ModalKit's `card-low-contrast` (validate --theme),
which names the file, line and style to fix; `author_contrast` runs axe on those nodes alone so that a test
can hold the two checks to agreeing.
"""

import importlib.util
import os
import pathlib

# The nodes whose colours come from the modal: styled runs and buttons with a colour of their own.
AUTHOR_COLORED = [".message [style*='color']", ".buttons button[style*='color']"]


def axe_source() -> str | None:
    """The text of axe.min.js, or None when neither $AXE_JS nor the axe-playwright-python wheel is here."""
    if os.environ.get("AXE_JS"):
        return pathlib.Path(os.environ["AXE_JS"]).read_text(encoding="utf-8")
    spec = importlib.util.find_spec("axe_playwright_python")
    for folder in (spec.submodule_search_locations or []) if spec else []:
        script = pathlib.Path(folder) / "axe.min.js"
        if script.exists():
            return script.read_text(encoding="utf-8")
    return None


RUN_SCRIPT = """
const done = arguments[arguments.length - 1];
const [context, options] = arguments;
axe.run(context, options).then(r => done(r.violations.map(v => ({
  id: v.id, impact: v.impact, help: v.help,
  nodes: v.nodes.map(n => ({target: n.target.join(' '), summary: n.failureSummary}))}))),
  e => done([{id: 'axe-error', impact: 'critical', help: String(e), nodes: []}]));
"""


def inject(driver, source: str) -> None:
    if not driver.execute_script("return typeof axe !== 'undefined'"):
        driver.execute_script(source)


def tool_violations(driver, source: str) -> list[dict]:
    """Every rule over the page, with the author's own colours left out of `color-contrast`."""
    inject(driver, source)
    everything_else = driver.execute_async_script(
        RUN_SCRIPT, {"include": [["html"]]}, {"rules": {"color-contrast": {"enabled": False}}})
    contrast = driver.execute_async_script(
        RUN_SCRIPT, {"include": [["html"]], "exclude": [[s] for s in AUTHOR_COLORED]},
        {"runOnly": {"type": "rule", "values": ["color-contrast"]}})
    return everything_else + contrast


def author_contrast(driver, source: str) -> list[dict]:
    """`color-contrast` over the author-coloured nodes alone: what ModalKit's card check must report."""
    inject(driver, source)
    if not driver.execute_script(f"return document.querySelector({', '.join(AUTHOR_COLORED)!r}) !== null"):
        return []
    return driver.execute_async_script(
        RUN_SCRIPT, {"include": [[s] for s in AUTHOR_COLORED]},
        {"runOnly": {"type": "rule", "values": ["color-contrast"]}})
