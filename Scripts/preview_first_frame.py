#!/usr/bin/env python3
"""Time from starting `modalkit preview FILE` under tmux to its first frame, and how soon a key is answered.

Usage: Scripts/preview_first_frame.py MODALKIT FILE [STARTS]   (default: 5 starts)

Each start opens a private tmux server at 100x30 under TERM=xterm-256color, starts the preview, and polls
`capture-pane` until the status line's "1/1" shows (the first frame), then sends Down and times the changed
screen. It also notes whether "laying out" (the progress line of a long message) was seen, and prints the
median and range of the first-frame times.
"""
import statistics
import subprocess
import sys
import time

binary, path = sys.argv[1], sys.argv[2]
starts = int(sys.argv[3]) if len(sys.argv) > 3 else 5
firsts, keys = [], []
for start in range(starts):
    socket = "modalkit-first-%d" % time.time_ns()

    def tmux(*args):
        return subprocess.run(["tmux", "-L", socket, *args], capture_output=True, text=True).stdout

    tmux("-f", "/dev/null", "new-session", "-d", "-s", "s", "-x", "100", "-y", "30", "sleep 100")
    began = time.perf_counter()
    tmux("respawn-pane", "-k", "-t", "s", "env TERM=xterm-256color %s preview %s" % (binary, path))
    first = key_sent = key_done = None
    progress = False
    before = ""
    while time.perf_counter() - began < 30:
        screen = tmux("capture-pane", "-p", "-t", "s")
        now = time.perf_counter() - began
        progress = progress or "laying out" in screen
        if first is None and "1/1" in screen:
            first, before, key_sent = now, screen, now
            tmux("send-keys", "-t", "s", "Down")
        elif first is not None and key_done is None and screen != before:
            key_done = now
        if key_done is not None and (now - first > 1.5 or (progress and "laying out" not in screen)):
            break
    tmux("kill-server")
    if first is None:
        print("start %d: no first frame within 30 s" % start)
        continue
    firsts.append(first * 1000)
    keys.append((key_done - key_sent) * 1000 if key_done else float("nan"))
    print("start %d: first frame %.0f ms, Down answered %.0f ms later, progress line %s"
          % (start, firsts[-1], keys[-1], "seen" if progress else "not seen"))
if firsts:
    print("median first frame %.0f ms (%.0f-%.0f), Down %.0f ms"
          % (statistics.median(firsts), min(firsts), max(firsts), statistics.median(keys)))
