"""``python -m bot verify`` trusts nothing in the file it checks (issue 21, item 6): the game
must be installed here (a module the export names is never imported), the data pack comes
from the export itself (checked against the game's pack hash, validated as data; a folder
named in ``options.data_pack`` is never read), and a malformed file gets one line and exit
status 2, never a traceback. docs/table.md "Export and review"."""

import argparse
import copy
import json
import shutil
import sys

import pytest

from bot.commands import verify as verify_command
from bot.table.export import build_export, dumps, verify_export
from bot.table.sweeper import sweep
from engine.runewars import ruleset as runewars_ruleset
from engine.runewars.data import loader
from tests.packs import humans_pack, reversed_tactics_pack
from tests.table.helpers import ALICE, BOB, CHANNEL, GUILD, awaited_users, play_first, play_to_end, tiny_game


def run_verify(path, capsys) -> tuple[int, list[str]]:
    """The verify command on ``path``: its exit status and every line it wrote (out and err)."""
    parser = argparse.ArgumentParser()
    verify_command.add_arguments(parser)
    status = verify_command.run(parser.parse_args([str(path)]))
    captured = capsys.readouterr()
    return status, (captured.out + captured.err).splitlines()


@pytest.fixture
async def tiny_export(table):
    game_id = await tiny_game(table)
    await sweep(table)
    await play_to_end(table, game_id)
    await sweep(table)
    return json.loads(dumps(await build_export(table, game_id)))


async def runewars_export(table, options: dict) -> dict:
    record = await table.service.create_game(GUILD, CHANNEL, "runewars", options, ALICE, seed=3)
    await sweep(table)
    for user in (ALICE, BOB):
        await table.service.join(record.id, user)
    await table.service.start(record.id)
    while (await table.service.view(record.id, None)).view.get("season") != "summer":
        await play_first(table, record.id, (await awaited_users(table, record.id))[0])
    return json.loads(dumps(await build_export(table, record.id, complete=True)))


def forget_loaded_packs() -> None:
    """This process read the pack folders once; forget them, as another machine never read them."""
    runewars_ruleset._pack.cache_clear()
    runewars_ruleset._hash.cache_clear()


async def test_a_module_named_as_the_game_is_never_imported(table, tiny_export, tmp_path, monkeypatch, capsys):
    """Issue 21 item 6: ``"game": "evil_probe"`` with an ``evil_probe.py`` beside the file
    (the working directory is on ``python -m``'s path) is an unknown game: one line, exit 2,
    and the module never runs."""
    marker = tmp_path / "probe-ran"
    (tmp_path / "evil_probe.py").write_text(f"open({str(marker)!r}, 'w').write('ran')\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "evil_probe", raising=False)
    tiny_export["game"] = "evil_probe"
    path = tmp_path / "export.json"
    path.write_bytes(dumps(tiny_export))
    try:
        status, lines = run_verify(path, capsys)
    finally:
        sys.modules.pop("evil_probe", None)
    assert not marker.exists(), "verify imported the module the export named"
    assert status == verify_command.EXIT_UNREADABLE
    assert len(lines) == 1 and "evil_probe" in lines[0] and "not installed" in lines[0]


async def test_a_path_in_options_data_pack_is_never_read(table, tmp_path, monkeypatch):
    """Issue 21 item 6: the export names a folder in ``options.data_pack``; verify reads the
    pack the export embeds and never that folder (here: it fails on the changed options)."""
    data = await runewars_export(table, {})
    probe = humans_pack(tmp_path / "probe-pack")
    data["options"]["data_pack"] = str(probe)
    read = []
    real_layer = loader._load_layer
    monkeypatch.setattr(loader, "_load_layer", lambda directory, *a: (read.append(str(directory)), real_layer(directory, *a)))
    verdict = verify_export(data)
    assert str(probe) not in read
    assert not verdict.ok


async def test_a_tampered_embedded_pack_fails_clearly(table):
    """Issue 21 item 6: a changed embedded pack no longer has the game's pack hash; a pack
    whose hash was forged along with it fails as data or by the replay."""
    data = await runewars_export(table, {})
    assert data["pack"]["hash"] == data["pack_hash"]
    tampered = copy.deepcopy(data)
    records = json.loads(tampered["pack"]["content"])
    records["constant"][0]["value"] = 999
    tampered["pack"]["content"] = json.dumps(records)
    verdict = verify_export(tampered)
    assert not verdict.ok
    assert "embedded data pack" in verdict.lines[-1] and "does not match" in verdict.lines[-1]


async def test_a_game_on_its_own_pack_verifies_from_its_export_alone(table, tmp_path):
    """Issue 21 item 6: a game played on a group's own pack verifies where that pack's folder
    does not exist: the export carries the pack."""
    own = humans_pack(tmp_path / "own-pack")
    data = await runewars_export(table, {"data_pack": str(own)})
    assert data["pack_hash"] != runewars_ruleset.RULESET.pack_hash({})
    shutil.rmtree(own)
    forget_loaded_packs()
    verdict = verify_export(data)
    assert verdict.ok, verdict.lines


async def test_a_pack_that_loads_out_of_id_order_verifies_from_its_export_alone(table, tmp_path):
    """Issue 21 item 6: decks are built in load order, which the hash (over the records by id)
    does not keep; the store keeps it beside the pack and the export embeds it, so a pack that
    lists its cards out of id order replays with its own deck order."""
    own = reversed_tactics_pack(tmp_path / "reversed")
    data = await runewars_export(table, {"data_pack": str(own)})
    assert data["pack"]["load_order"]["tactics_card"][:2] == ["heilkraeuter_2", "heilkraeuter"]
    shutil.rmtree(own)
    forget_loaded_packs()
    assert verify_export(data).ok
    without_order = copy.deepcopy(data)
    del without_order["pack"]["load_order"]  # as an export made before the order was kept
    assert not verify_export(without_order).ok
    broken = copy.deepcopy(data)
    broken["pack"]["load_order"] = {"tactics_card": "not a list"}
    verdict = verify_export(broken)
    assert not verdict.ok and "load order" in verdict.lines[-1]


def _deep(depth: int) -> str:
    return "[" * depth + "]" * depth


#: (key, replacement JSON text): a value of the wrong shape where the export has one
WRONG = ["[]", "{}", '"x"', "1" + "0" * 40, "null", "true", _deep(5000)]
KEYS = ["format", "version", "complete", "game", "game_id", "seed", "salt", "commitment"]
KEYS += ["pack_hash", "options", "seat_count", "log", "final_state_hash", "pack"]
#: what is fine where it is (a game without a pack has none; no commitment is a verdict, not a shape)
FINE = {("pack", "null"), ("salt", "null"), ("commitment", "null"), ("complete", "true")}
LOG_CHANGES = [
    lambda log: log.__setitem__(1, []),
    lambda log: log[1].__setitem__("records", {}),
    lambda log: log[1].__setitem__("seq", "2"),
    lambda log: log[1].__setitem__("seat", "0"),
    lambda log: log[1].__delitem__("records"),
    lambda log: log[1]["records"].__setitem__(0, {"$type": "NoSuchType"}),
    lambda log: log[1]["records"].__setitem__(0, [1, 2]),
    lambda log: log[1]["records"][0].__setitem__("action", 5),
    lambda log: log[1]["records"][0].__setitem__("chance", {"$tuple": ["x"]}),
    lambda log: log[1]["records"][0]["action"].__setitem__("args", []),
    lambda log: log[1]["records"][0]["action"].__setitem__("seat", 10**40),
    lambda log: log[1]["records"][0]["action"].pop("choice"),
]


def _malformed_files(base: dict) -> list[tuple[str, str]]:
    files = [
        ("a list", "[]"),
        ("deep nesting", _deep(100_000)),
        ("a huge number", "9" * 5000),
        ("a huge float", "1e99999"),
        ("not json", "{"),
        ("only the header", json.dumps({"format": "runetable-export", "version": 1, "complete": True})),
    ]
    for key in KEYS:
        rest = {k: v for k, v in base.items() if k != key}
        if key != "pack":  # an export without a pack is an older one of a game without a pack
            files.append((f"no {key}", json.dumps(rest)))
        for text in WRONG:
            if (key, text) not in FINE and text != json.dumps(base[key]):  # not the value it had
                marked = json.dumps({**base, key: "@@WRONG@@"})
                files.append((f"{key}={text[:12]}", marked.replace('"@@WRONG@@"', text)))
    for i, change in enumerate(LOG_CHANGES):
        data = copy.deepcopy(base)
        change(data["log"])
        files.append((f"log change {i}", json.dumps(data)))
    return files


async def test_malformed_exports_get_one_line_and_exit_2(tiny_export, tmp_path, capsys):
    """Issue 21 item 6: lists for objects, deep nesting, wrong types, missing keys and huge
    numbers: each gets one line and exit status 2, never a traceback."""
    path = tmp_path / "export.json"
    path.write_bytes(dumps(tiny_export))
    assert run_verify(path, capsys)[0] == 0
    for name, text in _malformed_files(tiny_export):
        path.write_text(text, encoding="utf-8")
        status, lines = run_verify(path, capsys)
        assert (status, len(lines)) == (verify_command.EXIT_UNREADABLE, 1), (name, lines)
        assert "Traceback" not in lines[0] and len(lines[0]) < 400, (name, lines)
