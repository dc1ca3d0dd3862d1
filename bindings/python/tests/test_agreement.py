"""The library answers as the command line does, on the samples and on the benchmark corpus."""

from __future__ import annotations

import json
import os
import subprocess

import pytest

import modalkit
from conftest import CORPUS, SAMPLES


def cli_report(command: str, data: bytes, *arguments: str) -> str:
    completed = subprocess.run(
        [command, "validate", "--format", "json", *arguments, "-"], input=data, capture_output=True, check=False
    )
    assert completed.returncode in (0, 1), completed.stderr
    return completed.stdout.decode("utf-8")


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_validate_report_is_the_command_lines(command: str, path) -> None:
    data = path.read_bytes()
    assert modalkit.validate_report(data) == cli_report(command, data)


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_options_report_as_the_command_lines_flags(command: str, path) -> None:
    data = path.read_bytes()
    library = modalkit.validate_report(data, theme="dark", strict=True, ignore=["unknown-key"])
    flags = cli_report(command, data, "--theme", "dark", "--strict", "--ignore", "unknown-key")
    assert library == flags


def expected_error(data: bytes) -> type:
    """The error fix and render raise for a document the command line refuses, by its first error's code."""
    codes = [d.code for d in modalkit.validate(data) if d.severity == "error"]
    if "json-utf8" in codes:
        return modalkit.BadUTF8Error
    if any(code.startswith("json-") for code in codes):
        return modalkit.NotJSONError
    return modalkit.InvalidDocumentError


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_render_and_fix_are_the_command_lines(command: str, path) -> None:
    data = path.read_bytes()
    error = expected_error(data)
    fixed = subprocess.run([command, "fix", "-"], input=data, capture_output=True, check=False).stdout
    if error is modalkit.InvalidDocumentError:
        assert modalkit.fix(data) == fixed
    else:
        with pytest.raises(error):
            modalkit.fix(data)
    for name in ("plain", "ansi", "svg", "json", "html"):
        drawn = subprocess.run(
            [command, "render", "--format", name, "--width", "50", "--color", "truecolor", "-"], input=data,
            capture_output=True, check=False,
        )
        if drawn.returncode == 0:
            assert modalkit.render(data, name, 50) == drawn.stdout.decode("utf-8"), name
        else:
            with pytest.raises(error):
                modalkit.render(data, name, 50)


def corpus_files() -> list:
    if not CORPUS.is_dir():
        return []
    files = sorted(CORPUS.glob("*.json"))
    # The whole corpus in CI; a slice of every 25th file by default, which still runs in seconds.
    return files if os.environ.get("MODALKIT_FULL_CORPUS") else files[::25]


@pytest.mark.parametrize(
    "flags, config",
    [([], {}), (["--strict", "--profile", "256", "--theme", "dark"], {"strict": True, "profile": "256", "theme": "dark"})],
    ids=["defaults", "strict-256-dark"],
)
def test_corpus_diagnostics_are_the_command_lines(command: str, flags: list, config: dict) -> None:
    files = corpus_files()
    if not files:
        pytest.skip(f"no corpus at {CORPUS} (python3 ../shared/bench/gen_corpus.py /tmp/modal-corpus)")
    completed = subprocess.run(
        [command, "validate", "--format", "json", *flags, *map(str, files)], capture_output=True, check=False
    )
    by_path = {entry["path"]: entry for entry in json.loads(completed.stdout)["files"]}
    assert len(by_path) == len(files)
    findings = 0
    for path in files:
        library = json.loads(modalkit.validate_report(path.read_bytes(), config=config))["files"][0]
        expected = by_path[str(path)]
        assert library["valid"] == expected["valid"], path
        assert library["diagnostics"] == expected["diagnostics"], path
        findings += len(library["diagnostics"])
    # The corpus is valid as written; the profile and the dark card find what a 256-colour terminal loses.
    assert findings > 0 or not config
