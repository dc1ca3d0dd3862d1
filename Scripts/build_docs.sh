#!/usr/bin/env bash
# Builds the DocC documentation of the ModalKit product and fails on any DocC warning.
#
# The symbol graph comes from the debug build's modules: swift-symbolgraph-extract reads the ModalKit
# umbrella module together with the modules it re-exports, so the catalogue documents (and its links
# resolve against) the whole public API a `import ModalKit` brings in.
#
# Usage: Scripts/build_docs.sh [OUTPUT_DIR]   (default .build/docs/ModalKit.doccarchive)
set -euo pipefail
cd "$(dirname "$0")/.."

output=${1:-.build/docs/ModalKit.doccarchive}
graphs=.build/docs/symbol-graphs
reexported=ModalModel,TextLayout,Screen,ScreenLayout,Renderers,Preview,Reporting,ModalActions

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
docc convert Sources/ModalKit/ModalKit.docc --additional-symbol-graph-dir "$graphs" \
    --fallback-display-name ModalKit --fallback-bundle-identifier org.modalkit.ModalKit \
    --output-path "$output" --warnings-as-errors 2>&1 | tee "$log"
# DocC exits non-zero on errors (and, with --warnings-as-errors, on warnings); check the log as well so that
# a warning DocC prints without failing still fails the build.
if grep -q -i "warning:" "$log"; then
    echo "build_docs: DocC printed warnings" >&2
    exit 1
fi
echo "build_docs: documentation in $output"
