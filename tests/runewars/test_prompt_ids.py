"""Prompt ids are built by one helper and unique among the prompts open at once (issue 18 item 6).

Source: engine/runewars/flow.py ("prompt ids"): ``setup_id``, ``season_id`` and
``season_choice_id`` build every id from a scope, a kind and typed keys in one order, and
``GameState.open`` refuses an id that is already open. The ids' text is what stored games and
Discord buttons name, so the formats below must never change (tests/golden checks whole games).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

import pytest

from engine.core import GameState, Prompt
from engine.runewars.ai.driver import play
from engine.runewars.ai.policy import choose
from engine.runewars.flow import PROMPT_ID, season_choice_id, season_id, setup_id

OPTIONS = {"epic": True, "exploration": True, "map_building": "rulebook"}


@dataclass
class Board:
    year: int = 2
    season: str = "summer"


def test_the_helper_builds_todays_formats():
    board = Board()
    assert setup_id("faction", 3) == "setup/faction/3"
    assert setup_id("units", 0, "elf_archer") == "setup/units/0/elf_archer"
    assert setup_id("map", "place_tile", 1, seq=12) == "setup/map/place_tile/1/12"
    assert season_id(board, "retreat", "7A", seq=135) == "y2/summer/retreat/7A/135"
    assert season_id(board, "recruit", 1, "place", "human_knight") == "y2/summer/recruit/1/place/human_knight"
    assert season_id(board, "battle", "1C", "battle_ability", 2, seq=750) == "y2/summer/battle/1C/battle_ability/2/750"
    assert season_id(board, "order", 0) == "y2/summer/order/0"
    assert season_choice_id(Board(1, "autumn"), 2) == "y1/autumn/2"
    for pid in ("setup/faction/3", "y2/summer/retreat/7A/135", "y1/autumn/2", "y10/winter/cull/winter/0/12C/150"):
        assert PROMPT_ID.fullmatch(pid), pid


@pytest.mark.parametrize(
    "build",
    [
        lambda: setup_id("units", 0, "elf/archer"),  # a "/" in a key would shift every part after it
        lambda: setup_id("units", 0, ""),
        lambda: setup_id("Units", 0),  # a kind is a lower-case identifier
        lambda: setup_id("place/units", 0),
        lambda: setup_id("units", -1),
        lambda: season_id(Board(0, ""), "order", 0),  # no season running yet
        lambda: season_id(Board(1, "monsoon"), "order", 0),
    ],
)
def test_the_helper_refuses_parts_that_would_blur_the_id(build):
    with pytest.raises(ValueError):
        build()


@pytest.mark.parametrize("key", [None, True, 1.5, ("a",)])
def test_a_key_is_a_str_or_an_int(key):
    with pytest.raises(TypeError):
        season_id(Board(), "order", key)


def test_opening_an_id_that_is_open_is_refused():
    state = GameState("runewars", 1, {}, 1, 2, 1, None)
    state.open([Prompt("setup/faction/0", 0, "choose_faction")])
    with pytest.raises(RuntimeError, match="setup/faction/0"):
        state.open([Prompt("setup/faction/0", 1, "choose_faction")])
    with pytest.raises(RuntimeError, match="setup/faction/1"):  # twice in one call
        state.open(Prompt("setup/faction/1", seat, "choose_faction") for seat in (0, 1))
    assert [p.id for p in state.prompts] == ["setup/faction/0"]
    state.close("setup/faction/0")
    state.open([Prompt("setup/faction/0", 0, "choose_faction")])  # closed, so free again
    assert [p.id for p in state.prompts] == ["setup/faction/0"]


@pytest.mark.slow
@pytest.mark.parametrize("seats, seed", [(2, 3), (3, 4), (4, 5)])
def test_every_prompt_of_whole_games_has_a_unique_id_in_the_grammar(monkeypatch, seats, seed):
    opened: Counter[str] = Counter()
    problems: list[str] = []
    original = GameState.open

    def spy(self: GameState, prompts: Iterable[Prompt]) -> None:
        new = list(prompts)
        ids = [p.id for p in self.prompts] + [p.id for p in new]
        problems.extend(f"{pid} opened while open" for pid, n in Counter(ids).items() if n > 1)
        problems.extend(f"{p.id} ({p.kind}) is outside the grammar" for p in new if not PROMPT_ID.fullmatch(p.id))
        opened.update(p.kind for p in new)
        original(self, new)

    monkeypatch.setattr(GameState, "open", spy)
    game = play(seats, seed, choose, options=OPTIONS)
    assert game.finished
    assert problems == []
    # the three forms were all met: setup, the campaign, the autumn choice
    assert opened["choose_faction"] == seats and opened["place_tile"] and opened["autumn_choice"] and opened["tactics_window"]
