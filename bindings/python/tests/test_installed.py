"""The installed package needs no Swift toolchain: its native files link nothing from it and run without it."""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys

import modalkit
from conftest import ROOT

BUNDLED = pathlib.Path(modalkit.__file__).resolve().parent / "_bin"
WITHOUT_TOOLCHAIN = {
    "PATH": os.pathsep.join(
        entry for entry in os.environ.get("PATH", "").split(os.pathsep) if entry and "swift" not in entry
    ),
    "HOME": os.environ.get("HOME", "/tmp"),
    "LANG": "C.UTF-8",
}


COMMAND = pathlib.Path(sys.executable).parent / "modalkit"


def test_bundled_files_link_no_swift_library() -> None:
    for path in (COMMAND, BUNDLED / "libmodalkit.so"):
        linked = subprocess.run(["ldd", str(path)], capture_output=True, text=True, check=True).stdout
        assert "libswift" not in linked and "/swift" not in linked and "not found" not in linked, linked


def test_package_and_command_run_without_the_toolchain() -> None:
    assert not any("swift" in entry for entry in WITHOUT_TOOLCHAIN["PATH"].split(os.pathsep))
    script = (
        "import modalkit, sys\n"
        "data = open(sys.argv[1], 'rb').read()\n"
        "print(modalkit.__version__, len(modalkit.validate(data)), modalkit.render(data, 'plain', 40).count('\\n'))\n"
    )
    sample = str(ROOT / "samples/welcome.json")
    ran = subprocess.run(
        [sys.executable, "-c", script, sample], env=WITHOUT_TOOLCHAIN, capture_output=True, text=True, check=True
    )
    version, findings, rows = ran.stdout.split()
    assert version == modalkit.__version__ and findings == "0" and int(rows) > 3
    # The script pip put beside this Python is the static binary itself, not a Python wrapper.
    assert COMMAND.read_bytes()[:4] == b"\x7fELF"
    checked = subprocess.run(
        [str(COMMAND), "validate", str(ROOT / "samples")], env=WITHOUT_TOOLCHAIN, capture_output=True, text=True
    )
    # samples/ holds the invalid samples too, so the command finds them and exits 1, as it should.
    assert checked.returncode == 1 and "invalid" in checked.stderr, checked.stderr
    assert "samples/invalid/bad-color.json" in checked.stdout
