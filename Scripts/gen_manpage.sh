#!/bin/sh
# Writes docs/modalkit.1 from the command declarations in Sources/ModalKitCLI (ManPage.text).
# ManPageTests fails whenever the committed page differs from what this writes.
set -e
cd "$(dirname "$0")/.."
UPDATE_SNAPSHOTS=1 swift test --disable-xctest --filter 'ManPageTests/committedPageIsGenerated'
