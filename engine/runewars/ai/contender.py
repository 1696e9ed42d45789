"""The ``new`` AI policy (issue 20 item 7, docs/ai.md "Policies"): the baseline's handlers, reasoning
towards six dragon runes.

What changes from the ``baseline`` (the policy of issue 12, kept for comparison):

- a dragon rune is worth more the closer it brings a seat to six (p. 30): to me, and to the
  rival who holds it, whom taking it denies, the more the closer they are to six
  (:meth:`~engine.runewars.ai.knowledge.Seen.rune_worth`); marches, Strategy steps, the order
  choice and where the army stands all follow from that worth;
- influence bids for a dragon rune (the council season cards, p. 31) are bid to win;
- titles whose season cards hand their holder a dragon rune are bought, and taken from a rival;
- the handlers registered here in :data:`HANDLERS` replace the baseline's of the same kind.

Everything is read from :class:`~engine.runewars.ai.knowledge.Seen` (the seat's view) and the
public data pack, so the policy sees what the baseline sees and nothing more.
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random

from engine.core import Action, Prompt
from engine.runewars.ai.economy import influence_worth
from engine.runewars.ai.knowledge import Seen
from engine.runewars.ai.registry import Handler, best

#: prompt kind -> the new policy's handler (kinds not named here use the baseline's)
HANDLERS: dict[str, Handler] = {}


def handles(*kinds: str) -> Callable[[Handler], Handler]:
    def register(handler: Handler) -> Handler:
        for kind in kinds:
            HANDLERS[kind] = handler
        return handler

    return register


def season_card_effects(seen: Seen) -> list[dict]:
    """The effects of the season card in play (public), or none."""
    card = seen.view.get("season_card")
    if not isinstance(card, str):
        return []
    for cards in seen.pack.cards.values():
        for c in cards:
            if getattr(c, "id", None) == card:
                return list(c.attrs.get("effects") or ())
    return []


def rune_bid(seen: Seen) -> bool:
    """Whether the bid in play wins a dragon rune (taken or placed, p. 31)."""
    effects = season_card_effects(seen)
    return any(e.get("prize") == "dragon_rune" or e.get("do") == "place_dragon_rune" for e in effects if isinstance(e, dict))


def wins_bid_tie(seen: Seen, rival: int) -> bool:
    """Whether a tie of my bid with ``rival``'s goes my way (p. 31): the Primarch's holder decides
    (themselves when tied); without one, the most unspent influence (equal after equal all-in bids),
    then the most starting influence (public)."""
    holder = seen.view["titles"].get(PRIMARCH, {}).get("holder")
    if holder is not None:
        return holder == seen.seat
    start = {s: seen.pack.faction(seen.players[s]["faction"]).start_influence for s in (seen.seat, rival)}
    return start[seen.seat] > start[rival]


PRIMARCH = "primarch_des_rates_der_magier"


@handles("influence_bid")
def influence_bid(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """For a dragon rune, bid what wins for certain (one more than the richest rival owns) when I can;
    influence is public and bids are spent, so a seat that cannot outbid the richest rival keeps its
    influence for titles and the final tie-break (p. 30) and bids nothing, unless it is as rich and
    wins the tie. For anything else, little."""
    mine = seen.me["influence"]
    rivals = [s for s in seen.rivals if not seen.players[s].get("eliminated")]
    richest = max((seen.players[s]["influence"] for s in rivals), default=0)
    if rune_bid(seen):
        if mine > richest:
            wanted = richest + 1
        elif mine == richest and all(wins_bid_tie(seen, s) for s in rivals if seen.players[s]["influence"] == richest):
            wanted = mine
        else:
            wanted = 0
    else:
        wanted = min(mine, 1 if mine >= 6 else 0)
    return best(legal, lambda a: -abs(a.args["amount"] - wanted))


#: titles whose season cards hand their holder a dragon rune (data/runewars/season_cards.toml)
def rune_titles(seen: Seen) -> set[str]:
    key = "rune_titles"
    if key not in seen.memo:
        found = set()
        for cards in seen.pack.cards.values():
            for c in cards:
                for e in c.attrs.get("effects") or ():
                    who = e.get("who", "") if isinstance(e, dict) else ""
                    if e.get("do") == "take_dragon_rune" and isinstance(who, str) and who.startswith("holder:"):
                        found.add(who.removeprefix("holder:"))
        seen.memo[key] = found
    return seen.memo[key]


@handles("take_title")
def take_title(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """A title that may bring a dragon rune is worth a good part of one while seasons remain, more
    when taken from the rival who leads on runes; keep 2 influence for the end's tie-break."""
    runes = rune_titles(seen)
    left = seen.seasons_left()

    def score(action: Action) -> float:
        if action.choice == "decline":
            return 0.0
        title = action.args["title"]
        spend = action.args["influence"]
        holder = seen.view["titles"][title]["holder"]
        worth = (min(6.0, 0.5 * left) if title in runes else 0.8) * (1.0 if left > 0 else 0.0)
        if holder in seen.rivals and title in runes:
            worth += 1.5 + (1.5 if seen.runes_of(holder) >= seen.leader_runes() - 0.01 else 0.0)
        if seen.me["influence"] - spend < 2:
            worth -= 3.0
        return worth - influence_worth(seen) * spend * 0.5

    return best(legal, score)


def battle_stakes(seen: Seen) -> tuple[float, float] | None:
    """(what the battle's area is worth to me, the strength gap) of the battle I fight in, from the
    view's battle (standing figures a side; the defender's stronghold adds its strength, p. 21)."""
    battle = seen.view.get("battle")
    if not battle:
        return None
    sides = {side["seat"]: side for side in battle["sides"]}
    if seen.seat not in sides:
        return None
    area = battle["area"]

    def standing(side: dict) -> int:
        return sum(1 for f in side["fighters"] if not f["routed"])

    mine = standing(sides[seen.seat])
    theirs = sum(standing(s) for seat, s in sides.items() if seat != seen.seat)
    if battle["attacker"] == seen.seat:
        theirs += seen.stronghold_strength(area)
    else:
        stronghold = seen.areas[area]["stronghold"]
        mine += 0 if stronghold is None or stronghold["owner"] != seen.seat else 3
    return seen.area_value(area), float(mine - theirs)


@handles("turn_window", "tactics_window")
def window(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """Claim an objective at once (a dragon rune); a battle card only in a battle that matters (a likely
    dragon rune or a stronghold at stake) or that is close, so that it swings the result; other cards
    as their window opens (the baseline's rule); never sit on a nearly full hand."""
    claim = next((a for a in legal if a.choice == "claim"), None)
    if claim is not None:
        return claim
    play = next((a for a in legal if a.choice == "play"), None)
    if play is None:
        return legal[-1]
    if prompt.kind == "tactics_window" and prompt.info.get("window") == "battle_start":
        stakes = battle_stakes(seen)
        full = seen.me["tactics"] >= int(seen.pack.constant("tactics_hand_limit")) - 2
        if stakes is not None and not full:
            worth, gap = stakes
            if worth < 6.0 and abs(gap) > 2:
                return legal[-1]
    return play
