#!/usr/bin/env python3
"""Copies a directory of modal files and changes one file in a hundred, as a user would see it.

Usage:  python3 Scripts/diff_corpus_copy.py SOURCE_DIR OUT_DIR [--every N]

For the `modalkit diff` timing in docs/performance.md: `modalkit diff SOURCE OUT` then reports one file in N
(default 100) as changed. The change keeps every style range valid: the first button's label gets " now"
appended, or, in a modal without buttons, the first ASCII letter of the message becomes another letter (one
UTF-16 unit for one). Changed files are written back compactly; the others are copied byte for byte, so the
identical-bytes shortcut of `modalkit diff` sees 99 files in 100. Deterministic: the same input gives the same copy.
"""
import argparse
import json
import pathlib
import shutil
import sys


def change(document):
    modals = document if isinstance(document, list) else [document]
    modal = modals[0]
    if modal.get("buttons"):
        modal["buttons"][0]["label"] += " now"
        return document
    message = modal["msg"]
    for index, character in enumerate(message):
        if "a" <= character <= "z":
            replacement = "b" if character == "a" else "a"
            modal["msg"] = message[:index] + replacement + message[index + 1 :]
            return document
    modal["buttons"] = [{"label": "Added", "action": "close"}]
    return document


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source")
    parser.add_argument("out")
    parser.add_argument("--every", type=int, default=100)
    arguments = parser.parse_args()
    source = pathlib.Path(arguments.source)
    out = pathlib.Path(arguments.out)
    files = sorted(source.rglob("*.json"))
    changed = 0
    for number, path in enumerate(files):
        target = out / path.relative_to(source)
        target.parent.mkdir(parents=True, exist_ok=True)
        if number % arguments.every == 0:
            document = change(json.loads(path.read_text(encoding="utf-8")))
            target.write_text(json.dumps(document, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
            changed += 1
        else:
            shutil.copyfile(path, target)
    print(f"copied {len(files)} files to {out}, {changed} changed", file=sys.stderr)


if __name__ == "__main__":
    main()
