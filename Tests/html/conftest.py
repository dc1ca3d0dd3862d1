"""Headless Chromium for the HTML output of `modalkit render --format html` and `validate --format html`.

The binary is $MODALKIT_BIN, or the debug build in .build/debug/modalkit (run `swift build` first). The
browser is Debian's `chromium` driven through `chromium-driver` (apt-get install -y chromium chromium-driver)
with PyPI's selenium (pip install -r Tests/html/requirements.txt). Without them the tests skip, except under
CI=true, where they fail: `.ci/run` installs all three.
"""

import json
import os
import pathlib
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
BINARY = os.environ.get("MODALKIT_BIN", str(ROOT / ".build" / "debug" / "modalkit"))
SAMPLES = ROOT / "samples"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"

if not os.path.exists(BINARY):
    raise pytest.UsageError(f"{BINARY} does not exist: run `swift build --product modalkit` first")


def missing_tooling() -> str | None:
    """What is missing to run the browser, or None."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "PyPI selenium (pip install -r Tests/html/requirements.txt)"
    for path, package in [(CHROMIUM, "chromium"), (CHROMEDRIVER, "chromium-driver")]:
        if not os.path.exists(path):
            return f"Debian {package} (apt-get install -y chromium chromium-driver)"
    return None


def rendered_samples() -> list[pathlib.Path]:
    """Every sample that renders: the valid ones and the hostile ones (samples/invalid/ has only errors)."""
    return sorted(SAMPLES.glob("*.json")) + sorted((SAMPLES / "hostile").glob("*.json"))


def modals_of(path: pathlib.Path) -> list[dict]:
    """The modals of a sample, as its JSON holds them (one object, or a list of them)."""
    document = json.loads(path.read_text(encoding="utf-8"))
    return document if isinstance(document, list) else [document]


def run_modalkit(*arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run([BINARY, *arguments], capture_output=True, text=True, encoding="utf-8")


@pytest.fixture(scope="session")
def browser():
    missing = missing_tooling()
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"the browser tests need {missing}; CI must install it")
        pytest.skip(f"the browser tests need {missing}")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in [
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--force-device-scale-factor=1",
        "--window-size=1600,1200",
    ]:
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    yield driver
    driver.quit()


@pytest.fixture
def open_html(browser, tmp_path):
    """Writes HTML to a file and opens it in the browser."""

    def load(html: str, name: str = "page.html"):
        page = tmp_path / name
        page.write_text(html, encoding="utf-8")
        browser.get(page.as_uri())
        return browser

    return load
