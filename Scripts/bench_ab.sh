#!/usr/bin/env bash
# Two builds of ModalKitBenchmarks side by side in one run, alternating A B A B so that both see the same
# machine load: for a change that must not cost speed (a refactor), the ratio of every figure, new over old.
#
#   Scripts/bench_ab.sh OLD_BENCHMARKS NEW_BENCHMARKS [CORPUS] [ROUNDS]
# Prints each figure's median over the rounds for both, and new/old (above 1 is faster for MB/s figures,
# slower for time figures; the unit says which).
set -euo pipefail
OLD=$1
NEW=$2
CORPUS=${3:-/tmp/modal-corpus}
ROUNDS=${4:-5}
OUT=$(mktemp)
trap 'rm -f "$OUT"' EXIT
benches=(
  "json $CORPUS --reps 5 --foundation-reps 1"
  "validate-files $CORPUS --reps 3"
  "validate $CORPUS --reps 3"
  "validate-invalid --reps 3"
  "render-corpus $CORPUS --reps 1"
  "html-corpus $CORPUS --reps 1"
  "encode $CORPUS --reps 1"
  "wrap $CORPUS/big/text.txt 1"
  "unicode $CORPUS/big/text.txt 1"
  "render --width 80 --seconds 1"
)
for round in $(seq "$ROUNDS"); do
  echo "round $round" >&2
  for bench in "${benches[@]}"; do
    for side in old new; do
      binary=$OLD
      [ "$side" = new ] && binary=$NEW
      # shellcheck disable=SC2086
      "$binary" $bench 2>/dev/null | grep '^RESULT' | sed "s/^RESULT /$side /" >> "$OUT" || true
    done
  done
done
python3 - "$OUT" <<'PY'
import re, statistics, sys
values = {}
for line in open(sys.argv[1]):
    m = re.match(r"(old|new) name=(\S+) unit=(\S+) value=([0-9.]+)", line)
    if m:
        values.setdefault((m.group(2), m.group(3)), {}).setdefault(m.group(1), []).append(float(m.group(4)))
print(f"{'figure':48} {'unit':10} {'old':>10} {'new':>10} {'new/old':>8}")
for (name, unit), sides in sorted(values.items()):
    if "old" not in sides or "new" not in sides:
        continue
    old, new = statistics.median(sides["old"]), statistics.median(sides["new"])
    ratio = new / old if old else float("nan")
    print(f"{name:48} {unit:10} {old:10.2f} {new:10.2f} {ratio:8.3f}")
PY
