"""bot.table.recap: the private "since you last acted" recap carries a map marking what changed
(issue 10, "Reminders": "a private 'since you last acted' recap (text plus a map marking what
changed)"). The marked areas are exactly those whose units, control, stronghold or visible
rune changed for that seat, and the map is drawn from that seat's view only; docs/table.md."""

import copy

from bot.table import recap, ui
from bot.table.history import Commit
from bot.table.sweeper import sweep
from engine.core import Transition
from tests.bot.playhelpers import RUNEWARS
from tests.table.helpers import ALICE, BOB, CONQUER_TURN, play_moves, queued, runewars_game, spy_on_maps, tiny_game
from tests.table.test_undo import act

#: CONQUER_TURN with a face-down dragon rune in 1C (nobody's area) that only seat 1 knows
SECRET_RUNE = {**CONQUER_TURN, "areas": {**CONQUER_TURN["areas"], "1C": {"rune": {"kind": "dragon", "known_to": [1]}}}}


async def battle_then_reminder(table, clock) -> int:
    """ALICE conquers 1B (a battle); BOB, who has not moved yet, then owes the retreat and
    gets his first reminder 12 hours later."""
    game_id = await runewars_game(table, (ALICE, BOB), SECRET_RUNE)
    await act(table, game_id, ALICE, area="1B")
    await act(table, game_id, ALICE, count=2)
    await act(table, game_id, ALICE, choice="done")
    await sweep(table)
    clock.advance(12)
    await sweep(table)
    return game_id


async def test_the_first_reminder_marks_exactly_the_changed_areas(table, clock):
    game_id = await battle_then_reminder(table, clock)
    [reminder] = await queued(table, "remind", f"user:{BOB}")
    # the Knights left 1A, and 1B changed units and controller; nothing else changed for BOB
    assert reminder["map"] == {"seat": 1, "since": 1, "seq": 4, "rewinds": 0, "highlight": ["1A", "1B"]}
    assert reminder["lines"][-1] == "Changed on your map: 1A, 1B."
    assert "Battle in 1B: Player 1 (Humans) attacks Player 2 (Uthuk)." in reminder["lines"]  # the text part of the recap
    assert [b["label"] for b in reminder["buttons"]] == ["Mute reminders for this decision", "Map of the changes"]
    assert reminder["buttons"][1]["custom_id"] == f"g:{game_id}:recap:1.4.0"


async def test_the_map_is_the_seats_own_view_with_the_changed_areas_rimmed(table, clock, monkeypatch):
    from renderer.runewars import render_png  # the renderer itself, not the spy

    drawn = spy_on_maps(monkeypatch)
    game_id = await battle_then_reminder(table, clock)
    [reply] = await ui.recap_map(table, game_id, BOB, 1, 4, 0)
    assert "outlined, what changed since your move 1: 1A, 1B" in reply.text
    [attachment] = reply.files
    assert attachment.data.startswith(b"\x89PNG") and "1A, 1B" in attachment.description
    [(view, options)] = drawn
    assert view == (await table.service.view(game_id, BOB)).view  # BOB's view, never the state
    assert view["areas"]["1C"]["rune"] == "dragon"  # BOB knows his rune, so his own map shows it
    assert options["seat"] == 1 and options["highlight"] == ("1A", "1B")
    plain = render_png(view, await table.service.pack_of(game_id), seat=1, palette="default")
    assert plain != attachment.data  # the rims are drawn


async def test_another_seats_map_and_secrets_stay_apart(table, clock):
    """ALICE's recap of the same moves never names what only BOB knows (the rune in 1C)."""
    game_id = await battle_then_reminder(table, clock)
    found = await recap.between(table, await table.store.get_game(game_id), 0, 1, 4)
    assert found.changed == ("1A", "1B") and found.view["areas"]["1C"]["rune"] == "face_down"
    assert found.view == (await table.service.view(game_id, ALICE)).view


def test_a_change_only_another_seat_can_see_is_not_marked():
    """The face-down rune in 1C is swapped for a false one: BOB, who knew it, sees 1C change;
    ALICE's views are equal, so her map marks nothing and her recap hints at nothing."""
    before = RUNEWARS.from_position({}, 2, 1, SECRET_RUNE).state
    after = copy.deepcopy(before)
    after.board.areas["1C"].rune.dragon = False
    commits = [Commit(2, 0, before, Transition(after, (), ()))]
    assert recap.build("runewars", RUNEWARS, commits, 1, since=1, rewinds=0).changed == ("1C",)
    assert recap.build("runewars", RUNEWARS, commits, 0, since=1, rewinds=0).changed == ()


def test_changed_areas_compares_units_control_strongholds_and_runes_only():
    area = {
        "controller": None,
        "units": [],
        "stronghold": None,
        "rune": None,
        "rune_face_up": False,
        "rune_last_known": None,
        "development": None,
        "activated_by": [],
    }
    before = {"areas": {a: dict(area) for a in ("u", "c", "s", "r", "d", "a")}}
    after = copy.deepcopy(before)
    after["areas"]["u"]["units"] = [{"owner": 0, "unit": "human_knight", "standing": 1, "routed": 0}]
    after["areas"]["c"]["controller"] = 1
    after["areas"]["s"]["stronghold"] = {"owner": 1}
    after["areas"]["r"]["rune_face_up"] = True
    after["areas"]["d"]["development"] = "city"  # not one of the marked changes
    after["areas"]["a"]["activated_by"] = [0]
    assert recap.changed_areas("runewars", before, after) == ["c", "r", "s", "u"]
    assert recap.changed_areas("tinygame", before, after) == []


async def test_a_game_without_a_map_gets_the_text_recap_only(table, clock):
    game_id = await tiny_game(table)
    await play_moves(table, game_id, 3)  # every seat commits; the cards are revealed
    await sweep(table)
    clock.advance(12)
    await sweep(table)
    reminders = await queued(table, "remind")
    assert reminders and all("map" not in r and len(r["buttons"]) == 1 for r in reminders)
    assert any("**Since you last acted:**" in r["lines"] for r in reminders)


async def test_the_map_button_refuses_after_an_undo(table, clock):
    game_id = await battle_then_reminder(table, clock)  # the reminder was written at rewinds 0
    [reply] = await ui.recap_map(table, game_id, BOB, 1, 4, 1)
    assert reply.text == "Moves were undone since this reminder; its map no longer applies." and not reply.files
