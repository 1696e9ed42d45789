"""The conformance suite's narration claim can fail (issue 19 item 4): a narrator that leaves an
event kind of its engine unphrased, or phrases one variant of an event with a bare id or a seat
numbered from 0, is reported. Checked on the tiny game's survey with narrators spoiled on purpose."""

from __future__ import annotations

import pytest

from bot import narration
from engine.core import Event
from tests.conformance import checks
from tests.conformance.conftest import survey_of
from tests.conformance.survey import emitted_kinds, variant
from tests.tinygame import NARRATOR, TinyNarrator


@pytest.fixture
def spoil(monkeypatch):
    def use(narrator):
        monkeypatch.setitem(narration._NARRATORS, "tinygame", narrator)

    return use


def test_the_tiny_game_passes_and_every_kind_its_source_emits_is_found():
    survey = survey_of("tinygame")
    assert checks.narrator_problems(survey) == []
    assert set(survey.variants) <= emitted_kinds(survey.descriptor.load_ruleset()) <= NARRATOR.phrased_kinds()


def test_a_kind_the_engine_emits_but_the_narrator_does_not_phrase_is_a_problem(spoil):
    class Forgetful(TinyNarrator):
        def phrased_kinds(self):
            return super().phrased_kinds() - {"reshuffled"}

    spoil(Forgetful())
    assert "event reshuffled: the engine can emit it, the narrator does not phrase it" in checks.narrator_problems(
        survey_of("tinygame")
    )


def test_one_variant_with_a_seat_numbered_from_zero_is_a_problem(spoil):
    class Careless(TinyNarrator):
        def event(self, event):
            if event.kind == "round_won":
                return f"Seat {event.data['seat']} wins the round."
            return super().event(event)

    spoil(Careless())
    problems = checks.narrator_problems(survey_of("tinygame"))
    assert any(p.startswith("event round_won ") and "Seat " in p for p in problems), problems


def test_variants_tell_neutral_sides_causes_and_private_events_apart():
    assert variant(Event("won", {"seat": None})) != variant(Event("won", {"seat": 1}))
    assert variant(Event("won", {"seat": 1, "why": "x"})) != variant(Event("won", {"seat": 1}))
    assert variant(Event("won", {"seat": 1}, to=frozenset({1}))) != variant(Event("won", {"seat": 1}))
    assert variant(Event("won", {"seat": 1})) == variant(Event("won", {"seat": 3}))
