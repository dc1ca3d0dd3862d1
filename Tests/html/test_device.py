"""`render --format html --device NAME` in Chromium: a phone screen of the device's size with the dialog on it,
measured as the browser lays it out (the widths, the stacking, the wrapping and the scrolling an app shows)."""

import pytest

from conftest import SAMPLES, run_modalkit

DEVICES = {"iphone-se": (320, 568), "iphone-8": (375, 667), "iphone-14": (390, 844), "iphone-11": (414, 896)}

GEOMETRY_SCRIPT = """
const rect = e => { const r = e.getBoundingClientRect(); return {x: r.x, y: r.y, width: r.width, height: r.height}; };
const page = document.querySelector('section.page');
const screen = page.querySelector('.screen');
const dialog = page.querySelector('[role=dialog]');
const message = dialog.querySelector('.message');
return {
  page: rect(page), screen: rect(screen), dialog: rect(dialog), message: rect(message),
  messageScroll: [message.scrollHeight, message.clientHeight], messageTab: message.tabIndex,
  buttons: Array.from(dialog.querySelectorAll('button')).map(b => Object.assign(rect(b),
    {scrollWidth: b.scrollWidth, clientWidth: b.clientWidth, lineHeight: parseFloat(getComputedStyle(b).lineHeight)})),
  fold: rect(page.querySelector('.fold')),
  documentWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth,
  dialogName: document.getElementById(dialog.getAttribute('aria-labelledby')).textContent,
};
"""


@pytest.fixture
def device_page(open_html, browser):
    def load(sample: str, device: str = "iphone-8", *options: str):
        run = run_modalkit("render", "--format", "html", "--device", device, *options, str(SAMPLES / sample))
        assert run.returncode == 0, run.stderr
        return open_html(run.stdout).execute_script(GEOMETRY_SCRIPT)

    yield load
    browser.set_window_size(1600, 1200)


@pytest.mark.parametrize("device", DEVICES)
def test_the_screen_is_the_device_and_the_dialog_is_centred_on_it(device_page, device):
    width, height = DEVICES[device]
    got = device_page("welcome.json", device)
    assert got["page"]["width"] == pytest.approx(width, abs=0.5)
    assert got["screen"]["width"] == pytest.approx(width, abs=0.5)
    assert got["screen"]["height"] == pytest.approx(height, abs=0.5)
    screen, dialog = got["screen"], got["dialog"]
    left = dialog["x"] - screen["x"]
    right = screen["x"] + screen["width"] - dialog["x"] - dialog["width"]
    top = dialog["y"] - screen["y"]
    bottom = screen["y"] + screen["height"] - dialog["y"] - dialog["height"]
    assert left == pytest.approx(right, abs=1) and top == pytest.approx(bottom, abs=1)
    assert got["fold"]["y"] == pytest.approx(screen["y"] + screen["height"], abs=1), "the fold is the screen's foot"
    assert got["dialogName"] == "Welcome to Kash"


def test_a_window_as_wide_as_the_phone_does_not_scroll_sideways(device_page, browser):
    # A window cannot be narrower than 500 px; the viewport of a phone can, as the browser emulates one.
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": 375, "height": 800, "deviceScaleFactor": 1, "mobile": False})
    try:
        got = device_page("terms-of-service.json", "iphone-8")
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    assert got["innerWidth"] == 375
    assert got["documentWidth"] == 375, "the page is exactly the phone wide"
    assert got["page"]["width"] == pytest.approx(375, abs=0.5)


def test_a_long_message_scrolls_inside_the_dialog_past_the_screen_height(device_page):
    got = device_page("terms-of-service.json", "iphone-8")
    scroll_height, client_height = got["messageScroll"]
    assert scroll_height > 667, "the terms are taller than the screen"
    assert client_height < scroll_height, "and scroll inside the message"
    assert got["messageTab"] == 0, "which the keyboard can focus"
    screen, dialog = got["screen"], got["dialog"]
    assert dialog["y"] >= screen["y"] and dialog["y"] + dialog["height"] <= screen["y"] + screen["height"] + 0.5
    for button in got["buttons"]:
        assert button["y"] + button["height"] <= screen["y"] + screen["height"], "the buttons stay on the screen"


def test_three_or_more_buttons_stack(device_page):
    got = device_page("six-buttons.json", "iphone-8")
    buttons = got["buttons"]
    assert len(buttons) == 6
    for upper, lower in zip(buttons, buttons[1:]):
        assert lower["x"] == pytest.approx(upper["x"], abs=0.5)
        assert lower["width"] == pytest.approx(upper["width"], abs=0.5)
        assert lower["y"] >= upper["y"] + upper["height"]
    two = device_page("welcome.json", "iphone-8")["buttons"]
    assert len(two) == 1 or two[0]["y"] == two[1]["y"]


def test_a_long_unbreakable_label_wraps_inside_its_button(device_page):
    got = device_page("long-label.json", "iphone-se")
    label = got["buttons"][0]
    dialog = got["dialog"]
    assert label["x"] >= dialog["x"] and label["x"] + label["width"] <= dialog["x"] + dialog["width"] + 0.5
    assert label["scrollWidth"] <= label["clientWidth"], "no text runs out of the button"
    assert label["height"] > 2 * label["lineHeight"], "the 80 characters take several lines"
    assert got["documentWidth"] <= 1600


def test_both_themes_stand_side_by_side(open_html):
    run = run_modalkit("render", "--format", "html", "--device", "iphone-8", "--theme", "both",
                       str(SAMPLES / "rtl-notice.json"))
    browser = open_html(run.stdout)
    pages = browser.find_elements("css selector", "section.page")
    assert [p.get_dom_attribute("data-theme") for p in pages] == ["light", "dark"]
    assert pages[1].rect["x"] >= pages[0].rect["x"] + pages[0].rect["width"]
    backgrounds = browser.execute_script(
        "return Array.from(document.querySelectorAll('[role=dialog]')).map(d => getComputedStyle(d).backgroundColor)")
    assert backgrounds == ["rgb(255, 255, 255)", "rgb(28, 28, 30)"]


def test_a_card_page_in_a_window_as_wide_as_the_phone_does_not_scroll_sideways(open_html, browser):
    # Without --device the card sits on a page with a margin; in a window only as wide as the phone the margin goes.
    run = run_modalkit("render", "--format", "html", "--viewport", "375", str(SAMPLES / "terms-of-service.json"))
    assert run.returncode == 0, run.stderr
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": 375, "height": 800, "deviceScaleFactor": 1, "mobile": False})
    try:
        got = open_html(run.stdout).execute_script(
            "return {documentWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth,"
            " page: document.querySelector('section.page').getBoundingClientRect().width};")
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    assert got["innerWidth"] == 375
    assert got["documentWidth"] == 375, "the card page is exactly the phone wide"
    assert got["page"] == pytest.approx(375, abs=0.5)
