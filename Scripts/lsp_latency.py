#!/usr/bin/env python3
"""Latency of `modalkit lsp`: from a change sent to its diagnostics published, for a sample, a 100 KB
document and a 2 MB document (median and p99), and the server's resident memory across 1,000 changes.

usage: Scripts/lsp_latency.py [--binary .build/release/modalkit] [--changes 200]

Each change is incremental: one character of the first message toggles, as typing does. The time runs from
writing the change to reading the publishDiagnostics of that version, so it includes both pipes.
"""

import argparse
import json
import os
import pathlib
import statistics
import subprocess
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
DEFAULT_BINARY = str(ROOT / ".build" / "release" / "modalkit")


def frame(message) -> bytes:
    body = json.dumps(message).encode("utf-8")
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def big_document(size: int) -> str:
    modal = {
        "msg": "Welcome 🎉 to the shop. " * 8,
        "styles": [{"apply_to": {"from": 0, "length": 7}, "font_style": "bold", "color": "#ff8800"}],
        "buttons": [{"label": "OK", "action": "close"}],
    }
    one = json.dumps(modal, ensure_ascii=False, indent=2)
    count = max(1, size // (len(one.encode()) + 2))
    return "[\n" + ",\n".join([one] * count) + "\n]\n"


def long_message_document(size: int) -> str:
    """One modal whose message is most of the document, with a style every 500 units."""
    words = "Welcome 🎉 to the shop. "
    message = words * (size // len(words.encode()))
    units = len(message.encode("utf-16-le")) // 2
    styles = [{"apply_to": {"from": start, "length": 7}, "font_style": "bold"} for start in range(0, units - 7, 500)]
    return json.dumps([{"msg": message, "styles": styles}], ensure_ascii=False, indent=2) + "\n"


def rss_kib(pid: int) -> int:
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def measure(binary: str, text: str, changes: int, memory_at=()):
    process = subprocess.Popen([binary, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    reader = Frames(process.stdout)

    def send(message):
        process.stdin.write(frame(message))
        process.stdin.flush()

    send({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"capabilities": {}}})
    reader.until(lambda m: m.get("id") == 0)
    uri = "file:///bench.json"
    send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
          "params": {"textDocument": {"uri": uri, "languageId": "json", "version": 1, "text": text}}})
    reader.until(lambda m: m.get("method") == "textDocument/publishDiagnostics")
    # The W of "Welcome" on the first message's line toggles between W and w.
    lines = text.split("\n")
    line = next(i for i, l in enumerate(lines) if '"msg"' in l)
    character = lines[line].index("Welcome") if "Welcome" in lines[line] else lines[line].index('"msg"') + 8
    times, memory = [], {}
    for version in range(2, changes + 2):
        letter = "w" if version % 2 == 0 else "W"
        start = time.perf_counter()
        send({"jsonrpc": "2.0", "method": "textDocument/didChange",
              "params": {"textDocument": {"uri": uri, "version": version},
                         "contentChanges": [{"range": {"start": {"line": line, "character": character},
                                                       "end": {"line": line, "character": character + 1}},
                                             "text": letter}]}})
        reader.until(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                     and m["params"].get("version") == version)
        times.append((time.perf_counter() - start) * 1000)
        if version - 1 in memory_at:
            memory[version - 1] = rss_kib(process.pid)
    send({"jsonrpc": "2.0", "id": 1, "method": "shutdown"})
    reader.until(lambda m: m.get("id") == 1)
    send({"jsonrpc": "2.0", "method": "exit"})
    process.wait(30)
    times.sort()
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    return statistics.median(times), p99, memory


class Frames:
    def __init__(self, stream):
        self.stream = stream

    def read(self):
        header = b""
        while not header.endswith(b"\r\n\r\n"):
            header += self.stream.read(1)
        length = int(header.split(b":")[1])
        return json.loads(self.stream.read(length))

    def until(self, predicate):
        while True:
            message = self.read()
            if predicate(message):
                return message


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=DEFAULT_BINARY)
    parser.add_argument("--changes", type=int, default=200)
    args = parser.parse_args()
    sample = (ROOT / "samples" / "welcome.json").read_text()
    print(f"binary: {args.binary}")
    for name, text in [("sample (welcome.json)", sample), ("100 KB", big_document(100 << 10)),
                       ("2 MB, 4,600 modals", big_document(2 << 20)),
                       ("2 MB, one long message", long_message_document(2 << 20))]:
        median, p99, _ = measure(args.binary, text, args.changes)
        print(f"{name:24} {len(text.encode()):>9} bytes  median {median:8.2f} ms  p99 {p99:8.2f} ms")
    _, _, memory = measure(args.binary, big_document(100 << 10), 1000, memory_at=(10, 100, 500, 1000))
    print("resident memory, 100 KB document: " + ", ".join(f"after {k} changes {v} KiB" for k, v in memory.items()))


if __name__ == "__main__":
    main()
