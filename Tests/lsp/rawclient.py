"""A bare JSON-RPC client over the server's pipes, for what a well-behaved client never sends: malformed
frames, bad JSON, messages out of order. It also checks that stdout holds nothing but whole frames."""

import json
import os
import subprocess
import threading

from conftest import BINARY


def frame(message) -> bytes:
    body = message if isinstance(message, bytes) else json.dumps(message).encode("utf-8")
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def parse_frames(data: bytes) -> list[dict]:
    """Every message in `data`; fails if anything but whole frames is there."""
    messages = []
    index = 0
    while index < len(data):
        end = data.index(b"\r\n\r\n", index)
        header = data[index:end].decode("ascii")
        assert header.startswith("Content-Length: "), f"not a frame at byte {index}: {data[index:index + 40]!r}"
        length = int(header[len("Content-Length: "):])
        body = data[end + 4 : end + 4 + length]
        assert len(body) == length, "a truncated frame on stdout"
        message = json.loads(body)
        assert message["jsonrpc"] == "2.0"
        messages.append(message)
        index = end + 4 + length
    return messages


class RawServer:
    """`modalkit lsp` as a child process, with its stdout read on a thread."""

    def __init__(self):
        self.process = subprocess.Popen(
            [BINARY, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
        self.output = bytearray()
        self.lock = threading.Condition()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        while True:
            chunk = os.read(self.process.stdout.fileno(), 1 << 16)
            with self.lock:
                if not chunk:
                    self.closed = True
                    self.lock.notify_all()
                    return
                self.output.extend(chunk)
                self.lock.notify_all()

    def send(self, data: bytes):
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def messages(self) -> list[dict]:
        with self.lock:
            data = bytes(self.output)
        # Only whole frames count; a frame still arriving is left for later.
        complete = bytearray()
        index = 0
        while True:
            end = data.find(b"\r\n\r\n", index)
            if end < 0:
                break
            length = int(data[index:end].split(b": ")[1])
            if end + 4 + length > len(data):
                break
            complete.extend(data[index : end + 4 + length])
            index = end + 4 + length
        return parse_frames(bytes(complete))

    def wait_for(self, predicate, timeout=60.0):
        import time

        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for message in self.messages():
                if predicate(message):
                    return message
            with self.lock:
                self.lock.wait(0.05)
        raise AssertionError("timed out waiting for a message")

    def response(self, request_id, timeout=60.0):
        return self.wait_for(lambda m: m.get("id") == request_id and "method" not in m, timeout)

    def initialize(self):
        self.send(frame({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"capabilities": {}}}))
        self.response(0)
        self.send(frame({"jsonrpc": "2.0", "method": "initialized", "params": {}}))

    def finish(self, timeout=60.0) -> int:
        self.process.stdin.close()
        status = self.process.wait(timeout)
        self.reader.join(timeout)
        parse_frames(bytes(self.output))  # the whole of stdout is frames
        return status
