#!/usr/bin/env python3
"""Photographs every sample as `render --format html` draws it, with headless Chromium, into docs/screenshots:

- NAME-light.png and NAME-dark.png: the card on a 375 px phone page (`--viewport 375 --theme light|dark`);
- device/NAME.png: the 375×667 phone screen with its backdrop and fold, light and dark side by side
  (`--device iphone-8 --theme both`).

    python3 Scripts/html_screenshots.py [--modalkit .build/debug/modalkit]

Needs Debian's chromium and chromium-driver, PyPI selenium (Tests/html/requirements.txt), and for the
committed look the fonts fonts-droid-fallback (CJK) and fonts-noto-color-emoji besides DejaVu.
"""

import argparse
import pathlib
import subprocess
import tempfile

from headless_chromium import open_chromium

ROOT = pathlib.Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "screenshots"


# Without these the CJK and emoji samples are photographed as boxes, and nothing else would say so.
REQUIRED_FONT_FAMILIES = {"Droid Sans Fallback": "fonts-droid-fallback", "Noto Color Emoji": "fonts-noto-color-emoji"}


def require_fonts() -> None:
    installed = subprocess.run(["fc-list", ":", "family"], capture_output=True, text=True).stdout
    missing = [package for family, package in REQUIRED_FONT_FAMILIES.items() if family not in installed]
    if missing:
        raise SystemExit("html_screenshots: install the fonts first: apt-get install " + " ".join(missing))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--modalkit", default=str(ROOT / ".build" / "debug" / "modalkit"))
    parser.add_argument("--viewport", default="375")
    parser.add_argument("--device", default="iphone-8")
    arguments = parser.parse_args()
    require_fonts()
    samples = sorted((ROOT / "samples").glob("*.json")) + sorted((ROOT / "samples" / "hostile").glob("*.json"))
    driver = open_chromium("1800,1400", "--force-device-scale-factor=1", "--hide-scrollbars")
    (OUT / "device").mkdir(parents=True, exist_ok=True)
    shots = []
    for sample in samples:
        for theme in ["light", "dark"]:
            shots.append((sample, OUT / f"{sample.stem}-{theme}.png",
                          ["--viewport", arguments.viewport, "--theme", theme]))
        shots.append((sample, OUT / "device" / f"{sample.stem}.png",
                      ["--device", arguments.device, "--theme", "both"]))
    try:
        with tempfile.TemporaryDirectory() as scratch:
            for sample, target, options in shots:
                html = subprocess.run(
                    [arguments.modalkit, "render", "--format", "html", *options, str(sample)],
                    capture_output=True, text=True, check=True).stdout
                page = pathlib.Path(scratch) / "page.html"
                page.write_text(html, encoding="utf-8")
                driver.get(page.as_uri())
                driver.find_element("css selector", ".pages").screenshot(str(target))
                print(target.relative_to(ROOT))
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
