#!/usr/bin/env python3
"""Checks `modalkit fix` on a corpus with one misspelt key per file, and optionally code-point offsets.

Generates a corpus with ../shared/bench/gen_corpus.py into a temporary directory, misspells one key of each
file at random (seeded: a swapped, dropped or doubled letter, one edit from the key), with --code-points
rewrites every range in code points (what Python's len counts), and runs the built `modalkit fix` on the
files. Each file then falls in one of these:

  restored            the fixed file reads as the generator's original (same keys, same offsets)
  covered texts kept  not the original, but every style covers the text it covered in the original
  unchanged, reason   left byte for byte as written, with a "not fixed" reason on standard error
  unchanged, silent   left as written with no reason (the misspelling is not one the fixer can tell)
  ranges as written   changed (a key renamed), and a modal whose offsets the fix left as written covers
                      other text than the original: code-point offsets the inference cannot tell from
                      UTF-16 ones (they cover no whole words either way), so no fixer could convert them
  wrong               some modal whose offsets the fix changed covers other text than in the original:
                      a failure

The script exits 1 when a file is wrong.

usage: check_fix_misspellings.py [--count N] [--seed N] [--code-points] [--modalkit PATH] [--keep DIR]
"""
import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

REPOSITORY = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GENERATOR = os.path.join(REPOSITORY, "..", "shared", "bench", "gen_corpus.py")


def utf16_units(text):
    return text.encode("utf-16-le")


def covered(message, start, length):
    """The text a UTF-16 range covers, or None when it is not a whole range of the message."""
    units = utf16_units(message)
    if not isinstance(start, int) or not isinstance(length, int) or start < 0 or length < 0:
        return None
    if 2 * (start + length) > len(units):
        return None
    try:
        return units[2 * start:2 * (start + length)].decode("utf-16-le")
    except UnicodeDecodeError:
        return None


def covered_texts(document):
    """The text each style covers, per modal, read with the format's key names."""
    texts = []
    for modal in document if isinstance(document, list) else [document]:
        message = modal.get("msg") if isinstance(modal, dict) else None
        styles = modal.get("styles", []) if isinstance(modal, dict) else []
        row = []
        for style in styles if isinstance(styles, list) else []:
            rng = style.get("apply_to") if isinstance(style, dict) else None
            if not isinstance(message, str) or not isinstance(rng, dict):
                row.append(None)
                continue
            row.append(covered(message, rng.get("from"), rng.get("length")))
        texts.append(row)
    return texts


def written_numbers(modal):
    """The numbers of each style's range object, whatever its keys (and `styles`) are called, in order."""
    numbers = []
    styles = [
        item for value in (modal.values() if isinstance(modal, dict) else []) if isinstance(value, list)
        for item in value if isinstance(item, dict) and any(isinstance(v, dict) for v in item.values())
    ]
    for style in styles:
        row = []
        for value in style.values() if isinstance(style, dict) else []:
            if isinstance(value, dict):
                row += [number for number in value.values() if isinstance(number, int)]
        numbers.append(row)
    return numbers


def as_list(document):
    return document if isinstance(document, list) else [document]


def to_code_points(message, utf16_offset):
    """The code-point index of a UTF-16 offset on a code-point boundary."""
    units = 0
    for index, char in enumerate(message):
        if units == utf16_offset:
            return index
        units += 2 if ord(char) > 0xFFFF else 1
    if units == utf16_offset:
        return len(message)
    raise ValueError("offset inside a surrogate pair")


def count_in_code_points(document):
    for modal in document:
        message = modal.get("msg", "")
        for style in modal.get("styles", []):
            rng = style["apply_to"]
            start = to_code_points(message, rng["from"])
            end = to_code_points(message, rng["from"] + rng["length"])
            rng["from"], rng["length"] = start, end - start


def key_places(value, path=()):
    """Every (object, key) of the document, objects found depth first."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield value, key
            yield from key_places(item, path + (key,))
    elif isinstance(value, list):
        for item in value:
            yield from key_places(item, path)


def misspelling(key, rng):
    """One edit from `key`: two neighbouring letters swapped, a letter dropped or doubled."""
    for _ in range(20):
        letters = list(key)
        index = rng.randrange(len(letters))
        kind = rng.randrange(3)
        if kind == 0 and index + 1 < len(letters):
            letters[index], letters[index + 1] = letters[index + 1], letters[index]
        elif kind == 1 and len(letters) > 3:
            del letters[index]
        else:
            letters.insert(index, letters[index])
        word = "".join(letters)
        if word != key:
            return word
    return key + key[-1]


def rename_in_place(obj, old, new):
    """Renames a key of a dict, keeping the order of its keys."""
    items = list(obj.items())
    obj.clear()
    for key, value in items:
        obj[new if key == old else key] = value


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=20261206)
    parser.add_argument("--code-points", action="store_true", help="count every range in code points too")
    parser.add_argument("--modalkit", default=os.path.join(REPOSITORY, ".build", "debug", "modalkit"))
    parser.add_argument("--keep", help="write the files here and keep them, instead of a temporary directory")
    args = parser.parse_args()
    if not os.path.exists(args.modalkit):
        sys.exit(f"{args.modalkit}: not found; build it with 'swift build' or pass --modalkit")

    work = args.keep or tempfile.mkdtemp(prefix="modalkit-misspellings-")
    try:
        corpus = os.path.join(work, "corpus")
        subprocess.run(
            [sys.executable, GENERATOR, corpus, "--small", str(args.count), "--text-mb", "0", "--huge-kb", "1",
             "--huge-styles", "1"],
            check=True, stdout=subprocess.DEVNULL)
        files = os.path.join(work, "files")
        os.makedirs(files, exist_ok=True)
        originals = {}
        written = {}
        misspelt = {}
        for name in sorted(os.listdir(os.path.join(corpus, "small"))):
            with open(os.path.join(corpus, "small", name), encoding="utf-8") as handle:
                original = json.load(handle)
            document = json.loads(json.dumps(original))
            if args.code_points:
                count_in_code_points(document)
            rng = random.Random(f"{args.seed}/{name}")
            places = list(key_places(document))
            obj, key = places[rng.randrange(len(places))]
            wrong = misspelling(key, rng)
            rename_in_place(obj, key, wrong)
            text = json.dumps(document, ensure_ascii=False, indent=2) + "\n"
            with open(os.path.join(files, name), "w", encoding="utf-8") as handle:
                handle.write(text)
            originals[name] = original
            written[name] = text
            misspelt[name] = f"{key} -> {wrong}"

        result = subprocess.run([args.modalkit, "fix", files], capture_output=True, text=True)
        if result.returncode not in (0,):
            sys.exit(f"modalkit fix exited {result.returncode}:\n{result.stderr[-2000:]}")
        refused = {
            os.path.basename(line.split(":", 1)[0])
            for line in result.stderr.splitlines() if ": error: not fixed: " in line
        }
        counts = dict.fromkeys(
            ["restored", "covered texts kept", "unchanged, reason", "unchanged, silent", "ranges as written",
             "wrong"], 0)
        examples = {}
        for name, text in written.items():
            with open(os.path.join(files, name), encoding="utf-8") as handle:
                after = handle.read()
            if after == text:
                outcome = "unchanged, reason" if name in refused else "unchanged, silent"
            else:
                fixed = json.loads(after)
                if fixed == originals[name]:
                    outcome = "restored"
                elif covered_texts(fixed) == covered_texts(originals[name]):
                    outcome = "covered texts kept"
                else:
                    outcome = "ranges as written"
                    before = as_list(json.loads(text))
                    for modal, was, now, meant in zip(
                            as_list(fixed), before, covered_texts(fixed), covered_texts(originals[name])):
                        if now != meant and written_numbers(modal) != written_numbers(was):
                            outcome = "wrong"
            counts[outcome] += 1
            examples.setdefault(outcome, []).append(f"{name} ({misspelt[name]})")

        unit = "code points" if args.code_points else "UTF-16"
        print(f"{len(written)} files, one misspelt key each, offsets in {unit}:")
        for outcome, count in counts.items():
            shown = ", ".join(examples.get(outcome, [])[:3])
            print(f"  {outcome:20} {count:6}" + (f"   e.g. {shown}" if shown and outcome != "restored" else ""))
        print("fix: " + result.stderr.strip().splitlines()[-1])
        if counts["wrong"]:
            sys.exit(1)
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
