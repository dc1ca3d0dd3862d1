"""ModalKit in process: validate, fix and render modal JSON through libmodalkit.so.

    >>> import modalkit
    >>> [d.code for d in modalkit.validate(b'[{"msg": "Hi", "styles": [{"apply_to": {"from": 0, "length": 9}}]}]')]
    ['range-out-of-bounds']

Every function takes the document as ``bytes`` or ``str`` and raises a ``ModalKitError`` (a subclass that
names the kind of failure) instead of crashing. The functions may be called from many threads at once; the
native calls release the GIL.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Optional, Union

from . import _native

__all__ = [
    "ArgumentError",
    "BadUTF8Error",
    "CoveredText",
    "Diagnostic",
    "InvalidDocumentError",
    "ModalKitError",
    "NotJSONError",
    "OptionsError",
    "OutputTooLargeError",
    "TooLargeError",
    "WrongTypeError",
    "covered_text",
    "fix",
    "render",
    "validate",
    "validate_report",
    "__version__",
]

Data = Union[bytes, bytearray, memoryview, str]


class ModalKitError(Exception):
    """Any failure of a ModalKit call; ``status`` is the C interface's status code (0 for none)."""

    status = 0

    def __init__(self, message: str, status: Optional[int] = None) -> None:
        super().__init__(message)
        self.message = message
        if status is not None:
            self.status = status


class ArgumentError(ModalKitError, ValueError):
    """An unknown format or theme, or a width outside 10 to 1000 cells."""

    status = 1


class OptionsError(ModalKitError, ValueError):
    """The options are not a valid .modalkit.json config."""

    status = 2


class TooLargeError(ModalKitError, ValueError):
    """The document is larger than the input limit (16 MiB, or ``max-bytes``)."""

    status = 3


class NotJSONError(ModalKitError, ValueError):
    """The document is not JSON."""

    status = 4


class BadUTF8Error(ModalKitError, ValueError):
    """The document is not UTF-8 (or a ``str`` holds a lone surrogate)."""

    status = 5


class InvalidDocumentError(ModalKitError, ValueError):
    """The document is JSON but has errors; ``validate`` lists them."""

    status = 6


class OutputTooLargeError(ModalKitError, ValueError):
    """The rendered output would be over the render limits."""

    status = 7


class WrongTypeError(ModalKitError, TypeError):
    """An argument of the wrong Python type, such as a document that is neither bytes nor str."""


_ERRORS = {cls.status: cls for cls in (ArgumentError, OptionsError, TooLargeError, NotJSONError, BadUTF8Error,
                                       InvalidDocumentError, OutputTooLargeError)}


@dataclass(frozen=True)
class Diagnostic:
    """One finding of ``validate``, as ``modalkit validate --format json`` reports it."""

    code: str
    severity: str
    message: str
    line: int
    column: int
    pointer: str
    hint: Optional[str] = None


@dataclass(frozen=True)
class CoveredText:
    """The text one style covers; offsets count UTF-16 code units, as the format does."""

    utf16_offset: int
    utf16_length: int
    text: str


def _bytes(data: Data, what: str = "data") -> bytes:
    if isinstance(data, bytes):
        return data
    if isinstance(data, (bytearray, memoryview)):
        return bytes(data)
    if isinstance(data, str):
        try:
            return data.encode("utf-8")
        except UnicodeEncodeError as error:
            raise BadUTF8Error(f"{what} cannot be written as UTF-8: {error.reason} at index {error.start}") from None
    raise WrongTypeError(f"{what} must be bytes or str, not {type(data).__name__}")


def _call(name: str, *arguments: object) -> bytes:
    status, text = _native.call(name, *arguments)
    if status != 0:
        error = _ERRORS.get(status, ModalKitError)
        raise error(text.decode("utf-8", "replace"), status)
    return text


def _options(
    config: Optional[Mapping[str, Any]],
    select: Optional[Iterable[str]],
    ignore: Optional[Iterable[str]],
    theme: Optional[str],
    strict: Optional[bool],
) -> bytes:
    settings = dict(config or {})
    if config is not None and not isinstance(config, Mapping):
        raise WrongTypeError(f"config must be a mapping, not {type(config).__name__}")
    if select is not None:
        settings["select"] = [select] if isinstance(select, str) else list(select)
    if ignore is not None:
        codes = [ignore] if isinstance(ignore, str) else list(ignore)
        settings["ignore"] = list(settings.get("ignore", [])) + [{"code": code} for code in codes]
    if theme is not None:
        settings["theme"] = theme
    if strict is not None:
        settings["strict"] = strict
    return json.dumps(settings).encode("utf-8") if settings else b""


def validate_report(
    data: Data,
    *,
    config: Optional[Mapping[str, Any]] = None,
    select: Optional[Iterable[str]] = None,
    ignore: Optional[Iterable[str]] = None,
    theme: Optional[str] = None,
    strict: Optional[bool] = None,
) -> str:
    """The JSON report ``modalkit validate --format json -`` prints for ``data``, byte for byte.

    ``config`` holds .modalkit.json settings (select, ignore, strict, max-bytes, profile, theme, card); the
    keyword arguments set or add to them: ``ignore`` takes codes.
    """
    document = _bytes(data)
    options = _options(config, select, ignore, theme, strict)
    return _call("modalkit_validate", document, len(document), options, len(options)).decode("utf-8")


def validate(
    data: Data,
    *,
    config: Optional[Mapping[str, Any]] = None,
    select: Optional[Iterable[str]] = None,
    ignore: Optional[Iterable[str]] = None,
    theme: Optional[str] = None,
    strict: Optional[bool] = None,
) -> list[Diagnostic]:
    """The diagnostics of ``data`` in source order; an empty list for a document without findings.

    A document that is not JSON or not UTF-8 is a finding here (json-syntax, json-utf8), as on the command
    line; a document over the input limit raises ``TooLargeError``.
    """
    report = json.loads(validate_report(data, config=config, select=select, ignore=ignore, theme=theme,
                                        strict=strict))
    return [
        Diagnostic(
            code=entry["code"], severity=entry["severity"], message=entry["message"], line=entry["line"],
            column=entry["column"], pointer=entry["pointer"], hint=entry.get("hint"),
        )
        for entry in report["files"][0]["diagnostics"]
    ]


def fix(data: Data) -> bytes:
    """The document with every certain fix made, as ``modalkit fix -`` writes it; unchanged when none is."""
    document = _bytes(data)
    return _call("modalkit_fix", document, len(document))


def render(data: Data, format: str = "plain", width: int = 60, theme: Optional[str] = None) -> str:
    """The document drawn as plain, ansi, ansi-colors, svg, json or html, ``width`` cells wide (10 to 1000).

    ``theme`` is light or dark (the HTML page's and the app card's). A document with errors raises
    ``InvalidDocumentError``.
    """
    document = _bytes(data)
    if not isinstance(format, str):
        raise WrongTypeError(f"format must be a str, not {type(format).__name__}")
    if isinstance(width, bool) or not isinstance(width, int):
        raise WrongTypeError(f"width must be an int, not {type(width).__name__}")
    if not -(2**31) <= width < 2**31:
        raise ArgumentError(f"width {width} is outside a 32-bit integer", ArgumentError.status)
    if theme is not None and not isinstance(theme, str):
        raise WrongTypeError(f"theme must be a str or None, not {type(theme).__name__}")
    format_bytes = format.encode("utf-8")
    theme_bytes = (theme or "").encode("utf-8")
    text = _call("modalkit_render", document, len(document), format_bytes, len(format_bytes), width, theme_bytes,
                 len(theme_bytes))
    return text.decode("utf-8")


def covered_text(data: Data) -> list[list[CoveredText]]:
    """For each modal, the text each of its styles covers, in style order."""
    document = _bytes(data)
    answer = json.loads(_call("modalkit_styles", document, len(document)))
    return [
        [CoveredText(style["from"], style["length"], style["text"]) for style in modal["styles"]]
        for modal in answer["modals"]
    ]


__version__: str = _native.library().modalkit_version().decode("utf-8")
"""The ModalKit release the bundled library was built from."""
