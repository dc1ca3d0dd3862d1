"""Between ranges and words: definition, highlight, references, the selection's code actions, formatting with
the editor's options, range formatting, escapes kept, and inlay labels, through a real client."""

import json
import random

from lsprotocol import types

from conftest import open_document, validate_json
from test_features import apply_edits, identifier, position_of

# Decoded: "Hi " LF é 😀 (two units) " " '"' "q" '"' " end" — escapes of every shape in the source.
MODAL = r"""[
  {
    "msg": "Hi \n\u00e9\ud83d\ude00 \"q\" end",
    "styles": [
      {"apply_to": {"from": 3, "length": 2}, "font_style": "bold"},
      {"apply_to": {"from": 5, "length": 2}, "underline": true},
      {"apply_to": {"from": 8, "length": 7}, "strikethrough": true}
    ]
  }
]
"""


def text_at(text: str, range_: types.Range) -> str:
    """The text a protocol range (UTF-16 columns) covers."""
    lines = text.split("\n")
    assert range_.start.line == range_.end.line
    units = lines[range_.start.line].encode("utf-16-le")
    return units[2 * range_.start.character : 2 * range_.end.character].decode("utf-16-le")


async def definition(client, uri, position):
    return await client.text_document_definition_async(
        types.DefinitionParams(text_document=identifier(uri), position=position)
    )


async def test_definition_lands_on_the_escapes_a_range_covers(client, tmp_path):
    uri = await open_document(client, tmp_path / "m.json", MODAL)
    for needle, offset in [('"apply_to": {"from": 3', 3), ('"from": 3', 1), ('3, "length"', 0), ("2}, \"font", 0)]:
        [location] = await definition(client, uri, position_of(MODAL, needle, offset))
        assert location.uri == uri
        assert text_at(MODAL, location.range) == r"\n\u00e9", needle
    [pair] = await definition(client, uri, position_of(MODAL, '"from": 5'))
    assert text_at(MODAL, pair.range) == r"\ud83d\ude00"
    [clipped] = await definition(client, uri, position_of(MODAL, '"from": 8'))
    assert text_at(MODAL, clipped.range) == r"\"q\" end"
    assert await definition(client, uri, position_of(MODAL, '"font_style"', 2)) is None


async def test_highlight_and_references_go_from_a_word_to_its_styles(client, tmp_path):
    uri = await open_document(client, tmp_path / "m.json", MODAL)
    # Inside the low half's escape of the emoji: the style over the emoji.
    at = position_of(MODAL, r"\ude00", 3)
    highlights = await client.text_document_document_highlight_async(
        types.DocumentHighlightParams(text_document=identifier(uri), position=at)
    )
    shown = [(text_at(MODAL, h.range), h.kind) for h in highlights]
    assert shown == [
        ('{"from": 5, "length": 2}', types.DocumentHighlightKind.Read),
        (r"\ud83d\ude00", types.DocumentHighlightKind.Text),
    ]
    # On the escaped quote before q: the style from 8 only; with the declaration, the character first.
    at = position_of(MODAL, r"\"q", 1)
    references = await client.text_document_references_async(
        types.ReferenceParams(
            text_document=identifier(uri), position=at, context=types.ReferenceContext(include_declaration=True)
        )
    )
    assert [text_at(MODAL, r.range) for r in references] == [r"\"", '{"from": 8, "length": 7}']
    references = await client.text_document_references_async(
        types.ReferenceParams(
            text_document=identifier(uri), position=at, context=types.ReferenceContext(include_declaration=False)
        )
    )
    assert [text_at(MODAL, r.range) for r in references] == ['{"from": 8, "length": 7}']
    # On an apply_to: it and its words.
    highlights = await client.text_document_document_highlight_async(
        types.DocumentHighlightParams(text_document=identifier(uri), position=position_of(MODAL, '"from": 3'))
    )
    assert [text_at(MODAL, h.range) for h in highlights] == ['{"from": 3, "length": 2}', r"\n\u00e9"]


async def selection_actions(client, uri, start, end):
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=identifier(uri),
            range=types.Range(start=start, end=end),
            context=types.CodeActionContext(diagnostics=[]),
        )
    )
    return {a.title: a for a in actions if a.kind == "refactor.rewrite"}


async def test_the_three_selection_actions(client, tmp_path):
    path = tmp_path / "m.json"
    uri = await open_document(client, path, MODAL)
    # The selection starts inside `\n` and ends inside `\u00e9`: it widens to both whole characters, and the
    # style from 3 (over exactly those) is not offered for extension; the style from 5 touches it.
    actions = await selection_actions(client, uri, position_of(MODAL, r"\n\u00e9", 1), position_of(MODAL, r"\u00e9", 2))
    assert set(actions) == {"Style the selection", "Link the selection", "Extend style 1 (“😀”) to the selection"}
    styled = apply_edits(MODAL, actions["Style the selection"].edit.changes[uri])
    document = json.loads(styled)
    assert document[0]["styles"][-1] == {"apply_to": {"from": 3, "length": 2}, "font_style": "bold"}
    assert '\n      {"apply_to": {"from": 3, "length": 2}, "font_style": "bold"}\n    ]' in styled
    path.write_text(styled)
    assert validate_json(path) == []
    linked = json.loads(apply_edits(MODAL, actions["Link the selection"].edit.changes[uri]))
    assert linked[0]["styles"][-1] == {"apply_to": {"from": 3, "length": 2}, "link": "https://example.com"}
    path.write_text(json.dumps(linked))
    assert validate_json(path) == []
    extended = json.loads(apply_edits(MODAL, actions["Extend style 1 (“😀”) to the selection"].edit.changes[uri]))
    assert extended[0]["styles"][1]["apply_to"] == {"from": 3, "length": 4}
    # Outside msg, and with `only` asking for quick fixes: none.
    assert await selection_actions(client, uri, position_of(MODAL, '"styles"'), position_of(MODAL, '"styles"', 4)) == {}
    only = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=identifier(uri),
            range=types.Range(start=position_of(MODAL, "Hi"), end=position_of(MODAL, "Hi", 2)),
            context=types.CodeActionContext(diagnostics=[], only=[types.CodeActionKind.QuickFix]),
        )
    )
    assert list(only or []) == []


async def test_styling_a_random_selection_covers_the_selected_text(client, tmp_path):
    """Random messages with escapes; each random selection's new style covers the selected decoded text."""
    pieces = [("a", "a"), (" ", " "), (r"\n", "\n"), (r"\"", '"'), (r"\u00e9", "é"), (r"\ud83d\ude00", "😀"),
              ("日", "日"), ("é", "é"), ("😀", "😀"), (r"\t", "\t"), ("b", "b")]
    rng = random.Random(46)
    path = tmp_path / "r.json"
    for round_ in range(25):
        chosen = [rng.choice(pieces) for _ in range(rng.randint(2, 10))]
        source = "".join(p[0] for p in chosen)
        text = '{"msg": "' + source + '"}\n'
        uri = await open_document(client, path, text, version=round_ + 1)
        # Select whole pieces, so the expected text is known without widening.
        first = rng.randrange(len(chosen))
        last = rng.randrange(first, len(chosen)) + 1
        prefix = '{"msg": "' + "".join(p[0] for p in chosen[:first])
        selected = "".join(p[0] for p in chosen[first:last])
        start = types.Position(0, len(prefix.encode("utf-16-le")) // 2)
        end = types.Position(0, start.character + len(selected.encode("utf-16-le")) // 2)
        actions = await selection_actions(client, uri, start, end)
        styled = json.loads(apply_edits(text, actions["Style the selection"].edit.changes[uri]))
        message = styled["msg"].encode("utf-16-le")
        apply_to = styled["styles"][-1]["apply_to"]
        covered = message[2 * apply_to["from"] : 2 * (apply_to["from"] + apply_to["length"])].decode("utf-16-le")
        assert covered == "".join(p[1] for p in chosen[first:last]), (source, first, last)
        client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=identifier(uri)))


async def format_with(client, uri, tab_size, insert_spaces):
    return await client.text_document_formatting_async(
        types.DocumentFormattingParams(
            text_document=identifier(uri),
            options=types.FormattingOptions(tab_size=tab_size, insert_spaces=insert_spaces),
        )
    )


async def test_formatting_with_tabs_or_spaces_keeps_escapes(client, tmp_path):
    text = '{"msg": "a\\u202eb\u200fc\\u2028d\u200b", "styles": [{"apply_to": {"from": 0, "length": 1}, "underline": true}]}'
    uri = await open_document(client, tmp_path / "m.json", text)
    [tabs] = await format_with(client, uri, 4, False)
    lines = tabs.new_text.split("\n")
    assert lines[1] == '\t"msg": "a\\u202eb\\u200fc\\u2028d\\u200b",'
    assert lines[4] == '\t\t\t"apply_to": {'
    assert all(line.startswith("\t") for line in lines[1:-2])
    for hidden in "\u202e\u200f\u2028\u200b":
        assert hidden not in tabs.new_text
    [spaces] = await format_with(client, uri, 4, True)
    assert spaces.new_text.split("\n")[4] == '            "apply_to": {'
    # Formatting its own output changes nothing, for either option.
    for tab_size, insert_spaces, formatted in [(4, False, tabs.new_text), (4, True, spaces.new_text)]:
        client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=tab_size + insert_spaces + 10),
                content_changes=[types.TextDocumentContentChangeWholeDocument(text=formatted)],
            )
        )
        assert list(await format_with(client, uri, tab_size, insert_spaces)) == []


async def test_range_formatting_formats_the_enclosing_value(client, tmp_path):
    text = '{\n  "msg": "Hi",\n  "styles": [\n    {"apply_to":{"from":0,   "length":1},"underline":true}\n  ]\n}\n'
    uri = await open_document(client, tmp_path / "m.json", text)
    at = position_of(text, '"from"')
    edits = await client.text_document_range_formatting_async(
        types.DocumentRangeFormattingParams(
            text_document=identifier(uri),
            range=types.Range(start=at, end=types.Position(at.line, at.character + 3)),
            options=types.FormattingOptions(tab_size=2, insert_spaces=True),
        )
    )
    [edit] = edits
    # The apply_to object, formatted at its depth: nothing else of the line changes.
    assert text_at(text, edit.range) == '{"from":0,   "length":1}'
    assert edit.new_text == '{\n        "from": 0,\n        "length": 1\n      }'


async def test_inlay_labels_are_cut_between_whole_escapes(client, tmp_path):
    family = "👨\u200d👩\u200d👧\u200d👦"
    message = "Happy holidays from our " + family + " to yours"
    start = len(message[: message.index("our ")].encode("utf-16-le")) // 2
    text = json.dumps({"msg": message, "styles": [{"apply_to": {"from": start, "length": 40}, "underline": True}]})
    uri = await open_document(client, tmp_path / "m.json", text)
    [hint] = await client.text_document_inlay_hint_async(
        types.InlayHintParams(
            text_document=identifier(uri), range=types.Range(start=types.Position(0, 0), end=types.Position(1, 0))
        )
    )
    label = hint.label
    assert label.startswith("“our ") and label.endswith("…”")
    body = label[1:-2]
    assert body.count("\\u{") == body.count("}"), label
    assert not body.endswith("\\")
