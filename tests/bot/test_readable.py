"""Every line a player sees is written for people (issue 19 item 4).

A scan of everything simulated games show players: the narrated events as the public and each
seat see them, the decision headings and every answer's label (buttons and select options),
the status and private lines, the end of the game (winner and standings) and its reveal. It
looks for what the first playtest found (issue 19): raw ``kind: key=value`` lines, pack record
ids (``fate-20``, ``uthuk.diplomacy``, ``human_archer``), seats numbered from 0 ("Seat 0") and
"Seat None" (bot.narration.unreadable). The names of players follow one rule and are built from
the public view only, so they never tell a seat's secret."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from bot.games.runewars.narrator import RunewarsNarrator, standings
from bot.narration import naming, narrate, narrator_for, player, seat_names, unreadable
from bot.service.payloads import channel_payload, names_of
from bot.store import SeatRecord
from engine.core import Action, Event
from engine.runewars.ai.driver import engine, play
from engine.runewars.ai.policy import choose

NARRATOR = RunewarsNarrator()
#: AI games scanned: every seat count, a few seeds, the options that add events (rulebook map, exploration, epic)
GAMES = [(p, s, {}) for p in (2, 3, 4) for s in (1, 2)] + [
    (3, 5, {"map_building": "rulebook"}),
    (4, 6, {"exploration": True}),
    (2, 7, {"epic": True}),
]
#: prompts of one kind whose headings and labels are scanned per game at most
PER_KIND = 20


def test_the_scan_finds_what_the_first_playtest_showed():
    """Issue 19: the lines players were shown before this item."""
    assert unreadable("dials_set: dials={'food': [2, 4]} seat=0 why=harvest")
    assert unreadable("You drew fate-20, fate-25, fate-01") == ["fate-20", "fate-25", "fate-01"]
    assert unreadable("choose: card fate-01") and unreadable("uthuk.diplomacy") == ["uthuk.diplomacy"]
    assert unreadable("Winner: seat 0 (time limit)") == ["seat 0"]
    assert unreadable("Neutral units placed by Seat None") == ["Seat None"]
    assert unreadable("2 × human_archer") == ["human_archer"]
    for fine in ("2 · Mobilize", "alice (Uthuk) moved 1 × Archers 10B → 6C.", "e.g. the Razor-wing", "<@123> https://x.y/1-2"):
        assert unreadable(fine) == [], fine


def _scan(players: int, seed: int, options: dict) -> tuple[Counter, dict]:
    rw = engine()
    found: Counter = Counter()
    examples: dict = {}
    seen: Counter = Counter()
    names = {s: n for s, n in enumerate(["alice", "bob", "carol", "dave"][:players])}

    def check(where: str, line: str) -> None:
        for bad in unreadable(line):
            found[where] += 1
            examples.setdefault(where, (bad, line))

    def observe(state, action, transition):
        for prompt in state.prompts:
            if seen[prompt.kind] >= PER_KIND:
                continue
            seen[prompt.kind] += 1
            check(f"heading {prompt.kind}", NARRATOR.prompt(prompt))
            for answer in rw.legal(state, prompt.seat):
                if answer.prompt == prompt.id:
                    check(f"label {prompt.kind}", NARRATOR.action(answer))

    game = play(players, seed, choose, options=options, observe=observe)
    public = rw.view(game.state, None)
    with naming(seat_names("runewars", public, range(players), names)):
        for viewer in [None, *range(players)]:
            for line in narrate("runewars", game.events, viewer):
                check("event", line)
        for line in NARRATOR.status(public) + NARRATOR.standings(public, game.state.result) + NARRATOR.reveal(rw, game.state):
            check("status, end and reveal", line)
        for seat in range(players):
            for line in NARRATOR.private(rw.view(game.state, seat), seat):
                check("private", line)
    return found, examples


@pytest.mark.parametrize(("players", "seed", "options"), GAMES, ids=[f"{p}p-seed{s}-{o or 'default'}" for p, s, o in GAMES])
def test_nothing_a_game_shows_players_is_raw_or_an_id(players, seed, options):
    found, examples = _scan(players, seed, options)
    assert not found, f"{sum(found.values())} unreadable: {examples}"


def test_players_are_named_by_display_name_and_faction_seats_from_1_neutrals_as_neutrals():
    names = {0: "alice (Uthuk)", 1: "Player 2"}
    with naming(names):
        assert [player(0), player(1), player(None), player(3)] == ["alice (Uthuk)", "Player 2", "the neutrals", "Player 4"]
        assert NARRATOR.event(Event("units_placed", {"seat": None, "unit": "giant", "areas": {"5A": 2}})).startswith(
            "Neutral Giants are placed in 5A"
        )
        assert NARRATOR.event(Event("battle_won", {"seat": None, "area": "5A"})) == "The neutrals won the battle in 5A."
        assert NARRATOR.event(Event("turn_ended", {"seat": 0})) == "alice (Uthuk) ended their turn."
        assert NARRATOR.event(Event("hero_placed", {"hero": "bruder_osric", "owner": 1, "area": "4C"})) == (
            "Brother Osric of Player 2 enters 4C."
        )
    assert NARRATOR.action(Action(0, "order/1", "order", {"number": 2})) == "2 · Mobilize"


def test_the_end_names_the_winner_and_the_standings_with_their_tie_breaks():
    """Rulebook p. 30, „Spielende und Sieg“: after the sixth winter the most dragon runes win;
    a tie goes to the most influence tokens, then to the greater starting influence."""
    view = {"players": [{"seat": 0, "faction": "uthuk"}, {"seat": 1, "faction": "humans"}, {"seat": 2, "faction": "elves"}]}
    result = {
        "winner": 1,
        "reason": "time_limit",
        "standings": [
            {"seat": 1, "dragon_runes": 4, "influence": 5},
            {"seat": 0, "dragon_runes": 4, "influence": 5},
            {"seat": 2, "dragon_runes": 2, "influence": 9},
        ],
    }
    with naming({0: "alice (Uthuk)", 1: "bob (Humans)", 2: "carol (Elves)"}):
        lines = standings(view, result)
    assert lines[0] == "bob (Humans) wins at the end of the last winter (p. 30)."
    assert "ties: most influence, then most starting influence" in lines[1]
    assert lines[2].startswith("1. bob (Humans): 4 dragon runes, 5 influence, starting influence ")
    assert lines[2].endswith("(tie on dragon runes, decided by starting influence)")
    assert lines[3].startswith("2. alice (Uthuk): 4 dragon runes, 5 influence")
    assert lines[4] == "3. carol (Elves): 2 dragon runes, 9 influence"
    instant = standings(view, {"winner": 0, "reason": "dragon_runes", "areas": ["1A", "2B", "3C", "4D", "5A", "6B"]})
    assert instant[0] == "Player 1 controls 6 areas with dragon runes and wins at once (p. 30)."


# ------------------------------------------------------------------ names never tell a secret


def test_names_are_built_from_the_public_view_so_no_seat_view_changes_them():
    """A seat's own view holds its secrets (hand, chosen order, objective); the names built from
    it are the names built from the public view, at every point of a game."""
    rw = engine()
    positions = []

    def observe(state, action, transition):
        if len(positions) < 400:
            positions.append(transition.state)

    play(3, 4, choose, observe=observe, max_seasons=2)
    assert len(positions) > 50
    for state in positions[::7]:
        public = seat_names("runewars", rw.view(state, None), range(3), {0: "alice"})
        for seat in range(3):
            assert seat_names("runewars", rw.view(state, seat), range(3), {0: "alice"}) == public


def test_a_faction_is_in_a_name_only_once_the_table_has_seen_it_chosen():
    """The faction joins a player's name with the public ``faction_chosen`` event (p. 8, set-up
    step 2: factions are chosen openly in turn), never before."""
    rw = engine()
    states = []
    play(2, 3, choose, observe=lambda state, action, t: states.append((t.state, t.events)), max_seasons=1)
    assert [k for k, (_, events) in enumerate(states) if any(e.kind == "faction_chosen" for e in events)] == [0, 1]
    told: set = set()
    for state, events in states:
        told |= {e.data["seat"] for e in events if e.kind == "faction_chosen" and e.to is None}
        names = seat_names("runewars", rw.view(state, None), range(2), {0: "alice", 1: "bob"})
        assert {seat for seat, shown in names.items() if "(" in shown} == told


def test_payloads_carry_the_public_names_and_every_line_uses_them():
    rw = engine()
    game = play(2, 1, choose, max_seasons=1)
    public = rw.view(game.state, None)
    seats = [SeatRecord(0, 501, name="alice"), SeatRecord(1, None, is_ai=True)]
    names = names_of("runewars", seats, public)
    assert names == {
        0: f"alice ({narrator_for('runewars').role(public, 0)})",
        1: f"AI 2 ({narrator_for('runewars').role(public, 1)})",
    }

    class T:
        state = game.state
        events = tuple(game.events[-40:])

        def events_for(self, viewer):
            return [e for e in self.events if e.visible_to(viewer)]

    payload = channel_payload(1, 2, "update", T(), {0: 501, 1: None}, public, set(), names)
    assert payload["names"] == {"0": names[0], "1": names[1]}
    assert any(names[0] in line or names[1] in line for line in payload["lines"])
    assert not any(bad for line in payload["lines"] for bad in unreadable(line))


async def test_a_player_is_called_by_the_display_name_they_joined_with_in_every_line(store):
    """Issue 19 item 4: "1. @alice, 2. @bob" at the start and "Seat 0" after it was the same
    player twice; now the seat keeps the display name it was taken with (store migration 6),
    the seat order from the seed keeps it, and the channel's lines, the status payload and the
    DMs call the player by it."""
    from tests.bot.gamehelpers import ALICE, BOB, CHANNEL, GUILD, make_service

    service = make_service(store)
    record = await service.create_game(GUILD, CHANNEL, "tinygame", {}, ALICE, seed=7)
    await service.join(record.id, ALICE, "alice")
    await service.join(record.id, BOB, "bob")
    await service.start(record.id)
    seats = {s.user_id: s for s in await store.seats(record.id)}
    assert {seats[ALICE].name, seats[BOB].name} == {"alice", "bob"}
    rows = [json.loads(r.payload) for r in await store.undelivered(1000) if r.game_id == record.id]
    channel = [p for p in rows if p.get("kind") == "start"][0]
    assert channel["names"] == {str(s.seat): s.name for s in seats.values()}
    assert "Hands are dealt: " in channel["lines"][-1] and "alice" in channel["lines"][-1] and "bob" in channel["lines"][-1]
    status = await service.public_status(record.id)
    assert status["names"] == channel["names"]
    assert not [bad for p in rows for line in p.get("lines", []) for bad in unreadable(line)]
