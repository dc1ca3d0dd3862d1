#!/usr/bin/env python3
"""Key-to-screen latency of `modalkit preview` in tmux: time from `send-keys` to a changed `capture-pane`.

Usage: Scripts/preview_key_latency.py [MODALKIT] [BYTES] [--resize]
(defaults: .build/release/modalkit, 2 MiB)

Writes a message of about BYTES bytes (a link every kilobyte), opens it at 100x30 under
TERM=xterm-256color on a private tmux socket, sends PgDn, Tab, End and Home in turn, and prints the
median and worst time per key. Each key is chosen so that the screen must change.

With --resize it times instead how long a resize (50 <-> 56 columns, narrower than the modal) takes to reach the screen, and how
long a Home sent right after a resize takes to show the top of the message.
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

arguments = [argument for argument in sys.argv[1:] if argument != "--resize"]
resize = "--resize" in sys.argv[1:]
binary = os.path.abspath(arguments[0] if arguments else ".build/release/modalkit")
size = int(arguments[1]) if len(arguments) > 1 else 2 << 20
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

    def screen():
        return tmux("capture-pane", "-p", "-e", "-t", "latency")

    def wait_for(predicate, start):
        while not predicate(screen()):
            if time.perf_counter() - start > 20:
                break
        return (time.perf_counter() - start) * 1000

    for round_ in range(8 if resize else 0):
        for width in [50, 56]:
            at_top = screen()
            tmux("send-keys", "-t", "latency", "End")
            wait_for(lambda text: text != at_top, time.perf_counter())
            before = screen()
            start = time.perf_counter()
            tmux("resize-window", "-t", "latency", "-x", str(width))
            results.setdefault("resize", []).append(wait_for(lambda text: text != before and "1/1" in text, start))
            # A key right after a resize: Home from the end must show the message's first line.
            tmux("resize-window", "-t", "latency", "-x", str(106 - width))
            start = time.perf_counter()
            tmux("send-keys", "-t", "latency", "Home")
            results.setdefault("Home after resize", []).append(
                wait_for(lambda text: "Spring sale" in text.split("\n")[1], start))
            tmux("resize-window", "-t", "latency", "-x", str(width))
    for round_ in range(0 if resize else 15):
        for key in ["PageDown", "Tab", "End", "Home"]:
            before = tmux("capture-pane", "-p", "-e", "-t", "latency")
            start = time.perf_counter()
            tmux("send-keys", "-t", "latency", key)
            while tmux("capture-pane", "-p", "-e", "-t", "latency") == before:
                if time.perf_counter() - start > 5:
                    break
            results.setdefault(key, []).append((time.perf_counter() - start) * 1000)
    for key, samples in results.items():
        print("%-8s median %.1f ms, worst %.1f ms (%d times)" % (key, statistics.median(samples), max(samples), len(samples)))
finally:
    tmux("kill-server")
