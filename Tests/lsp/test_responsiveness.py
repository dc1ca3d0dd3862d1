"""Never blocked: long requests run beside the loop, cancellation stops them, a change makes their answer
ContentModified, and frames of the wrong length are reported and skipped without stopping the server."""

import json
import random
import time

from rawclient import RawServer, frame

URI = "file:///big.json"


def long_message_document(size: int) -> str:
    """One modal whose message is most of the document, with a style every 500 UTF-16 units: at 2,000,000
    this is the 2.47 MB, 3,693-style document of the timing table (Scripts/lsp_timings.py)."""
    words = "Welcome 🎉 to the shop. "
    message = words * (size // len(words.encode()))
    units = len(message.encode("utf-16-le")) // 2
    styles = [{"apply_to": {"from": start, "length": 7}, "font_style": "bold"} for start in range(0, units - 7, 500)]
    return json.dumps([{"msg": message, "styles": styles}], ensure_ascii=False, indent=2) + "\n"


def request(id_, method, params=None):
    message = {"jsonrpc": "2.0", "id": id_, "method": method}
    if params is not None:
        message["params"] = params
    return frame(message)


def hover(id_, line=9, character=10):
    # By default on the key `font_style` of the big document's first style: answered from the tree alone.
    position = {"line": line, "character": character}
    return request(id_, "textDocument/hover", {"textDocument": {"uri": URI}, "position": position})


def opened_big_document() -> RawServer:
    server = RawServer()
    server.initialize()
    text = long_message_document(2_000_000)
    server.send(frame({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                       "params": {"textDocument": {"uri": URI, "languageId": "json", "version": 1, "text": text}}}))
    server.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics", timeout=120)
    return server


def position_of(server: RawServer, id_) -> int:
    """Where the answer to `id_` is among the server's messages."""
    return next(i for i, m in enumerate(server.messages()) if m.get("id") == id_ and "method" not in m)


def finish(server: RawServer):
    server.send(request(9_999, "shutdown"))
    assert server.response(9_999)["result"] is None
    server.send(frame({"jsonrpc": "2.0", "method": "exit"}))
    assert server.finish() == 0


def test_a_hover_is_answered_before_symbols_or_formatting_of_a_big_document():
    server = opened_big_document()
    long_requests = [
        ("textDocument/documentSymbol", {}),
        ("textDocument/formatting", {"options": {"tabSize": 4, "insertSpaces": True}}),
    ]
    for number, (method, params) in enumerate(long_requests):
        long_id, hover_id = 100 + number, 200 + number
        # In one write, so the hover is read while the long request has just begun.
        server.send(request(long_id, method, {"textDocument": {"uri": URI}, **params}) + hover(hover_id))
        answer = server.response(hover_id)
        assert "font_style" in answer["result"]["contents"]["value"]
        result = server.response(long_id, timeout=120)
        assert "error" not in result, result
        assert position_of(server, hover_id) < position_of(server, long_id), method
    finish(server)


def test_a_change_while_symbols_run_answers_content_modified():
    server = opened_big_document()
    change = frame({"jsonrpc": "2.0", "method": "textDocument/didChange",
                    "params": {"textDocument": {"uri": URI, "version": 2},
                               "contentChanges": [{"range": {"start": {"line": 2, "character": 12},
                                                             "end": {"line": 2, "character": 13}}, "text": "w"}]}})
    server.send(request(300, "textDocument/documentSymbol", {"textDocument": {"uri": URI}}) + change)
    assert server.response(300, timeout=120)["error"]["code"] == -32801
    # Asked again, it answers for the new text.
    server.send(request(301, "textDocument/documentSymbol", {"textDocument": {"uri": URI}}))
    assert len(server.response(301, timeout=120)["result"][0]["children"]) == 3693
    finish(server)


def test_cancel_request_stops_running_symbols():
    server = opened_big_document()
    server.send(request(400, "textDocument/documentSymbol", {"textDocument": {"uri": URI}}))
    # The hover behind it is answered once the loop has started the symbols; the cancel then finds them running.
    server.send(hover(401))
    server.response(401)
    started = time.monotonic()
    server.send(frame({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": 400}}))
    answer = server.response(400, timeout=120)
    assert answer["error"]["code"] == -32800, answer
    assert time.monotonic() - started < 5
    assert [m for m in server.messages() if m.get("id") == 400] == [answer]  # answered once
    finish(server)


def test_a_thousand_random_frames_with_wrong_lengths():
    """Frames too short (lengths counted in characters), too long, with garbage headers or garbage between
    them, interleaved with real requests. Every request that follows a point where the reader can resync is
    answered; the others may be lost with the frame that swallowed them; the server never stops."""
    rng = random.Random(46)
    server = RawServer()
    server.initialize()
    server.send(frame({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                       "params": {"textDocument": {"uri": URI, "languageId": "json", "version": 1,
                                                   "text": '{"msg": "Café 🎉", "styles": []}'}}}))
    stream = bytearray()
    must_answer, may_answer = [], []
    overrun = 0  # bytes a too-long frame still swallows of what follows it
    next_id = 1000
    for number in range(1000):
        body = json.dumps({"jsonrpc": "2.0", "id": 50_000 + number, "method": "textDocument/hover",
                           "params": {"textDocument": {"uri": URI}, "position": {"line": 0, "character": 9},
                                      "note": "é:" * rng.randrange(1, 12)}}, ensure_ascii=False).encode()
        kind = rng.randrange(4)
        if kind == 0:
            bad = b"Content-Length: %d\r\n\r\n" % len(body.decode()) + body  # characters, not bytes
        elif kind == 1:
            extra = rng.randrange(1, 400)
            bad = b"Content-Length: %d\r\n\r\n" % (len(body) + extra) + body
        elif kind == 2:
            bad = b"Content-Length: %s\r\n\r\n" % rng.choice([b"", b"-3", b"x9", b"99999999999999"]) + body
        else:
            bad = bytes(rng.choice(b'x:{}"\n\r \xc3\xa9') for _ in range(rng.randrange(1, 80)))
        overrun = max(0, overrun - len(bad))
        stream += bad
        if kind == 1:
            overrun = extra
        if rng.random() < 0.5:
            whole = hover(next_id, 0, 3)
            header_line = whole.index(b"\r")
            (may_answer if 0 < overrun <= header_line else must_answer).append(next_id)
            overrun = max(0, overrun - len(whole))
            stream += whole
            next_id += 1
    # A too-long frame at the end takes some of the padding; the rest is a header block without a length.
    stream += b" " * 500 + b"\r\n\r\n"
    for start in range(0, len(stream), 4096):
        server.send(bytes(stream[start : start + 4096]))
    server.send(hover(1, 0, 3))
    assert "msg" in server.response(1)["result"]["contents"]["value"]
    answered = {m["id"] for m in server.messages() if "id" in m and "method" not in m}
    missing = [id_ for id_ in must_answer if id_ not in answered]
    assert not missing, f"{len(missing)} of {len(must_answer)} requests after a resync point were not answered"
    assert len(must_answer) > 300
    errors = [m for m in server.messages() if m.get("error", {}).get("code") == -32700]
    assert len(errors) >= 500  # every bad frame is reported
    logged = [m for m in server.messages() if m.get("method") == "window/logMessage"
              and m["params"]["message"].startswith("skipped a malformed frame")]
    bad_frames = [m for m in errors if m["error"]["message"].startswith("malformed frame")]
    assert len(logged) == len(bad_frames) > 0  # and each is logged where the editor shows it
    assert server.process.poll() is None
    finish(server)


def test_workspace_diagnostics_run_beside_the_loop_and_still_tell_about_a_broken_config(tmp_path):
    # A workspace with the big document on disk only and a config the server cannot use: the files are read
    # and checked off the loop's thread, so a hover written with the request is answered first, and the
    # broken config is still told (it is noted on the loop's thread, not on the copy that writes the report).
    (tmp_path / "big.json").write_text(long_message_document(2_000_000), encoding="utf-8")
    (tmp_path / ".modalkit.json").write_text('{"ignore": ["range-splits-grapheme"]}\n', encoding="utf-8")
    server = RawServer()
    server.send(frame({"jsonrpc": "2.0", "id": 0, "method": "initialize",
                       "params": {"capabilities": {}, "rootUri": tmp_path.as_uri()}}))
    server.response(0)
    server.send(frame({"jsonrpc": "2.0", "method": "initialized", "params": {}}))
    small = "file:///small.json"
    server.send(frame({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                       "params": {"textDocument": {"uri": small, "languageId": "json", "version": 1,
                                                   "text": '[{"msg": "Hi", "styles": []}]'}}}))
    server.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics")
    position = {"line": 0, "character": 4}
    server.send(request(300, "workspace/diagnostic", {"previousResultIds": []})
                + request(301, "textDocument/hover", {"textDocument": {"uri": small}, "position": position}))
    server.response(301)
    report = server.response(300, timeout=120)
    assert "error" not in report, report
    uris = {item["uri"] for item in report["result"]["items"]}
    assert (tmp_path / "big.json").as_uri() in uris
    assert position_of(server, 301) < position_of(server, 300)
    told = server.wait_for(lambda m: m.get("method") == "window/showMessage")
    assert ".modalkit.json" in told["params"]["message"]
    finish(server)
