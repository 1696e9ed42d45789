"""Checks that hold after every action of every game (issue 12; used by simulate and the tests).

Rule invariants (:func:`check_state`):
- components are conserved: no seat has more figures of a unit type on the board than the
  game has (p. 4, p. 31), nor do the neutrals; runes on the board, in the supply and in a
  gain being placed add up to the pack's tokens (p. 30); every fate card lies exactly once in
  a pile, a hand or a battle, and no other card lies twice;
- limits: at most 8 units per player and area when a season's orders are being chosen
  (digest §0), at most 4 strongholds per faction (p. 4), developments only beside their
  owner's stronghold and never more tiles than the game has (p. 33);
- no dial below 0 or above its maximum, no negative influence;
- every open prompt has at least one legal answer, prompt ids are unique, no eliminated
  player is asked anything.

Secrecy (:func:`check_secrets`), digest §11.1:
- the public view is the same after the hidden information is permuted (face-down runes
  flipped, hands dealt anew from the hidden cards, a chosen order replaced); each seat's view
  is the same after the information hidden from that seat is permuted;
- public events name no card still in a hand (unless the rules revealed it: an attempted
  quest, p. 26), no kind of a rune still face down, and no event named ``your_*`` is public.

Replay (:func:`check_replay`): the seed, options and records rebuild the same state.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import fields, is_dataclass
from functools import cache
from random import Random
from typing import Any

from engine.core import Engine, Event, GameState, encode, replay, state_hash
from engine.core.engine import copy_state
from engine.runewars.banners.variants import extra_figures
from engine.runewars.data import Pack
from engine.runewars.runes import RuneGain
from engine.runewars.supply import stronghold_limit
from engine.simulation import same_view

AREA_LIMIT = 8
RUNE_KINDS = ("dragon", "false")


def check_state(engine: Engine, state: GameState, pack: Pack) -> list[str]:
    """Rule invariants of ``state``; each problem as one line of text."""
    board = state.board
    if board is None or not board.players or board.areas is None:
        return []
    problems: list[str] = []
    problems += _units(board, pack)
    problems += _runes(state, pack)
    problems += _cards(board, pack)
    problems += _limits(state, pack)
    problems += _dials(board, pack)
    problems += _prompts(engine, state)
    return problems


def _units(board, pack: Pack) -> list[str]:
    on_board: Counter = Counter()
    problems = []
    for area_id, area in board.areas.items():
        for stack in area.stacks:
            if stack.standing < 0 or stack.routed < 0:
                problems.append(f"units: a negative stack of {stack.unit} in {area_id}")
            on_board[(stack.owner, stack.unit)] += stack.count
            if stack.owner is not None:
                faction = board.players[stack.owner].faction
                if pack.unit(stack.unit).faction != faction:
                    problems.append(f"units: seat {stack.owner} ({faction}) has {stack.unit} in {area_id}")
            elif not pack.unit(stack.unit).neutral:
                problems.append(f"units: a faction unit {stack.unit} without owner in {area_id}")
    neutral_on_board: Counter = Counter()
    for (owner, unit), n in on_board.items():
        if owner is None:
            neutral_on_board[unit] += n
        elif n > (game_has := pack.unit(unit).figures + extra_figures(board, owner, unit)):  # Banners: zombie tokens
            problems.append(f"units: seat {owner} has {n} {unit} on the board, the game has {game_has}")
    for unit, n in neutral_on_board.items():
        if n > pack.unit(unit).figures:
            problems.append(f"units: {n} neutral {unit} on the board, the game has {pack.unit(unit).figures}")
    return problems


def _runes(state: GameState, pack: Pack) -> list[str]:
    board = state.board
    if not board.rune_supply:
        return []  # before the map is built
    counted = Counter({k: board.rune_supply.get(k, 0) for k in RUNE_KINDS})
    for area in board.areas.values():
        if area.rune is not None:
            counted["dragon" if area.rune.dragon else "false"] += 1
    for frame in board.stack:
        if isinstance(frame, RuneGain) and frame.step == "placed":
            for token in frame.tokens:
                counted["false" if frame.stand_in else token] += 1
    total = {"dragon": pack.rune_tokens.dragon, "false": pack.rune_tokens.false}
    if state.options.get("epic"):  # a face-down false token may stand in for a dragon rune (p. 37)
        ok = sum(counted.values()) == sum(total.values())
    else:
        ok = all(counted[k] == total[k] for k in RUNE_KINDS)
    return [] if ok else [f"runes: {dict(counted)} on the board, in the supply and being placed; the game has {total}"]


#: fields not searched for cards: lists that record cards lying elsewhere too (the setup
#: quests dealt face up for the map, p. 8; the marks on rewards that lie face up; the rewards
#: a hero uses or has used in a duel or a quest, which stay on the hero), and the map (areas
#: and tiles hold figures and tokens, never cards; skipping them keeps the check fast)
RECORDS = frozenset({"setup_quests", "face_up_rewards", "used", "weapon", "armor", "areas", "placements"})


def _string_lists(value: Any) -> Iterable[list[str]]:
    """Every list of strings inside the board (card piles, hands, drawn cards)."""
    if isinstance(value, list):
        if value and all(isinstance(v, str) for v in value):
            yield value
        else:
            for v in value:
                yield from _string_lists(v)
    elif isinstance(value, dict):
        for v in value.values():
            yield from _string_lists(v)
    elif is_dataclass(value) and not isinstance(value, type):
        for name in _searched_fields(type(value)):
            yield from _string_lists(getattr(value, name))


@cache
def _searched_fields(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in fields(cls) if f.name not in RECORDS)


def _cards(board, pack: Pack) -> list[str]:
    fate = {c.id for c in pack.fate_cards}
    others = {c.id for cards in pack.cards.values() for c in cards}
    seen: Counter = Counter()
    for pile in _string_lists(board):
        seen.update(card for card in pile if card in fate or card in others)
    problems = [f"cards: fate card {c} lies {seen[c]} times" for c in sorted(fate) if seen[c] != 1]
    problems += [f"cards: {c} lies {seen[c]} times" for c in sorted(others) if seen[c] > 1]
    return problems


def _limits(state: GameState, pack: Pack) -> list[str]:
    board = state.board
    problems = []
    if any(p.kind == "choose_order" for p in state.prompts):  # between turns every cull is done
        for area_id, area in board.areas.items():
            for player in board.players:
                if area.force_of(player.seat) > AREA_LIMIT:
                    problems.append(f"limits: seat {player.seat} has {area.force_of(player.seat)} units in {area_id}")
    strongholds = Counter(a.stronghold.owner for a in board.areas.values() if a.stronghold is not None)
    if board.phase != "setup.faction":
        limit = stronghold_limit(pack)
        problems += [f"limits: seat {seat} has {n} strongholds" for seat, n in strongholds.items() if n > limit]
    developments = {d.id: d for d in pack.developments}
    placed = Counter(a.development for a in board.areas.values() if a.development is not None)
    for area_id, area in board.areas.items():
        if area.development is None:
            continue
        owner = area.stronghold.owner if area.stronghold is not None else None
        if owner is None or developments[area.development].faction != board.players[owner].faction:
            problems.append(f"limits: development {area.development} in {area_id} without its owner's stronghold")
    problems += [f"limits: {n} {d} tiles on the board" for d, n in placed.items() if n > developments[d].count]
    return problems


def _dials(board, pack: Pack) -> list[str]:
    problems = []
    for player in board.players:
        if player.faction is None:
            continue
        dials = pack.faction(player.faction).dials
        for resource, value in player.dials.items():
            if not 0 <= value <= dials[resource].max:
                problems.append(f"dials: seat {player.seat} {resource} at {value}")
        if player.influence < 0:
            problems.append(f"influence: seat {player.seat} has {player.influence}")
    problems += [f"titles: {t} holds {title.influence} influence" for t, title in board.titles.items() if title.influence < 0]
    return problems


def _prompts(engine: Engine, state: GameState) -> list[str]:
    problems = []
    ids = Counter(p.id for p in state.prompts)
    problems += [f"prompts: id {pid} is open {n} times" for pid, n in ids.items() if n > 1]
    for prompt in state.prompts:
        if state.board.players[prompt.seat].eliminated:
            problems.append(f"prompts: eliminated seat {prompt.seat} is asked {prompt.kind}")
        if not engine.ruleset.legal(state, prompt):
            problems.append(f"prompts: {prompt.kind} ({prompt.id}) has no legal answer")
    return problems


# -- secrecy ------------------------------------------------------------------------------


def hidden_from(state: GameState, seat: int | None, rng: Random) -> GameState:
    """A copy of ``state`` with the information hidden from ``seat`` (None: the public) permuted."""
    other = copy_state(state)
    board = other.board
    for area in board.areas.values():
        rune = area.rune
        if rune is None or rune.face_up or seat in rune.known_to:
            continue
        rune.dragon = not rune.dragon
    for player in board.players:
        if player.seat == seat:
            continue
        if player.chosen is not None and len(player.hand) > 1:
            player.chosen = rng.choice([n for n in player.hand if n != player.chosen])
    _deal_anew(board, seat, "tactics", "tactics", rng)
    _deal_anew(board, seat, "quests", "quests", rng)
    holders = [p for p in board.players if p.seat != seat and p.objective is not None]
    objectives = [p.objective for p in holders]
    rng.shuffle(objectives)
    for player, objective in zip(holders, objectives):
        player.objective = objective
    for deck in board.decks.values():
        rng.shuffle(deck.draw)
    return other


def _deal_anew(board, seat: int | None, hand: str, deck: str, rng: Random) -> None:
    """Pool the hands of the other seats with the deck's draw pile, shuffle, deal back the same counts."""
    holders = [p for p in board.players if p.seat != seat]
    pile = board.decks.get(deck)
    pool = [c for p in holders for c in getattr(p, hand)] + (list(pile.draw) if pile else [])
    rng.shuffle(pool)
    for player in holders:
        count = len(getattr(player, hand))
        setattr(player, hand, pool[:count])
        pool = pool[count:]
    if pile is not None:
        pile.draw = pool


def check_secrets(
    engine: Engine, state: GameState, events: Iterable[Event], rng: Random, revealed: set[str] | None = None
) -> list[str]:
    """Leaks: views that change when hidden information is permuted, public events that name secrets."""
    problems = []
    if state.board is None or not state.board.areas:
        return problems
    for seat in [None] + list(range(state.seat_count)):
        try:
            same = same_view(engine.view(hidden_from(state, seat, rng), seat), engine.view(state, seat))
        except Exception as error:  # a view that breaks on permuted secrets reads them
            same, error_text = False, f" ({type(error).__name__}: {error})"
        else:
            error_text = ""
        if not same:
            problems.append(
                f"leak: the {'public' if seat is None else f'seat {seat}'} view depends on hidden information{error_text}"
            )
    problems += check_events(state, events, revealed)
    return problems


#: public events that show a card from a hand by the rules (event kind -> the key naming it):
#: a quest attempted is revealed and stays in hand when it fails (p. 26)
REVEALS = {"quest_revealed": "quest"}


def check_events(state: GameState, events: Iterable[Event], revealed: set[str] | None = None) -> list[str]:
    """Public events that name a card still in a hand (unless the rules revealed it, :data:`REVEALS`;
    ``revealed`` collects those over a game) or the kind of a rune still face down."""
    board = state.board
    revealed = set() if revealed is None else revealed
    in_hands = {c for p in board.players for c in p.tactics + p.quests + ([p.objective] if p.objective else [])}
    face_down = {a for a, area in board.areas.items() if area.rune is not None and not area.rune.face_up}
    problems = []
    for event in events:
        if event.to is not None:
            continue
        if event.kind in REVEALS:
            revealed.add(event.data.get(REVEALS[event.kind]))
        if event.kind.startswith("your_"):
            problems.append(f"leak: public event {event.kind}")
        text = encode(event.data)
        named = sorted(c for c in in_hands - revealed if f'"{c}"' in text)
        if named:
            problems.append(f"leak: public event {event.kind} names cards in a hand: {named}")
        for area, kind in _area_runes(event.data):
            if area in face_down:
                problems.append(f"leak: public event {event.kind} names the {kind} rune in {area}, which lies face down")
    return problems


def _area_runes(data: Any) -> Iterable[tuple[str, str]]:
    """(area, rune kind) pairs an event's data states: {area: kind} maps, or "area" beside a "rune"."""
    if isinstance(data, dict):
        if isinstance(data.get("area"), str) and data.get("rune") in RUNE_KINDS:
            yield data["area"], data["rune"]
        for key, value in data.items():
            if isinstance(key, str) and value in RUNE_KINDS and key != "rune":
                yield key, value
            else:
                yield from _area_runes(value)
    elif isinstance(data, (list, tuple)):
        for value in data:
            yield from _area_runes(value)


# -- replay -------------------------------------------------------------------------------


def check_replay(engine: Engine, state: GameState, records) -> list[str]:
    again = replay(engine.ruleset, state.seed, state.options, state.seat_count, records)
    return [] if state_hash(again) == state_hash(state) else ["replay: the records rebuild a different state"]
