"""`modalkit validate --format html samples` in Chromium: every file, diagnostic and modal is on the page, next
to what `validate --format json` reports, in the order errors, warnings, valid; the search and filters work
when used, and the page reads without a script."""

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


OPEN_ALL = "document.querySelectorAll('li.file.valid>a').forEach(a => a.click())"


def group_of(report) -> str:
    if not report["valid"]:
        return "invalid"
    return "warned" if any(d["severity"] == "warning" for d in report["diagnostics"]) else "valid"


def test_every_file_has_its_anchor_and_the_summary_lists_those_to_look_at(review, reports):
    listed = [a.text for a in review.find_elements("css selector", ".file-list li a")]
    assert listed == [r["path"] for r in reports["files"] if group_of(r) != "valid"]
    for index, report in enumerate(reports["files"]):
        element = review.find_element("id", f"file-{index}")
        link = element.find_element("css selector", "a")
        assert link.text == report["path"] and link.get_dom_attribute("href") == f"#file-{index}"
    totals = review.find_element("css selector", ".totals").text
    summary = reports["summary"]
    assert f"{summary['files']} files" in totals and f"{summary['invalid']} invalid" in totals


def test_files_with_errors_come_first_then_warnings_then_valid(review, reports):
    order = review.execute_script("return Array.from(document.querySelectorAll('main .file')).map(f => f.id)")
    groups = [group_of(reports["files"][int(i.split("-")[1])]) for i in order]
    rank = {"invalid": 0, "warned": 1, "valid": 2}
    assert [rank[g] for g in groups] == sorted(rank[g] for g in groups) and len(order) == len(reports["files"])
    first = review.find_element("css selector", "main .file")
    assert first.location["y"] < 1200, "the first file with errors is on the first screen"


def test_every_diagnostic_is_beside_its_file(review, reports):
    review.execute_script(OPEN_ALL)
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
                assert excerpt[0].get_dom_attribute("tabindex") == "0" and excerpt[0].get_dom_attribute("aria-label")
            hints = article.find_elements("css selector", ".hint")
            assert len(hints) == (1 if diagnostic.get("hint") else 0)


def test_every_modal_of_every_valid_file_is_drawn_once_opened(review, reports):
    assert review.find_elements("css selector", "li.file.valid section.page") == [], "closed lines draw nothing"
    review.execute_script(OPEN_ALL)
    drawn = 0
    for index, report in enumerate(reports["files"]):
        section = review.find_element("id", f"file-{index}")
        pages = section.find_elements("css selector", "section.page")
        if report["valid"]:
            modals = modals_of(ROOT / report["path"])
            assert len(pages) == len(modals), report["path"]
            assert [len(p.find_elements("css selector", "button")) for p in pages] == [
                len(m.get("buttons", [])) for m in modals]
            assert all(p.find_element("css selector", "[role=dialog]").is_displayed() for p in pages)
            drawn += len(pages)
        else:
            assert pages == [] and section.find_element("css selector", ".not-drawn").is_displayed()
    assert drawn >= len(list(SAMPLES.glob("*.json")))
    line = review.find_element("css selector", "li.file.valid>a")
    line.click()
    assert not line.find_element("xpath", "..").find_element("css selector", ".file-body").is_displayed()


def test_group_filters_leave_only_files_with_errors_and_bring_the_rest_back(review, reports):
    files = [review.find_element("id", f"file-{i}") for i in range(len(reports["files"]))]
    filters = review.find_elements("css selector", ".group-filter")
    assert len(filters) == 3 and all(f.is_displayed() for f in filters)
    filters[1].click()
    filters[2].click()
    for element, report in zip(files, reports["files"]):
        assert element.is_displayed() == (not report["valid"]), report["path"]
    invalid = sum(not r["valid"] for r in reports["files"])
    assert review.find_element("id", "shown").text == f"showing {invalid} of {len(files)} files"
    filters[1].click()
    filters[2].click()
    assert all(f.is_displayed() for f in files)


def test_search_and_the_code_filter_find_files(review, reports):
    search = review.find_element("id", "search")
    search.send_keys("invalid-color")
    with_code = [i for i, r in enumerate(reports["files"]) if any(d["code"] == "invalid-color" for d in r["diagnostics"])]
    assert with_code
    shown = [i for i in range(len(reports["files"])) if review.find_element("id", f"file-{i}").is_displayed()]
    assert set(with_code) <= set(shown)
    search.clear()
    search.send_keys("rtl-notice")
    shown = [reports["files"][i]["path"] for i in range(len(reports["files"]))
             if review.find_element("id", f"file-{i}").is_displayed()]
    assert shown == ["samples/rtl-notice.json"] or all("rtl-notice" in p for p in shown)
    search.clear()
    review.execute_script("document.getElementById('search').dispatchEvent(new Event('input', {bubbles: true}))")
    from selenium.webdriver.support.ui import Select
    Select(review.find_element("id", "code")).select_by_value("invalid-color")
    shown = [i for i in range(len(reports["files"])) if review.find_element("id", f"file-{i}").is_displayed()]
    assert shown == with_code


def test_every_file_leads_back_to_the_summary(review, reports):
    review.execute_script(OPEN_ALL)
    for index in range(len(reports["files"])):
        back = review.find_element("id", f"file-{index}").find_elements("css selector", "a.back")
        assert len(back) == 1 and back[0].get_dom_attribute("href") == "#summary"
    nav = review.find_element("css selector", "nav.to-summary a")
    assert nav.is_displayed()
    nav.click()
    assert review.execute_script("return location.hash") == "#summary"


def test_the_page_reads_without_a_script(tmp_path):
    """With scripting off, the controls stay hidden and a valid file's line shows its pictures when followed."""
    from conftest import missing_tooling, CHROMIUM, CHROMEDRIVER
    import os
    if missing_tooling():
        if os.environ.get("CI"):
            pytest.fail(f"the browser tests need {missing_tooling()}; CI must install it")
        pytest.skip(f"the browser tests need {missing_tooling()}")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1600,1200"]:
        options.add_argument(argument)
    options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    try:
        page = tmp_path / "review.html"
        page.write_text(run_modalkit("validate", "--format", "html", str(SAMPLES)).stdout, encoding="utf-8")
        driver.get(page.as_uri())
        assert not driver.find_element("css selector", "form.controls").is_displayed()
        line = driver.find_element("css selector", "li.file.valid")
        assert line.find_elements("css selector", "section.page") != [], "parsed as markup without a script"
        assert not line.find_element("css selector", "section.page").is_displayed()
        # Following the line's link makes it the target, which shows its pictures.
        driver.get(page.as_uri() + "#" + line.get_dom_attribute("id"))
        line = driver.find_element("id", line.get_dom_attribute("id"))
        assert line.find_element("css selector", "[role=dialog]").is_displayed()
    finally:
        driver.quit()


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
