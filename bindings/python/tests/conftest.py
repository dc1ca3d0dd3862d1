"""Shared paths: the repository's samples, the benchmark corpus, and the `modalkit` the package installed."""

from __future__ import annotations

import os
import pathlib
import shutil

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]
SAMPLES = sorted((ROOT / "samples").rglob("*.json"))
CORPUS = pathlib.Path(os.environ.get("MODALKIT_CORPUS", "/tmp/modal-corpus")) / "small"


@pytest.fixture(scope="session")
def command() -> str:
    """The console script the package put on PATH, which runs the bundled static binary."""
    path = shutil.which("modalkit")
    if path is None:
        pytest.fail("no modalkit on PATH: install the package (pip install ./bindings/python) into this Python")
    return path
