#!/usr/bin/env bash
# Whole-process validation timing: `modalkit validate` next to check-jsonschema on the shared corpus,
# in one session, as shared/bench/peer_jsonschema.sh times the peer (hyperfine -N, one process for all files).
#
#   Scripts/bench_validate_processes.sh [CORPUS] [RUNS]
# Needs: a release build (swift build -c release --product modalkit), hyperfine, and
# check-jsonschema==0.39.0 (pip install -r ../shared/bench/requirements-peers.txt).
set -euo pipefail
cd "$(dirname "$0")/.."
CORPUS=${1:-/tmp/modal-corpus}
RUNS=${2:-3}
SCHEMA=../shared/bench/modal.schema.json
MODALKIT=.build/release/modalkit
[ -x "$MODALKIT" ] || swift build -c release --product modalkit
[ -d "$CORPUS/small" ] || python3 ../shared/bench/gen_corpus.py "$CORPUS"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
FILES=("$CORPUS"/small/*.json)
ONE="${FILES[0]}"
printf '#!/bin/sh\nexec %s validate "$@" 2>/dev/null\n' "$PWD/$MODALKIT" > "$WORK/ours.sh"
printf '#!/bin/sh\nexec check-jsonschema --schemafile %s "$@" >/dev/null\n' "$PWD/$SCHEMA" > "$WORK/peer.sh"
chmod +x "$WORK/ours.sh" "$WORK/peer.sh"
{ printf '#!/bin/sh\nexec %s validate' "$PWD/$MODALKIT"; printf ' %q' "${FILES[@]}"; printf ' 2>/dev/null\n'; } > "$WORK/ours_all.sh"
{ printf '#!/bin/sh\nexec check-jsonschema --schemafile %s' "$PWD/$SCHEMA"; printf ' %q' "${FILES[@]}"; printf ' >/dev/null\n'; } > "$WORK/peer_all.sh"
chmod +x "$WORK/ours_all.sh" "$WORK/peer_all.sh"
"$WORK/ours_all.sh" || { echo "modalkit rejected the corpus" >&2; exit 1; }

hyperfine -N --style basic --runs "$RUNS" --export-json "$WORK/all.json" \
  -n "modalkit validate (${#FILES[@]} files)" "$WORK/ours_all.sh" \
  -n "check-jsonschema (${#FILES[@]} files)" "$WORK/peer_all.sh"
hyperfine -N --style basic --runs 20 --warmup 3 --export-json "$WORK/one.json" \
  -n "modalkit validate (1 file)" "$WORK/ours.sh $ONE" \
  -n "check-jsonschema (1 file)" "$WORK/peer.sh $ONE"
python3 - "$WORK/all.json" "$WORK/one.json" "${#FILES[@]}" <<'PY'
import json, sys
all_runs = json.load(open(sys.argv[1]))["results"]
one_runs = json.load(open(sys.argv[2]))["results"]
n = int(sys.argv[3])
ours, peer = all_runs[0]["median"], all_runs[1]["median"]
print("RESULT name=modalkit_validate_corpus unit=s value=%.3f files=%d files_per_s=%.0f" % (ours, n, n / ours))
print("RESULT name=jsonschema_small unit=s value=%.2f files=%d files_per_s=%.0f" % (peer, n, n / peer))
print("ratio check-jsonschema/modalkit: %.0fx" % (peer / ours))
print("RESULT name=modalkit_validate_one_file unit=ms value=%.1f" % (one_runs[0]["median"] * 1000))
print("RESULT name=jsonschema_one_file_process unit=ms value=%.0f" % (one_runs[1]["median"] * 1000))
PY
