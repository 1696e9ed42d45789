"""Engine refusals in the player's language (issue 31 item 1; the test of issue 31's leftovers,
item 2): every installed game's refusals, provoked at positions of random play, reach the player
as catalogued text. The engine raises an English template with raw values
(:func:`engine.core.N_`); the bot (:func:`bot.errors.refusal_from`) translates the template and
names each value as the game's narrator names things. In the pseudo-locale every letter of the
reply (reason, rule, the answers offered) must come from a catalogue message or the data pack
(:func:`bot.i18n.untranslated`), and no id may show (:func:`bot.narration.unreadable`).

The refusals are provoked as a player could: answering another seat's decision, a decision that
is closed, a choice the decision does not know, and an answer of another decision's kind given
to this one (the "bad input" of docs/bot.md)."""

from __future__ import annotations

from collections import Counter
from importlib.metadata import entry_points

import pytest

from bot.errors import reason_text, refusal_from, rule_text
from bot.i18n import PSEUDO, tr_for, untranslated
from bot.narration import narrator_for, unreadable, voice
from engine.core import N_, Action, Engine, EngineError, IllegalAction
from engine.core.registry import ENTRY_POINT_GROUP
from tests.conformance.conftest import survey_of
from tests.conformance.survey import Position, Survey

#: positions tried per prompt kind, and answers of other kinds transplanted into each
PER_KIND, TRANSPLANTS = 2, 6


def _attempts(position: Position, others: list[Action], seats: int) -> list[Action]:
    prompt, legal = position.prompt, position.legal
    first = legal[0] if legal else Action(prompt.seat, prompt.id, "pass", {})
    tries = [
        Action((prompt.seat + 1) % seats, prompt.id, first.choice, first.args),  # another seat's decision
        Action(prompt.seat, f"{prompt.id}-closed", first.choice, first.args),  # a closed decision
        Action(prompt.seat, prompt.id, "no_such_answer", {}),  # a choice the decision does not know
    ]
    foreign = [a for a in others if a.prompt != prompt.id and all((a.choice, a.args) != (b.choice, b.args) for b in legal)]
    tries += [Action(prompt.seat, prompt.id, a.choice, a.args) for a in foreign[:TRANSPLANTS]]
    return tries


def refusal_problems(survey: Survey) -> tuple[list[str], Counter]:
    """What the pseudo-locale's refusal replies say uncatalogued or as ids, and how many refusals
    of each type were provoked."""
    name = survey.descriptor.name
    engine = Engine(survey.descriptor.load_ruleset())
    tr = tr_for(PSEUDO)
    narrator = narrator_for(name, tr)
    others = [p.legal[0] for positions in survey.positions.values() for p in positions[:1] if p.legal]
    problems: list[str] = []
    provoked: Counter = Counter()
    for kind, positions in sorted(survey.positions.items()):
        for position in positions[:PER_KIND]:
            for attempt in _attempts(position, others, position.state.seat_count):
                try:
                    engine.apply(position.state, attempt)
                except EngineError as e:
                    provoked[type(e).__name__] += 1
                    with voice(tr):
                        text = refusal_from(e, narrator.action, term=narrator.term).text()
                    if left := untranslated(text):
                        problems.append(f"{kind}: {attempt.choice}: uncatalogued {left[:3]} in {text!r}")
                    if found := unreadable(text):
                        problems.append(f"{kind}: {attempt.choice}: ids {found[:3]} in {text!r}")
    return problems, provoked


def _installed() -> list[str]:
    return sorted({point.name for point in entry_points(group=ENTRY_POINT_GROUP)})


@pytest.mark.parametrize("title", _installed())
def test_every_refusal_reply_is_catalogued_and_names_no_id(title):
    problems, provoked = refusal_problems(survey_of(title))
    assert provoked["IllegalAction"] and provoked["NotYourDecision"], f"{title}: too few refusals provoked: {dict(provoked)}"
    assert problems == [], f"{title}: {len(problems)} refusal replies: " + "; ".join(sorted(set(problems))[:8])


def test_a_reason_is_translated_with_its_values_named_and_its_english_kept():
    """Issue 31 leftovers item 1: ``str(error)`` stays English (logs, tests); the bot translates the
    template and names each value with the narrator's :meth:`~bot.narration.Narrator.term`."""
    error = IllegalAction(N_("Discard exactly {count} of the tactics cards in your hand.", count=2), rule="p. 30 (Taktikkarten)")
    assert str(error) == "Discard exactly 2 of the tactics cards in your hand. (p. 30 (Taktikkarten))"
    assert reason_text(error, tr_for("de")) == "Wirf genau 2 der Taktikkarten in deiner Hand ab."
    assert reason_text(error, tr_for(PSEUDO)) == "⟦Discard exactly 2 of the tactics cards in your hand.⟧"
    named = IllegalAction(N_("You lead no {unit} in {origin}.", unit="human_archer", origin="E4"), rule="p. 17")
    assert reason_text(named, tr_for("en"), lambda key, value: {"human_archer": "Archers"}.get(value, value)) == (
        "You lead no Archers in E4."
    )


def test_a_rule_reference_cites_the_german_rulebook_in_the_readers_words():
    """docs/bot.md "Languages": pages in the reader's language, the German rulebook's section names
    and quotes as printed, the English glosses and digest references in English only."""
    rule = "p. 22 (Rückzug): one adjacent friendly area, else an empty one; unallied neutrals: an uncontrolled one"
    assert rule_text(rule, tr_for("de")) == "S. 22 (Rückzug)"
    assert rule_text(rule, tr_for("en")) == rule
    assert rule_text("pp. 15-16 (Die Szenarien)", tr_for("de")) == "S. 15-16 (Die Szenarien)"
    assert rule_text("p. 35 (Rekrutierung): „in beliebige eigene Gebiete“", tr_for("de")) == (
        "S. 35 (Rekrutierung): „in beliebige eigene Gebiete“"
    )
    assert (
        rule_text("core: finished games take no actions", tr_for("de")) == "Grundregel: beendete Spiele nehmen keine Aktionen an"
    )
    assert rule_text("digest 5, 12: a decision is answered by the player it awaits", tr_for("de")) == ""
