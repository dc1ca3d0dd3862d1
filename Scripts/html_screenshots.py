#!/usr/bin/env python3
"""Writes docs/screenshots/NAME-light.png and NAME-dark.png: every sample as `render --format html` draws it
at a 375 px phone width, photographed by headless Chromium.

    python3 Scripts/html_screenshots.py [--modalkit .build/debug/modalkit]

Needs Debian's chromium and chromium-driver, PyPI selenium (Tests/html/requirements.txt), and for the
committed look the fonts fonts-droid-fallback (CJK) and fonts-noto-color-emoji besides DejaVu.
"""

import argparse
import pathlib
import subprocess
import tempfile

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

ROOT = pathlib.Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "screenshots"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--modalkit", default=str(ROOT / ".build" / "debug" / "modalkit"))
    parser.add_argument("--viewport", default="375")
    arguments = parser.parse_args()
    samples = sorted((ROOT / "samples").glob("*.json")) + sorted((ROOT / "samples" / "hostile").glob("*.json"))
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--force-device-scale-factor=1",
                 "--hide-scrollbars", "--window-size=1800,1400"]:
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    OUT.mkdir(parents=True, exist_ok=True)
    try:
        with tempfile.TemporaryDirectory() as scratch:
            for sample in samples:
                for theme in ["light", "dark"]:
                    html = subprocess.run(
                        [arguments.modalkit, "render", "--format", "html", "--viewport", arguments.viewport,
                         "--theme", theme, str(sample)],
                        capture_output=True, text=True, check=True).stdout
                    page = pathlib.Path(scratch) / "page.html"
                    page.write_text(html, encoding="utf-8")
                    driver.get(page.as_uri())
                    target = OUT / f"{sample.stem}-{theme}.png"
                    driver.find_element("css selector", ".pages").screenshot(str(target))
                    print(target.relative_to(ROOT))
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
