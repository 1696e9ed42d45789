"""bot.errors.refusal_from: a malformed action's refusal is one sentence ("Bad input gets a clear answer"):
the engine's reason keeps its own full stop out of the sentence around it (a German proofreading pass
found "Diese Aktion ist ungültig: … .." in replies)."""

from bot.errors import refusal_from
from bot.i18n import tr_for
from bot.narration import voice
from engine.core import N_, InvalidAction


def test_a_malformed_action_is_refused_in_one_sentence_ending_once():
    error = InvalidAction(N_("choose takes one of the options as its args."))
    english = refusal_from(error).reason
    assert english == "That action is not valid: choose takes one of the options as its args."
    with voice(tr_for("de")):
        german = refusal_from(error).reason
    assert german.startswith("Diese Aktion ist ungültig:") and german.endswith(".") and not german.endswith("..")
