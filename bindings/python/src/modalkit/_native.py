"""The ctypes binding of libmodalkit.so, as include/modalkit.h declares it."""

from __future__ import annotations

import ctypes
import os
import pathlib
import threading
from typing import Optional

ABI_VERSION = 1
"""The MODALKIT_ABI_VERSION of the header this binding was written against."""

BINARY_DIRECTORY = pathlib.Path(__file__).resolve().parent / "_bin"


class Result(ctypes.Structure):
    _fields_ = [("text", ctypes.POINTER(ctypes.c_char)), ("length", ctypes.c_size_t)]


_library: Optional[ctypes.CDLL] = None
_lock = threading.Lock()


def library() -> ctypes.CDLL:
    """The loaded library, checked for its ABI version once; MODALKIT_LIBRARY names another copy."""
    global _library
    with _lock:
        if _library is None:
            path = os.environ.get("MODALKIT_LIBRARY") or str(BINARY_DIRECTORY / "libmodalkit.so")
            loaded = ctypes.CDLL(path)
            loaded.modalkit_abi_version.restype = ctypes.c_uint32
            loaded.modalkit_abi_version.argtypes = []
            found = loaded.modalkit_abi_version()
            if found != ABI_VERSION:
                raise ImportError(f"{path} has ABI version {found}; this package needs {ABI_VERSION}")
            loaded.modalkit_version.restype = ctypes.c_char_p
            loaded.modalkit_version.argtypes = []
            data = ctypes.c_char_p
            size = ctypes.c_size_t
            out = ctypes.POINTER(Result)
            signatures = {
                "modalkit_validate": [data, size, data, size, out],
                "modalkit_fix": [data, size, out],
                "modalkit_render": [data, size, data, size, ctypes.c_int32, data, size, out],
                "modalkit_styles": [data, size, out],
            }
            for name, arguments in signatures.items():
                function = getattr(loaded, name)
                function.argtypes = arguments
                function.restype = ctypes.c_int
            loaded.modalkit_result_free.argtypes = [out]
            loaded.modalkit_result_free.restype = None
            _library = loaded
        return _library


def call(name: str, *arguments: object) -> tuple[int, bytes]:
    """Calls `name` with its arguments and a result, and returns the status and the result's bytes, freed."""
    native = library()
    result = Result()
    status = getattr(native, name)(*arguments, ctypes.byref(result))
    try:
        text = ctypes.string_at(result.text, result.length) if result.text else b""
    finally:
        native.modalkit_result_free(ctypes.byref(result))
    return status, text
