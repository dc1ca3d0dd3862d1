#!/usr/bin/env python3
"""Compares ModalKit's grapheme-cluster cell widths with Python wcwidth 0.7.0's wcswidth().

Usage: Scripts/wcwidth_diff.py [--corpus DIR] [--binary PATH] [--no-build]

Inputs:
  * the shared benchmark corpus text (DIR/big/text.txt, default /tmp/modal-corpus; generated with
    ../shared/bench/gen_corpus.py when missing);
  * a sweep: every code point assigned in Unicode 15.0 on its own (and the unassigned
    Extended_Pictographic ones), every sequence in emoji-test.txt
    and emoji-variation-sequences.txt, and a few hand-picked script sequences (Hangul jamo, Indic,
    prepended marks, combining marks).
Our widths come from `ModalKitBenchmarks dump-widths` (release build), which prints every distinct
grapheme cluster (segmented by Swift's Character) with its width in both ambiguous-width modes;
wcwidth measures the same cluster string, so segmentation differences cannot show up as width
differences. Each disagreement is put in one of the classes documented in docs/widths.md; the
script exits 1 if any disagreement fits none of them. Test tooling only: needs `pip install wcwidth==0.7.0`
and the Debian `unicode-data` package.
"""
import pathlib
import argparse
import collections
import os
import subprocess
import sys

import wcwidth

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_unicode_tables  # noqa: E402  (the shared UCD reader)

UCD = "/usr/share/unicode"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The shared benchmark folder sits beside the checkout (../shared), in CI as on a developer machine.
GEN_CORPUS = str(pathlib.Path(__file__).resolve().parents[2] / "shared" / "bench" / "gen_corpus.py")

HAND_PICKED = [
    "\u1100\u1161\u11A8", "\uAC00\u11A8", "\u115F\u1161", "\u1100\u1161", "\uA960\uD7B0",  # Hangul jamo
    "e\u0301", "a\u0308\u0323", "\u05E9\u05C1\u05B8",  # combining marks (Latin, Hebrew)
    "\u0915\u093F", "\u0915\u094D\u0937", "\u0915\u094D\u200D", "\u0D15\u0D4D\u0D15",  # Indic
    "\u0600\u0661\u0662", "\u06DD\u0661",  # prepended concatenation marks
    "a\U0001F3FB", "1\u20E3", "\u231A\uFE0E", "\u2764\uFE0E", "A\uFE0F",  # emoji edge cases
    "\U0001F1E6", "\U0001F1FA\U0001F1F8", "\U0001F468\u200D\U0001F469\u200D\U0001F467",
]


def ranges(name):
    """The UCD reader of the table generator, over the same folder."""
    return gen_unicode_tables.parse_ranges(name)


def load_ucd():
    gc, eaw = {}, {}
    for first, last, fields in ranges("extracted/DerivedGeneralCategory.txt"):
        for cp in range(first, last + 1):
            gc[cp] = fields[0]
    for first, last, fields in ranges("EastAsianWidth.txt"):
        for cp in range(first, last + 1):
            eaw[cp] = fields[0]
    props = collections.defaultdict(set)
    for name in ("DerivedCoreProperties.txt", "PropList.txt", "emoji/emoji-data.txt"):
        for first, last, fields in ranges(name):
            for cp in range(first, last + 1):
                props[fields[0]].add(cp)
    return gc, eaw, props


def sequences(name):
    with open(os.path.join(UCD, name), encoding="utf-8") as f:
        for line in f:
            data = line.split("#", 1)[0].strip()
            if data:
                yield "".join(chr(int(x, 16)) for x in data.split(";")[0].split())


def write_sweep(path, gc, pictographic):
    items = []
    for cp in range(0x110000):
        category = gc.get(cp, "Cn")
        assigned = category not in ("Cn", "Cs")
        # Reserved pictographs too: our tables give them emoji width ahead of their assignment.
        if (assigned or category == "Cn" and cp in pictographic) and cp not in (0x0A, 0x0D):
            items.append(chr(cp))
    items += sequences("emoji/emoji-test.txt")
    items += sequences("emoji/emoji-variation-sequences.txt")
    items += HAND_PICKED
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(items) + "\n")


def our_widths(binary, path):
    out = subprocess.run([binary, "dump-widths", path], check=True, capture_output=True, text=True).stdout
    for line in out.splitlines():
        fields = line.split()
        yield int(fields[0]), int(fields[1]), int(fields[2]), "".join(chr(int(x, 16)) for x in fields[3:])


class Classifier:
    """Names the documented reason for a disagreement, or None."""

    def __init__(self, gc, eaw, props):
        self.gc, self.eaw, self.props = gc, eaw, props

    def classify(self, cluster, ours, theirs, ambiguous_wide):
        cps = [ord(c) for c in cluster]
        gc = [self.gc.get(cp, "Cn") for cp in cps]
        base = cps[0]
        presentation = self.props["Emoji_Presentation"]
        if "Cc" in gc and theirs == -1 and ours == 0:
            return "control characters: wcwidth -1, ours 0"
        if "Cn" in gc:
            return "unassigned in Unicode 15.0 (wcwidth knows Unicode 17)"
        if (len(cps) == 1 and ours == 1 and theirs == 2 and self.eaw.get(base, "N") not in ("W", "F")
                and base not in presentation):
            return "East_Asian_Width changed to W after 15.0"
        if len(cps) == 1 and base in self.props["Default_Ignorable_Code_Point"] and ours == 0 and theirs > 0:
            return "default-ignorable shown by wcwidth (soft hyphen)"
        if ours == 2 and theirs > 2 and ambiguous_wide and self.eaw.get(base) == "A":
            return "ambiguous base + VS16 or modifier: wcwidth adds, ours capped at 2"
        if ours == 2 and theirs > 2:
            return "wcwidth sums scalars past 2, ours capped at 2"
        joins_pictograph = any(cps[i] == 0x200D and cps[i + 1] in self.props["Extended_Pictographic"]
                               for i in range(len(cps) - 1))
        has_modifier = any(cp in self.props["Emoji_Modifier"] for cp in cps[1:])
        if ours == 2 and theirs == 1 and base not in presentation and (joins_pictograph or has_modifier):
            return "emoji ZWJ/modifier sequence on a text-default base: ours 2, wcwidth 1"
        if theirs > ours and ("Mc" in gc[1:] or any(cp in self.props["Prepended_Concatenation_Mark"] for cp in cps)
                              or 0x094D in cps or 0x0D4D in cps):
            return "Indic spacing marks, conjuncts, prepended marks: wcwidth adds per scalar, ours 1 per cluster"
        return None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--corpus", default="/tmp/modal-corpus")
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "ModalKitBenchmarks"))
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--examples", type=int, default=5)
    args = parser.parse_args()

    text_path = os.path.join(args.corpus, "big", "text.txt")
    if not os.path.exists(text_path):
        subprocess.run([sys.executable, GEN_CORPUS, args.corpus], check=True)
    if not args.no_build:
        subprocess.run(["swift", "build", "-c", "release", "--product", "ModalKitBenchmarks"],
                       cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    gc, eaw, props = load_ucd()
    sweep_path = "/tmp/modalkit-width-sweep.txt"
    write_sweep(sweep_path, gc, props["Extended_Pictographic"])
    classifier = Classifier(gc, eaw, props)

    print("wcwidth %s (Unicode %s) vs ModalKit (Unicode 15.0.0)" % (wcwidth.__version__, wcwidth.list_versions()[-1]))
    unexplained = 0
    for label, path in (("corpus " + text_path, text_path), ("sweep", sweep_path)):
        counts = collections.Counter()
        distinct = collections.Counter()
        examples = collections.defaultdict(list)
        clusters = agreeing = 0
        for count, ours, ours_wide, cluster in our_widths(args.binary, path):
            if label == "sweep" and cluster == "\n":
                continue  # the sweep's separators, not part of it
            clusters += count
            disagreed = False
            for ambiguous_wide, mine in ((False, ours), (True, ours_wide)):
                theirs = wcwidth.wcswidth(cluster, ambiguous_width=2 if ambiguous_wide else 1)
                if mine == theirs:
                    continue
                disagreed = True
                reason = classifier.classify(cluster, mine, theirs, ambiguous_wide)
                key = (reason or "UNEXPLAINED", "ambiguous=2" if ambiguous_wide else "ambiguous=1")
                counts[key] += count
                distinct[key] += 1
                if len(examples[key]) < args.examples:
                    examples[key].append("%s ours %d wcwidth %d" % (
                        " ".join("U+%04X" % ord(c) for c in cluster), mine, theirs))
                if reason is None:
                    unexplained += 1
            agreeing += 0 if disagreed else count
        print("\n== %s: %d clusters, %d agree in both modes" % (label, clusters, agreeing))
        for key, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
            print("  %-90s %-12s %9d clusters (%d distinct)" % (key[0], key[1], n, distinct[key]))
            for example in examples[key]:
                print("      " + example)
    if unexplained:
        print("\n%d distinct clusters disagree for no documented reason" % unexplained)
        return 1
    print("\nevery disagreement is in a documented class")
    return 0


if __name__ == "__main__":
    sys.exit(main())
