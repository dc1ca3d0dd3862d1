#!/usr/bin/env python3
"""Independent check of the sample modals against the format rules.

samples/*.json must have no diagnostic at all; every samples/invalid/*.json must have exactly one error
(warnings may come with it). Each diagnostic is printed with the 1-based line and column of the value
concerned, the column counted in Unicode scalars, so the samples can be compared with the Swift validator.

This is a second opinion written from the format description, not the reference: where the two disagree,
read FORMAT.md and decide which one is wrong.

Usage: python3 Scripts/check_samples.py [--verbose] [FILE...]
Needs the `regex` package (pip install regex) for extended grapheme clusters (\\X).
"""

import json
import pathlib
import re
import sys
from urllib.parse import unquote

try:
    import regex
except ImportError:
    sys.exit("check_samples.py needs the regex package: pip install regex")

MAX_DEPTH = 512  # JSONParser.defaultMaxDepth

# CSS Color Module Level 4, section 6.1 "Named Colors" (https://www.w3.org/TR/css-color-4/#named-colors).
CSS_NAMED_COLORS = set("""
aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown
burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan
darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred
darksalmon darkseagreen darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink
deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold
goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki lavender lavenderblush
lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow lightgray lightgreen lightgrey
lightpink lightsalmon lightseagreen lightskyblue lightslategray lightslategrey lightsteelblue lightyellow
lime limegreen linen magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen
mediumslateblue mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin
navajowhite navy oldlace olive olivedrab orange orangered orchid palegoldenrod palegreen paleturquoise
palevioletred papayawhip peachpuff peru pink plum powderblue purple rebeccapurple red rosybrown royalblue
saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue slateblue slategray slategrey snow
springgreen steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke yellow yellowgreen
""".split())

MODAL_KEYS = {"msg", "styles", "buttons", "text_align", "max_lines"}
STYLE_KEYS = {"apply_to", "font_style", "underline", "strikethrough", "font_size", "color", "bg_color", "link"}
RANGE_KEYS = {"from", "length"}
BUTTON_KEYS = {"label", "action", "bg_color", "fg_color"}
FONT_STYLES = {"normal", "bold", "italic", "bold_italic", "underline", "strikethrough"}
ALIGNMENTS = {"left", "center", "right"}
HEX_COLOR = re.compile(r"#(?:[0-9A-Fa-f]{3}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})")
COMMAND = re.compile(r"([A-Za-z][A-Za-z0-9+.-]*)://invoke/cmd/([^/]+)(?:/data/(.*))?", re.S)
BAD_PERCENT = re.compile(r"%(?![0-9A-Fa-f]{2})")


class Node:
    """A parsed JSON value and the character offset where it starts."""

    __slots__ = ("kind", "value", "offset", "is_integer")

    def __init__(self, kind, value, offset, is_integer=False):
        self.kind, self.value, self.offset, self.is_integer = kind, value, offset, is_integer


class ParseError(Exception):
    def __init__(self, code, message, offset):
        super().__init__(message)
        self.code, self.message, self.offset = code, message, offset


class Parser:
    """Strict RFC 8259 parser over decoded text that records where each value starts."""

    NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?")
    ESCAPES = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}

    def __init__(self, text):
        self.text, self.pos = text, 0

    def fail(self, message, offset=None, code="json-syntax"):
        raise ParseError(code, message, self.pos if offset is None else offset)

    def skip_space(self):
        while self.pos < len(self.text) and self.text[self.pos] in " \t\r\n":
            self.pos += 1

    def parse_document(self):
        self.skip_space()
        node = self.value(0)
        self.skip_space()
        if self.pos != len(self.text):
            self.fail("unexpected text after the JSON value")
        return node

    def value(self, depth):
        if self.pos >= len(self.text):
            self.fail("unexpected end of input")
        c, start = self.text[self.pos], self.pos
        if c in "[{":
            if depth + 1 > MAX_DEPTH:
                self.fail(f"nesting deeper than {MAX_DEPTH}", code="json-depth")
            return self.array(depth + 1) if c == "[" else self.object(depth + 1)
        if c == '"':
            return Node("string", self.string(), start)
        if c == "-" or c.isdigit():
            m = self.NUMBER.match(self.text, self.pos)
            if not m:
                self.fail("malformed number")
            self.pos = m.end()
            is_integer = m.group(1) is None and m.group(2) is None
            return Node("number", int(m.group()) if is_integer else float(m.group()), start, is_integer)
        for word, val, kind in (("true", True, "bool"), ("false", False, "bool"), ("null", None, "null")):
            if self.text.startswith(word, self.pos):
                self.pos += len(word)
                return Node(kind, val, start)
        self.fail(f"unexpected character {c!r}")

    def array(self, depth):
        start, items = self.pos, []
        self.pos += 1
        self.skip_space()
        if self.text.startswith("]", self.pos):
            self.pos += 1
            return Node("array", items, start)
        while True:
            self.skip_space()
            items.append(self.value(depth))
            self.skip_space()
            if self.text.startswith(",", self.pos):
                self.pos += 1
                self.skip_space()
                if self.text.startswith("]", self.pos):
                    self.fail("trailing comma before ']'")
                continue
            if self.text.startswith("]", self.pos):
                self.pos += 1
                return Node("array", items, start)
            self.fail("expected ',' or ']'")

    def object(self, depth):
        start, members = self.pos, []
        self.pos += 1
        self.skip_space()
        if self.text.startswith("}", self.pos):
            self.pos += 1
            return Node("object", members, start)
        while True:
            self.skip_space()
            if not self.text.startswith('"', self.pos):
                self.fail("expected a double-quoted key")
            key_offset = self.pos
            key = self.string()
            self.skip_space()
            if not self.text.startswith(":", self.pos):
                self.fail("expected ':'")
            self.pos += 1
            self.skip_space()
            members.append((key, key_offset, self.value(depth)))
            self.skip_space()
            if self.text.startswith(",", self.pos):
                self.pos += 1
                self.skip_space()
                if self.text.startswith("}", self.pos):
                    self.fail("trailing comma before '}'")
                continue
            if self.text.startswith("}", self.pos):
                self.pos += 1
                return Node("object", members, start)
            self.fail("expected ',' or '}'")

    def string(self):
        self.pos += 1
        out = []
        while True:
            if self.pos >= len(self.text):
                self.fail("unterminated string")
            c = self.text[self.pos]
            if c == '"':
                self.pos += 1
                return "".join(out)
            if ord(c) < 0x20:
                self.fail("raw control character in a string")
            if c != "\\":
                out.append(c)
                self.pos += 1
                continue
            e = self.text[self.pos + 1: self.pos + 2]
            if e in self.ESCAPES:
                out.append(self.ESCAPES[e])
                self.pos += 2
            elif e == "u":
                unit = self.hex4(self.pos + 2)
                self.pos += 6
                if 0xD800 <= unit <= 0xDBFF and self.text.startswith("\\u", self.pos):
                    low = self.hex4(self.pos + 2)
                    if 0xDC00 <= low <= 0xDFFF:
                        unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                        self.pos += 6
                out.append(chr(unit))  # a lone surrogate stays as is; the validator reports it
            else:
                self.fail("invalid escape")

    def hex4(self, at):
        digits = self.text[at: at + 4]
        if not re.fullmatch(r"[0-9A-Fa-f]{4}", digits):
            self.fail("invalid \\u escape", at, code="json-unicode-escape")
        return int(digits, 16)


def utf16_length(s):
    return len(s.encode("utf-16-le", "surrogatepass")) // 2


def neutralised(scalar):
    """Mirrors ControlCharacters.placeholder(for:) != nil."""
    v = ord(scalar)
    return (v < 0x20 and v not in (0x09, 0x0A, 0x0D)) or 0x7F <= v <= 0x9F or 0x202A <= v <= 0x202E \
        or 0x2066 <= v <= 0x2069


class Checker:
    def __init__(self):
        self.diagnostics = []  # (severity, code, offset, pointer, message)

    def report(self, severity, code, node_or_offset, pointer, message):
        offset = node_or_offset if isinstance(node_or_offset, int) else node_or_offset.offset
        self.diagnostics.append((severity, code, offset, pointer, message))

    def members(self, node, pointer, allowed):
        seen = {}
        for key, key_offset, value in node.value:
            if key in seen:
                self.report("warning", "duplicate-key", key_offset, f"{pointer}/{key}", f"duplicate key {key!r}")
            seen[key] = value
            if key not in allowed:
                self.report("warning", "unknown-key", key_offset, f"{pointer}/{key}", f"unknown key {key!r}")
        return seen

    def document(self, root):
        if root.kind == "array":
            for i, item in enumerate(root.value):
                self.modal(item, f"/{i}")
        elif root.kind == "object":
            self.modal(root, "")
        else:
            self.report("error", "document-type", root, "", "a document is an array of modals or one modal object")

    def modal(self, node, ptr):
        if node.kind != "object":
            self.report("error", "type", node, ptr, "a modal is an object")
            return
        m = self.members(node, ptr, MODAL_KEYS)
        msg = None
        if "msg" not in m:
            self.report("error", "missing-key", node, ptr, "missing msg")
        elif m["msg"].kind != "string":
            self.report("error", "type", m["msg"], ptr + "/msg", "msg must be a string")
        else:
            msg = m["msg"].value
            self.control_characters(m["msg"], ptr + "/msg")
        if "styles" in m:
            if m["styles"].kind != "array":
                self.report("error", "type", m["styles"], ptr + "/styles", "styles must be an array")
            else:
                for i, s in enumerate(m["styles"].value):
                    self.style(s, f"{ptr}/styles/{i}", msg)
        if "buttons" in m:
            if m["buttons"].kind != "array":
                self.report("error", "type", m["buttons"], ptr + "/buttons", "buttons must be an array")
            else:
                for i, b in enumerate(m["buttons"].value):
                    self.button(b, f"{ptr}/buttons/{i}")
        if "text_align" in m and not (m["text_align"].kind == "string" and m["text_align"].value in ALIGNMENTS):
            self.report("error", "bad-text-align", m["text_align"], ptr + "/text_align", "text_align is left|center|right")
        if "max_lines" in m:
            v = m["max_lines"]
            if not (v.kind == "number" and v.is_integer and v.value > 0):
                self.report("error", "bad-max-lines", v, ptr + "/max_lines", "max_lines is a positive integer")

    def control_characters(self, node, ptr):
        for ch in node.value:
            if neutralised(ch):
                self.report("warning", "control-character", node, ptr, f"U+{ord(ch):04X} in text")

    def style(self, node, ptr, msg):
        if node.kind != "object":
            self.report("error", "type", node, ptr, "a style is an object")
            return
        m = self.members(node, ptr, STYLE_KEYS)
        if "apply_to" not in m:
            self.report("error", "missing-key", node, ptr, "missing apply_to")
        else:
            self.range(m["apply_to"], ptr + "/apply_to", msg)
        if "font_style" in m and not (m["font_style"].kind == "string" and m["font_style"].value in FONT_STYLES):
            self.report("error", "bad-font-style", m["font_style"], ptr + "/font_style", "unknown font_style")
        for key in ("underline", "strikethrough"):
            if key in m and m[key].kind != "bool":
                self.report("error", "type", m[key], f"{ptr}/{key}", f"{key} is true or false")
        if "font_size" in m and not (m["font_size"].kind == "number" and m["font_size"].value > 0):
            self.report("error", "bad-font-size", m["font_size"], ptr + "/font_size", "font_size is a positive number")
        for key in ("color", "bg_color"):
            if key in m:
                self.color(m[key], f"{ptr}/{key}")
        if "link" in m:
            self.action(m["link"], ptr + "/link")

    def range(self, node, ptr, msg):
        if node.kind != "object":
            self.report("error", "type", node, ptr, "apply_to is an object")
            return
        m = self.members(node, ptr, RANGE_KEYS)
        values = {}
        for key in ("from", "length"):
            if key not in m:
                self.report("error", "missing-key", node, ptr, f"missing {key}")
                continue
            v = m[key]
            if v.kind != "number" or not v.is_integer:
                self.report("error", "range-not-integer", v, f"{ptr}/{key}", f"{key} must be an integer")
            elif v.value < 0:
                self.report("error", "range-negative", v, f"{ptr}/{key}", f"{key} must not be negative")
            else:
                values[key] = v.value
        if msg is None or len(values) != 2:
            return
        start, end = values["from"], values["from"] + values["length"]
        units = msg.encode("utf-16-le", "surrogatepass")
        count = len(units) // 2
        if end > count:
            culprit = m["from"] if start > count else m["length"]
            self.report("error", "range-out-of-bounds", culprit, ptr,
                        f"range {start}..<{end} ends past the message ({count} UTF-16 units)")
            return
        graphemes = {0}
        at = 0
        for cluster in regex.findall(r"\X", msg):
            at += utf16_length(cluster)
            graphemes.add(at)
        for key, offset in (("from", start), ("length", end)):
            if 0 < offset < count and 0xDC00 <= int.from_bytes(units[2 * offset: 2 * offset + 2], "little") <= 0xDFFF:
                self.report("error", "range-splits-surrogate", m[key], f"{ptr}/{key}",
                            f"UTF-16 offset {offset} is inside a surrogate pair")
            elif offset not in graphemes:
                self.report("warning", "range-splits-grapheme", m[key], f"{ptr}/{key}",
                            f"UTF-16 offset {offset} is inside a grapheme cluster")

    def color(self, node, ptr):
        ok = node.kind == "string" and (HEX_COLOR.fullmatch(node.value) or node.value.lower() in CSS_NAMED_COLORS)
        if not ok:
            self.report("error", "bad-color", node, ptr, f"not a colour: {node.value!r}")

    def button(self, node, ptr):
        if node.kind != "object":
            self.report("error", "type", node, ptr, "a button is an object")
            return
        m = self.members(node, ptr, BUTTON_KEYS)
        if "label" not in m:
            self.report("error", "missing-key", node, ptr, "missing label")
        elif m["label"].kind != "string" or m["label"].value == "":
            self.report("error", "empty-label", m["label"], ptr + "/label", "label is a non-empty string")
        else:
            self.control_characters(m["label"], ptr + "/label")
        if "action" not in m:
            self.report("error", "missing-key", node, ptr, "missing action")
        else:
            self.action(m["action"], ptr + "/action")
        for key in ("bg_color", "fg_color"):
            if key in m:
                self.color(m[key], f"{ptr}/{key}")

    def action(self, node, ptr):
        if node.kind != "string" or node.value == "":
            self.report("error", "bad-action", node, ptr, "an action is a non-empty string")
            return
        a = node.value
        if a in ("close", "next", "prev"):
            return
        if a.startswith("open_url:"):
            a = a[len("open_url:"):]
            if not re.match(r"(?:https?://[^\s/]+|mailto:\S|tel:\S)", a):
                self.report("error", "bad-url", node, ptr, "open_url: needs an http(s), mailto or tel URL")
            return
        if re.match(r"(?:https?://[^\s/]+|mailto:\S|tel:\S)", a):
            if re.search(r"\s", a):
                self.report("error", "bad-url", node, ptr, "a URL has no spaces")
            return
        cmd = COMMAND.fullmatch(a)
        if cmd:
            name, data = cmd.group(2), cmd.group(3)
            for part in (name, data or ""):
                if BAD_PERCENT.search(part):
                    self.report("error", "bad-command", node, ptr, "malformed percent-encoding")
                    return
            try:
                if unquote(name, errors="strict") == "":
                    raise ValueError
                if data is not None:
                    json.loads(unquote(data, errors="strict"),
                               parse_constant=lambda c: (_ for _ in ()).throw(ValueError(c)))
            except (ValueError, UnicodeDecodeError):
                self.report("error", "bad-command-data", node, ptr, "command data is not percent-encoded JSON")
            return
        if re.search(r"\s", a):
            self.report("error", "bad-action", node, ptr, "a custom action name has no spaces")


def line_column(text, offset):
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return line, column


def check_file(path):
    """Returns [(severity, code, line, column, pointer, message)]."""
    data = path.read_bytes()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        prefix = data[: e.start].decode("utf-8")
        line, column = line_column(prefix, len(prefix))
        return [("error", "json-utf8", line, column, "", f"invalid UTF-8 byte 0x{data[e.start]:02X} at byte {e.start}")]
    try:
        root = Parser(text).parse_document()
    except ParseError as e:
        return [("error", e.code, *line_column(text, e.offset), "", e.message)]
    checker = Checker()
    checker.document(root)
    return [(sev, code, *line_column(text, off), ptr, msg) for sev, code, off, ptr, msg in checker.diagnostics]


def main(argv):
    sys.setrecursionlimit(10 * MAX_DEPTH)  # the parser recurses twice per nesting level
    verbose = "--verbose" in argv
    root = pathlib.Path(__file__).resolve().parent.parent
    files = [pathlib.Path(a) for a in argv if a != "--verbose"]
    if not files:
        files = sorted((root / "samples").glob("*.json")) + sorted((root / "samples" / "invalid").glob("*.json"))
    failures = 0
    for path in files:
        diagnostics = check_file(path)
        errors = [d for d in diagnostics if d[0] == "error"]
        expect_invalid = path.parent.name == "invalid"
        ok = len(errors) == 1 if expect_invalid else not diagnostics
        failures += not ok
        name = path.relative_to(root) if path.is_relative_to(root) else path
        print(f"{'ok  ' if ok else 'FAIL'} {name}")
        if verbose or not ok:
            for sev, code, line, column, ptr, msg in diagnostics:
                print(f"     {line}:{column} {sev} {code} {ptr or '/'}: {msg}")
    print(f"{len(files) - failures} of {len(files)} files as expected")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
