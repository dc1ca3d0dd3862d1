"""Published diagnostics equal `modalkit validate --format json` for every sample, in codes, severities,
messages, hints and positions; positions are right in UTF-16 and in UTF-8."""

import pathlib
import re

import pytest
from lsprotocol import types

from conftest import SAMPLES, open_document, validate_json

ALL_SAMPLES = sorted(p for p in SAMPLES.rglob("*.json"))
SEVERITY = {"error": 1, "warning": 2, "note": 3}


def lines_of(text: str) -> list[str]:
    # Lines end at \n, \r\n or a lone \r, as both the protocol and `modalkit validate` count them.
    return re.split(r"\r\n|\r|\n", text)


def expected_character(text: str, line: int, scalar_column: int, encoding: str) -> int:
    prefix = lines_of(text)[line - 1][: scalar_column - 1]
    if encoding == "utf-8":
        return len(prefix.encode("utf-8"))
    return len(prefix.encode("utf-16-le")) // 2


def check_against_validate(published, text: str, tmp_path: pathlib.Path, encoding: str):
    # The editor sends text, not bytes (invalid UTF-8 arrives replaced), so validate what was sent.
    copy = tmp_path / "as-sent.json"
    copy.write_bytes(text.encode("utf-8"))
    expected = validate_json(copy)
    assert [d.code for d in published] == [d["code"] for d in expected]
    for got, want in zip(published, expected):
        assert got.severity == SEVERITY[want["severity"]], want
        message = want["message"] + (f"\nhint: {want['hint']}" if want["hint"] else "")
        assert got.message == message
        assert got.range.start.line == want["line"] - 1, want
        assert got.range.start.character == expected_character(text, want["line"], want["column"], encoding), want
        assert got.source == "modalkit"
        assert got.code_description is not None
        href = got.code_description.href
        assert href.split("#")[0].endswith("/FORMAT.md") and href.split("#")[-1] in FORMAT_ANCHORS, href


def heading_anchors(markdown):
    """The anchors GitHub gives FORMAT.md's headings: lower case, punctuation dropped, spaces as hyphens."""
    anchors = set()
    for line in markdown.splitlines():
        if line.startswith("#"):
            title = line.lstrip("#").strip().lower()
            anchors.add(re.sub(r"[^a-z0-9 _-]", "", title).replace(" ", "-"))
    return anchors


FORMAT_ANCHORS = heading_anchors((SAMPLES.parent / "FORMAT.md").read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", ALL_SAMPLES, ids=[str(p.relative_to(SAMPLES)) for p in ALL_SAMPLES])
async def test_every_sample_matches_validate_in_utf16(client, path, tmp_path):
    text = path.read_bytes().decode("utf-8", errors="replace")
    uri = await open_document(client, path, text)
    check_against_validate(client.diagnostics[uri], text, tmp_path, "utf-16")


@pytest.mark.parametrize("path", ALL_SAMPLES, ids=[str(p.relative_to(SAMPLES)) for p in ALL_SAMPLES])
async def test_every_sample_matches_validate_in_utf8(utf8_client, path, tmp_path):
    text = path.read_bytes().decode("utf-8", errors="replace")
    uri = await open_document(utf8_client, path, text)
    check_against_validate(utf8_client.diagnostics[uri], text, tmp_path, "utf-8")


def test_invalid_samples_have_findings():
    # The parity above would pass vacuously if the invalid samples had none.
    for path in sorted((SAMPLES / "invalid").glob("*.json")):
        assert validate_json(path), path


EMOJI_LINE = '{"msg": "🎉👍🏽 party", "styles": [{"apply_to": {"from": 0, "length": 2}, "color": "#12345"}]}\n'


async def test_position_after_emoji_in_utf16(client, tmp_path):
    uri = await open_document(client, tmp_path / "emoji.json", EMOJI_LINE)
    [diagnostic] = client.diagnostics[uri]
    assert diagnostic.code == "invalid-color"
    before = EMOJI_LINE[: EMOJI_LINE.index('"#12345"')]
    # 🎉 and 👍 and 🏽 are two UTF-16 units each: the scalar column would be 5 units short.
    assert diagnostic.range.start == types.Position(line=0, character=len(before.encode("utf-16-le")) // 2)
    assert diagnostic.range.end.character - diagnostic.range.start.character == len('"#12345"')
    assert len(before.encode("utf-16-le")) // 2 == len(before) + 3


async def test_position_after_emoji_in_utf8(utf8_client, tmp_path):
    uri = await open_document(utf8_client, tmp_path / "emoji.json", EMOJI_LINE)
    [diagnostic] = utf8_client.diagnostics[uri]
    before = EMOJI_LINE[: EMOJI_LINE.index('"#12345"')]
    assert diagnostic.range.start == types.Position(line=0, character=len(before.encode("utf-8")))
    assert diagnostic.range.end.character - diagnostic.range.start.character == len('"#12345"')


async def test_related_information_points_at_the_first_of_two_keys(client, tmp_path):
    text = '{\n  "msg": "a",\n  "msg": "b"\n}\n'
    uri = await open_document(client, tmp_path / "twice.json", text)
    [diagnostic] = client.diagnostics[uri]
    assert diagnostic.code == "duplicate-key"
    assert diagnostic.range.start.line == 2
    [related] = diagnostic.related_information
    assert related.location.uri == uri
    assert related.location.range.start == types.Position(line=1, character=2)


async def test_config_above_the_document_is_honoured_and_rechecked(client, tmp_path):
    modal = '{"msg": "Hi", "styles": [{"apply_to": {"from": 0, "length": 2}, "color": "#ff0000", "bg_color": "#fe0000"}], "lenght": 1}\n'
    folder = tmp_path / "project" / "modals"
    folder.mkdir(parents=True)
    config = tmp_path / "project" / ".modalkit.json"
    config.write_text('{"ignore": [{"code": "unknown-key"}], "profile": "16"}')
    uri = await open_document(client, folder / "m.json", modal)
    codes = sorted(d.code for d in client.diagnostics[uri])
    assert "unknown-key" not in codes
    assert "profile-colors-merge" in codes  # the profile adds the 16-colour checks
    config.write_text('{"ignore": []}')
    client.diagnostics.pop(uri)
    client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(
            changes=[types.FileEvent(uri=config.as_uri(), type=types.FileChangeType.Changed)]
        )
    )
    from conftest import wait_for_diagnostics

    codes = sorted(d.code for d in await wait_for_diagnostics(client, uri))
    assert "unknown-key" in codes and "profile-colors-merge" not in codes


async def test_config_select_reports_only_its_codes(client, tmp_path):
    modal = '{"msg": "Hi", "styles": [{"apply_to": {"from": 0, "length": 0}}], "lenght": 1}\n'
    folder = tmp_path / "selecting"
    folder.mkdir()
    (folder / ".modalkit.json").write_text('{"select": ["range-empty"]}')
    uri = await open_document(client, folder / "m.json", modal)
    assert [d.code for d in client.diagnostics[uri]] == ["range-empty"]


async def test_incremental_and_full_changes_are_both_applied(client, tmp_path):
    from conftest import wait_for_diagnostics

    text = '{"msg": "🎉 Hi", "styles": [{"apply_to": {"from": 0, "length": 6}}]}'
    uri = await open_document(client, tmp_path / "edit.json", text)
    assert [d.code for d in client.diagnostics[uri]] == ["range-out-of-bounds"]
    # Replace the 6 after "length": with 5, by a UTF-16 range on a line with an emoji before it.
    at = len(text[: text.index("6}}")].encode("utf-16-le")) // 2
    client.diagnostics.pop(uri)
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[
                types.TextDocumentContentChangePartial(
                    range=types.Range(start=types.Position(0, at), end=types.Position(0, at + 1)), text="5"
                )
            ],
        )
    )
    assert list(await wait_for_diagnostics(client, uri)) == []
    client.diagnostics.pop(uri)
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=3),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text="[")],
        )
    )
    assert [d.code for d in await wait_for_diagnostics(client, uri)] == ["json-syntax"]
