"""axe-core over every page ModalKit writes: each sample in both themes, on a phone screen (`--device`), and the
review pages of the samples and of a slice of the benchmark corpus.

ModalKit's own markup and colours must pass every rule. The colours a modal's author chose are not silenced:
axe's `color-contrast` is kept off them (see axe_support.py) and ModalKit's `card-low-contrast` check
(`validate --theme`) reports them instead, so each sample whose author colours axe would fail must carry that
diagnostic for the same theme. Without axe-core the tests skip, except under CI=true, where they fail.
"""

import json
import os
import pathlib
import shutil

import pytest

from axe_support import author_contrast, axe_source, tool_violations
from conftest import SAMPLES, rendered_samples, run_modalkit

SAMPLE_IDS = [str(p.relative_to(SAMPLES)) for p in rendered_samples()]
CORPUS = pathlib.Path(os.environ.get("MODALKIT_CORPUS", "/tmp/modal-corpus")) / "small"
CORPUS_SLICE = 300


@pytest.fixture(scope="session")
def axe():
    source = axe_source()
    if source is None:
        message = ("axe-core: pip install --no-deps -r Tests/html/requirements-axe.txt (or set AXE_JS to an "
                   "axe.min.js)")
        if os.environ.get("CI"):
            pytest.fail(f"the accessibility tests need {message}; CI must install it")
        pytest.skip(f"the accessibility tests need {message}")
    return source


def written(violations: list[dict]) -> str:
    return "\n".join(f"{v['id']} ({v['impact']}): {v['help']}: " + "; ".join(n["target"] for n in v["nodes"][:5])
                     for v in violations)


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("path", rendered_samples(), ids=SAMPLE_IDS)
def test_every_sample_passes_axe_in_each_theme(open_html, axe, path, theme):
    run = run_modalkit("render", "--format", "html", "--theme", theme, str(path))
    assert run.returncode == 0, run.stderr
    violations = tool_violations(open_html(run.stdout), axe)
    assert violations == [], written(violations)


@pytest.mark.parametrize("path", rendered_samples(), ids=SAMPLE_IDS)
def test_every_sample_on_a_phone_screen_passes_axe(open_html, axe, path):
    run = run_modalkit("render", "--format", "html", "--device", "iphone-8", "--theme", "both", str(path))
    assert run.returncode == 0, run.stderr
    violations = tool_violations(open_html(run.stdout), axe)
    assert violations == [], written(violations)


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("path", sorted(SAMPLES.glob("*.json")), ids=[p.name for p in sorted(SAMPLES.glob("*.json"))])
def test_author_colours_axe_fails_are_reported_by_modalkit(open_html, axe, path, theme):
    """Where axe finds an author's colour under AA on the theme's card, `validate --theme` says so too."""
    run = run_modalkit("render", "--format", "html", "--theme", theme, str(path))
    failing = author_contrast(open_html(run.stdout), axe)
    report = json.loads(run_modalkit("validate", "--format", "json", "--theme", theme, str(path)).stdout)
    codes = [d["code"] for f in report["files"] for d in f["diagnostics"]]
    if failing:
        assert "card-low-contrast" in codes, written(failing)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_samples_review_page_passes_axe(open_html, axe, theme):
    run = run_modalkit("validate", "--format", "html", "--theme", theme, str(SAMPLES))
    browser = open_html(run.stdout, "review.html")
    violations = tool_violations(browser, axe)
    assert violations == [], written(violations)
    # The valid files' pictures are drawn when their line is opened: open them all and check again.
    browser.execute_script("document.querySelectorAll('li.file.valid>a').forEach(a => a.click())")
    assert browser.find_elements("css selector", "li.file .modal[role=dialog]")
    violations = tool_violations(browser, axe)
    assert violations == [], written(violations)


def test_a_slice_of_the_corpus_review_page_passes_axe(open_html, axe, tmp_path):
    if not CORPUS.is_dir():
        pytest.skip(f"no corpus at {CORPUS}: python3 ../shared/bench/gen_corpus.py /tmp/modal-corpus, or set MODALKIT_CORPUS")
    folder = tmp_path / "slice"
    folder.mkdir()
    for path in sorted(CORPUS.glob("*.json"))[:CORPUS_SLICE]:
        shutil.copy(path, folder / path.name)
    run = run_modalkit("validate", "--format", "html", str(folder))
    browser = open_html(run.stdout, "corpus.html")
    browser.execute_script(
        "document.querySelectorAll('li.file.valid>a').forEach((a, i) => { if (i < 40) a.click(); })")
    violations = tool_violations(browser, axe)
    assert violations == [], written(violations)
