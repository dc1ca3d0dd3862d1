"""Bad inputs raise a ModalKitError that names the kind of failure; nothing crashes."""

from __future__ import annotations

import pytest

import modalkit
from conftest import ROOT

WELCOME = (ROOT / "samples/welcome.json").read_bytes()


def test_str_and_bytes_are_the_same_document() -> None:
    assert modalkit.validate(WELCOME.decode("utf-8")) == modalkit.validate(WELCOME) == []
    assert modalkit.render(WELCOME.decode("utf-8")) == modalkit.render(WELCOME)


def test_diagnostics_carry_position_pointer_and_hint() -> None:
    data = (ROOT / "samples/invalid/bad-color.json").read_bytes()
    [finding] = modalkit.validate(data)
    assert finding == modalkit.Diagnostic(
        code="invalid-color", severity="error", message='"#12345" is not a colour', line=11, column=18,
        pointer="/0/styles/0/color", hint='"#12345" has 5 hex digits; use 3, 4, 6 or 8',
    )


def test_not_json_is_a_finding_for_validate_and_an_error_for_the_rest() -> None:
    assert [d.code for d in modalkit.validate(b"{not json")] == ["json-syntax"]
    for call in (modalkit.fix, modalkit.render, modalkit.covered_text):
        with pytest.raises(modalkit.NotJSONError) as raised:
            call(b"{not json")
        assert raised.value.status == 4 and "1:2" in str(raised.value)


def test_bad_utf8() -> None:
    assert [d.code for d in modalkit.validate(b'[{"msg": "\xff"}]')] == ["json-utf8"]
    with pytest.raises(modalkit.BadUTF8Error):
        modalkit.fix(b'[{"msg": "\xff"}]')
    with pytest.raises(modalkit.BadUTF8Error):
        modalkit.validate('[{"msg": "\udc80"}]')


def test_too_large() -> None:
    with pytest.raises(modalkit.TooLargeError):
        modalkit.validate(WELCOME, config={"max-bytes": 10})
    big = b" " * (16 * 1024 * 1024 + 1)
    for call in (modalkit.validate, modalkit.fix, modalkit.render):
        with pytest.raises(modalkit.TooLargeError):
            call(big)


@pytest.mark.parametrize("value", [None, 42, 4.5, ["[]"], {"msg": "x"}])
def test_wrong_type(value) -> None:
    for call in (modalkit.validate, modalkit.fix, modalkit.render, modalkit.covered_text):
        with pytest.raises(modalkit.WrongTypeError):
            call(value)
    with pytest.raises(TypeError):
        modalkit.validate(value)


def test_wrong_argument_types_and_values() -> None:
    with pytest.raises(modalkit.WrongTypeError):
        modalkit.render(WELCOME, width="60")
    with pytest.raises(modalkit.ArgumentError):
        modalkit.render(WELCOME, width=2**40)
    for width in (0, 9, 1001):
        with pytest.raises(modalkit.ArgumentError, match=f"from 10 to 1000 cells, not {width}"):
            modalkit.render(WELCOME, width=width)
    assert modalkit.render(WELCOME, width=10).count("\n") > modalkit.render(WELCOME, width=1000).count("\n")
    with pytest.raises(modalkit.ArgumentError) as raised:
        modalkit.render(WELCOME, format="pdf")
    assert "plain" in str(raised.value)
    with pytest.raises(modalkit.ArgumentError):
        modalkit.render(WELCOME, theme="sepia")
    with pytest.raises(modalkit.OptionsError) as raised:
        modalkit.validate(WELCOME, config={"selct": []})
    assert "select" in str(raised.value)
    with pytest.raises(modalkit.OptionsError):
        modalkit.validate(WELCOME, select=["no-such-code"])


def test_invalid_document_cannot_render() -> None:
    data = (ROOT / "samples/invalid/bad-color.json").read_bytes()
    with pytest.raises(modalkit.InvalidDocumentError) as raised:
        modalkit.render(data)
    assert "invalid-color" in str(raised.value)


def test_every_failure_is_a_modalkit_error() -> None:
    for bad in (lambda: modalkit.fix(b"["), lambda: modalkit.render(3), lambda: modalkit.render(WELCOME, "x")):
        with pytest.raises(modalkit.ModalKitError):
            bad()


def test_empty_and_hostile_inputs() -> None:
    assert [d.code for d in modalkit.validate(b"")] == ["json-syntax"]
    for path in sorted((ROOT / "samples/hostile").glob("*.json")):
        data = path.read_bytes()
        for name in ("plain", "ansi", "svg", "json", "html"):
            assert modalkit.render(data, name, 40)
        assert "\x1b]" not in modalkit.render(data, "plain")


def test_covered_text_counts_utf16() -> None:
    data = '[{"msg": "😀 hi there", "styles": [{"apply_to": {"from": 3, "length": 2}}]}]'
    assert modalkit.covered_text(data) == [[modalkit.CoveredText(3, 2, "hi")]]


def test_fix_converts_a_range_counted_in_code_points() -> None:
    data = '[{"msg": "😀😀 deal\\n\\nSave now", "styles": [{"apply_to": {"from": 3, "length": 4}, "bold": true}]}]'
    fixed = modalkit.fix(data)
    assert fixed != data.encode()
    assert not [d for d in modalkit.validate(fixed) if d.severity == "error"]


def test_version() -> None:
    assert modalkit.__version__.count(".") == 2
