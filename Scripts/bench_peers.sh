#!/usr/bin/env bash
# ModalKit next to its peers on the shared corpus, in one session, alternating A B A B so that both see
# the same machine load: Rich (Python) for wrapping and rendering, simdjson (C++) for parse + validate.
# Prints the RESULT lines of both sides, the ratios, and the date they were measured.
#
#   Scripts/bench_peers.sh [CORPUS] [ROUNDS]
#   PARTS="parse" Scripts/bench_peers.sh        # only some of: wrap render parse (default: all three)
# Needs: rich==15.0.0 (pip install -r ../shared/bench/requirements-peers.txt) for wrap and render;
# g++ and libsimdjson-dev (apt-get install -y g++ libsimdjson-dev) for parse.
set -euo pipefail
cd "$(dirname "$0")/.."
CORPUS=${1:-/tmp/modal-corpus}
ROUNDS=${2:-2}
PARTS=${PARTS:-wrap render parse}
PEERS=../shared/bench
[ -d "$CORPUS/small" ] || python3 ../shared/bench/gen_corpus.py "$CORPUS"
swift build -c release --product ModalKitBenchmarks >/dev/null
BENCH=.build/release/ModalKitBenchmarks
OUT=$(mktemp)
SIMDJSON=$(mktemp)
trap 'rm -f "$OUT" "$SIMDJSON"' EXIT
has() { [[ " $PARTS " == *" $1 "* ]]; }
if has parse; then
  g++ -O3 -march=native -std=c++17 "$PEERS/peer_simdjson.cpp" -o "$SIMDJSON" -lsimdjson
fi
for round in $(seq "$ROUNDS"); do
  echo "round $round" >&2
  if has wrap; then
    "$BENCH" wrap "$CORPUS/big/text.txt" 3 | grep -E '^RESULT name=(wrap80_styled|resolve_and_wrap80) ' >> "$OUT"
    python3 $PEERS/peer_rich.py "$CORPUS" --skip-modals --skip-huge --wrap-reps 1 | grep '^RESULT name=rich_wrap80 ' >> "$OUT"
  fi
  if has render; then
    "$BENCH" render-corpus "$CORPUS" --reps 1 | grep '^RESULT' >> "$OUT"
    python3 $PEERS/peer_rich.py "$CORPUS" --reps 1 --skip-wrap --skip-huge | grep -E '^RESULT name=rich_modal_(e2e|render) ' >> "$OUT"
  fi
  if has parse; then
    # Both hold the 10,000 files in memory and report the median of 5 reps, one core each.
    "$SIMDJSON" "$CORPUS/small" 5 | grep '^RESULT' >> "$OUT"
    "$BENCH" validate-files "$CORPUS" --reps 5 | grep '^RESULT' >> "$OUT"
  fi
done
cat "$OUT"
echo "measured $(date -u +%Y-%m-%d), $ROUNDS rounds; ratios are of the medians over the rounds"
python3 - "$OUT" <<'PY'
import re, statistics, sys
values = {}
for line in open(sys.argv[1]):
    m = re.match(r"RESULT name=(\S+) unit=(\S+) value=([0-9.]+)", line)
    if m:
        values.setdefault(m.group(1), []).append(float(m.group(3)))
med = {k: statistics.median(v) for k, v in values.items()}
def ratio(a, b, label):
    if a in med and b in med:
        print("%s: ModalKit %.1f vs Rich %.2f -> %.0fx" % (label, med[a], med[b], med[a] / med[b]))
ratio("resolve_and_wrap80", "rich_wrap80", "wrap 8 MB at 80 cells, MB/s")
ratio("modalkit_modal_e2e", "rich_modal_e2e", "modals/s end to end (read, parse, lay out, draw, ANSI)")
ratio("modalkit_modal_render", "rich_modal_render", "modals/s render only")
def share(a, b, label):
    if a in med and b in med:
        rounds = ", ".join("%.2f" % (x / y) for x, y in zip(values[a], values[b]))
        print("%s: ModalKit %.0f vs simdjson %.0f MB/s -> %.2f of simdjson (per round: %s)"
              % (label, med[a], med[b], med[a] / med[b], rounds))
share("modalkit_parse_validate_files", "simdjson_parse_walk", "parse + validate, 10,000 files in memory")
share("modalkit_parse_files", "simdjson_parse", "bare parse, 10,000 files in memory")
PY
