#!/usr/bin/env python3
"""Writes Sources/TextLayout/Unicode/Generated/UnicodeTables.swift from the Unicode Character Database.

Usage: Scripts/gen_unicode_tables.py [UCD_DIR] [OUTPUT]
  UCD_DIR defaults to /usr/share/unicode (Debian's `unicode-data`, UCD 15.0.0).

Every scalar gets one 16-bit property word (layout below, mirrored in UnicodeProperties.swift):
  bits 0-5   line break class after rule LB1 of UAX #14 (see LINE_BREAK_CLASSES)
  bits 6-7   width kind: 0 zero, 1 narrow, 2 wide, 3 East Asian ambiguous
  bit 8      Extended_Pictographic
  bit 9      base of an emoji presentation sequence (emoji-variation-sequences.txt, "emoji style")
  bit 10     Emoji_Modifier
The distinct words go into a small value table; a two-stage index maps a scalar to its word's
position in that table. The three arrays are stored as base64 in string literals and decoded once
at first use, because large integer array literals make the Swift compiler slow.

It also writes BidiTables.swift beside it, the data of UAX #9 (see write_bidi_tables): one byte per
scalar (Bidi_Class from extracted/DerivedBidiClass.txt, with flags from BidiMirroring.txt and
BidiBrackets.txt) in a two-stage table, plus sorted mirroring and bracket-pair lists.
"""
import base64
import os
import sys

UCD = "/usr/share/unicode"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Sources", "TextLayout", "Unicode", "Generated", "UnicodeTables.swift")
EXPECTED_VERSION = "15.0.0"
MAX = 0x110000

# Resolved classes (LB1 applied; OP and CP split by East_Asian_Width for LB30). Order is the raw
# value of the generated LineBreakClass enum; the rules in LineBreakRules.swift use the names.
LINE_BREAK_CLASSES = [
    "BK", "CR", "LF", "NL", "SP", "ZW", "ZWJ", "CM", "WJ", "GL", "BA", "HY", "BB", "B2", "CB",
    "CL", "CP", "CPEA", "EX", "IN", "IS", "NS", "OP", "OPEA", "QU", "SY", "AL", "HL", "ID", "EB",
    "EM", "NU", "PR", "PO", "JL", "JV", "JT", "H2", "H3", "RI",
]
CLASS_DOC = {
    "CPEA": "close parenthesis that is East Asian full-width, wide or half-width (excluded from LB30)",
    "OPEA": "open punctuation that is East Asian full-width, wide or half-width (excluded from LB30)",
    "EB": "emoji base, and unassigned Extended_Pictographic code points (LB30b)",
}
WIDTH_ZERO, WIDTH_NARROW, WIDTH_WIDE, WIDTH_AMBIGUOUS = 0, 1, 2, 3


def ucd_path(name):
    return os.path.join(UCD, name)


def parse_ranges(name):
    """Yields (first, last, fields) for each data line of a UCD file."""
    with open(ucd_path(name), encoding="utf-8") as f:
        for line in f:
            data = line.split("#", 1)[0].strip()
            if not data:
                continue
            fields = [x.strip() for x in data.split(";")]
            first, _, last = fields[0].partition("..")
            first = int(first, 16)
            last = int(last, 16) if last else first
            yield first, last, fields[1:]


def check_version(name, token):
    with open(ucd_path(name), encoding="utf-8") as f:
        head = f.readline()
    if token not in head:
        sys.exit("%s: expected version %s, found %r" % (name, EXPECTED_VERSION, head.strip()))


def fill(array, first, last, value):
    for cp in range(first, last + 1):
        array[cp] = value


def load():
    for name, token in [("LineBreak.txt", "LineBreak-15.0.0"),
                        ("EastAsianWidth.txt", "EastAsianWidth-15.0.0"),
                        ("DerivedCoreProperties.txt", "DerivedCoreProperties-15.0.0"),
                        ("extracted/DerivedGeneralCategory.txt", "DerivedGeneralCategory-15.0.0"),
                        ("PropList.txt", "PropList-15.0.0"),
                        ("HangulSyllableType.txt", "HangulSyllableType-15.0.0"),
                        ("emoji/emoji-data.txt", "emoji-data"),
                        ("emoji/emoji-variation-sequences.txt", "emoji-variation-sequences")]:
        check_version(name, token)

    # Defaults for unlisted code points, from the header comments of LineBreak.txt and
    # EastAsianWidth.txt (the explicit lines below override them).
    lb = ["XX"] * MAX
    for first, last in [(0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF), (0x20000, 0x2FFFD),
                        (0x30000, 0x3FFFD), (0x1F000, 0x1FAFF), (0x1FC00, 0x1FFFD)]:
        fill(lb, first, last, "ID")
    fill(lb, 0x20A0, 0x20CF, "PR")
    for first, last, fields in parse_ranges("LineBreak.txt"):
        fill(lb, first, last, fields[0])

    eaw = ["N"] * MAX
    for first, last in [(0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF), (0x20000, 0x2FFFD),
                        (0x30000, 0x3FFFD)]:
        fill(eaw, first, last, "W")
    for first, last, fields in parse_ranges("EastAsianWidth.txt"):
        fill(eaw, first, last, fields[0])

    gc = ["Cn"] * MAX
    for first, last, fields in parse_ranges("extracted/DerivedGeneralCategory.txt"):
        fill(gc, first, last, fields[0])

    def boolean_property(name, wanted):
        result = bytearray(MAX)
        for first, last, fields in parse_ranges(name):
            if fields[0] == wanted:
                fill(result, first, last, 1)
        return result

    default_ignorable = boolean_property("DerivedCoreProperties.txt", "Default_Ignorable_Code_Point")
    prepended_mark = boolean_property("PropList.txt", "Prepended_Concatenation_Mark")
    ext_pict = boolean_property("emoji/emoji-data.txt", "Extended_Pictographic")
    emoji_presentation = boolean_property("emoji/emoji-data.txt", "Emoji_Presentation")
    emoji_modifier = boolean_property("emoji/emoji-data.txt", "Emoji_Modifier")
    hangul_vowel_or_trail = bytearray(MAX)
    for first, last, fields in parse_ranges("HangulSyllableType.txt"):
        if fields[0] in ("V", "T"):
            fill(hangul_vowel_or_trail, first, last, 1)

    variation_base = bytearray(MAX)
    with open(ucd_path("emoji/emoji-variation-sequences.txt"), encoding="utf-8") as f:
        for line in f:
            data = line.split("#", 1)[0].strip()
            if not data:
                continue
            sequence, style = [x.strip() for x in data.split(";")[:2]]
            base, selector = [int(x, 16) for x in sequence.split()]
            if selector == 0xFE0F and style == "emoji style":
                variation_base[base] = 1

    return dict(lb=lb, eaw=eaw, gc=gc, default_ignorable=default_ignorable,
                prepended_mark=prepended_mark, ext_pict=ext_pict,
                emoji_presentation=emoji_presentation, emoji_modifier=emoji_modifier,
                hangul_vowel_or_trail=hangul_vowel_or_trail, variation_base=variation_base)


def resolve_line_break(cp, p):
    """Rule LB1 plus the splits the later rules need."""
    raw = p["lb"][cp]
    gc = p["gc"][cp]
    if raw in ("AI", "SG", "XX"):
        return "AL"
    if raw == "SA":
        return "CM" if gc in ("Mn", "Mc") else "AL"
    if raw == "CJ":
        return "NS"
    if raw in ("OP", "CP") and p["eaw"][cp] in ("F", "W", "H"):
        return raw + "EA"
    if p["ext_pict"][cp] and gc == "Cn":
        # LB30b: [\p{Extended_Pictographic}&\p{Cn}] × EM. These are all ID, and ID differs from EB
        # only in EB × EM, so they resolve to EB.
        if raw != "ID":
            sys.exit("U+%04X: unassigned Extended_Pictographic with Line_Break %s" % (cp, raw))
        return "EB"
    return raw


def width_kind(cp, p):
    gc = p["gc"][cp]
    if cp == 0x115F:
        # HANGUL CHOSEONG FILLER is default-ignorable, but it starts a syllable block that a
        # following vowel jamo fills: it keeps its East Asian width (W) so the block is 2 cells.
        return WIDTH_WIDE
    if gc in ("Mn", "Me", "Mc", "Cc", "Zl", "Zp", "Cs"):
        return WIDTH_ZERO
    if gc == "Cf" and not p["prepended_mark"][cp]:
        return WIDTH_ZERO
    if p["default_ignorable"][cp] or p["hangul_vowel_or_trail"][cp]:
        return WIDTH_ZERO
    if p["eaw"][cp] in ("W", "F") or p["emoji_presentation"][cp]:
        return WIDTH_WIDE
    if p["ext_pict"][cp] and gc == "Cn":
        return WIDTH_WIDE  # reserved for future emoji, which will have emoji presentation
    if p["eaw"][cp] == "A":
        return WIDTH_AMBIGUOUS
    return WIDTH_NARROW


def property_words(p):
    index = {name: i for i, name in enumerate(LINE_BREAK_CLASSES)}
    words = [0] * MAX
    for cp in range(MAX):
        word = index[resolve_line_break(cp, p)]
        word |= width_kind(cp, p) << 6
        word |= p["ext_pict"][cp] << 8
        word |= p["variation_base"][cp] << 9
        word |= p["emoji_modifier"][cp] << 10
        words[cp] = word
    return words


def build_stages(words):
    """Returns (shift, values, stage1, stage2) with the smallest total size."""
    values = sorted(set(words))
    if len(values) > 256:
        sys.exit("%d distinct property words do not fit a byte index" % len(values))
    value_index = {w: i for i, w in enumerate(values)}
    indices = bytes(value_index[w] for w in words)
    best = None
    for shift in range(4, 10):
        size = 1 << shift
        blocks = {}
        stage1 = []
        stage2 = bytearray()
        for start in range(0, MAX, size):
            block = indices[start:start + size]
            if block not in blocks:
                blocks[block] = len(stage2) >> shift
                stage2 += block
            stage1.append(blocks[block])
        if len(blocks) > 0xFFFF:
            continue
        total = len(stage1) * 2 + len(stage2) + len(values) * 2
        if best is None or total < best[0]:
            best = (total, shift, values, stage1, bytes(stage2))
    return best[1:]


def base64_literal(data, indent="        "):
    text = base64.b64encode(data).decode("ascii")
    lines = [text[i:i + 100] for i in range(0, len(text), 100)]
    return '"""\n' + "".join(indent + line + "\n" for line in lines) + indent + '"""'


def render(shift, values, stage1, stage2):
    stage1_bytes = b"".join(v.to_bytes(2, "little") for v in stage1)
    values_bytes = b"".join(v.to_bytes(2, "little") for v in values)
    cases = []
    for i, name in enumerate(LINE_BREAK_CLASSES):
        doc = CLASS_DOC.get(name, "UAX #14 class %s." % name)
        if not doc.endswith("."):
            doc += "."
        cases.append("    /// %s%s\n    case %s = %d" % (doc[0].upper(), doc[1:], name, i))
    return """// generated by Scripts/gen_unicode_tables.py from the Unicode Character Database 15.0.0, do not edit
// Unicode version: %(version)s. Sources: LineBreak.txt, EastAsianWidth.txt, DerivedCoreProperties.txt,
// extracted/DerivedGeneralCategory.txt, PropList.txt, HangulSyllableType.txt, emoji/emoji-data.txt,
// emoji/emoji-variation-sequences.txt.

/// Line break classes of UAX #14 after rule LB1 (AI, SG, XX → AL; SA → CM or AL; CJ → NS).
enum LineBreakClass: UInt8, Sendable, CaseIterable {
%(cases)s
}

/// The packed Unicode property tables, as base64 text decoded once by `UnicodeProperties`.
enum UnicodeTableData {
    /// The Unicode version the tables describe.
    static let unicodeVersion = "%(version)s"
    /// A scalar's block in stage 1 is `value >> blockShift`.
    static let blockShift = %(shift)d
    /// Entries of stage 1 (little-endian UInt16 block numbers).
    static let stage1Count = %(n1)d
    /// Entries of stage 2 (UInt8 indices into the value table).
    static let stage2Count = %(n2)d
    /// Entries of the value table (little-endian UInt16 property words).
    static let valueCount = %(nv)d

    static let stage1Base64: StaticString = %(s1)s

    static let stage2Base64: StaticString = %(s2)s

    static let valuesBase64: StaticString = %(sv)s
}
""" % dict(version=EXPECTED_VERSION, cases="\n".join(cases), shift=shift, n1=len(stage1),
           n2=len(stage2), nv=len(values), s1=base64_literal(stage1_bytes),
           s2=base64_literal(stage2), sv=base64_literal(values_bytes))


# ---------------------------------------------------------------------------------------------
# UAX #9: Bidi_Class, mirroring and bracket pairs

# Order is the raw value of the generated BidiClass enum.
BIDI_CLASSES = [
    "L", "R", "AL", "EN", "ES", "ET", "AN", "CS", "NSM", "BN", "B", "S", "WS", "ON",
    "LRE", "LRO", "RLE", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI",
]
BIDI_CLASS_DOC = {
    "L": "Left-to-right", "R": "Right-to-left", "AL": "Right-to-left Arabic",
    "EN": "European number", "ES": "European number separator", "ET": "European number terminator",
    "AN": "Arabic number", "CS": "Common number separator", "NSM": "Nonspacing mark",
    "BN": "Boundary neutral", "B": "Paragraph separator", "S": "Segment separator", "WS": "Whitespace",
    "ON": "Other neutral", "LRE": "Left-to-right embedding", "LRO": "Left-to-right override",
    "RLE": "Right-to-left embedding", "RLO": "Right-to-left override", "PDF": "Pop directional format",
    "LRI": "Left-to-right isolate", "RLI": "Right-to-left isolate", "FSI": "First strong isolate",
    "PDI": "Pop directional isolate",
}
BIDI_MIRRORED_FLAG = 0x20
BIDI_OPEN_FLAG = 0x40
BIDI_CLOSE_FLAG = 0x80


def bidi_short_names():
    """Long value names of Bidi_Class (as the @missing lines use them) mapped to the short ones."""
    names = {}
    with open(ucd_path("PropertyValueAliases.txt"), encoding="utf-8") as f:
        for line in f:
            fields = [x.strip() for x in line.split("#", 1)[0].split(";")]
            if len(fields) >= 3 and fields[0] == "bc":
                names[fields[2]] = fields[1]
                names[fields[1]] = fields[1]
    return names


def load_bidi():
    for name, token in [("extracted/DerivedBidiClass.txt", "DerivedBidiClass-15.0.0"),
                        ("BidiBrackets.txt", "BidiBrackets-15.0.0"),
                        ("BidiMirroring.txt", "BidiMirroring-15.0.0"),
                        ("UnicodeData.txt", ""),
                        ("PropertyValueAliases.txt", "PropertyValueAliases-15.0.0")]:
        if token:
            check_version(name, token)
    names = bidi_short_names()
    classes = ["L"] * MAX
    # The @missing lines give the defaults of unlisted code points, widest range first.
    with open(ucd_path("extracted/DerivedBidiClass.txt"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("# @missing:"):
                span, value = [x.strip() for x in line[len("# @missing:"):].split(";")]
                first, _, last = span.partition("..")
                fill(classes, int(first, 16), int(last, 16), names[value])
    for first, last, fields in parse_ranges("extracted/DerivedBidiClass.txt"):
        fill(classes, first, last, fields[0])

    mirrors = {}
    for first, last, fields in parse_ranges("BidiMirroring.txt"):
        mirrors[first] = int(fields[0], 16)

    # Canonical singletons (U+2329 ≡ U+3008, U+232A ≡ U+3009): BD16 matches brackets after canonical
    # decomposition, so each bracket's pair key is the canonical form of the opening bracket.
    singleton = {}
    with open(ucd_path("UnicodeData.txt"), encoding="utf-8") as f:
        for line in f:
            fields = line.split(";")
            decomposition = fields[5].split()
            if len(decomposition) == 1 and not decomposition[0].startswith("<"):
                singleton[int(fields[0], 16)] = int(decomposition[0], 16)
    brackets = {}
    for first, last, fields in parse_ranges("BidiBrackets.txt"):
        paired, kind = int(fields[0], 16), fields[1]
        opening = first if kind == "o" else paired
        brackets[first] = (singleton.get(opening, opening), kind)
    return classes, mirrors, brackets


def bidi_bytes(classes, mirrors, brackets):
    index = {name: i for i, name in enumerate(BIDI_CLASSES)}
    values = bytearray(MAX)
    for cp in range(MAX):
        value = index[classes[cp]]
        if cp in mirrors:
            value |= BIDI_MIRRORED_FLAG
        if cp in brackets:
            value |= BIDI_OPEN_FLAG if brackets[cp][1] == "o" else BIDI_CLOSE_FLAG
        values[cp] = value
    return bytes(values)


def build_byte_stages(values):
    """Returns (shift, stage1, stage2) with the smallest total size for a table of byte values."""
    best = None
    for shift in range(4, 10):
        size = 1 << shift
        blocks = {}
        stage1 = []
        stage2 = bytearray()
        for start in range(0, MAX, size):
            block = values[start:start + size]
            if block not in blocks:
                blocks[block] = len(stage2) >> shift
                stage2 += block
            stage1.append(blocks[block])
        if len(blocks) > 0xFFFF:
            continue
        total = len(stage1) * 2 + len(stage2)
        if best is None or total < best[0]:
            best = (total, shift, stage1, bytes(stage2))
    return best[1:]


def pairs_bytes(pairs):
    return b"".join(a.to_bytes(4, "little") + b.to_bytes(4, "little") for a, b in pairs)


def render_bidi(shift, stage1, stage2, mirror_pairs, bracket_pairs):
    cases = []
    for i, name in enumerate(BIDI_CLASSES):
        cases.append("    /// %s (%s).\n    case %s = %d" % (BIDI_CLASS_DOC[name], name, name, i))
    return """// generated by Scripts/gen_unicode_tables.py from the Unicode Character Database 15.0.0, do not edit
// Unicode version: %(version)s. Sources: extracted/DerivedBidiClass.txt, BidiMirroring.txt, BidiBrackets.txt,
// UnicodeData.txt (canonical singletons of brackets), PropertyValueAliases.txt.

/// The Bidi_Class values of UAX #9.
enum BidiClass: UInt8, Sendable, CaseIterable {
%(cases)s
}

/// The packed bidi tables, as base64 text decoded once by `BidiPropertyTable`.
///
/// Each scalar has one byte: bits 0-4 the `BidiClass` raw value, bit 5 set when BidiMirroring.txt gives it a
/// mirrored glyph, bit 6 an opening and bit 7 a closing paired bracket (BidiBrackets.txt).
enum BidiTableData {
    /// The Unicode version the tables describe.
    static let unicodeVersion = "%(version)s"
    /// A scalar's block in stage 1 is `value >> blockShift`.
    static let blockShift = %(shift)d
    /// Entries of stage 1 (little-endian UInt16 block numbers).
    static let stage1Count = %(n1)d
    /// Entries of stage 2 (the property bytes).
    static let stage2Count = %(n2)d
    /// Pairs in the mirroring list (little-endian UInt32 scalar, then its mirrored glyph), sorted by scalar.
    static let mirrorCount = %(nm)d
    /// Pairs in the bracket list (little-endian UInt32 bracket, then the canonical opening bracket of its pair),
    /// sorted by bracket.
    static let bracketCount = %(nb)d

    static let stage1Base64: StaticString = %(s1)s

    static let stage2Base64: StaticString = %(s2)s

    static let mirrorsBase64: StaticString = %(sm)s

    static let bracketsBase64: StaticString = %(sb)s
}
""" % dict(version=EXPECTED_VERSION, cases="\n".join(cases), shift=shift, n1=len(stage1), n2=len(stage2),
           nm=len(mirror_pairs), nb=len(bracket_pairs),
           s1=base64_literal(b"".join(v.to_bytes(2, "little") for v in stage1)),
           s2=base64_literal(stage2), sm=base64_literal(pairs_bytes(mirror_pairs)),
           sb=base64_literal(pairs_bytes(bracket_pairs)))


def write_bidi_tables(path):
    classes, mirrors, brackets = load_bidi()
    shift, stage1, stage2 = build_byte_stages(bidi_bytes(classes, mirrors, brackets))
    mirror_pairs = sorted(mirrors.items())
    bracket_pairs = sorted((cp, key) for cp, (key, _) in brackets.items())
    with open(path, "w", encoding="utf-8") as f:
        f.write(render_bidi(shift, stage1, stage2, mirror_pairs, bracket_pairs))
    print("wrote %s: shift %d, stage1 %d, stage2 %d bytes, %d mirrors, %d brackets" % (
        path, shift, len(stage1), len(stage2), len(mirror_pairs), len(bracket_pairs)), file=sys.stderr)


def main():
    # Arguments are read here, not at import, so that other scripts can import the UCD readers.
    global UCD, OUT
    if len(sys.argv) > 1:
        UCD = sys.argv[1]
    if len(sys.argv) > 2:
        OUT = sys.argv[2]
    p = load()
    words = property_words(p)
    shift, values, stage1, stage2 = build_stages(words)
    text = render(shift, values, stage1, stage2)
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w", encoding="utf-8") as f:
        f.write(text)
    print("wrote %s: shift %d, %d values, stage1 %d, stage2 %d bytes" % (
        OUT, shift, len(values), len(stage1), len(stage2)), file=sys.stderr)
    write_bidi_tables(os.path.join(os.path.dirname(OUT), "BidiTables.swift"))


if __name__ == "__main__":
    main()
