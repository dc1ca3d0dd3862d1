"""The rules Scripts/doc_snippets.py holds the documents' ```swift blocks to, on small documents of its own."""
import importlib.util
import pathlib

import pytest

SCRIPT = pathlib.Path(__file__).resolve().parents[2] / "Scripts/doc_snippets.py"
spec = importlib.util.spec_from_file_location("doc_snippets", SCRIPT)
snippets = importlib.util.module_from_spec(spec)
spec.loader.exec_module(snippets)


def programs(text, name="doc.md"):
    return snippets.programs([(name, text)])


def test_a_block_is_a_program_with_its_text_unchanged():
    (program,) = programs("Intro\n\n```swift\nimport ModalKit\nprint(1)  // prints: 1\n```\n")
    assert program.target == "doc_L3"
    assert program.source().split("\n")[1:3] == ["import ModalKit", "print(1)  // prints: 1"]
    assert '#sourceLocation(file: "doc.md", line: 4)' in program.source()
    assert program.expected() == ["1"]
    assert program.kind() == "checked"


def test_a_text_block_after_a_swift_block_is_its_output():
    (program,) = programs("```swift\nprint(1); print(2)\n```\n\n```text\n1\n2\n```\n")
    assert program.expected() == ["1", "2"]
    assert snippets.check_output(program, "1\n2\n") is None
    assert "it printed" in snippets.check_output(program, "1\n3\n")


def test_continues_joins_the_block_before():
    text = "```swift\nlet a = 1\n```\n\n<!-- snippet: continues -->\n```swift\nprint(a)  // prints: 1\n```\n"
    (program,) = programs(text)
    assert [block.fence_line for block in program.blocks] == [1, 6]
    assert program.expected() == ["1"]


def test_markers_need_their_reason_and_known_names():
    with pytest.raises(snippets.DocError, match="doc.md:1: 'compile-only' needs its reason"):
        programs("<!-- snippet: compile-only -->\n```swift\nwhile true {}\n```\n")
    with pytest.raises(snippets.DocError, match="unknown snippet marker 'skip'"):
        programs("<!-- snippet: skip (why) -->\n```swift\nprint(1)\n```\n")
    with pytest.raises(snippets.DocError, match="'continues', but no"):
        programs("<!-- snippet: continues -->\n```swift\nprint(1)\n```\n")
    (program,) = programs("<!-- snippet: exit-status (1: it fails on purpose) -->\n```swift\nexit(1)\n```\n")
    assert program.exit_status() == 1


def test_prints_comments_and_an_output_block_are_not_both_allowed():
    with pytest.raises(snippets.DocError, match="keep one"):
        programs("```swift\nprint(1)  // prints: 1\n```\n```text\n1\n```\n")


def test_a_block_that_states_nothing_must_print_nothing():
    (program,) = programs("```swift\nassert(true)\n```\n")
    assert snippets.check_output(program, "") is None
    assert "does not say what" in snippets.check_output(program, "surprise\n")


def test_output_ends_with_a_newline():
    (program,) = programs("```swift\nprint(1, terminator: \"\")  // prints: 1\n```\n")
    assert snippets.check_output(program, "1") == "the output does not end with a newline"


def test_ellipsis_is_a_wildcard_within_a_line_and_as_a_line():
    assert snippets.matches(["a … z"], ["a b c z"])
    assert not snippets.matches(["a … z"], ["a b c y"])
    assert snippets.matches(["…", "end"], ["end"])
    assert snippets.matches(["start", "…", "end"], ["start", "x", "y", "end"])
    assert not snippets.matches(["start", "end"], ["start", "x", "end"])


def test_escape_sequences_are_not_compared():
    (program,) = programs("```swift\nprint(x)\n```\n\n```text\nSale\n```\n")
    assert snippets.check_output(program, "\x1b[1;38;5;166mSale\x1b[22;39m\x1b[0m\n") is None


def test_an_inline_fence_in_a_paragraph_is_no_block():
    text = "```` ```swift ```` blocks are programs.\n\n```swift\nprint(1)  // prints: 1\n```\n"
    assert len(programs(text)) == 1
