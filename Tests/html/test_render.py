"""`modalkit render --format html` of every sample, checked by what Chromium computes, not by the markup.

The expected look of each UTF-16 unit is resolved here from the sample's own JSON, as FORMAT.md's
"Overlapping styles" says, and compared with `getComputedStyle` of the element that holds that unit.
"""

import json

import pytest

from conftest import modals_of, rendered_samples, run_modalkit, SAMPLES

SAMPLE_IDS = [str(p.relative_to(SAMPLES)) for p in rendered_samples()]
BODY_CSS_PX = 17
URL_SCHEMES = ("https:", "http:", "mailto:", "tel:")
UNSAFE_SCHEMES = ("javascript:", "data:", "file:", "vbscript:")

# For each text node of a page's message: its text, the computed look of the element holding it, and the href
# of the link around it. `message_units` spreads them over UTF-16 units, the format's offsets.
UNITS_SCRIPT = """
const message = document.querySelectorAll('section.page')[arguments[0]].querySelector('.message');
const bodySize = parseFloat(getComputedStyle(document.body).fontSize);
const out = [];
const walker = document.createTreeWalker(message, NodeFilter.SHOW_TEXT);
while (walker.nextNode()) {
  const node = walker.currentNode;
  const element = node.parentElement;
  const style = getComputedStyle(element);
  const link = element.closest('a');
  const look = {
    weight: parseInt(style.fontWeight), italic: style.fontStyle === 'italic', color: style.color,
    background: style.backgroundColor, size: parseFloat(style.fontSize) / bodySize,
    decoration: style.textDecorationLine, href: link ? link.getAttribute('href') : null,
    inert: element.closest('.inert-link') !== null,
    linked: element.closest('a, .app-action') !== null,
  };
  out.push([node.data, look]);
}
return JSON.stringify(out);
"""

# Every CSS colour string the format allows (#RGB, #RGBA, #RRGGBB, #RRGGBBAA, names) is a CSS colour with the
# same meaning, so the browser itself turns the expected colour into its computed form.
CSS_COLOR_SCRIPT = """
const probe = document.createElement('span');
document.body.appendChild(probe);
const out = arguments[0].map(c => { probe.style.color = ''; probe.style.color = c; return getComputedStyle(probe).color; });
probe.remove();
return out;
"""


def utf16_units(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def resolved_looks(modal: dict) -> list[dict]:
    """The attributes of every UTF-16 unit of the message, styles applied in array order (FORMAT.md)."""
    looks = [{} for _ in range(utf16_units(modal["msg"]))]
    for index, style in enumerate(modal.get("styles", [])):
        start = style["apply_to"]["from"]
        end = min(len(looks), start + style["apply_to"]["length"])
        for unit in range(start, end):
            look = looks[unit]
            font_style = style.get("font_style")
            if font_style in ("normal", "bold", "italic", "bold_italic"):
                look["bold"] = font_style in ("bold", "bold_italic")
                look["italic"] = font_style in ("italic", "bold_italic")
            elif font_style == "underline":
                look["underline"] = True
            elif font_style == "strikethrough":
                look["strikethrough"] = True
            for key in ("underline", "strikethrough"):
                if key in style:
                    look[key] = style[key]
            for key in ("font_size", "color", "bg_color", "link"):
                if key in style:
                    look[key] = style[key]
    return looks


def expected_href(action: str) -> str | None:
    """The href the link policy gives an action: URLs of four schemes, and app commands; nothing else."""
    target = action[len("open_url:") :] if action.startswith("open_url:") else action
    if target.lower().startswith(URL_SCHEMES):
        return target
    if "://invoke/cmd/" in action and not action.lower().startswith(UNSAFE_SCHEMES):
        return "command"
    return None


def message_units(browser, index: int) -> list[tuple[str, dict]]:
    """Each UTF-16 unit of page `index`'s message, as (the character it belongs to, the look there)."""
    units = []
    for text, look in json.loads(browser.execute_script(UNITS_SCRIPT, index)):
        for character in text:
            units.extend([(character, look)] * utf16_units(character))
    return units


def message_text(browser, index: int) -> str:
    return "".join(text for text, _ in json.loads(browser.execute_script(UNITS_SCRIPT, index)))


def relative_luminance(rgb: str) -> float:
    """WCAG 2 relative luminance of a computed `rgb(r, g, b)` or `rgba(r, g, b, a)` colour's channels."""
    channels = [float(part) / 255 for part in rgb[rgb.index("(") + 1 : -1].split(",")[:3]]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def readable_on(rgb: str) -> str:
    """Black or white, whichever contrasts more with an opaque background, as the browser computes it."""
    luminance = relative_luminance(rgb)
    return "rgb(0, 0, 0)" if (luminance + 0.05) / 0.05 >= 1.05 / (luminance + 0.05) else "rgb(255, 255, 255)"


def computed(browser, element, name: str) -> str:
    """What the browser computes for a CSS property (Selenium's value_of_css_property rewrites colours)."""
    return browser.execute_script("return getComputedStyle(arguments[0]).getPropertyValue(arguments[1])", element, name)


def css_colors(browser, colors: list[str]) -> list[str]:
    return browser.execute_script(CSS_COLOR_SCRIPT, colors) if colors else []


@pytest.fixture
def rendered(open_html):
    def render(path, *options):
        run = run_modalkit("render", "--format", "html", *options, str(path))
        assert run.returncode == 0, run.stderr
        return open_html(run.stdout)

    return render


@pytest.mark.parametrize("path", rendered_samples(), ids=SAMPLE_IDS)
def test_every_styled_unit_has_its_look(rendered, path):
    browser = rendered(path)
    for index, modal in enumerate(modals_of(path)):
        units = message_units(browser, index)
        looks = resolved_looks(modal)
        assert len(units) == len(looks), "the page's message must keep every UTF-16 unit"
        colors = sorted({look[key] for look in looks for key in ("color", "bg_color") if key in look})
        computed = dict(zip(colors, css_colors(browser, colors)))
        for unit, ((text, got), want) in enumerate(zip(units, looks)):
            where = f"modal {index}, unit {unit} {text!r}"
            assert (got["weight"] >= 700) == want.get("bold", False), where
            assert got["italic"] == want.get("italic", False), where
            decoration = got["decoration"].split()
            # A link is underlined as well as coloured, so that it is told from text without colour (WCAG 1.4.1).
            assert ("underline" in decoration) == (want.get("underline", False) or got["linked"]), where
            assert ("line-through" in decoration) == want.get("strikethrough", False), where
            assert got["size"] == pytest.approx(want.get("font_size", BODY_CSS_PX) / BODY_CSS_PX, rel=1e-3), where
            if "color" in want:
                assert got["color"] == computed[want["color"]], where
            elif "bg_color" in want:
                # FORMAT.md: a background without a text colour gets black or white, whichever contrasts more
                # (a translucent one as blended over the card, which the computed style does not show).
                assert got["color"] in ("rgb(0, 0, 0)", "rgb(255, 255, 255)"), where
                if len(want["bg_color"].lstrip("#")) in (3, 6):
                    assert got["color"] == readable_on(computed[want["bg_color"]]), where
            if "bg_color" in want:
                assert got["background"] == computed[want["bg_color"]], where
            if "link" in want:
                href = expected_href(want["link"])
                if href == "command":
                    assert got["href"] and got["href"].startswith(want["link"].split("://")[0] + "://invoke/cmd/"), where
                else:
                    assert got["href"] == href, where
                    assert got["inert"] == (href is None), where
            else:
                assert got["href"] is None and not got["inert"], where


@pytest.mark.parametrize("path", rendered_samples(), ids=SAMPLE_IDS)
def test_message_text_is_the_message(rendered, path):
    browser = rendered(path)
    for index, modal in enumerate(modals_of(path)):
        text = message_text(browser, index)
        controls = [c for c in modal["msg"] if ord(c) < 0x20 and c not in "\n\t" or 0x7F <= ord(c) <= 0x9F
                    or 0x202A <= ord(c) <= 0x202E or 0x2066 <= ord(c) <= 0x2069]
        if not controls:
            assert text == modal["msg"]
        # Whatever the message holds, no control or bidi override reaches the page.
        assert not any(ord(c) < 0x20 and c not in "\n\t" or 0x202A <= ord(c) <= 0x202E for c in text)


@pytest.mark.parametrize("path", rendered_samples(), ids=SAMPLE_IDS)
def test_one_button_element_per_button_with_label_and_colours(rendered, path):
    browser = rendered(path)
    pages = browser.find_elements("css selector", "section.page")
    modals = modals_of(path)
    assert len(pages) == len(modals)
    for page, modal in zip(pages, modals):
        buttons = page.find_elements("css selector", "button")
        assert len(buttons) == len(modal.get("buttons", []))
        for element, button in zip(buttons, modal.get("buttons", [])):
            label = button["label"]
            if all(ord(c) >= 0x20 and not 0x202A <= ord(c) <= 0x202E for c in label):
                assert element.text == label
            assert element.get_attribute("data-action")
            if "bg_color" in button:
                want = css_colors(browser, [button["bg_color"]])[0]
                assert computed(browser, element, "background-color") == want
            if "fg_color" in button:
                want = css_colors(browser, [button["fg_color"]])[0]
                assert computed(browser, element, "color") == want


@pytest.mark.parametrize("path", rendered_samples(), ids=SAMPLE_IDS)
def test_no_href_runs_code(rendered, path):
    browser = rendered(path)
    for link in browser.find_elements("css selector", "[href]"):
        href = link.get_attribute("href").strip().lower()
        assert not href.startswith(UNSAFE_SCHEMES), href


@pytest.mark.parametrize("path", rendered_samples(), ids=SAMPLE_IDS)
def test_pages_side_by_side_in_order(rendered, path):
    browser = rendered(path, "--viewport", "320")
    pages = browser.find_elements("css selector", "section.page")
    assert [p.get_attribute("data-modal") for p in pages] == [str(i) for i in range(len(modals_of(path)))]
    for page in pages:
        assert page.rect["width"] == pytest.approx(320, abs=0.5)
    for left, right in zip(pages, pages[1:]):
        assert right.rect["x"] >= left.rect["x"] + left.rect["width"]
        assert right.rect["y"] == pytest.approx(left.rect["y"], abs=0.5)


@pytest.mark.parametrize("name", ["rtl-notice.json", "hebrew-brand.json"])
def test_right_to_left_modal_is_laid_out_rtl_with_the_first_button_at_the_right(rendered, name):
    browser = rendered(SAMPLES / name)
    modal = browser.find_element("css selector", ".modal")
    assert modal.value_of_css_property("direction") == "rtl"
    message = browser.find_element("css selector", ".message")
    assert message.value_of_css_property("direction") == "rtl"
    buttons = modal.find_elements("css selector", "button")
    assert len(buttons) >= 2
    first, second = buttons[0].rect, buttons[1].rect
    assert first["y"] == pytest.approx(second["y"], abs=0.5), "the buttons share a row"
    assert first["x"] > second["x"] + second["width"] - 0.5, "the first button is at the right"


def test_left_to_right_modal_has_the_first_button_at_the_left(rendered):
    browser = rendered(SAMPLES / "promotion.json")
    buttons = browser.find_elements("css selector", "button")
    assert buttons[0].rect["x"] < buttons[1].rect["x"]


def test_dark_theme_draws_light_text_on_a_dark_card(rendered):
    browser = rendered(SAMPLES / "welcome.json", "--theme", "dark")
    modal = browser.find_element("css selector", ".modal")
    assert computed(browser, modal, "background-color") == "rgb(28, 28, 30)"
    assert computed(browser, modal, "color") == "rgb(255, 255, 255)"


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_a_background_without_a_colour_gets_black_text_on_pale_yellow(rendered, theme):
    """Regression: "33％オフ" (bg_color #fff1b8, no color) was white on yellow, 1.13:1, on the dark card."""
    browser = rendered(SAMPLES / "cjk-promotion.json", "--theme", theme)
    [span] = [s for s in browser.find_elements("css selector", ".message span") if s.text == "33％オフ"]
    assert computed(browser, span, "background-color") == "rgb(255, 241, 184)"
    assert computed(browser, span, "color") == "rgb(0, 0, 0)"


def test_a_card_colour_draws_the_modal_on_it(rendered):
    browser = rendered(SAMPLES / "welcome.json", "--card", "#202060")
    modal = browser.find_element("css selector", ".modal")
    assert computed(browser, modal, "background-color") == "rgb(32, 32, 96)"
    assert computed(browser, modal, "color") == "rgb(255, 255, 255)"


def test_max_lines_clamps_the_message_with_an_ellipsis(rendered):
    path = SAMPLES / "centered-alert.json"
    [modal] = [m for m in modals_of(path) if "max_lines" in m][:1]
    browser = rendered(path)
    message = browser.find_element("css selector", ".message[data-max-lines]")
    assert message.value_of_css_property("-webkit-line-clamp") == str(modal["max_lines"])
    line_height = float(message.value_of_css_property("line-height").removesuffix("px"))
    assert message.rect["height"] <= modal["max_lines"] * line_height * 1.6 + 1


HOSTILE_SCRIPT = """
return {
  scripts: document.scripts.length, images: document.images.length,
  handlers: [...document.querySelectorAll('*')].filter(e => [...e.attributes].some(a => a.name.startsWith('on'))).length,
  styles: document.querySelectorAll('style').length, pages: document.querySelectorAll('section.page').length,
  bodyVisible: getComputedStyle(document.body).display !== 'none',
  text: document.querySelector('.message').textContent,
  buttons: [...document.querySelectorAll('button')].map(b => b.textContent),
};
"""


@pytest.mark.parametrize("path", sorted((SAMPLES / "hostile").glob("*.json")), ids=lambda p: p.name)
def test_hostile_message_stays_text(rendered, path):
    browser = rendered(path)
    page = browser.execute_script(HOSTILE_SCRIPT)
    assert page["scripts"] == 0 and page["images"] == 0 and page["handlers"] == 0
    assert page["styles"] == 1, "only the page's own style sheet"
    assert page["pages"] == len(modals_of(path)) and page["bodyVisible"]
    assert "\u202e" not in page["text"] and "\x1b" not in page["text"]
    for label in page["buttons"]:
        assert "\x1b" not in label and "\u202e" not in label


def test_html_injection_sample_shows_its_markup_as_text(rendered):
    browser = rendered(SAMPLES / "hostile" / "html-injection.json")
    page = browser.execute_script(HOSTILE_SCRIPT)
    for markup in ["</div></p><script>alert(document.cookie)</script>", '<img src=x onerror="alert(1)">',
                   '<a href="javascript:alert(2)">Click here</a>', "<style>body{display:none}</style>"]:
        assert markup in page["text"]
    assert page["buttons"][0] == "</button><script>alert(4)</script>Pay"
    assert browser.find_element("css selector", ".inert-link").get_attribute("data-action") == "javascript:alert(3)"
    assert browser.find_elements("css selector", "a")[0].get_dom_attribute("href") == 'https://example.com/terms?a=1&b="2"'
