"""Configuration through a real client: a config that cannot be used, `files`/`exclude`, pushed settings,
pull diagnostics and the "Ignore CODE in this file" action, each checked against `modalkit validate`."""

import asyncio
import subprocess

import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from conftest import BINARY, initialize_params, open_document, wait_for_diagnostics
from test_features import apply_edits

BROKEN = '{"msg": "Hi", "lenght": 1}\n'


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[BINARY, "lsp"]))
async def pull_client(lsp_client: LanguageClient, tmp_path):
    """A client that pulls diagnostics (Neovim 0.10 and later), with tmp_path as its workspace."""
    params = initialize_params(encodings=[types.PositionEncodingKind.Utf16], root=tmp_path, pull=True)
    await lsp_client.initialize_session(params)
    yield
    await lsp_client.shutdown_session()


async def wait_until(predicate, timeout: float = 10.0):
    async def poll():
        while not predicate():
            await asyncio.sleep(0.02)

    await asyncio.wait_for(poll(), timeout)


def codes(client, uri):
    return [d.code for d in client.diagnostics[uri]]


def config_changed(client, config):
    client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(
            changes=[types.FileEvent(uri=config.as_uri(), type=types.FileChangeType.Changed)]
        )
    )


async def change(client, uri, text, version):
    client.diagnostics.pop(uri, None)
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
        )
    )
    return await wait_for_diagnostics(client, uri)


def validate(*arguments):
    return subprocess.run([BINARY, "validate", *map(str, arguments)], capture_output=True, text=True)


async def test_an_invalid_config_is_a_diagnostic_on_it_and_one_message(client, tmp_path):
    config = tmp_path / ".modalkit.json"
    config.write_text('{"ignore": ["range-splits-grapheme"]}')
    uri = await open_document(client, tmp_path / "a.json", BROKEN)
    # Checked with no config; the command line refuses to go on.
    assert codes(client, uri) == ["unknown-key"]
    run = validate(tmp_path / "a.json")
    assert run.returncode == 2 and "[config-invalid]" in run.stderr and "1:13" in run.stderr
    await wait_until(lambda: config.as_uri() in client.diagnostics)
    [problem] = client.diagnostics[config.as_uri()]
    assert problem.code == "config-invalid" and problem.message.startswith("an ignore entry must be an object")
    assert problem.range.start == types.Position(line=0, character=12)
    [shown] = [m for m in client.messages if ".modalkit.json" in m.message]
    assert shown.type == types.MessageType.Error
    assert f"{config}:1:13: the config cannot be used: an ignore entry must be an object" in shown.message
    # Keystrokes and a second document under it say nothing more.
    await change(client, uri, BROKEN + " ", 2)
    await open_document(client, tmp_path / "b.json", BROKEN)
    assert len([m for m in client.messages if ".modalkit.json" in m.message]) == 1
    # Fixed: the config's diagnostics are cleared, and the documents are checked under it.
    config.write_text('{"ignore": [{"code": "unknown-key"}]}')
    client.diagnostics.pop(uri)
    config_changed(client, config)
    assert not await wait_for_diagnostics(client, uri)
    await wait_until(lambda: not client.diagnostics[config.as_uri()])


async def test_files_and_exclude_choose_the_modals_for_the_server_and_the_walk(client, tmp_path):
    (tmp_path / ".modalkit.json").write_text('{"files": ["modals/**/*.json"], "exclude": ["**/fixtures/**"]}')
    for name in ["modals/a.json", "modals/fixtures/f.json", "package.json"]:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(BROKEN)
    chosen = await open_document(client, tmp_path / "modals" / "a.json")
    fixture = await open_document(client, tmp_path / "modals" / "fixtures" / "f.json")
    other = await open_document(client, tmp_path / "package.json")
    assert codes(client, chosen) == ["unknown-key"]
    assert not client.diagnostics[fixture] and not client.diagnostics[other]
    await wait_until(lambda: sum("is not checked as a modal" in m.message for m in client.log_messages) == 2)
    said = [m.message for m in client.log_messages if "is not checked as a modal" in m.message]
    assert len(said) == 2
    assert any("fixtures/f.json" in m and 'exclude has "**/fixtures/**"' in m for m in said)
    assert any("package.json" in m and 'no files glob ("modals/**/*.json")' in m for m in said)
    await change(client, fixture, BROKEN + " ", 2)
    assert len([m for m in client.log_messages if "is not checked as a modal" in m.message]) == 2
    # The command's directory walk chooses the same files; a file named on the command line is checked anyway.
    run = validate(tmp_path)
    assert "modals/a.json" in run.stdout and "fixtures" not in run.stdout and "package.json" not in run.stdout
    assert "package.json" in validate(tmp_path, tmp_path / "package.json").stdout


async def test_pushed_settings_recheck_open_documents_over_the_file(client, tmp_path):
    (tmp_path / ".modalkit.json").write_text('{"select": ["unknown-key"]}')
    modal = '{"msg": "Hi", "lenght": 1, "styles": [{"apply_to": {"from": 0, "length": 2}, "color": "#ff0000", "bg_color": "#fe0000"}]}\n'
    uri = await open_document(client, tmp_path / "m.json", modal)
    assert codes(client, uri) == ["unknown-key"]

    async def push(settings):
        client.diagnostics.pop(uri, None)
        client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=settings))
        return [d.code for d in await wait_for_diagnostics(client, uri)]

    # The client's select replaces the file's, as --select does; its profile adds the 16-colour checks.
    assert await push({"modalkit": {"select": ["profile-colors-merge"], "profile": "16"}}) == ["profile-colors-merge"]
    assert await push({"modalkit": None}) == ["unknown-key"]
    assert await push({"modalkit": {"selct": []}}) == ["unknown-key"]
    await wait_until(lambda: any("settings.modalkit" in m.message for m in client.messages))
    [refused] = [m for m in client.messages if "settings.modalkit" in m.message]
    assert refused.type == types.MessageType.Error and 'unknown setting "selct"' in refused.message


async def test_pull_diagnostics_for_a_document_and_the_workspace(pull_client, tmp_path):
    client = pull_client
    (tmp_path / ".modalkit.json").write_text('{"exclude": ["fixtures/**"]}')
    (tmp_path / "fixtures").mkdir()
    (tmp_path / "fixtures" / "f.json").write_text(BROKEN)
    (tmp_path / "closed.json").write_text(BROKEN)
    (tmp_path / ".hidden").mkdir()
    (tmp_path / ".hidden" / "h.json").write_text(BROKEN)
    opened = tmp_path / "open.json"
    uri = opened.as_uri()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="json", version=1, text=BROKEN)
        )
    )

    async def pull(previous=None):
        return await client.text_document_diagnostic_async(
            types.DocumentDiagnosticParams(
                text_document=types.TextDocumentIdentifier(uri=uri), previous_result_id=previous
            )
        )

    report = await pull()
    assert report.kind == "full" and [d.code for d in report.items] == ["unknown-key"]
    assert (await pull(report.result_id)).kind == "unchanged"
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text='{"msg": "Hi"}')],
        )
    )
    changed = await pull(report.result_id)
    assert changed.kind == "full" and not changed.items and changed.result_id != report.result_id
    # The server does not also push what the client pulls.
    assert uri not in client.diagnostics

    workspace = await client.workspace_diagnostic_async(types.WorkspaceDiagnosticParams(previous_result_ids=[]))
    by_uri = {item.uri: item for item in workspace.items}
    config = (tmp_path / ".modalkit.json").as_uri()
    closed = (tmp_path / "closed.json").as_uri()
    assert sorted(by_uri) == sorted([config, closed, uri])
    assert by_uri[closed].version is None and [d.code for d in by_uri[closed].items] == ["unknown-key"]
    assert by_uri[uri].version == 2 and not by_uri[uri].items
    assert not by_uri[config].items
    # A closed file the globs leave out is left out silently: the log speaks of open documents only.
    assert not any("is not checked" in m.message for m in client.log_messages)
    again = await client.workspace_diagnostic_async(
        types.WorkspaceDiagnosticParams(
            previous_result_ids=[types.PreviousResultId(uri=i.uri, value=i.result_id) for i in workspace.items]
        )
    )
    assert {item.uri: item.kind for item in again.items} == {u: "unchanged" for u in by_uri}
    (tmp_path / "closed.json").write_text('{"msg": "Hi"}')
    third = await client.workspace_diagnostic_async(
        types.WorkspaceDiagnosticParams(
            previous_result_ids=[types.PreviousResultId(uri=i.uri, value=i.result_id) for i in workspace.items]
        )
    )
    assert {item.uri: item.kind for item in third.items}[closed] == "full"


async def suppress_action(client, uri):
    [diagnostic] = client.diagnostics[uri]
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=diagnostic.range,
            context=types.CodeActionContext(diagnostics=[diagnostic]),
        )
    )
    [action] = [a for a in actions if a.title == "Ignore unknown-key in this file"]
    assert action.kind == types.CodeActionKind.QuickFix and action.diagnostics
    return action


async def test_the_suppress_action_edits_the_config_and_both_ends_agree(client, tmp_path):
    config = tmp_path / ".modalkit.json"
    config.write_text('{\n  "strict": true\n}\n')
    (tmp_path / "modals").mkdir()
    path = tmp_path / "modals" / "m.json"
    path.write_text(BROKEN)
    uri = await open_document(client, path)
    assert validate("--strict", path).returncode == 1
    action = await suppress_action(client, uri)
    edited = apply_edits(config.read_text(), action.edit.changes[config.as_uri()])
    assert edited == '{\n  "ignore": [{"code": "unknown-key", "path": "modals/m.json"}],\n  "strict": true\n}\n'
    config.write_text(edited)
    client.diagnostics.pop(uri)
    config_changed(client, config)
    assert not await wait_for_diagnostics(client, uri)
    run = validate(path)
    assert run.returncode == 0 and "unknown-key" not in run.stdout
    # Only this file is silenced.
    (tmp_path / "modals" / "other.json").write_text(BROKEN)
    assert "[unknown-key]" in validate(tmp_path / "modals" / "other.json").stdout


async def test_the_suppress_action_creates_a_config_where_there_is_none(client, tmp_path):
    # tmp_path is outside the client's workspace folder, so the config goes beside the file.
    path = tmp_path / "m.json"
    path.write_text(BROKEN)
    uri = await open_document(client, path)
    action = await suppress_action(client, uri)
    [create, edit] = action.edit.document_changes
    config = tmp_path / ".modalkit.json"
    assert create.kind == "create" and create.uri == config.as_uri()
    assert edit.text_document.uri == config.as_uri()
    [text_edit] = edit.edits
    config.write_text(text_edit.new_text)
    client.diagnostics.pop(uri)
    config_changed(client, config)
    assert not await wait_for_diagnostics(client, uri)
    assert validate(path).returncode == 0 and "unknown-key" not in validate(path).stdout


async def test_settings_are_asked_for_when_the_client_pushes_none(client, tmp_path):
    # The pull model: VS Code sends `settings: null` and answers `workspace/configuration`.
    uri = await open_document(client, tmp_path / "m.json", BROKEN)
    assert codes(client, uri) == ["unknown-key"]
    client.set_configuration({"modalkit": {"select": ["range-empty"]}})
    client.diagnostics.pop(uri)
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=None))
    assert not await wait_for_diagnostics(client, uri)
