"""The protocol layer under abuse: errors answered, the server going on, nothing but frames on stdout."""

import json
import random

from rawclient import RawServer, frame, parse_frames


def request(id_, method, params=None):
    message = {"jsonrpc": "2.0", "id": id_, "method": method}
    if params is not None:
        message["params"] = params
    return frame(message)


def notification(method, params):
    return frame({"jsonrpc": "2.0", "method": method, "params": params})


def did_open(uri, text, version=1):
    return notification(
        "textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "json", "version": version, "text": text}}
    )


def big_document(size: int) -> str:
    modal = {
        "msg": "Welcome 🎉 to the shop. " * 8,
        "styles": [{"apply_to": {"from": 0, "length": 7}, "font_style": "bold", "color": "#ff8800"}],
        "buttons": [{"label": "OK", "action": "close"}],
    }
    one = json.dumps(modal, ensure_ascii=False, indent=2)
    count = max(1, size // (len(one.encode()) + 2))
    return "[\n" + ",\n".join([one] * count) + "\n]\n"


def test_lifecycle_and_exit_codes():
    server = RawServer()
    server.send(request(1, "textDocument/hover", {}))
    assert server.response(1)["error"]["code"] == -32002  # not initialized
    server.initialize()
    server.send(request(2, "initialize", {"capabilities": {}}))
    assert server.response(2)["error"]["code"] == -32600
    server.send(request(3, "shutdown"))
    assert server.response(3)["result"] is None
    server.send(request(4, "textDocument/hover", {}))
    assert server.response(4)["error"]["code"] == -32600  # shutting down
    server.send(notification("exit", None) if False else frame({"jsonrpc": "2.0", "method": "exit"}))
    assert server.finish() == 0

    server = RawServer()
    server.initialize()
    server.send(frame({"jsonrpc": "2.0", "method": "exit"}))
    assert server.finish() == 1  # exit without shutdown

    server = RawServer()
    server.initialize()
    assert server.finish() == 1  # the input ended without shutdown


def test_errors_for_bad_messages_and_the_server_goes_on():
    server = RawServer()
    server.initialize()
    server.send(request(1, "no/such/method", {}))
    assert server.response(1)["error"]["code"] == -32601
    server.send(request(2, "textDocument/hover", {"textDocument": {"uri": "file:///x.json"}}))
    assert server.response(2)["error"]["code"] == -32602
    server.send(request(3, "textDocument/hover", [1, 2]))
    assert server.response(3)["error"]["code"] == -32602
    server.send(frame(b'{"jsonrpc": "2.0", "id": 4, "method": '))
    parse_error = server.wait_for(lambda m: m.get("error", {}).get("code") == -32700)
    assert parse_error["id"] is None
    server.send(frame(b'{"jsonrpc": "1.0", "id": 5, "method": "x"}'))
    assert server.response(5)["error"]["code"] == -32600
    server.send(b"Content-Type: text/plain\r\n\r\n")
    server.wait_for(lambda m: "Content-Length" in m.get("error", {}).get("message", ""))
    server.send(notification("textDocument/didChange", {"textDocument": {"uri": "file:///nope.json"}}))
    log = server.wait_for(
        lambda m: m.get("method") == "window/logMessage" and "textDocument/didChange" in m["params"]["message"]
    )
    assert "textDocument/didChange" in log["params"]["message"]
    server.send(request(6, "shutdown"))
    assert server.response(6)["result"] is None
    server.send(frame({"jsonrpc": "2.0", "method": "exit"}))
    assert server.finish() == 0


def test_a_thousand_random_and_truncated_frames():
    rng = random.Random(22)
    valid = [
        request(None, "x"),
        request(7, "textDocument/hover", {"textDocument": {"uri": "file:///a.json"}, "position": {"line": 0, "character": 0}}),
        notification("textDocument/didOpen", {"textDocument": {"uri": "file:///a.json", "version": 1, "text": '{"msg": "a"}'}}),
        request(8, "textDocument/formatting", {"textDocument": {"uri": "file:///a.json"}, "options": {}}),
    ]
    server = RawServer()
    server.initialize()
    stream = bytearray()
    for number in range(1000):
        kind = rng.randrange(6)
        if kind == 0:
            stream += bytes(rng.randrange(256) for _ in range(rng.randrange(1, 80)))
        elif kind == 1:
            whole = rng.choice(valid)
            stream += whole[: rng.randrange(1, len(whole))]  # truncated
        elif kind == 2:
            body = bytes(rng.randrange(256) for _ in range(rng.randrange(0, 60)))
            stream += frame(body)  # a frame whose body is not JSON
        elif kind == 3:
            stream += b"Content-Length: %d\r\n\r\n" % rng.randrange(0, 200)
        elif kind == 4:
            stream += frame({"jsonrpc": "2.0", "id": 10_000 + number, "method": rng.choice(["a", "shutdown!", "textDocument/hover"]), "params": rng.choice([{}, [], {"position": None}])})
        else:
            stream += rng.choice(valid)
    # Whatever the stream left pending (a body still being counted, a header not ended) ends here.
    stream += b" " * 300 + b"\r\n\r\n"
    for start in range(0, len(stream), 4096):
        server.send(bytes(stream[start : start + 4096]))
    server.send(request(99, "shutdown"))
    assert server.response(99)["result"] is None
    errors = [m for m in server.messages() if "error" in m]
    assert len(errors) > 100
    server.send(frame({"jsonrpc": "2.0", "method": "exit"}))
    assert server.finish() == 0
    assert server.process.poll() == 0


def test_a_ten_megabyte_message():
    server = RawServer()
    server.initialize()
    text = big_document(10 << 20)
    assert len(text.encode()) >= 9 << 20
    server.send(did_open("file:///big.json", text))
    published = server.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics")
    assert published["params"]["diagnostics"] == []
    server.send(request(1, "no/such/method", {"padding": "x" * (10 << 20)}))
    assert server.response(1)["error"]["code"] == -32601
    server.send(request(2, "textDocument/hover", {"textDocument": {"uri": "file:///big.json"}, "position": {"line": 2, "character": 5}}))
    assert "msg" in server.response(2)["result"]["contents"]["value"]
    server.send(request(3, "shutdown"))
    server.response(3)
    server.send(frame({"jsonrpc": "2.0", "method": "exit"}))
    assert server.finish() == 0


def test_a_document_closed_while_it_is_diagnosed():
    server = RawServer()
    server.initialize()
    text = big_document(2 << 20).replace('"#ff8800"', '"#ff880"', 50)
    uri = "file:///closing.json"
    # Open, change and close in one write: the close arrives while the first version is being diagnosed.
    server.send(
        did_open(uri, text)
        + notification("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": text + " "}]})
        + notification("textDocument/didClose", {"textDocument": {"uri": uri}})
        + request(1, "textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}})
    )
    assert server.response(1)["error"]["code"] == -32602  # not open any more
    server.send(request(2, "shutdown"))
    server.response(2)
    published = [m["params"] for m in server.messages() if m.get("method") == "textDocument/publishDiagnostics"]
    assert published and published[-1]["uri"] == uri and published[-1]["diagnostics"] == []
    server.send(frame({"jsonrpc": "2.0", "method": "exit"}))
    assert server.finish() == 0


def test_a_cancelled_request_is_answered_as_cancelled():
    server = RawServer()
    server.initialize()
    uri = "file:///slow.json"
    position = {"line": 0, "character": 0}
    # The formatting of 2 MB keeps the server busy while the cancellation of the request behind it arrives.
    server.send(
        did_open(uri, big_document(2 << 20))
        + request(1, "textDocument/formatting", {"textDocument": {"uri": uri}, "options": {}})
        + request(2, "textDocument/hover", {"textDocument": {"uri": uri}, "position": position})
        + notification("$/cancelRequest", {"id": 2})
    )
    assert "result" in server.response(1)
    assert server.response(2)["error"]["code"] == -32800
    server.send(request(3, "textDocument/hover", {"textDocument": {"uri": uri}, "position": position}))
    assert "result" in server.response(3)
    server.send(request(4, "shutdown"))
    server.response(4)
    server.send(frame({"jsonrpc": "2.0", "method": "exit"}))
    assert server.finish() == 0
