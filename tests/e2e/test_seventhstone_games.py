"""Seventh Stone through the wire (issue 30 item 5 and Done-when): the real bot, the double, and
scripted players who submit the yearly allocation as a real form (a modal) and click real
components for every other decision. Each game ends with the leak audit (tests/e2e/leaks.py with
tests/e2e/leaks_seventhstone.py: allocations before the reveal, equipment hands, tiles under
armies, draft passes) and the stored log replayed to the stored state."""

from __future__ import annotations

import sqlite3
import sys

import pytest

from bot.games.seventhstone.narrator import allocation
from bot.ui import transport
from engine.core import decode
from engine.seventhstone.pack import load_pack
from engine.seventhstone.state import PEOPLE_NAMES
from loopback import payloads as p
from loopback.brains import Table
from loopback.harness import bot_in_process, delivered, reader
from loopback.players import Player
from tests.e2e import leaks
from tests.e2e.processes import Restarts, bot_processes

GAME = "seventhstone"
PACK = load_pack()


def form_steps(table: Table) -> list:
    return [s for s in table.steps if s.kind == "allocate"]


def assert_forms(table: Table) -> None:
    """Every allocation was one form: "Fill in the form" opened a modal, its submission sealed the sheet."""
    steps = form_steps(table)
    assert steps, "the players allocated"
    for step in steps:
        opened, submitted = step.interactions
        assert opened.callback_type == p.MODAL and opened.modal["title"].startswith("Year ")
        assert submitted.type == p.MODAL_SUBMIT and step.seq_after == step.seq_before + 1


@pytest.mark.slow
async def test_four_players_allocate_by_form_and_nothing_leaks(double, database):
    """Issue 30 item 5: a 4-player game with scripted players submitting real allocation forms and
    clicking real components, over two years, then the whole leak audit."""
    async with bot_in_process(double, database, seeds=[2]) as _, reader(database) as service:
        players = [Player(double, double.add_user(n)) for n in ("alice", "bob", "carol", "dave")]
        table = Table(double, service, players, seed=2, game=GAME)
        await table.open()
        public = await table.play(until=lambda v: (v.view.get("year") or 0) > 2 or v.result is not None)
        await delivered(database, table.game_id)
        assert_forms(table)
        assert len(form_steps(table)) >= 8  # at least two years of four sheets
        assert {s.seat for s in table.steps} == {0, 1, 2, 3}
        assert public.view["year"] > 2 or public.result is not None
        other = [s for s in table.steps if s.kind != "allocate"]
        assert other and all(i.type == p.MESSAGE_COMPONENT for s in other for i in s.interactions)
        moments = await leaks.Moments.load(service, table.game_id)
        kinds = {k.split(":")[0] for m in moments.secrets_at for keys in m.values() for k in keys}
        assert {"alloc", "hand", "under"} <= kinds, kinds  # the audit looked for every kind of secret
        # the /ss group: public information, rules and the tiles, answered to the asker alone (and audited)
        asker = table.brains[0]
        answers = {
            "ss offer": await asker.slash("ss offer"),
            "ss discard": await asker.slash("ss discard"),
            "ss standings": await asker.slash("ss standings"),
            "ss rules": await asker.slash("ss rules", topic="allocation"),
            "ss card": await asker.slash("ss card", name="Teleportation"),
            "ss hand": await asker.slash("ss hand"),
        }
        for command, answer in answers.items():
            message = answer.message
            assert message.ephemeral and message.visible_to == asker.user.id, command
        assert "Tear stones, year" in answers["ss standings"].message.content
        assert "Produktions- u. Marktphase" in answers["ss rules"].message.content
        assert "portal" in answers["ss card"].message.content
        reports = list(leaks.attachments(double, leaks.BATTLE_FILE))
        assert bool(reports) == bool(moments.battles)  # each battle told in the battle thread with its dice (audited)
        problems = await leaks.audit(double, service, table.game_id)
    assert problems == []


def secret_of(database, kind: str) -> str:
    """A secret of the running game, read from the bot's database, as a line that gives it away."""
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as db:
        row = db.execute("SELECT state FROM games WHERE status = 'active'").fetchone() if database.exists() else None
    if row is None:
        return ""
    b = decode(row[0]).board

    def who(seat: int) -> str:
        return f"Player {seat + 1} ({PEOPLE_NAMES.get(b.people[seat] or '', '')})"

    if kind == "alloc" and b.revealed is None:
        sheet = next((a for s, a in enumerate(b.alloc) if b.sealed[s] and sum(1 for n in a.values() if n) >= 2), None)
        return f"A sheet: {allocation(sheet)}." if sheet else ""
    if kind == "hand":
        seat = next((s for s, hand in enumerate(b.hands) if hand), None)
        return f"{who(seat)} holds {PACK.tile(b.hands[seat][0])['name']}." if seat is not None else ""
    if kind == "under":
        army = next((a for a in b.armies if a.get("equip") is not None), None)
        return f"Under {who(army['owner'])}'s army: {PACK.tile(army['equip'])['name']}." if army else ""
    if kind == "draft" and b.draft is not None and not b.draft.get("first") and b.draft["holder"] < len(b.draft["ranks"]):
        seat = b.draft["ranks"][b.draft["holder"]]
        return f"{who(seat)} was handed {PACK.tile(b.draft['tiles'][0])['name']}." if b.draft["tiles"] else ""
    return ""


@pytest.mark.parametrize("kind", ["alloc", "hand", "under", "draft"])
async def test_a_canary_per_secret_kind_is_caught(kind, double, database, monkeypatch):
    """Issue 30 item 5: one canary per secret kind. The channel's turn posts are patched to say a
    secret of the moment (a sealed sheet, a hand's tile, a tile under an army, a tile handed on in the
    draft); the audit must catch it as that secret, and nothing else."""
    shown: list[str] = []
    post = transport.post_text

    def leaky(payload):
        line = secret_of(database, kind)
        if line:
            shown.append(line)
        return (f"{line}\n" if line else "") + post(payload)

    monkeypatch.setattr(transport, "post_text", leaky)
    async with bot_in_process(double, database, seeds=[4]) as bot, reader(database) as service:
        players = [Player(double, double.add_user(n)) for n in ("alice", "bob", "carol")]
        table = Table(double, service, players, seed=4, game=GAME)
        await table.open()
        await table.play(until=lambda v: len(shown) >= 3 or v.result is not None or (v.view.get("year") or 0) > 3)
        await bot.deliverer.drain()
        moments = await leaks.Moments.load(service, table.game_id)
        found = leaks.check(double, moments)
    assert shown, f"no {kind} secret arose to leak"
    caught = [leak for leak in found if leak.secret.key.startswith(f"{kind}:") and leak.output.kind == "message text"]
    assert caught, f"the {kind} canary was not caught; found: {[str(f) for f in found]}"
    others = [str(leak) for leak in found if not leak.secret.key.startswith(f"{kind}:")]
    assert others == []


async def test_two_and_three_player_games_reach_their_ends_and_replay(double, database):
    """Issue 30 Done-when: 2- and 3-player games played through the cogs reach their ends and
    replay to the stored states."""
    async with bot_in_process(double, database, seeds=[1, 6]) as _, reader(database) as service:
        for size, names in ((2, ("alice", "bob")), (3, ("carol", "dave", "erin"))):
            channel = double.add_channel(double.guild, f"stones-{size}")
            players = [Player(double, double.add_user(n), channel=channel) for n in names]
            table = Table(double, service, players, seed=size, game=GAME)
            await table.open()
            final = await table.play()
            assert final.status == "finished" and final.view["result"] is not None
            assert_forms(table)
            moments = await leaks.Moments.load(service, table.game_id)
            assert moments.replays_to_stored_state
            assert moments.finished_at is not None


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
async def test_a_sigkill_during_the_allocation_loses_nothing_and_sends_nothing_twice(double, database, tmp_path):
    """Issue 30 item 5: the bot process is killed while the players allocate: one sheet is sealed
    (its message on its way), the other not. The restarted bot delivers what was committed once,
    the sealed sheet stays sealed and secret, the other player's form is taken, the year goes on."""
    async with bot_processes(tmp_path) as processes:
        bots = Restarts(double, database, tmp_path, processes)
        await bots.start(seeds=[3])
        async with reader(database) as service:
            alice, bob = double.add_user("alice"), double.add_user("bob")
            table = Table(double, service, [Player(double, alice), Player(double, bob)], seed=3, game=GAME)
            await table.open()
            await table.play(
                until=lambda v: v.view.get("phase") == "allocate" and (v.view.get("year") or 0) >= 2 and len(v.awaited) == 2
            )
            in_flight = await bots.kill_with_a_move_in_flight(table, "the news of the sealed sheet on its way")
            step = in_flight.step
            assert [i.type for i in step.interactions] == [p.MESSAGE_COMPONENT, p.MODAL_SUBMIT]
            sealed = (await table.seat_view(None)).view["players"][step.seat]["sealed"]
            assert sealed, "the sealed sheet was committed before the kill"

            await bots.start()
            year = (await table.seat_view(None)).view["year"]
            final = await table.play(until=lambda v: (v.view.get("year") or 0) > year or v.result is not None)
            assert final.view.get("allocations") is not None or final.view["year"] > year or final.result is not None
            await bots.assert_nothing_lost_or_twice(service, table)
            assert len(form_steps(table)) >= 2
            problems = await leaks.audit(double, service, table.game_id, bots.log_lines())
        assert problems == []
