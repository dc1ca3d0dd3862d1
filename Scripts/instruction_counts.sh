#!/usr/bin/env bash
# Instructions executed by two `modalkit` builds on the same commands, counted by valgrind's callgrind: a
# measure of the work a change adds or removes that a shared, noisy machine cannot disturb (timings there
# vary by a quarter between identical runs). For a change meant to cost nothing, such as moving code between
# modules, the ratios should be 1.00; timings still belong to the benchmarks.
#
#   Scripts/instruction_counts.sh OLD_MODALKIT NEW_MODALKIT [CORPUS_SUBSET_DIR] [LONG_MESSAGE_JSON]
set -euo pipefail
OLD=$(realpath "$1")
NEW=$(realpath "$2")
SUBSET=${3:-/tmp/sub}
LONG=${4:-/tmp/300k.json}
cd "$(dirname "$0")/.."
commands=(
  "validate --jobs 1 $SUBSET"
  "validate --jobs 1 --format json $SUBSET"
  "render --format ansi --width 80 $LONG"
  "render --format plain --width 44 $LONG"
  "render --format json --width 44 $LONG"
  "render --format svg --width 44 samples/terms-of-service.json"
  "render --format html samples/terms-of-service.json"
  "validate --format html samples"
)
count() {
  local out
  out=$(mktemp)
  # shellcheck disable=SC2086
  valgrind --tool=callgrind --callgrind-out-file="$out" "$@" >/dev/null 2>&1 || true
  awk '/^summary:/ {print $2}' "$out"
  rm -f "$out"
}
printf '%-60s %15s %15s %8s\n' command old new new/old
for command in "${commands[@]}"; do
  # shellcheck disable=SC2086
  old=$(count "$OLD" $command)
  # shellcheck disable=SC2086
  new=$(count "$NEW" $command)
  printf '%-60s %15s %15s %8.3f\n' "$command" "$old" "$new" "$(echo "$new / $old" | bc -l)"
done
