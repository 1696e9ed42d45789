"""The guided first game (issue 32 item 4): ``/game new <game> tutorial:true``.

One player against AI seats, on the game's short set-up (:attr:`bot.frontend.FrontEnd.tutorial_options`),
started at once. The first time a kind of decision reaches the player (its DM, or the private
thread that stands in for it), the message opens with an explanation: what the decision does
(the front-end's :attr:`~bot.frontend.FrontEnd.tutorial` text, in the player's language), the
rule with its rulebook pages (the front-end's rule topic, ``/<group> rules``) and what the AI
would pick in the player's place, decided from the player's own view only, as an AI seat
decides. Each kind is explained once: the game setting ``tutorial`` keeps where (a DM or the
reply to an answer) and at which commit each kind was first explained, so a message delivered
again after a crash explains it again and no other one does. A game offers a tutorial when its front-end declares texts and it has an AI.
Tutorial games are marked by that setting (results leave them out of ratings).
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Mapping
from typing import Any

from bot.errors import RunetableError
from bot.frontend import frontend_for
from bot.i18n import Tr, command_mention
from bot.narration import naming, narrator_for
from bot.service.games import load_ai
from bot.table.history import History
from bot.ui.rules import topics
from engine.core import Engine, Prompt

#: the game setting that marks a tutorial: {"user": the player, "explained": {prompt kind: commit}}
TUTORIAL = "tutorial"


def offers_tutorial(game: str) -> bool:
    return bool(frontend_for(game).tutorial) and load_ai(game) is not None


def check_offered(game: str, title: str) -> None:
    if not offers_tutorial(game):
        raise RunetableError(f"{title} has no guided first game yet; open a lobby without tutorial.")


async def mark(store, game_id: int, user_id: int) -> None:
    await store.set_setting("game", game_id, TUTORIAL, {"user": user_id, "explained": {}})


async def is_tutorial(store, game_id: int) -> bool:
    return await store.get_setting("game", game_id, TUTORIAL, None) is not None


def rule_line(game: str, topic_id: str, tr: Tr) -> str | None:
    """ "Rule: <title> (rulebook <pages>): /<group> rules <topic>." for a topic of the game's rules file."""
    frontend = frontend_for(game)
    found = next((t for t in topics(frontend.rules_file) if t.id == topic_id), None)
    if found is None:
        return None
    command = command_mention(f"{frontend.group} rules", tr) if frontend.group else ""
    return tr._(
        "Rule: {title} (rulebook {pages}); in full: {command} {topic}.",
        title=found.title,
        pages=found.pages,
        command=command,
        topic=topic_id,
    )


async def explanation(service, payload: Mapping[str, Any], prompt: Prompt, tr: Tr, where: str = "dm") -> list[str]:
    """The lines that explain ``prompt``'s kind to the tutorial's player, the first time it comes
    up (the commit of ``payload``; ``where``: in a DM, or in the ``reply`` to their answer), else
    none. The same message made again (a DM delivered again) explains it again."""
    game_id, seq, kind = payload["game_id"], payload["seq"], prompt.kind
    marked = await service.store.get_setting("game", game_id, TUTORIAL, None)
    if marked is None:
        return []
    explained = dict(marked.get("explained") or {})
    here = f"{where}:{seq}"
    if kind in explained and explained[kind] != here:
        return []
    if kind not in explained:
        explained[kind] = here
        await service.store.set_setting("game", game_id, TUTORIAL, {**marked, "explained": explained})
    game = payload["game"]
    frontend = frontend_for(game)
    narrator = narrator_for(game, tr)
    names = {int(s): n for s, n in (payload.get("names") or {}).items()}
    with naming(names, tr):
        lines = [tr._("🎓 **New kind of decision: {decision}**", decision=narrator.prompt(prompt))]
        what, topic = frontend.tutorial.get(kind, ("", ""))
        if what:
            lines.append(tr._(what))
        if topic and (rule := rule_line(game, topic, tr)):
            lines.append(rule)
        pick = await ai_pick(service, payload, prompt)
        if pick is not None:
            lines.append(tr._("The AI would pick: {answer}.", answer=narrator.action(pick)))
    return lines


async def ai_pick(service, payload: Mapping[str, Any], prompt: Prompt):
    """What the game's AI would answer to ``prompt`` in the seat's place, from that seat's own
    view of the game at the payload's commit (replayed from the stored log), or None."""
    game_id, seq, seat = payload["game_id"], payload["seq"], payload["seat"]
    policy = load_ai(payload["game"])
    if policy is None:
        return None
    record = await service.store.get_game(game_id)
    ruleset = await service.ruleset_for(record)
    pack = await service.pack_of(game_id)
    history = await History.load(service.store, record, ruleset, from_seq=seq)

    def decide():
        state = history.state_at(seq)
        engine = Engine(ruleset)
        open_prompt = state.prompt(prompt.id)
        if open_prompt is None:
            return None
        legal = [a for a in engine.legal(state, seat) if a.prompt == prompt.id]
        if not legal:
            return None
        return policy(engine.view(state, seat), open_prompt, legal, random.Random(seq), pack=pack)

    try:
        return await asyncio.to_thread(decide)
    except Exception:  # an AI that cannot answer here leaves the explanation without its pick
        return None
