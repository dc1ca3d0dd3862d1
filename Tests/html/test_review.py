"""`modalkit validate --format html samples` in Chromium: every file, diagnostic and modal is on the page, next
to what `validate --format json` reports, and the errors-only filter (CSS only) works when clicked."""

import json

import pytest

from conftest import SAMPLES, modals_of, run_modalkit, ROOT


@pytest.fixture(scope="module")
def reports():
    run = run_modalkit("validate", "--format", "json", str(SAMPLES))
    return json.loads(run.stdout)


@pytest.fixture
def review(open_html):
    run = run_modalkit("validate", "--format", "html", str(SAMPLES))
    assert run.returncode == 1, "samples/invalid makes the run fail"
    return open_html(run.stdout, "review.html")


def test_invalid_samples_are_part_of_the_run(reports):
    paths = [f["path"] for f in reports["files"]]
    assert any("/invalid/" in p for p in paths) and any("/hostile/" in p for p in paths)
    assert len(paths) == len(list(SAMPLES.rglob("*.json")))


def test_summary_lists_every_file_with_an_anchor(review, reports):
    items = review.find_elements("css selector", ".file-list li")
    assert len(items) == len(reports["files"])
    for index, (item, report) in enumerate(zip(items, reports["files"])):
        link = item.find_element("css selector", "a")
        assert link.text == report["path"]
        assert link.get_dom_attribute("href") == f"#file-{index}"
        assert review.find_element("id", f"file-{index}").find_element("css selector", "h2 a").text == report["path"]
    totals = review.find_element("css selector", ".totals").text
    summary = reports["summary"]
    assert f"{summary['files']} files" in totals and f"{summary['invalid']} invalid" in totals


def test_every_diagnostic_is_beside_its_file(review, reports):
    for index, report in enumerate(reports["files"]):
        section = review.find_element("id", f"file-{index}")
        articles = section.find_elements("css selector", ".diagnostic")
        assert len(articles) == len(report["diagnostics"]), report["path"]
        for article, diagnostic in zip(articles, report["diagnostics"]):
            headline = article.find_element("css selector", ".headline").text
            assert f"{diagnostic['line']}:{diagnostic['column']}" in headline
            assert f"[{diagnostic['code']}]" in headline and diagnostic["severity"] in headline
            assert "diagnostic " + diagnostic["severity"] in article.get_dom_attribute("class")
            excerpt = article.find_elements("css selector", ".excerpt")
            assert len(excerpt) == (1 if diagnostic["line"] > 0 else 0), report["path"]
            if excerpt:
                assert "^" in excerpt[0].text and f" {diagnostic['line']} |" in excerpt[0].text
            hints = article.find_elements("css selector", ".hint")
            assert len(hints) == (1 if diagnostic.get("hint") else 0)


def test_every_modal_of_every_valid_file_is_drawn(review, reports):
    drawn = 0
    for index, report in enumerate(reports["files"]):
        section = review.find_element("id", f"file-{index}")
        pages = section.find_elements("css selector", "section.page")
        if report["valid"]:
            modals = modals_of(ROOT / report["path"])
            assert len(pages) == len(modals), report["path"]
            assert [len(p.find_elements("css selector", "button")) for p in pages] == [
                len(m.get("buttons", [])) for m in modals]
            drawn += len(pages)
        else:
            assert pages == [] and section.find_element("css selector", ".not-drawn").is_displayed()
    assert drawn >= len(list(SAMPLES.glob("*.json")))


def test_errors_only_filter_hides_valid_files_and_shows_them_again(review, reports):
    sections = [review.find_element("id", f"file-{i}") for i in range(len(reports["files"]))]
    items = review.find_elements("css selector", ".file-list li")
    assert all(s.is_displayed() for s in sections)
    review.find_element("css selector", "label.filter").click()
    assert review.find_element("id", "only-invalid").is_selected()
    for section, item, report in zip(sections, items, reports["files"]):
        assert section.is_displayed() == (not report["valid"]), report["path"]
        assert item.is_displayed() == (not report["valid"]), report["path"]
    review.find_element("css selector", "label.filter").click()
    assert all(s.is_displayed() for s in sections)


def test_the_first_tab_offers_the_summary_and_enter_goes_there(review):
    """The summary is written after the files and shown above them; keyboards follow the markup, so the
    first Tab must reach a link to it, visible once focused, and following it must move the focus there."""
    from selenium.webdriver.common.keys import Keys

    skip = review.find_element("css selector", "a.skip")
    assert not skip.is_displayed() or skip.location["x"] < 0, "hidden until focused"
    review.find_element("tag name", "body").send_keys(Keys.TAB)
    active = review.switch_to.active_element
    assert active.get_dom_attribute("class") == "skip" and active.text == "Go to the summary"
    assert skip.location["x"] >= 0 and skip.is_displayed()
    active.send_keys(Keys.ENTER)
    assert review.switch_to.active_element.get_dom_attribute("id") == "summary"


def test_review_page_runs_no_script(review):
    assert review.execute_script("return document.scripts.length") == 0
    assert review.execute_script("return document.images.length") == 0


def test_text_under_aa_on_the_card_is_outlined_with_its_ratio(open_html):
    """With a theme, each `card-low-contrast` spot is marked in the picture and listed beside it."""
    run = run_modalkit("validate", "--format", "html", "--theme", "light", str(SAMPLES / "welcome.json"))
    assert run.returncode == 0, run.stderr
    review = open_html(run.stdout, "card.html")
    [mark] = review.find_elements("css selector", ".page .low-contrast")
    assert mark.text == "Welcome to Kash"
    assert mark.get_dom_attribute("title").startswith("contrast 1.00:1 (#ffffff on #ffffff)")
    style = review.execute_script(
        "const s = getComputedStyle(arguments[0]); return [s.outlineStyle, s.outlineWidth];", mark)
    assert style == ["dashed", "2px"]
    [article] = review.find_elements("css selector", ".diagnostic")
    assert "[card-low-contrast]" in article.text and "1.00:1" in article.text
    dark = open_html(
        run_modalkit("validate", "--format", "html", "--theme", "dark", str(SAMPLES / "welcome.json")).stdout,
        "card-dark.html")
    assert dark.find_elements("css selector", ".low-contrast") == []
