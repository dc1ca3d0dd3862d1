#!/usr/bin/env bash
# ModalKit next to Rich (Python) on the shared corpus, in one session, alternating A B A B so that both see
# the same machine load. Prints the RESULT lines of both sides and the ratios.
#
#   Scripts/bench_peers.sh [CORPUS] [ROUNDS]
# Needs: rich==15.0.0 (pip install -r ../shared/bench/requirements-peers.txt) and a release build.
set -euo pipefail
cd "$(dirname "$0")/.."
CORPUS=${1:-/tmp/modal-corpus}
ROUNDS=${2:-2}
[ -d "$CORPUS/small" ] || python3 ../shared/bench/gen_corpus.py "$CORPUS"
swift build -c release --product ModalKitBenchmarks >/dev/null
BENCH=.build/release/ModalKitBenchmarks
OUT=$(mktemp)
trap 'rm -f "$OUT"' EXIT
for round in $(seq "$ROUNDS"); do
  echo "round $round" >&2
  "$BENCH" wrap "$CORPUS/big/text.txt" 3 | grep -E '^RESULT name=(wrap80_styled|resolve_and_wrap80) ' >> "$OUT"
  python3 ../shared/bench/peer_rich.py "$CORPUS" --skip-modals --skip-huge --wrap-reps 1 | grep '^RESULT name=rich_wrap80 ' >> "$OUT"
  "$BENCH" render-corpus "$CORPUS" --reps 1 | grep '^RESULT' >> "$OUT"
  python3 ../shared/bench/peer_rich.py "$CORPUS" --reps 1 --skip-wrap --skip-huge | grep -E '^RESULT name=rich_modal_(e2e|render) ' >> "$OUT"
done
cat "$OUT"
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
PY
