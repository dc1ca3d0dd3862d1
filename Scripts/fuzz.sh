#!/usr/bin/env bash
# Builds the fuzz executable with libFuzzer and AddressSanitizer and runs one target for a while.
#
#   Scripts/fuzz.sh TARGET SECONDS [libFuzzer options...]     TARGET: json | values | render
#
# Flags that work on this toolchain: -sanitize=fuzzer,address as ONE flag (two separate flags silently
# drop coverage), -parse-as-library (the executable's @main calls LLVMFuzzerRunDriver itself under
# -DFUZZING), lld as the linker (gold crashes on the instrumented objects), and SWIFT_BACKTRACE=enable=no
# (the backtracer can hang under ASan). Leak checking is off (-detect_leaks=0 as well as in ASAN_OPTIONS):
# the library keeps caches on purpose, and libFuzzer would run every input that allocates one twice to
# look for a leak, a third of the time of the values target. The seed corpus is every sample; crashes land in
# .build/fuzz/artifacts. The last line is a summary: `fuzz-summary target=… executions=… …`.
set -euo pipefail
cd "$(dirname "$0")/.."

target=${1:?usage: Scripts/fuzz.sh json|values|render SECONDS [libFuzzer options...]}
seconds=${2:?usage: Scripts/fuzz.sh json|values|render SECONDS [libFuzzer options...]}
shift 2
case "$target" in json | values | render) ;; *) echo "fuzz: unknown target '$target' (json, values or render)" >&2; exit 2 ;; esac

if ! command -v ld.lld >/dev/null 2>&1; then
  echo "fuzz: ld.lld not found; install Debian's lld" >&2
  exit 2
fi

scratch=.build/fuzz
mkdir -p "$scratch/corpus/$target" "$scratch/artifacts" "$scratch/logs"
# Optimised (overflow checks stay on in Swift release builds): about ten times the executions of -Onone.
flags=(-c release --product ModalKitFuzz --scratch-path "$scratch/build"
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -DFUZZING -Xswiftc -use-ld=lld)
swift build "${flags[@]}" >&2
binary=$(swift build "${flags[@]}" --show-bin-path)/ModalKitFuzz

seeds="$scratch/seeds"
rm -rf "$seeds" && mkdir -p "$seeds"
find samples -name '*.json' -exec cp {} "$seeds/" \;

log="$scratch/logs/$target-$(date -u +%Y%m%dT%H%M%SZ).log"
status=0
# One process, in the foreground (no -jobs/-fork: those write their output to fuzz-N.log files instead).
MODALKIT_FUZZ_TARGET=$target SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 "$binary" "$target" \
  -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=20 -max_len=65536 -detect_leaks=0 \
  -dict=Scripts/fuzz/modal.dict -artifact_prefix="$scratch/artifacts/$target-" -print_final_stats=1 \
  "$@" "$scratch/corpus/$target" "$seeds" 2>&1 | tee "$log" >&2 || status=$?

executions=$(grep -Eo 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -Eo '[0-9]+$' | tail -1)
last=$(grep -E '^#[0-9]+' "$log" | tail -1)
coverage=$(grep -Eo 'cov: [0-9]+' <<<"$last" | grep -Eo '[0-9]+' || true)
features=$(grep -Eo 'ft: [0-9]+' <<<"$last" | grep -Eo '[0-9]+' || true)
crashes=$(grep -cE '^==[0-9]+== ?ERROR|deadly signal|Fatal error' "$log" || true)
echo "fuzz-summary target=$target seconds=$seconds executions=${executions:-0} cov=${coverage:-0} ft=${features:-0} crashes=$crashes status=$status log=$log"
exit "$status"
