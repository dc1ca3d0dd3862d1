#!/usr/bin/env python3
"""Key-to-screen latency of `modalkit preview` in tmux: time from `send-keys` to a changed `capture-pane`.

Usage: Scripts/preview_key_latency.py [MODALKIT] [BYTES]   (defaults: .build/release/modalkit, 2 MiB)

Writes a message of about BYTES bytes (a link every kilobyte), opens it at 100x30 under
TERM=xterm-256color on a private tmux socket, sends PgDn, Tab, End and Home in turn, and prints the
median and worst time per key. Each key is chosen so that the screen must change.
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

binary = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/release/modalkit")
size = int(sys.argv[2]) if len(sys.argv) > 2 else 2 << 20
socket = "modalkit-latency-%d" % os.getpid()


def tmux(*args):
    return subprocess.run(["tmux", "-L", socket, *args], capture_output=True, text=True).stdout


sentence = "Spring sale: everything in the shop is 30% off until Sunday, with free delivery. "
message, styles = "", []
while len(message) < size:
    if len(message) // 1024 >= len(styles):
        styles.append({"apply_to": {"from": len(message), "length": 11}, "link": "https://shop.example/%d" % len(styles)})
    message += sentence
document = {"msg": message, "styles": styles, "buttons": [{"label": "Later", "action": "close"}]}
directory = tempfile.mkdtemp()
path = os.path.join(directory, "long.json")
with open(path, "w") as handle:
    json.dump(document, handle)

command = "env TERM=xterm-256color %s preview %s" % (binary, path)
tmux("-f", "/dev/null", "new-session", "-d", "-s", "latency", "-x", "100", "-y", "30", command)
try:
    deadline = time.time() + 30
    while "1/1" not in tmux("capture-pane", "-p", "-t", "latency") and time.time() < deadline:
        time.sleep(0.01)
    results = {}
    for round_ in range(15):
        for key in ["PageDown", "Tab", "End", "Home"]:
            before = tmux("capture-pane", "-p", "-e", "-t", "latency")
            start = time.perf_counter()
            tmux("send-keys", "-t", "latency", key)
            while tmux("capture-pane", "-p", "-e", "-t", "latency") == before:
                if time.perf_counter() - start > 5:
                    break
            results.setdefault(key, []).append((time.perf_counter() - start) * 1000)
    for key, samples in results.items():
        print("%-8s median %.1f ms, worst %.1f ms (%d keys)" % (key, statistics.median(samples), max(samples), len(samples)))
finally:
    tmux("kill-server")
