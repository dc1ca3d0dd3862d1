#!/usr/bin/env bash
# The HTML output on the shared corpus, next to SVG, in one session, alternating A B A B:
#   1. in process: every corpus document through DocumentRenderer as HTML and as SVG (ModalKitBenchmarks html-corpus);
#   2. whole process: `render --format html` and `render --format svg --width 60` of one document holding every
#      corpus modal (made here from the 10,000 files);
#   3. whole process: `validate --format html` of the 10,000 files, the review page, with its wall time and peak
#      memory (targets: under 2 s and under 100 MB).
#
#   Scripts/bench_html.sh [CORPUS] [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/.."
CORPUS=${1:-/tmp/modal-corpus}
ROUNDS=${2:-3}
[ -d "$CORPUS/small" ] || python3 ../shared/bench/gen_corpus.py "$CORPUS"
swift build -c release --product modalkit >/dev/null
swift build -c release --product ModalKitBenchmarks >/dev/null
BIN=.build/release/modalkit
ALL=$(mktemp --suffix=.json)
OUT=$(mktemp)
trap 'rm -f "$ALL" "$OUT"' EXIT
python3 - "$CORPUS/small" "$ALL" <<'PY'
import json, pathlib, sys
modals = []
for path in sorted(pathlib.Path(sys.argv[1]).glob("*.json")):
    document = json.loads(path.read_text(encoding="utf-8"))
    modals.extend(document if isinstance(document, list) else [document])
pathlib.Path(sys.argv[2]).write_text(json.dumps(modals, ensure_ascii=False), encoding="utf-8")
print(f"one document of {len(modals)} modals", file=sys.stderr)
PY
.build/release/ModalKitBenchmarks html-corpus "$CORPUS" --reps 3 | tee -a "$OUT"
timed() {  # name, command...: wall seconds, cpu seconds and peak KB of one run, output discarded
  local name=$1
  shift
  /usr/bin/time -f "TIME name=$name wall=%e cpu=%U+%S peak_kb=%M" "$@" >/dev/null 2>>"$OUT.err" || true
  grep "^TIME name=$name " "$OUT.err" | tail -1 >> "$OUT"
}
for round in $(seq "$ROUNDS"); do
  echo "round $round" >&2
  timed render_html "$BIN" render --format html "$ALL"
  timed render_svg "$BIN" render --format svg --width 60 --max-cells 1000000000 --max-rows 100000000 "$ALL"
  timed review_page "$BIN" validate --format html "$CORPUS/small"
done
rm -f "$OUT.err"
grep '^TIME' "$OUT"
echo "measured $(date -u +%Y-%m-%d), $ROUNDS rounds; medians over the rounds"
python3 - "$OUT" <<'PY'
import re, statistics, sys
runs = {}
for line in open(sys.argv[1]):
    m = re.match(r"TIME name=(\S+) wall=([0-9.]+) cpu=([0-9.]+)\+([0-9.]+) peak_kb=(\d+)", line)
    if m:
        runs.setdefault(m.group(1), []).append((float(m.group(2)), float(m.group(3)) + float(m.group(4)), int(m.group(5))))
med = {k: (statistics.median(r[0] for r in v), statistics.median(r[1] for r in v), max(r[2] for r in v)) for k, v in runs.items()}
for name, (wall, cpu, peak) in med.items():
    print("%s: wall %.2f s, cpu %.2f s, peak %.0f MB" % (name, wall, cpu, peak / 1024))
if "render_html" in med and "render_svg" in med:
    print("whole process html/svg: wall %.2fx, cpu %.2fx" % (med["render_html"][0] / med["render_svg"][0], med["render_html"][1] / med["render_svg"][1]))
PY
