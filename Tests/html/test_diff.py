"""`modalkit diff --format html` of a changed sample in Chromium: both versions drawn, the changed spots outlined,
in the light and the dark colour scheme.

Set DIFF_SCREENSHOTS to a directory to keep a screenshot of each scheme there.
"""

import json
import os

import pytest

from conftest import run_modalkit, SAMPLES

OUTLINE_SCRIPT = """
return [...document.querySelectorAll(arguments[0])].map(e => getComputedStyle(e).outlineStyle);
"""


@pytest.fixture
def diff_page(tmp_path):
    """The HTML diff of samples/welcome.json against a copy with one word, one button colour and a new button."""
    old = tmp_path / "old.json"
    new = tmp_path / "new.json"
    old.write_text((SAMPLES / "welcome.json").read_text(encoding="utf-8"), encoding="utf-8")
    document = json.loads(old.read_text(encoding="utf-8"))
    modal = document[0]
    modal["msg"] = modal["msg"].replace("thousands", "countless")
    modal["buttons"][0]["bg_color"] = "#d1242f"
    modal["buttons"].append({"label": "Not now", "action": "close"})
    new.write_text(json.dumps(document), encoding="utf-8")
    result = run_modalkit("diff", "--format", "html", str(old), str(new))
    assert result.returncode == 1, result.stderr
    return result.stdout


def outlines(browser, selector: str) -> list[str]:
    return browser.execute_script(OUTLINE_SCRIPT, selector)


def test_both_versions_are_drawn_with_the_changes_outlined(open_html, diff_page):
    browser = open_html(diff_page, "diff.html")
    assert len(browser.find_elements("css selector", "#diff1-old section.page")) == 1
    assert len(browser.find_elements("css selector", "#diff1-new section.page")) == 1
    # The message changed, so both messages are outlined; the recoloured button on both sides, the new one after.
    assert outlines(browser, "#diff1-old .message, #diff1-new .message") == ["dashed", "dashed"]
    assert outlines(browser, '#diff1-old button[data-button="0"], #diff1-new button[data-button="0"]') == [
        "dashed",
        "dashed",
    ]
    assert outlines(browser, '#diff1-new button[data-button="1"]') == ["dashed"]
    assert browser.find_elements("css selector", '#diff1-old button[data-button="1"]') == []
    # The word itself is listed as removed and added.
    assert [e.text for e in browser.find_elements("css selector", ".diff-changes del")][0] == "thousands"
    assert [e.text for e in browser.find_elements("css selector", ".diff-changes ins")][0] == "countless"
    # The new button is drawn with its label.
    assert browser.find_element("css selector", '#diff1-new button[data-button="1"]').text == "Not now"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_page_follows_the_colour_scheme(browser, open_html, diff_page, scheme):
    browser.execute_cdp_cmd(
        "Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]}
    )
    try:
        open_html(diff_page, f"diff-{scheme}.html")
        background = browser.execute_script("return getComputedStyle(document.body).backgroundColor")
        channels = [int(part) for part in background[background.index("(") + 1 : -1].split(",")[:3]]
        is_dark = sum(channels) < 3 * 128
        assert is_dark == (scheme == "dark"), background
        assert outlines(browser, "#diff1-new .message") == ["dashed"]
        keep = os.environ.get("DIFF_SCREENSHOTS")
        if keep:
            os.makedirs(keep, exist_ok=True)
            browser.save_screenshot(os.path.join(keep, f"diff-{scheme}.png"))
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
