#!/usr/bin/env python3
"""Makes modal files whose style ranges are counted in code points, the mistake `modalkit fix` repairs.

Reads a corpus written by ../shared/bench/gen_corpus.py (its small/*.json, whose offsets are UTF-16 code
units), rewrites every range in code points (what Python's len counts) and keeps the files where that
makes a difference the validator can see: every modal whose offsets changed has at least one range that is
wrong in UTF-16 (past the end of msg, or splitting a surrogate pair). A modal whose code-point offsets all
happen to land on valid UTF-16 boundaries styles the wrong text silently and cannot be told apart, so files
holding one are skipped.

Only the numbers change: each file is re-serialised the way the generator writes it, and the script checks
that this reproduces the generator's bytes exactly before converting.

usage: make_codepoint_corpus.py CORPUS_DIR OUT_DIR [--count N]
"""
import argparse
import json
import os
import sys


def utf16_len(text):
    return len(text.encode("utf-16-le")) // 2


def to_code_points(message, utf16_offset):
    """The code-point index of a UTF-16 offset that falls on a code-point boundary."""
    units = 0
    for index, char in enumerate(message):
        if units == utf16_offset:
            return index
        units += 2 if ord(char) > 0xFFFF else 1
    if units == utf16_offset:
        return len(message)
    raise ValueError("offset inside a surrogate pair")


def valid_utf16_boundaries(message):
    boundaries = {0}
    units = 0
    for char in message:
        units += 2 if ord(char) > 0xFFFF else 1
        boundaries.add(units)
    return boundaries


def convert_modal(modal):
    """Rewrites the modal's ranges in code points; whether it changed, and whether the change is visible."""
    message = modal.get("msg", "")
    changed = False
    for style in modal.get("styles", []):
        rng = style["apply_to"]
        start = to_code_points(message, rng["from"])
        end = to_code_points(message, rng["from"] + rng["length"])
        if (start, end - start) != (rng["from"], rng["length"]):
            changed = True
        rng["from"], rng["length"] = start, end - start
    if not changed:
        return False, True
    boundaries = valid_utf16_boundaries(message)
    visible = any(
        s["apply_to"]["from"] not in boundaries
        or s["apply_to"]["from"] + s["apply_to"]["length"] not in boundaries
        for s in modal.get("styles", [])
    )
    return True, visible


# The generator writes each file in one of these four ways.
STYLES = [
    lambda d, ascii: json.dumps(d, ensure_ascii=ascii, indent=2) + "\n",
    lambda d, ascii: json.dumps(d, ensure_ascii=ascii, separators=(",", ":")),
]


def serialiser_for(document, original):
    """The way of writing that reproduces `original` exactly, or None."""
    for style in STYLES:
        for ascii in (False, True):
            if style(document, ascii) == original:
                return lambda d, style=style, ascii=ascii: style(d, ascii)
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("corpus")
    parser.add_argument("out")
    parser.add_argument("--count", type=int, default=200)
    args = parser.parse_args()
    source_dir = os.path.join(args.corpus, "small")
    os.makedirs(args.out, exist_ok=True)
    written = skipped_silent = unchanged = 0
    for name in sorted(os.listdir(source_dir)):
        if written == args.count:
            break
        with open(os.path.join(source_dir, name), encoding="utf-8") as handle:
            original = handle.read()
        document = json.loads(original)
        serialise = serialiser_for(document, original)
        if serialise is None:
            sys.exit(f"{name}: re-serialising does not reproduce the generator's bytes")
        modals = document if isinstance(document, list) else [document]
        results = [convert_modal(modal) for modal in modals]
        if not any(changed for changed, _ in results):
            unchanged += 1
            continue
        if not all(visible for _, visible in results):
            skipped_silent += 1
            continue
        with open(os.path.join(args.out, name), "w", encoding="utf-8") as handle:
            handle.write(serialise(document))
        written += 1
    print(f"wrote {written} files; skipped {unchanged} without astral characters in a styled modal "
          f"and {skipped_silent} with a silently shifted modal")
    if written < args.count:
        sys.exit(f"only {written} files found; generate a larger corpus")


if __name__ == "__main__":
    main()
