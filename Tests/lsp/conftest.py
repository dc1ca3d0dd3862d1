"""Fixtures that start `modalkit lsp` under pytest-lsp's client.

The binary is $MODALKIT_BIN, or the debug build in .build/debug/modalkit (run `swift build` first).
"""

import os
import pathlib
import subprocess

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

ROOT = pathlib.Path(__file__).resolve().parents[2]
BINARY = os.environ.get("MODALKIT_BIN", str(ROOT / ".build" / "debug" / "modalkit"))
SAMPLES = ROOT / "samples"

if not os.path.exists(BINARY):
    raise pytest.UsageError(f"{BINARY} does not exist: run `swift build --product modalkit` first")


def validate_json(path: pathlib.Path) -> list[dict]:
    """What `modalkit validate --format json` reports for a file."""
    import json

    run = subprocess.run([BINARY, "validate", "--format", "json", str(path)], capture_output=True, text=True)
    return json.loads(run.stdout)["files"][0]["diagnostics"]


def initialize_params(encodings=None, root=None, pull=False) -> types.InitializeParams:
    capabilities = client_capabilities("neovim")
    if not pull:
        # Neovim 0.10 and later pull diagnostics, and then the server does not push them; the push tests
        # speak for the clients that do not (Neovim 0.7 to 0.9, Helix, Sublime LSP).
        capabilities.text_document.diagnostic = None
    if encodings is not None:
        capabilities.general = types.GeneralClientCapabilities(position_encodings=encodings)
    return types.InitializeParams(
        capabilities=capabilities, root_uri=(root or ROOT).as_uri() if root or ROOT else None
    )


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[BINARY, "lsp"]))
async def client(lsp_client: LanguageClient):
    """A client speaking UTF-16 positions, the protocol's default."""
    await lsp_client.initialize_session(initialize_params(encodings=[types.PositionEncodingKind.Utf16]))
    yield
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[BINARY, "lsp"]))
async def utf8_client(lsp_client: LanguageClient):
    """A client that prefers UTF-8 positions, as Neovim and Helix do."""
    result = await lsp_client.initialize_session(
        initialize_params(encodings=[types.PositionEncodingKind.Utf8, types.PositionEncodingKind.Utf16])
    )
    assert result.capabilities.position_encoding == types.PositionEncodingKind.Utf8
    yield
    await lsp_client.shutdown_session()


async def open_document(client: LanguageClient, path: pathlib.Path, text: str | None = None, version: int = 1):
    """Opens a document and waits for its first diagnostics."""
    if text is None:
        text = path.read_bytes().decode("utf-8", errors="replace")
    uri = path.resolve().as_uri()
    client.diagnostics.pop(uri, None)
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="json", version=version, text=text)
        )
    )
    await wait_for_diagnostics(client, uri)
    return uri


async def wait_for_diagnostics(client: LanguageClient, uri: str, timeout: float = 20.0):
    import asyncio

    async def wait():
        while uri not in client.diagnostics:
            await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)

    await asyncio.wait_for(wait(), timeout)
    return client.diagnostics[uri]
