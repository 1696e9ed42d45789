"""Results and ratings (issue 32 item 1, docs/bot.md "Results and ratings"): every ended game's
result is kept, read from the engine's result (no game named); ratings (OpenSkill) change only in
rated games, and a player cannot dodge one by leaving. Played on the tiny game (tests/tinygame.py)
through the service and the table as the bot drives them."""

from __future__ import annotations

import asyncio
import csv
import io
import json
from types import SimpleNamespace

from bot.commands.stats import run as export_command
from bot.i18n import tr_for
from bot.narration import voice
from bot.service import rate_places
from bot.service.results import holders
from bot.store import SeatEvent, SeatRecord
from bot.table import community, votes
from bot.table import stats as table_stats
from bot.table.sweeper import sweep
from bot.table.ui import concede
from engine.core import GameState
from engine.core.results import placings
from tests.table.helpers import ALICE, BOB, CAROL, CHANNEL, GUILD, RULESETS, play_moves, play_to_end, tiny_game
from tests.tinygame import RULESET as TINY


class CoopBids(type(TINY)):
    """The tiny game played as one team: every seat wins or loses together."""

    name = "tinycoop"

    def teams(self, state: GameState) -> list[list[int]]:
        return [list(state.seats)]


class CoopLoss(CoopBids):
    """The team game lost by all: the engine's result names no winner."""

    name = "tinycooploss"

    def resolve(self, state, prompt, action, ctx):
        super().resolve(state, prompt, action, ctx)
        if state.result is not None:
            state.result = {"winners": [], "reason": "everybody_lost"}


RULESETS["tinycoop"] = CoopBids()
RULESETS["tinycooploss"] = CoopLoss()


async def result_of(table, game_id):
    [(result, players)] = [r for r in await table.store.results(guild_id=GUILD) if r[0].game_id == game_id]
    return result, players


async def ratings(table, game="tinygame"):
    return {r.user_id: r for r in await table.store.ratings(GUILD, game)}


# ------------------------------------------------------------------ the rules, without a game


def test_places_come_from_the_engines_winners_standings_or_scores():
    """engine/core/results.py: winners first, then the standings' order (tie-breaks applied by the
    engine), else the scores; ties share a place; seats the result leaves out come last together."""
    assert placings({"winner": 1, "standings": [{"seat": 1}, {"seat": 2}, {"seat": 0}]}, 4) == [3, 1, 2, 4]
    assert placings({"winners": [0, 2], "scores": [5, 3, 5, 3]}, 4) == [1, 3, 1, 3]  # a shared win
    assert placings({"winners": [], "reason": "round_limit"}, 3) == [1, 1, 1]  # everybody lost together
    assert placings({"winner": 2, "scores": {"0": 1, "1": 7, "2": 3}}, 3) == [3, 2, 1]


def test_a_shared_win_rates_both_winners_alike_and_above_the_loser():
    """Issue 32 item 1: "handles more than two players, teams and shared wins"."""
    after = rate_places({ALICE: None, BOB: None, CAROL: None}, {ALICE: (0, 1), BOB: (1, 1), CAROL: (2, 3)})
    assert after[ALICE] == after[BOB]
    assert after[ALICE][0] > 25 > after[CAROL][0]
    teams = rate_places({ALICE: None, BOB: None, CAROL: None}, {ALICE: (0, 1), BOB: (0, 1), CAROL: (1, 2)})
    assert teams[ALICE][0] > 25 > teams[CAROL][0]


def test_a_seat_s_holders_follow_its_history():
    """A loan counts the AI's time and comes back; a concession ends the player's part and the AI
    plays on to the end; a lobby AI seat is the AI's from the start."""
    seat = SeatRecord(1, None, is_ai=True)
    history = [
        SeatEvent(1, 9, 1, BOB, "lent", 100.0, 3),
        SeatEvent(2, 9, 1, BOB, "back", 160.0, 5),
        SeatEvent(3, 9, 1, BOB, "conceded", 200.0, 7),
    ]
    entries, from_lobby = holders(seat, history, 0.0, 500.0)
    assert not from_lobby
    assert [(e["user_id"], e["left_how"], e["ai_seconds"]) for e in entries] == [(BOB, "conceded", 60.0), (None, None, 300.0)]
    entries, from_lobby = holders(seat, [], 0.0, 500.0)
    assert from_lobby and entries == [{"user_id": None, "name": None, "left_how": None, "left_at": None, "ai_seconds": 500.0}]


# ------------------------------------------------------------------ games played through the table


async def test_a_finished_game_keeps_its_result_and_rates_its_players(table):
    """Issue 32 item 1: winners, places, what each seat played, the length; the winners' ratings
    go up, the others' down; /stats and /leaderboard show them."""
    game_id = await tiny_game(table)
    await play_to_end(table, game_id)
    result, players = await result_of(table, game_id)
    assert result.ended == "finished" and result.rated and result.unrated is None and result.moves > 1
    assert (await table.store.get_game(game_id)).status == "finished"
    detail = json.loads(result.detail)
    won = {p.user_id for p in players if p.won}
    assert won and {p.seat for p in players if p.won} == set(detail["winners"])
    rated = await ratings(table)
    assert set(rated) == {ALICE, BOB, CAROL} and all(r.games == 1 for r in rated.values())
    for p in players:
        assert p.mu_before is None and p.mu_after == rated[p.user_id].mu
        if p.won and len(won) < 3:
            assert p.mu_after > 25
    assert not await table.service.record_result(game_id)  # once only
    client = SimpleNamespace(service=table.service)
    with voice(tr_for("en")):
        [board] = await community.leaderboard(client, GUILD, "tinygame")
        [mine] = await community.stats(client, GUILD, ALICE, None, None)
        [unknown] = await community.stats(client, GUILD, ALICE, None, "chess")
        outside = [await community.stats(client, None, ALICE, None, None), await community.leaderboard(client, None, "chess")]
    assert [r.panel.text for [r] in outside] == ["Stats are kept per server: ask in a server's channel."] * 2  # issue 32 item 1
    best = max(rated.values(), key=lambda r: r.mu - 3 * r.sigma)
    assert f"1. <@{best.user_id}>:" in board.panel.text and "(1 rated game)" in board.panel.text
    assert f"Stats of <@{ALICE}>" in mine.panel.text and "Games: 1" in mine.panel.text
    assert "There is no game chess" in unknown.panel.text
    with voice(tr_for("de")):  # the reader's language (issue 31)
        [board_de] = await community.leaderboard(client, GUILD, "tinygame")
    assert "Rangliste" in board_de.panel.text and "(1 gewertetes Spiel)" in board_de.panel.text


async def test_conceding_is_rated_as_a_loss_and_the_ai_plays_on(table):
    """Issue 32 item 1: "a seat handed to the AI, conceded or kicked is rated as a loss at its
    standing when it left, and the others are rated normally" (/game concede, docs/table.md).
    Seed 1: Alice wins, Bob's seat ends second under the AI."""
    game_id = await tiny_game(table, seed=1)
    await play_moves(table, game_id, 2)
    await concede(table, CHANNEL, BOB)
    await play_to_end(table, game_id)
    result, players = await result_of(table, game_id)
    assert result.rated
    [bob] = [p for p in players if p.user_id == BOB]
    [ai] = [p for p in players if p.seat == bob.seat and p.user_id is None]
    winners = sum(1 for p in players if p.won and p.user_id is not None)
    assert bob.left_how == "conceded" and not bob.won and bob.place > winners and bob.left_at is not None
    assert ai.entry == bob.entry + 1 and ai.ai_seconds >= 0
    rated = await ratings(table)
    assert rated[BOB].games == 1 and set(rated) == {ALICE, BOB, CAROL}
    ahead = [p.user_id for p in players if p.user_id not in (None, BOB) and p.place < bob.place]
    assert ahead and all(rated[u].mu > rated[BOB].mu for u in ahead)


async def test_a_kick_vote_is_rated_as_a_loss_too(table):
    """A kick vote hands the seat to the AI (bot.table.votes): the kicked player leaves with a loss."""
    game_id = await tiny_game(table)
    await sweep(table)
    await play_moves(table, game_id, 1)
    state = await votes.open_vote(table, game_id, ALICE, "kick", seat_user=CAROL)
    await votes.cast(table, state.vote.id, BOB, True)
    await play_to_end(table, game_id)
    _, players = await result_of(table, game_id)
    [carol] = [p for p in players if p.user_id == CAROL]
    assert carol.left_how == "kick" and not carol.won
    assert (await ratings(table))[CAROL].mu < 25


async def test_games_with_ai_seats_from_the_lobby_count_in_stats_but_are_not_rated(table):
    """Issue 32 item 1: AI seats from the lobby leave the ratings as they were (counted, marked)."""
    record = await table.service.create_game(
        GUILD, CHANNEL, "tinygame", {}, ALICE, seed=7, lobby={"ai_fill": True, "table_size": 3}
    )
    await table.service.join(record.id, ALICE)
    await table.service.join(record.id, BOB)
    await table.service.start(record.id)
    await play_to_end(table, record.id)
    result, players = await result_of(table, record.id)
    assert not result.rated and result.unrated == "ai_seats"
    assert [p.ai_seconds > 0 or p.user_id is not None for p in players]
    assert await ratings(table) == {}
    stats = await table_stats.player_stats(table.store, GUILD, ALICE)
    assert stats.games == 1 and stats.unrated == {"ai_seats": 1}
    with voice(tr_for("en")):
        assert "Not rated: 1 (with AI seats 1)" in table_stats.stats_text(table.service, stats)


async def test_cooperative_wins_and_losses_are_shared_and_not_rated(table):
    """Issue 32 item 1: a co-operative game (one team of every seat, Ruleset.teams) changes no
    rating; its players all win (one seat's win is the team's) or all lose, sharing one place, and
    it counts in stats, marked."""
    won = await tiny_game(table, game="tinycoop")
    await play_to_end(table, won)
    lost = await tiny_game(table, game="tinycooploss", channel=CHANNEL + 1)
    await play_to_end(table, lost)
    for game_id, winning in ((won, True), (lost, False)):
        result, players = await result_of(table, game_id)
        assert result.cooperative and not result.rated and result.unrated == "cooperative"
        assert {p.team for p in players} == {0} and {p.place for p in players} == {1}
        assert {p.won for p in players} == {winning}
    assert await ratings(table, "tinycoop") == {} and await ratings(table, "tinycooploss") == {}
    assert (await table_stats.player_stats(table.store, GUILD, BOB, "tinycoop")).unrated == {"cooperative": 1}
    stats = await table_stats.player_stats(table.store, GUILD, BOB)
    assert (stats.games, stats.wins, stats.unrated) == (2, 1, {"cooperative": 2})


def test_rune_age_weltenbrand_is_one_team():
    """Rune Age's Weltenbrand is co-operative (p. 16: all win or all lose); its other scenarios are not."""
    from engine.core import Engine, load_ruleset

    runeage = load_ruleset("runeage")
    coop = Engine(runeage).setup({"scenario": "weltenbrand"}, 3, 1).state
    versus = Engine(runeage).setup({"scenario": "runenkriege"}, 3, 1).state
    assert runeage.teams(coop) == [[0, 1, 2]] and runeage.teams(versus) is None


async def test_an_abandoned_game_is_kept_unrated(table):
    """/game vote abandon: the game ends without a result; it is kept, marked abandoned, unrated."""
    game_id = await tiny_game(table)
    await sweep(table)
    state = await votes.open_vote(table, game_id, CAROL, "abandon")
    await votes.cast(table, state.vote.id, ALICE, True)
    result, players = await result_of(table, game_id)
    assert result.ended == "abandoned" and not result.rated and result.unrated == "abandoned"
    assert not any(p.won for p in players) and await ratings(table) == {}


async def test_a_game_ended_without_its_result_gets_it_at_the_next_start(table):
    """A process stopped between a game's end and its result (or a game ended before results were
    kept): finish_stretches, run at start-up, keeps it."""
    game_id = await tiny_game(table)
    await play_to_end(table, game_id)
    await table.store.set_status(game_id, "finished")
    db = table.store._backend._db  # the test's own SQLite file: forget the result
    await db.execute("DELETE FROM results WHERE game_id = ?", (game_id,))
    await db.execute("DELETE FROM ratings")
    assert [r.id for r in await table.store.ended_without_result()] == [game_id]
    await table.service.finish_stretches()
    assert (await result_of(table, game_id))[0].rated


async def test_the_export_writes_every_result_as_csv_and_json(table, tmp_path, capsys):
    """Issue 32 item 1: `python -m bot stats export --format csv|json` writes every result."""
    first = await tiny_game(table)
    await play_to_end(table, first)
    second = await tiny_game(table, channel=CHANNEL + 1, seed=9)
    await play_moves(table, second, 1)
    await concede(table, CHANNEL + 1, ALICE)
    await play_to_end(table, second)
    address = str(table.store.path)
    csv_args = SimpleNamespace(database=address, guild=None, game=None, output=None, format="csv")
    assert await asyncio.to_thread(export_command, csv_args) == 0  # the command runs its own event loop
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert {int(r["game_id"]) for r in rows} == {first, second} and len(rows) == 7  # 3 + 3 + the AI after Alice
    assert rows[0].keys() == set(table_stats.CSV_COLUMNS)
    [left] = [r for r in rows if r["left_how"]]
    assert (int(left["user_id"]), left["left_how"], left["won"], left["rated"]) == (ALICE, "conceded", "0", "1")
    out = tmp_path / "results.json"
    json_args = SimpleNamespace(database=address, guild=GUILD, game="tinygame", output=str(out), format="json")
    assert await asyncio.to_thread(export_command, json_args) == 0
    data = json.loads(out.read_text())
    assert [r["game_id"] for r in data["results"]] == [first, second]
    assert data["results"][0]["detail"]["winners"] and len(data["results"][1]["players"]) == 4
