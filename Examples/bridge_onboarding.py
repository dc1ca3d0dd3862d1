#!/usr/bin/env python3
"""Walks a user through the onboarding modals with `modalkit preview --bridge`.

The bridge draws each modal on the terminal and reports what the user picks; this script decides what
comes next: `next` shows the following modal, `prev` the one before, `close` (or the last `next`) ends
the walk, and Esc ends it early. Standard library only.

    python3 Examples/bridge_onboarding.py [--modalkit PATH] [--sample FILE] [--width N]

The modalkit binary is taken from --modalkit, else $MODALKIT, else `modalkit` on PATH. Every event line
the bridge writes is copied to standard output as it arrives, so the output is the session's record;
what the script decides goes to standard error.
"""

import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PROTOCOL_VERSION = 1


class Bridge:
    """A running `modalkit preview --bridge`: send commands, read events."""

    def __init__(self, modalkit, width=None):
        command = [modalkit, "preview", "--bridge"]
        if width:
            command += ["--width", str(width)]
        # The bridge draws on /dev/tty, so its standard streams carry only protocol lines.
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0
        )

    def send(self, command):
        line = json.dumps(command, ensure_ascii=False, separators=(",", ":")) + "\n"
        self.process.stdin.write(line.encode("utf-8"))
        self.process.stdin.flush()

    def next_event(self):
        """The next event, or None when the bridge has ended."""
        line = self.process.stdout.readline()
        if not line:
            return None
        sys.stdout.write(line.decode("utf-8"))
        sys.stdout.flush()
        event = json.loads(line)
        if not isinstance(event, dict) or "event" not in event:
            raise ValueError("not a bridge event: %r" % line)
        return event

    def finish(self):
        """Closes the command stream and waits for the bridge to end; its exit status."""
        self.process.stdin.close()
        while self.next_event() is not None:
            pass
        return self.process.wait()


def note(text):
    sys.stderr.write(text + "\n")
    sys.stderr.flush()


def walk(bridge, modals):
    """Shows the modals one at a time, reacting to each action; True when the user got to the end."""
    index = 0
    bridge.send({"command": "show", "document": modals[index]})
    while True:
        event = bridge.next_event()
        if event is None:
            note("the bridge ended early")
            return False
        kind = event["event"]
        if kind == "error":
            note("the bridge refused line %d: %s" % (event["line"], event["message"]))
            return False
        if kind == "cancelled":
            note("cancelled on step %d" % (index + 1))
            return False
        if kind == "closed":
            return True
        if kind != "action":
            continue
        action = event["action"].get("type")
        note("step %d: %r chosen (%s)" % (index + 1, event["label"], action))
        if action == "next" and index + 1 < len(modals):
            index += 1
        elif action == "prev" and index > 0:
            index -= 1
        elif action in ("next", "close"):
            # A close action dismisses the modal and the bridge answers `closed` next.
            if action == "next":
                return True
            continue
        else:
            continue
        bridge.send({"command": "show", "document": modals[index]})


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--modalkit", default=os.environ.get("MODALKIT", "modalkit"))
    parser.add_argument(
        "--sample", default=os.path.join(HERE, "..", "samples", "onboarding.json")
    )
    parser.add_argument("--width", type=int)
    arguments = parser.parse_args()

    with open(arguments.sample, encoding="utf-8") as sample:
        modals = json.load(sample)
    if isinstance(modals, dict):
        modals = [modals]

    bridge = Bridge(arguments.modalkit, arguments.width)
    ready = bridge.next_event()
    if ready is None or ready["event"] != "ready":
        note("the bridge did not start")
        return 2
    if ready.get("protocol") != PROTOCOL_VERSION:
        note("this script speaks bridge protocol %d, not %r" % (PROTOCOL_VERSION, ready.get("protocol")))
        return 2
    finished = walk(bridge, modals)
    bridge.send({"command": "quit"})
    status = bridge.finish()
    note("onboarding %s; the bridge exited with %d" % ("finished" if finished else "left", status))
    return 0 if finished and status == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
