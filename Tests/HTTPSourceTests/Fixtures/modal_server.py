#!/usr/bin/env python3
"""A small HTTP server for ModalKit's URL-source tests. It listens on 127.0.0.1 only, on a free port,
and prints "port N pid P" as its first line of output.

    modal_server.py DIRECTORY

/modal.json       DIRECTORY/modal.json, with an ETag and Last-Modified; answers 304 to a matching
                  If-None-Match or If-Modified-Since. Counts answers in /stats.
/plain.json       the same file with neither ETag nor Last-Modified (polling must compare bodies).
/stats            {"ok": N, "not_modified": M} for /modal.json
/status/CODE      that status with the body "server says CODE"
/redirect/N       302 to /redirect/N-1, and /redirect/0 to /modal.json
/big/BYTES        a JSON string of BYTES bytes; /big-chunked/BYTES the same without Content-Length
/slow/SECONDS     waits, then answers like /modal.json
/text             a text/plain body
/echo-header/NAME a modal whose message is the value of request header NAME
"""
import email.utils
import hashlib
import json
import os
import sys
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

DIRECTORY = sys.argv[1]
STATS = {"ok": 0, "not_modified": 0}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send(self, status, body, content_type="application/json", headers=(), length=True):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        for name, value in headers:
            self.send_header(name, value)
        if length:
            self.send_header("Content-Length", str(len(body)))
        else:
            self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        if length:
            self.wfile.write(body)
        else:
            for start in range(0, len(body), 65536):
                chunk = body[start:start + 65536]
                self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
            self.wfile.write(b"0\r\n\r\n")

    def modal(self, validators=True):
        path = os.path.join(DIRECTORY, "modal.json")
        with open(path, "rb") as f:
            body = f.read()
        etag = '"%s"' % hashlib.sha256(body).hexdigest()[:16]
        modified = email.utils.formatdate(int(os.stat(path).st_mtime), usegmt=True)
        if validators:
            if self.headers.get("If-None-Match") == etag:
                STATS["not_modified"] += 1
                self.send_response(304)
                self.send_header("ETag", etag)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            STATS["ok"] += 1
            self.send(200, body, headers=[("ETag", etag), ("Last-Modified", modified)])
        else:
            self.send(200, body)

    def do_GET(self):
        parts = self.path.split("/")
        if self.path == "/modal.json":
            self.modal()
        elif self.path == "/plain.json":
            self.modal(validators=False)
        elif self.path == "/stats":
            self.send(200, json.dumps(STATS).encode())
        elif parts[1] == "status":
            code = int(parts[2])
            self.send(code, b"server says %d" % code, content_type="text/plain")
        elif parts[1] == "redirect":
            left = int(parts[2])
            target = "/modal.json" if left == 0 else "/redirect/%d" % (left - 1)
            self.send(302, b"", headers=[("Location", target)])
        elif parts[1] in ("big", "big-chunked"):
            size = int(parts[2])
            body = b'"' + b"x" * max(0, size - 2) + b'"'
            self.send(200, body, length=parts[1] == "big")
        elif parts[1] == "slow":
            time.sleep(float(parts[2]))
            self.modal()
        elif self.path == "/text":
            self.send(200, b"hello", content_type="text/plain; charset=utf-8")
        elif parts[1] == "echo-header":
            value = self.headers.get(parts[2], "")
            self.send(200, json.dumps({"msg": value, "buttons": []}).encode())
        else:
            self.send(404, b"no such test resource", content_type="text/plain")


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
print("port %d pid %d" % (server.server_address[1], os.getpid()), flush=True)
server.serve_forever()
