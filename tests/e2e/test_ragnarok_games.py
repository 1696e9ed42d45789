"""Lords of Ragnarok through the wire (issue 26 item 5 and "Done when"): the real bot, the
loopback double, and scripted players clicking the bot's real components with the game's AI
policy. Each game is played to its end and audited by :func:`tests.e2e.leaks.audit`: every
public output against the secrets of its moment (hands, the monster's attack hand, the hero
offers: tests/e2e/ragnarok_secrets.py), the public maps against the pictures of the public views,
the DM pictures against the seats' own views, and the stored log replayed to the stored state.
"""

from __future__ import annotations

import pytest

from engine.core import decode
from loopback.brains import Table
from loopback.harness import bot_in_process, delivered, reader
from loopback.players import Player
from tests.e2e import leaks

pytestmark = pytest.mark.slow


async def _events(service, game_id: int) -> list:
    """The kinds of every public event of the game, replayed from its stored log."""
    from engine.core import Engine

    record = await service.store.get_game(game_id)
    engine = Engine(service.ruleset_of(record))
    rows = await service.store.actions(game_id)
    state = engine.setup(decode(record.state).options, len(await service.store.seats(game_id)), record.seed).state
    kinds = []
    for row in rows[1:]:
        transition = engine.apply(state, decode(row.action)[0].action)
        state = transition.state
        kinds += [(e.kind, dict(e.data)) for e in transition.events if e.visible_to(None)]
    return kinds


async def test_three_players_hunt_and_fight_to_the_end_and_nothing_leaks(double, database):
    """Issue 26 item 5: a 3-player game with scripted players clicking the bot's real components,
    a hunt (the monster player's secret attack choice, the hunter's defence and wounds) and a
    battle (cards in alternation) among their decisions; a spectator reads the /lor commands."""
    names = ("alice", "bob", "carol")
    erin = Player(double, double.add_user("erin"))
    async with bot_in_process(double, database, seeds=[2]) as bot, reader(database) as service:
        table = Table(double, service, [Player(double, double.add_user(n)) for n in names], seed=2, game="ragnarok")
        await table.open()

        read: list[str] = []

        async def look_on(step):
            if len(table.steps) % 60 == 1:
                for command, options in (
                    ("game status", {}),
                    ("lor discards", {}),
                    ("lor omens", {}),
                    ("lor rules", {"topic": "hunt"}),
                ):
                    read.append((await erin.slash(command, **options)).message.content)
                await erin.slash("game export")  # the public export: its content is audited too
                await erin.slash("game map", area="5")
                choices = await erin.autocomplete("lor card", focused="name", value="Sp")
                read.append((await erin.slash("lor card", name=choices[0]["value"])).message.content)
                await table.brains[len(table.steps) % 3].slash("lor hand")

        final = await table.play(after_step=look_on)
        await bot.deliverer.drain()
        await delivered(database, table.game_id)
        assert final.status == "finished" and final.view["result"] is not None
        kinds = {s.kind for s in table.steps}
        assert {"hero_pick", "special", "hunt_attack", "hunt_defend", "hunt_wound", "battle"} <= kinds, kinds
        assert {s.seat for s in table.steps} == {0, 1, 2}
        battles = list(leaks.attachments(double, leaks.BATTLE_FILE))
        assert battles, "a battle is reported with its picture in the battle thread"
        text = "\n".join(read)
        assert "Combat cards" in text and "Ragnarök's omens" in text and "Ablauf einer Jagd" in text and "Spear" in text
        problems = await leaks.audit(double, service, table.game_id)
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("seats,humans,seed", [(2, 2, 1), (4, 2, 3)])
async def test_a_game_through_the_cogs_to_its_end_replays_to_the_stored_state(seats, humans, seed, double, database):
    """Issue 26, Done when: a 2-player and a 4-player game played through the cogs to their end
    (the 4-player one with two AI seats); their logs replay to the stored states and nothing leaks."""
    async with bot_in_process(double, database, seeds=[seed]) as bot, reader(database) as service:
        players = [Player(double, double.add_user(f"p{i}")) for i in range(humans)]
        table = Table(double, service, players, seed=seed, game="ragnarok", seats=seats)
        await table.open()
        final = await table.play()
        await bot.deliverer.drain()
        await delivered(database, table.game_id)
        assert final.status == "finished" and final.view["side"] == ("2p" if seats == 2 else "34p")
        problems = await leaks.audit(double, service, table.game_id)
    assert problems == [], "\n".join(problems)
