#!/usr/bin/env bash
# Every output a change to parsing, validation, layout or drawing could move, written by one `modalkit` binary
# into a directory, so that two builds can be compared byte for byte with `diff -r`:
#   - every sample (valid, invalid, hostile) rendered as plain, ANSI (truecolor, 256, 16, none), SVG and the
#     JSON layout at widths 20, 44 and 80, and as HTML;
#   - every sample validated in the text, json, github and sarif formats, one by one and all together, and
#     the html review page of all of them;
#   - long messages (the first 2.2 MB of the corpus's text.txt as one message, and the whole 8 MB) rendered
#     plain and ANSI at width 80, kept as checksums;
#   - the text report of the 10,000 corpus files, and the JSON layout of every fifth one at width 44.
#
#   Scripts/output_digest.sh MODALKIT OUTDIR [CORPUS]
#   diff -r OUTDIR_A OUTDIR_B && echo same
# CORPUS defaults to /tmp/modal-corpus (python3 ../shared/bench/gen_corpus.py /tmp/modal-corpus).
set -uo pipefail
cd "$(dirname "$0")/.."
MODALKIT=$(realpath "$1")
OUT=$2
CORPUS=${3:-/tmp/modal-corpus}
mkdir -p "$OUT/render" "$OUT/validate" "$OUT/long" "$OUT/corpus"

samples=(samples/*.json samples/invalid/*.json samples/hostile/*.json)
for sample in "${samples[@]}"; do
  name=$(echo "${sample#samples/}" | tr / _)
  name=${name%.json}
  for width in 20 44 80; do
    "$MODALKIT" render --format plain --width "$width" "$sample" > "$OUT/render/$name.$width.txt" 2>&1
    echo "exit $?" >> "$OUT/render/$name.$width.txt"
    for color in truecolor 256 16 none; do
      "$MODALKIT" render --format ansi --color "$color" --width "$width" "$sample" \
        > "$OUT/render/$name.$width.$color.ansi" 2>&1
      echo "exit $?" >> "$OUT/render/$name.$width.$color.ansi"
    done
    "$MODALKIT" render --format ansi --color truecolor --bidi logical --hyperlinks --width "$width" "$sample" \
      > "$OUT/render/$name.$width.logical.ansi" 2>&1
    "$MODALKIT" render --format svg --width "$width" "$sample" > "$OUT/render/$name.$width.svg" 2>&1
    "$MODALKIT" render --format json --width "$width" "$sample" > "$OUT/render/$name.$width.json" 2>&1
  done
  "$MODALKIT" render --format html "$sample" > "$OUT/render/$name.html" 2>&1
  for format in text json github sarif; do
    "$MODALKIT" validate --format "$format" "$sample" > "$OUT/validate/$name.$format" 2>&1
    echo "exit $?" >> "$OUT/validate/$name.$format"
  done
done
for format in text json github sarif html; do
  "$MODALKIT" validate --format "$format" "${samples[@]}" > "$OUT/validate/all.$format" 2>&1
  echo "exit $?" >> "$OUT/validate/all.$format"
done

if [ -f "$CORPUS/big/text.txt" ]; then
  LONG=$(mktemp -d)
  trap 'rm -rf "$LONG"' EXIT
  python3 - "$CORPUS/big/text.txt" "$LONG" <<'PY'
import json, sys
text = open(sys.argv[1], "rb").read()
cut = text[:2_200_000].decode("utf-8", "ignore")
for name, message in (("2mb", cut), ("8mb", text.decode("utf-8"))):
    with open(f"{sys.argv[2]}/{name}.json", "w") as out:
        json.dump({"msg": message, "styles": [{"apply_to": {"from": 0, "length": 5}, "font_style": "bold"}]}, out)
PY
  for name in 2mb 8mb; do
    for format in plain ansi; do
      "$MODALKIT" render --format "$format" --color truecolor --width 80 "$LONG/$name.json" 2>&1 | md5sum \
        > "$OUT/long/$name.$format.md5"
    done
  done
fi

if [ -d "$CORPUS/small" ]; then
  "$MODALKIT" validate --jobs 1 "$CORPUS/small" > "$OUT/corpus/validate.txt" 2>&1
  echo "exit $?" >> "$OUT/corpus/validate.txt"
  find "$CORPUS/small" -name '*.json' | sort | awk 'NR % 5 == 1' | while read -r file; do
    "$MODALKIT" render --format json --width 44 "$file"
  done | md5sum > "$OUT/corpus/layouts.md5"
fi
echo "wrote $(find "$OUT" -type f | wc -l) files to $OUT"
