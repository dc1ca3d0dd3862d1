#!/usr/bin/env bash
# Builds the DocC documentation of the ModalKit product and fails on any DocC warning.
#
# The symbol graph comes from the debug build's modules: swift-symbolgraph-extract reads the ModalKit
# umbrella module together with the modules it re-exports, so the catalogue documents (and its links
# resolve against) the whole public API a `import ModalKit` brings in.
#
# The archive is transformed for static hosting: any static file server can serve OUTPUT_DIR, with the pages
# under BASE_PATH (the path of the site the archive is published at, e.g. `ModalKit` for
# https://example.github.io/ModalKit/; empty for the root of a server).
#
# Usage: Scripts/build_docs.sh [OUTPUT_DIR [BASE_PATH]]
#   OUTPUT_DIR  default $MODALKIT_DOCS_OUTPUT, else .build/docs/ModalKit.doccarchive (a relative path is taken
#               from the directory the script is run in)
#   BASE_PATH   default $MODALKIT_DOCS_BASE_PATH, else none
set -euo pipefail

output=${1:-${MODALKIT_DOCS_OUTPUT:-}}
base_path=${2:-${MODALKIT_DOCS_BASE_PATH:-}}
base_path=${base_path#/}
base_path=${base_path%/}
case "$output" in
"") output=$(cd "$(dirname "$0")/.." && pwd)/.build/docs/ModalKit.doccarchive ;;
/*) ;;
*) output=$PWD/$output ;;
esac
case "$output" in
/ | "$HOME" | "$HOME/")
    echo "build_docs: refusing to replace $output; name a directory of its own" >&2
    exit 2
    ;;
esac
cd "$(dirname "$0")/.."

graphs=.build/docs/symbol-graphs
# The modules the umbrella re-exports, read from it so that the list is declared once.
reexported=$(sed -n 's/^@_exported import //p' Sources/ModalKit/ModalKit.swift | paste -sd, -)

swift build --target ModalKit
bin=$(swift build --show-bin-path)
modules="$bin/Modules"
[ -d "$modules" ] || modules="$bin"
triple=$(swiftc -print-target-info | sed -n 's/.*"triple": "\(.*\)".*/\1/p' | head -n 1)

rm -rf "$graphs" "$output"
mkdir -p "$graphs" "$(dirname "$output")"
swift-symbolgraph-extract -module-name ModalKit -target "$triple" -I "$modules" -I "$bin" \
    -minimum-access-level public -skip-inherited-docs \
    -experimental-allowed-reexported-modules="$reexported" -output-dir "$graphs"

log=.build/docs/docc.log
hosting=(--transform-for-static-hosting)
[ -n "$base_path" ] && hosting+=(--hosting-base-path "$base_path")
docc convert Sources/ModalKit/ModalKit.docc --additional-symbol-graph-dir "$graphs" \
    --fallback-display-name ModalKit --fallback-bundle-identifier org.modalkit.ModalKit \
    "${hosting[@]}" --output-path "$output" --warnings-as-errors 2>&1 | tee "$log"
# DocC exits non-zero on errors (and, with --warnings-as-errors, on warnings); check the log as well so that
# a warning DocC prints without failing still fails the build.
if grep -q -i "warning:" "$log"; then
    echo "build_docs: DocC printed warnings" >&2
    exit 1
fi
echo "build_docs: documentation in $output"
if [ -z "$base_path" ]; then
    echo "build_docs: browse it: (cd '$output' && python3 -m http.server 8000), then" \
        "http://localhost:8000/documentation/modalkit/"
else
    echo "build_docs: the pages expect to be served under /$base_path/: serve a directory that holds the archive" \
        "as '$base_path' (e.g. build into SITE/$base_path and run python3 -m http.server 8000 in SITE), then" \
        "http://localhost:8000/$base_path/documentation/modalkit/"
fi
