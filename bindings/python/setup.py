"""Puts the two native files into the package at build time; no C compiler is involved.

The files are the static `modalkit` binary and `libmodalkit.so` (the C interface, Swift runtime linked in).
They come from, in this order:
1. the directory in MODALKIT_PREBUILT (what `make static lib` leaves in dist/), when it is set;
2. a build with the Swift toolchain, when `swift` is on PATH and this directory sits in the ModalKit tree
   (`make static lib` two levels up);
3. the tree's dist/, when both files are there already (built before, on a machine with the toolchain).
Otherwise the build stops and says how to get them. The version is the Swift library's, read from its one
declaration.
"""

import os
import pathlib
import re
import shutil
import subprocess
import sys

from setuptools import setup
from setuptools.command.build_py import build_py

try:
    from setuptools.command.build_scripts import build_scripts
except ImportError:  # setuptools keeps it under its own copy of distutils
    from distutils.command.build_scripts import build_scripts

try:
    from setuptools.command.bdist_wheel import bdist_wheel
except ImportError:  # setuptools before 70 keeps it in wheel
    from wheel.bdist_wheel import bdist_wheel

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
NATIVE_FILES = ("modalkit", "libmodalkit.so")
RELEASE_FILE = ROOT / "Sources/ModalModel/Model/ModalKitRelease.swift"


def version():
    if RELEASE_FILE.exists():
        match = re.search(r'static let version = "([^"]+)"', RELEASE_FILE.read_text())
        if match:
            return match.group(1)
    # Built from an sdist outside the tree: the version recorded in it.
    info = HERE / "PKG-INFO"
    if info.exists():
        match = re.search(r"^Version: (.+)$", info.read_text(), re.M)
        if match:
            return match.group(1).strip()
    sys.exit("modalkit: cannot find the version (Sources/ModalModel/Model/ModalKitRelease.swift)")


def native_directory():
    prebuilt = os.environ.get("MODALKIT_PREBUILT")
    if prebuilt:
        return pathlib.Path(prebuilt)
    if shutil.which("swift") and (ROOT / "Package.swift").exists():
        subprocess.run(["make", "-C", str(ROOT), "static", "lib"], check=True)
        return ROOT / "dist"
    if all((ROOT / "dist" / name).is_file() for name in NATIVE_FILES):
        return ROOT / "dist"
    sys.exit(
        "modalkit: no native files to package. Set MODALKIT_PREBUILT to a directory holding the static "
        "modalkit binary and libmodalkit.so (`make static lib` in the ModalKit tree writes them to dist/), "
        "or build with a Swift 6 toolchain on PATH."
    )


STAGED = HERE / "build" / "native"


def stage_native_files():
    """Copies the two files into build/native once per build, wherever they came from."""
    if all((STAGED / name).is_file() for name in NATIVE_FILES):
        return
    source = native_directory()
    STAGED.mkdir(parents=True, exist_ok=True)
    for name in NATIVE_FILES:
        path = source / name
        if not path.is_file():
            sys.exit(f"modalkit: {path} is missing (`make static lib` in the ModalKit tree makes it)")
        shutil.copy2(path, STAGED / name)
        (STAGED / name).chmod(0o755)


class BuildWithLibrary(build_py):
    # The shared library is package data, loaded by ctypes from the package's _bin/.
    def run(self):
        super().run()
        stage_native_files()
        target = pathlib.Path(self.build_lib) / "modalkit" / "_bin"
        target.mkdir(parents=True, exist_ok=True)
        shutil.copy2(STAGED / "libmodalkit.so", target / "libmodalkit.so")


class BuildWithBinary(build_scripts):
    # The static binary is the wheel's script, installed into the environment's bin/ as ruff's wheel
    # does: running `modalkit` starts no Python. It is copied as it is: the base class would read it as text to
    # rewrite a Python shebang.
    def run(self):
        stage_native_files()
        target = pathlib.Path(self.build_dir)
        target.mkdir(parents=True, exist_ok=True)
        shutil.copy2(STAGED / "modalkit", target / "modalkit")
        (target / "modalkit").chmod(0o755)


class PlatformWheel(bdist_wheel):
    # The wheel holds Linux machine code but no Python extension: any Python 3 on this platform can use it.
    def finalize_options(self):
        super().finalize_options()
        self.root_is_pure = False

    def get_tag(self):
        _, _, platform = super().get_tag()
        return "py3", "none", platform


# Staged afresh by each build: an old copy from an earlier build must not be packaged.
shutil.rmtree(STAGED, ignore_errors=True)
setup(
    version=version(),
    scripts=[str((STAGED / "modalkit").relative_to(HERE))],
    cmdclass={"build_py": BuildWithLibrary, "build_scripts": BuildWithBinary, "bdist_wheel": PlatformWheel},
)
