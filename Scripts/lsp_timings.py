#!/usr/bin/env python3
"""Every request of `modalkit lsp` on the 2.47 MB, 3,693-style document, each with a hover sent behind it.

usage: Scripts/lsp_timings.py [--binary .build/release/modalkit] [--rounds 5] [--only METHOD ...]

The document is `lsp_latency.long_message_document(2_000_000)`: one modal whose message is 2 MB, with a
style every 500 UTF-16 units. Each request is written together with a hover on the key `font_style` of the
first style (one write, two frames), and the script reports, as the median of --rounds rounds:

- the request's time: from the write to the last byte of its answer (for a notification, to the
  publishDiagnostics it causes);
- the hover's time: from the same write to the last byte of the hover's answer, which shows whether the
  request kept the server from answering.

A request the server answers with -32601 (method not found) is listed as not built. Times include both pipes
but not the client's JSON parsing.
"""

import argparse
import json
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from lsp_latency import long_message_document  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[1]
DEFAULT_BINARY = str(ROOT / ".build" / "release" / "modalkit")
# The workspace folder: the open documents live in it (in the editor only), and one more copy of the
# document is on disk only, so that `workspace/diagnostic` has a closed file to read and check.
WORKSPACE = pathlib.Path(tempfile.gettempdir()) / "modalkit-lsp-timings"
URI = WORKSPACE.as_uri() + "/big.json"
# The same modal written on one line, so that formatting it is an edit of the whole document.
COMPACT_URI = WORKSPACE.as_uri() + "/compact.json"
# The same modal with every `length` misspelt `lenght`: 3,693 findings, each with a fix.
FIXABLE_URI = WORKSPACE.as_uri() + "/fixable.json"


def frame(message) -> bytes:
    body = json.dumps(message, ensure_ascii=False).encode("utf-8")
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


class Server:
    def __init__(self, binary: str):
        self.process = subprocess.Popen([binary, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.pending = bytearray()
        self.next_id = 1

    def write(self, data: bytes):
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def read(self):
        """The next message and the time its last byte was read."""
        out = self.process.stdout.fileno()
        while True:
            end = self.pending.find(b"\r\n\r\n")
            if end >= 0:
                length = int(bytes(self.pending[:end]).split(b":")[1])
                if len(self.pending) >= end + 4 + length:
                    arrived = time.perf_counter()
                    body = bytes(self.pending[end + 4 : end + 4 + length])
                    del self.pending[: end + 4 + length]
                    return json.loads(body), arrived
            chunk = os.read(out, 1 << 20)
            if not chunk:
                raise RuntimeError("the server closed its output")
            self.pending += chunk

    def request(self, method, params=None) -> tuple[bytes, int]:
        self.next_id += 1
        message = {"jsonrpc": "2.0", "id": self.next_id, "method": method}
        if params is not None:
            message["params"] = params
        return frame(message), self.next_id

    def until(self, wanted):
        """Reads until every predicate in `wanted` (name -> predicate) has matched; their messages and times."""
        found = {}
        while len(found) < len(wanted):
            message, arrived = self.read()
            for name, predicate in wanted.items():
                if name not in found and predicate(message):
                    found[name] = (message, arrived)
        return found


def is_response(request_id):
    return lambda m: m.get("id") == request_id and "method" not in m


def diagnostics_of(version):
    return lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"].get("version") == version


def document_params(**more):
    return {"textDocument": {"uri": URI}, **more}


def position(line, character):
    return {"line": line, "character": character}


def utf16_length(line: str) -> int:
    """The line's length in UTF-16 units, the unit of a position's character."""
    return len(line.encode("utf-16-le")) // 2


def requests(text: str):
    """Each row: its name, the method, and its params (a notification when `method` starts with `didChange`)."""
    lines = text.split("\n")
    whole = {"start": position(0, 0), "end": position(len(lines), 0)}
    first_style = {"start": position(4, 0), "end": position(11, 0)}
    color = {"red": 1, "green": 0.5, "blue": 0, "alpha": 1}
    return [
        ("hover on a key", "textDocument/hover", document_params(position=position(9, 10))),
        ("hover on a range's `from`", "textDocument/hover", document_params(position=position(6, 17))),
        ("hover on `msg` (the modal drawn)", "textDocument/hover", document_params(position=position(2, 6))),
        ("definition", "textDocument/definition", document_params(position=position(6, 17))),
        ("references", "textDocument/references",
         document_params(position=position(2, 20), context={"includeDeclaration": True})),
        ("documentHighlight", "textDocument/documentHighlight", document_params(position=position(6, 17))),
        ("completion", "textDocument/completion", document_params(position=position(9, 24))),
        ("codeAction, first style", "textDocument/codeAction",
         document_params(range=first_style, context={"diagnostics": []})),
        ("codeAction on 100 characters of `msg` (style, link, extend)", "textDocument/codeAction",
         document_params(range={"start": position(2, 1000), "end": position(2, 1100)}, context={"diagnostics": []})),
        ("codeAction on the whole of `msg` (an extend action for each of the 3,693 styles)", "textDocument/codeAction",
         document_params(range={"start": position(2, 12), "end": position(2, utf16_length(lines[2]) - 2)},
                         context={"diagnostics": []})),
        ("codeAction, whole document", "textDocument/codeAction",
         document_params(range=whole, context={"diagnostics": []})),
        ("codeAction, first style, with a fix for every style", "textDocument/codeAction",
         {"textDocument": {"uri": FIXABLE_URI}, "range": first_style, "context": {"diagnostics": []}}),
        ("codeAction, whole document, with a fix for every style", "textDocument/codeAction",
         {"textDocument": {"uri": FIXABLE_URI}, "range": whole, "context": {"diagnostics": []}}),
        ("formatting (formatted already: no edit)", "textDocument/formatting",
         document_params(options={"tabSize": 2, "insertSpaces": True})),
        ("formatting the document written on one line (one 2.5 MB edit)", "textDocument/formatting",
         {"textDocument": {"uri": COMPACT_URI}, "options": {"tabSize": 2, "insertSpaces": True}}),
        ("rangeFormatting", "textDocument/rangeFormatting",
         document_params(range=first_style, options={"tabSize": 4, "insertSpaces": True})),
        ("documentSymbol", "textDocument/documentSymbol", document_params()),
        ("inlayHint, whole document", "textDocument/inlayHint", document_params(range=whole)),
        ("documentColor", "textDocument/documentColor", document_params()),
        ("colorPresentation", "textDocument/colorPresentation", document_params(color=color, range=first_style)),
        ("diagnostic (pull)", "textDocument/diagnostic", document_params()),
        ("workspace/diagnostic: the three open documents and one closed copy read from disk",
         "workspace/diagnostic", {"previousResultIds": []}),
        ("didChange → publishDiagnostics", "didChange", None),
        ("didChange of 100 edits at once (one per cursor) → publishDiagnostics", "didChange*100", None),
        ("documentSymbol, a change behind it instead of a hover", "textDocument/documentSymbol+change",
         document_params()),
        ("formatting the one-line document, a change behind it", "textDocument/formatting+change",
         {"textDocument": {"uri": COMPACT_URI}, "options": {"tabSize": 2, "insertSpaces": True}}),
    ]


def measure(binary: str, rounds: int, only: list[str]):
    text = long_message_document(2_000_000)
    WORKSPACE.mkdir(exist_ok=True)
    for stale in WORKSPACE.glob("*.json"):
        stale.unlink()
    (WORKSPACE / "closed.json").write_text(text, encoding="utf-8")
    server = Server(binary)
    rows = []

    start = time.perf_counter()
    data, init_id = server.request("initialize", {"capabilities": {}, "rootUri": WORKSPACE.as_uri()})
    server.write(data)
    found = server.until({"init": is_response(init_id)})
    rows.append(("initialize", [found["init"][1] - start], [], ""))
    server.write(frame({"jsonrpc": "2.0", "method": "initialized", "params": {}}))

    start = time.perf_counter()
    server.write(frame({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                        "params": {"textDocument": {"uri": URI, "languageId": "json", "version": 1, "text": text}}}))
    found = server.until({"diagnostics": diagnostics_of(1)})
    rows.append(("didOpen → publishDiagnostics", [found["diagnostics"][1] - start], [], ""))
    compact = json.dumps(json.loads(text), ensure_ascii=False, separators=(",", ":"))
    for uri, other in [(COMPACT_URI, compact), (FIXABLE_URI, text.replace('"length"', '"lenght"'))]:
        server.write(frame({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                            "params": {"textDocument": {"uri": uri, "languageId": "json", "version": 1,
                                                        "text": other}}}))
        server.until({"diagnostics": lambda m, uri=uri: m.get("method") == "textDocument/publishDiagnostics"
                      and m["params"]["uri"] == uri})

    version = 1
    # The W of the first "Welcome" toggles between W and w, as typing does.
    character = text.split("\n")[2].index("Welcome")
    for name, method, params in requests(text):
        if only and not any(word in method or word in name for word in only):
            continue
        times, hovers, note = [], [], ""
        for _ in range(rounds):
            hover, hover_id = server.request("textDocument/hover", document_params(position=position(9, 10)))
            version += 1
            letter = "w" if version % 2 == 0 else "W"
            # The W of each "Welcome" is 24 UTF-16 units after the one before.
            edits = [{"range": {"start": position(2, character + 24 * n), "end": position(2, character + 24 * n + 1)},
                      "text": letter} for n in range(100 if method == "didChange*100" else 1)]
            change = frame({"jsonrpc": "2.0", "method": "textDocument/didChange",
                            "params": {"textDocument": {"uri": URI, "version": version}, "contentChanges": edits}})
            if method.startswith("didChange"):
                data = change
                wanted = {"request": diagnostics_of(version), "hover": is_response(hover_id)}
            elif method.endswith("+change"):
                # The change's diagnostics stand where the hover's answer stands in the other rows.
                data, request_id = server.request(method.removesuffix("+change"), params)
                hover = change
                wanted = {"request": is_response(request_id), "hover": diagnostics_of(version)}
            else:
                version -= 1
                data, request_id = server.request(method, params)
                wanted = {"request": is_response(request_id), "hover": is_response(hover_id)}
            start = time.perf_counter()
            server.write(data + hover)
            found = server.until(wanted)
            answer = found["request"][0]
            if answer.get("error", {}).get("code") == -32601:
                note = "not built on this branch (-32601)"
                break
            if answer.get("error", {}).get("code") == -32801:
                note = "ContentModified (-32801), as the change came while it ran; the second figure is the change's diagnostics"
            elif "error" in answer:
                note = f"error {answer['error']['code']}: {answer['error']['message']}"
            elif method.endswith("+change"):
                note = "the second figure is the change's diagnostics"
            times.append(found["request"][1] - start)
            hovers.append(found["hover"][1] - start)
        rows.append((name, times, hovers, note))

    data, shutdown_id = server.request("shutdown")
    server.write(data)
    server.until({"shutdown": is_response(shutdown_id)})
    server.write(frame({"jsonrpc": "2.0", "method": "exit"}))
    server.process.wait(30)
    return text, rows


def milliseconds(values):
    if not values:
        return "—"
    value = statistics.median(values) * 1000
    return f"{value:,.1f} ms" if value < 100 else f"{value:,.0f} ms"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=DEFAULT_BINARY)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--only", nargs="*", default=[])
    args = parser.parse_args()
    text, rows = measure(args.binary, args.rounds, args.only)
    styles = len(json.loads(text)[0]["styles"])
    print(f"binary: {args.binary}")
    print(f"document: {len(text.encode()):,} bytes, {styles:,} styles; median of {args.rounds} rounds")
    print()
    print("| request | its answer | a hover sent behind it | note |")
    print("| --- | ---: | ---: | --- |")
    for name, times, hovers, note in rows:
        print(f"| {name} | {milliseconds(times)} | {milliseconds(hovers)} | {note} |")


if __name__ == "__main__":
    main()
