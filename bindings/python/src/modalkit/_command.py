"""The `modalkit` console script: runs the static binary bundled in the package, as ruff's wheel does."""

from __future__ import annotations

import os
import sys

from ._native import BINARY_DIRECTORY


def main() -> None:
    """Replaces this process with the bundled `modalkit`, passing the arguments on unchanged."""
    binary = str(BINARY_DIRECTORY / "modalkit")
    try:
        os.execv(binary, [binary, *sys.argv[1:]])
    except OSError as error:
        sys.stderr.write(f"modalkit: cannot run {binary}: {error.strerror}\n")
        sys.exit(2)
