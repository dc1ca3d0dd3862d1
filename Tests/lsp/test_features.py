"""Hover, inlay hints, colours, code actions, formatting, completion and symbols, through a real client."""

import json

import pytest
from lsprotocol import types

from conftest import SAMPLES, open_document, wait_for_diagnostics

MODAL = """[
  {
    "msg": "Hi 👋🏽 there\\u200d!\\nSecond line",
    "styles": [
      {"apply_to": {"from": 0, "length": 7}, "font_style": "bold", "color": "#ff000080"},
      {"apply_to": {"from": 3, "length": 11}, "color": "rebeccapurple"}
    ],
    "buttons": [
      {"label": "OK", "action": "kash://invoke/cmd/refresh", "bg_color": "#3478f6"}
    ]
  }
]
"""


def position_of(text: str, needle: str, offset: int = 0) -> types.Position:
    index = text.index(needle) + offset
    before = text[:index]
    line = before.count("\n")
    column = before[before.rfind("\n") + 1 :]
    return types.Position(line=line, character=len(column.encode("utf-16-le")) // 2)


def identifier(uri):
    return types.TextDocumentIdentifier(uri=uri)


async def hover(client, uri, position):
    return await client.text_document_hover_async(
        types.HoverParams(text_document=identifier(uri), position=position)
    )


async def test_hover_on_a_range_shows_the_text_counts_and_style(client, tmp_path):
    uri = await open_document(client, tmp_path / "m.json", MODAL)
    result = await hover(client, uri, position_of(MODAL, '"from": 3'))
    text = result.contents.value
    # Units 3–14 are the waving hand with its skin tone (4 units), a space, "there" and a joiner.
    assert "``👋🏽 there\\u{200D}``" in text or "`👋🏽 there\\u{200D}`" in text
    assert "UTF-16 units 3–14 (11) · 9 code points · 7 graphemes" in text
    assert "varies over the range: bold, colour #663399; then colour #663399" in text
    result = await hover(client, uri, position_of(MODAL, '"apply_to": {"from": 0'))
    assert "UTF-16 units 0–7 (7)" in result.contents.value
    assert "`apply_to`:" in result.contents.value


async def test_hover_on_msg_draws_the_modal(client, tmp_path):
    uri = await open_document(client, tmp_path / "m.json", MODAL)
    result = await hover(client, uri, position_of(MODAL, '"Hi'))
    value = result.contents.value
    assert "```text\n" in value and "Second line" in value and "OK" in value
    drawn = value.split("```text\n")[1].split("```")[0].splitlines()
    # 36 cells wide: the frame's top and bottom are 36 box-drawing characters.
    assert len(drawn[0]) == 36 and drawn[0].startswith("┌") and drawn[-1].startswith("└")


async def test_hover_on_a_key_and_an_enum_value_gives_its_meaning(client, tmp_path):
    uri = await open_document(client, tmp_path / "m.json", MODAL)
    result = await hover(client, uri, position_of(MODAL, '"font_style"', 2))
    assert result.contents.value.startswith("`font_style`: The font")
    result = await hover(client, uri, position_of(MODAL, '"bold"', 2))
    assert "`bold`: Turns bold on and italic off." in result.contents.value
    result = await hover(client, uri, position_of(MODAL, '"kash:', 2))
    assert "app command `refresh` (scheme `kash`)" in result.contents.value


async def test_inlay_hints_show_the_covered_text(client, tmp_path):
    uri = await open_document(client, tmp_path / "m.json", MODAL)
    hints = await client.text_document_inlay_hint_async(
        types.InlayHintParams(
            text_document=identifier(uri),
            range=types.Range(start=types.Position(0, 0), end=types.Position(20, 0)),
        )
    )
    labels = [h.label for h in hints]
    assert labels == ["“Hi 👋🏽”", "“👋🏽 there\\u{200D}”"]
    assert hints[0].position == position_of(MODAL, ', "font_style"')


async def test_colours_and_their_presentations(client, tmp_path):
    uri = await open_document(client, tmp_path / "m.json", MODAL)
    colours = await client.text_document_document_color_async(
        types.DocumentColorParams(text_document=identifier(uri))
    )
    assert len(colours) == 3
    first = colours[0]
    assert first.range.start == position_of(MODAL, "#ff000080")
    assert (first.color.red, first.color.green, first.color.blue) == (1, 0, 0)
    assert abs(first.color.alpha - 128 / 255) < 1e-9
    presentations = await client.text_document_color_presentation_async(
        types.ColorPresentationParams(text_document=identifier(uri), color=first.color, range=first.range)
    )
    assert [p.label for p in presentations] == ["#ff000080"]
    opaque = types.Color(red=0.2, green=0.4, blue=0.6, alpha=1.0)
    presentations = await client.text_document_color_presentation_async(
        types.ColorPresentationParams(text_document=identifier(uri), color=opaque, range=first.range)
    )
    assert [p.text_edit.new_text for p in presentations] == ["#336699"]


async def code_actions(client, uri, diagnostics, only=None):
    start = min((d.range.start for d in diagnostics), key=lambda p: (p.line, p.character))
    end = max((d.range.end for d in diagnostics), key=lambda p: (p.line, p.character))
    return await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=identifier(uri),
            range=types.Range(start=start, end=end),
            context=types.CodeActionContext(diagnostics=list(diagnostics), only=only),
        )
    )


def apply_edits(text: str, edits) -> str:
    lines = text.split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line.encode("utf-16-le")) // 2 + 1)
    units = text.encode("utf-16-le")

    def index(position):
        return 2 * (offsets[position.line] + position.character)

    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        units = units[: index(edit.range.start)] + edit.new_text.encode("utf-16-le") + units[index(edit.range.end) :]
    return units.decode("utf-16-le")


@pytest.mark.parametrize("name", ["unknown-key-typo.json", "range-splits-surrogate.json"])
async def test_quick_fixes_equal_modalkit_fix(client, name, tmp_path):
    import subprocess

    from conftest import BINARY

    path = SAMPLES / "invalid" / name
    text = path.read_text()
    uri = await open_document(client, path, text)
    actions = await code_actions(client, uri, client.diagnostics[uri])
    # The "Ignore CODE in this file" actions edit the config, not the document (test_config.py covers them).
    quick = [a for a in actions if a.kind == types.CodeActionKind.QuickFix and not a.title.startswith("Ignore ")]
    assert quick and all(a.diagnostics for a in quick)
    fixed = apply_edits(text, [e for a in quick for e in a.edit.changes[uri]])
    expected = subprocess.run([BINARY, "fix", "-"], input=text, capture_output=True, text=True).stdout
    assert fixed == expected
    [fix_all] = [a for a in actions if a.kind == "source.fixAll.modalkit"]
    assert apply_edits(text, fix_all.edit.changes[uri]) == expected
    only = await code_actions(client, uri, client.diagnostics[uri], only=[types.CodeActionKind.SourceFixAll])
    assert [a.kind for a in only] == ["source.fixAll.modalkit"]


async def test_formatting_is_stable_and_refuses_what_does_not_parse(client, tmp_path):
    uri = await open_document(client, tmp_path / "m.json", '{"msg":"Hi","styles":[ ],"x":1.0}')
    options = types.FormattingOptions(tab_size=2, insert_spaces=True)
    edits = await client.text_document_formatting_async(
        types.DocumentFormattingParams(text_document=identifier(uri), options=options)
    )
    [edit] = edits
    formatted = edit.new_text
    assert formatted == '{\n  "msg": "Hi",\n  "styles": [],\n  "x": 1\n}\n'
    assert json.loads(formatted) == {"msg": "Hi", "styles": [], "x": 1}
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=formatted)],
        )
    )
    again = await client.text_document_formatting_async(
        types.DocumentFormattingParams(text_document=identifier(uri), options=options)
    )
    assert list(again) == []
    broken = await open_document(client, tmp_path / "broken.json", '{"msg": "Hi",')
    with pytest.raises(Exception) as raised:
        await client.text_document_formatting_async(
            types.DocumentFormattingParams(text_document=identifier(broken), options=options)
        )
    assert "not JSON" in str(raised.value)


async def completion_labels(client, uri, text, needle, offset):
    result = await client.text_document_completion_async(
        types.CompletionParams(text_document=identifier(uri), position=position_of(text, needle, offset))
    )
    return [item.label for item in result.items], result


async def test_completion_offers_keys_values_colours_and_actions(client, tmp_path):
    other = '[{"msg": "x", "buttons": [{"label": "Go", "action": "shop://invoke/cmd/openCart"}]}]'
    await open_document(client, tmp_path / "other.json", other)
    text = '[{"msg": "Hi", "styles": [{"apply_to": {"from": 0, "length": 2}, "font_style": "", "color": "reb", "": 1}],\n "buttons": [{"label": "x", "action": ""}], "" : 1}]'
    uri = await open_document(client, tmp_path / "c.json", text)
    labels, _ = await completion_labels(client, uri, text, '"font_style": ""', len('"font_style": "'))
    assert labels == ["normal", "bold", "italic", "bold_italic", "underline", "strikethrough"]
    labels, result = await completion_labels(client, uri, text, '"reb"', 4)
    assert "rebeccapurple" in labels and "red" in labels
    item = result.items[labels.index("rebeccapurple")]
    assert item.text_edit.range.start == position_of(text, '"reb"', 1)
    labels, _ = await completion_labels(client, uri, text, '"": 1}]', 1)
    assert labels == ["underline", "strikethrough", "font_size", "bg_color", "link"]
    labels, _ = await completion_labels(client, uri, text, '"action": ""', len('"action": "'))
    assert labels[:3] == ["close", "next", "prev"]
    assert "shop://invoke/cmd/openCart" in labels and "https://" in labels
    labels, _ = await completion_labels(client, uri, text, '"" : 1}]', 1)
    assert labels == ["text_align", "max_lines", "direction"]


async def test_document_symbols_outline_modals_styles_and_buttons(client, tmp_path):
    uri = await open_document(client, tmp_path / "m.json", MODAL)
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=identifier(uri))
    )
    [modal] = symbols
    assert modal.name == "modal 0"
    assert [child.name for child in modal.children] == ["style 0", "style 1", "button “OK”"]
    assert modal.children[0].detail == "Hi 👋🏽"


@pytest.mark.parametrize(
    "text, code, fixed",
    [
        ('{"msg": "Hi", "buttons": [{"label": "OK", "action": "Close"}]}', "builtin-action-case", '"action": "close"'),
        ('{"msg": "Hi", "styles": [{"apply_to": {"from": 0, "length": 2}, "color": "gren"}]}', "invalid-color", '"color": "green"'),
        ('{"msg": "a👍🏽b", "styles": [{"apply_to": {"from": 1, "length": 2}}]}', "range-splits-grapheme", '{"from": 1, "length": 4}'),
    ],
)
async def test_suggested_quick_fixes_for_actions_colours_and_graphemes(client, tmp_path, text, code, fixed):
    uri = await open_document(client, tmp_path / "s.json", text)
    diagnostics = [d for d in client.diagnostics[uri] if d.code == code]
    assert diagnostics
    actions = await code_actions(client, uri, diagnostics)
    [quick] = [a for a in actions if a.kind == types.CodeActionKind.QuickFix and not a.title.startswith("Ignore ")]
    assert [d.code for d in quick.diagnostics] == [code]
    assert fixed in apply_edits(text, quick.edit.changes[uri])
    # Not certain, so not part of what `modalkit fix` (and fix all) changes.
    assert not any(a.kind == "source.fixAll.modalkit" for a in actions)


async def test_request_positions_are_read_in_the_negotiated_utf8(utf8_client, tmp_path):
    text = '{"msg": "🎉👍🏽 party", "styles": [{"apply_to": {"from": 0, "length": 2}, "font_style": "bold"}]}'
    uri = await open_document(utf8_client, tmp_path / "u.json", text)
    before = text[: text.index('"from"') + 1]
    # Read as UTF-16, this offset would land 6 units further on, past the key "from" on its value.
    result = await hover(utf8_client, uri, types.Position(line=0, character=len(before.encode("utf-8"))))
    assert result.contents.value.startswith("`from`:")
    assert result.range.start.character == len(text[: text.index('"from"')].encode("utf-8"))
