"""The state of a Lords of Ragnarok game, the helpers every rule area shares and the task driver.

The rules run as a stack of small tasks (``RagnarokBoard.tasks``, plain dicts): a task does its work and
pushes further tasks, or opens one prompt and waits. Answering the prompt resumes the stack.
Every prompt kind registers its legal answers and its resolution in :data:`KINDS`; every task
kind its handler in :data:`TASKS`. Seats are colours in seat order (seat 0 plays clockwise
before seat 1...); "the player to the left" is the next seat.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.core import Action, Context, GameState, Prompt, register
from engine.ragnarok.pack import ATTRS, RUNES, Pack, Side, pack_for

COLOURS = ("green", "red", "blue", "yellow")


@register
@dataclass
class RagnarokHero:
    """One seat: hero, attributes, supply and hand (digest sections 2.4, 3.5)."""

    seat: int
    hero: str = ""
    lineage: str = ""
    attrs: dict[str, int] = field(default_factory=lambda: {a: 2 for a in ATTRS})
    injured: list[str] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)
    runes: dict[str, int] = field(default_factory=lambda: {r: 0 for r in RUNES})
    priests: int = 0
    blessings: list[str] = field(default_factory=list)
    artifacts: dict[str, bool] = field(default_factory=dict)
    rings: list[str] = field(default_factory=list)
    trophies: list[str] = field(default_factory=list)
    slayers: int = 0
    at: int = 0
    drakkar: str = ""
    #: six armies: [territory (0: personal supply), strength]
    armies: list[list[int]] = field(default_factory=lambda: [[0, 0] for _ in range(6)])


@register
@dataclass
class RagnarokBoard:
    side: str
    n: int
    players: list[RagnarokHero]
    control: list[int]  # -1 neutral
    temples: list[bool]
    forge: list[str]  # rune type of a forge marker, "" for none
    forge_rune: list[bool]
    realms: dict[str, list[int]]
    wheel: dict[str, list[int]]
    monuments: dict[str, dict[str, Any]]
    temple_card: dict[str, Any]
    monsters: dict[str, dict[str, Any]]
    boss: dict[str, Any]
    decks: dict[str, list[str]]
    omens: list[list[Any]]
    god_art: dict[str, int]  # -1 nobody
    supply: dict[str, int]
    active: int = 0
    turn: int = 0
    step: str = "setup"
    tasks: list[dict[str, Any]] = field(default_factory=list)
    counter: int = 0
    flags: dict[str, Any] = field(default_factory=dict)
    battle: dict[str, Any] | None = None
    hunt: dict[str, Any] | None = None
    draft: dict[str, Any] | None = None
    selection: dict[str, Any] = field(default_factory=dict)
    ragnarok: dict[str, Any] = field(default_factory=dict)
    last_turn: list[int] = field(default_factory=list)
    winner_reason: str = ""


# ---------------------------------------------------------------------------------- access


def B(state: GameState) -> RagnarokBoard:
    board: RagnarokBoard = state.board
    return board


def P(state: GameState) -> Pack:
    return pack_for(state.options)


def S(state: GameState) -> Side:
    return P(state).sides[B(state).side]


def effective(h: RagnarokHero, attr: str) -> int:
    """An injured attribute always counts 2 (digest 3.5)."""
    return 2 if attr in h.injured else h.attrs[attr]


def hand_limit(h: RagnarokHero) -> int:
    return effective(h, "wisdom")


def rune_count(h: RagnarokHero) -> int:
    return sum(h.runes.values())


def has_blessing(state: GameState, h: RagnarokHero, effect: str) -> bool:
    blessings = P(state).blessings
    return any(blessings[b]["effect"] == effect for b in h.blessings)


def has_ability(state: GameState, h: RagnarokHero, ability: str) -> bool:
    """Whether the seat's hero board has the ability kind (the pack's ``ability``, so a user's
    pack may give it to a hero of its own)."""
    rec = P(state).heroes.get(h.hero)
    return rec is not None and rec.get("ability") == ability


def armies_at(b: RagnarokBoard, t: int) -> list[tuple[int, int]]:
    """(seat, army index) of every army in territory ``t``."""
    return [(h.seat, i) for h in b.players for i, (at, _) in enumerate(h.armies) if at == t]


def colours_at(b: RagnarokBoard, t: int) -> list[int]:
    return sorted({h.seat for h in b.players for at, _ in h.armies if at == t})


def strength(b: RagnarokBoard, seat: int, t: int) -> int:
    return sum(s for at, s in b.players[seat].armies if at == t)


def on_board(h: RagnarokHero) -> list[int]:
    return [i for i, (at, _) in enumerate(h.armies) if at]


def in_supply(h: RagnarokHero) -> list[int]:
    return [i for i, (at, _) in enumerate(h.armies) if not at]


def sea_territories(side: Side, sea: str) -> tuple[int, ...]:
    return tuple(side.seas[sea]["territories"]) if sea else ()


def move_adjacent(state: GameState, seat: int, t: int) -> list[int]:
    """Where a hero or army of ``seat`` can step from ``t``: the map plus the drakkar bridge (3.7)."""
    side = S(state)
    near = set(side.adj[t])
    bridge = sea_territories(side, B(state).players[seat].drakkar)
    if t in bridge:
        near |= set(bridge)
    near.discard(t)
    return sorted(near)


def within(state: GameState, seat: int, start: int, steps: int) -> list[int]:
    seen, frontier = {start}, [start]
    for _ in range(steps):
        nxt = []
        for t in frontier:
            for u in move_adjacent(state, seat, t):
                if u not in seen:
                    seen.add(u)
                    nxt.append(u)
        frontier = nxt
    seen.discard(start)
    return sorted(seen)


def seas_within(state: GameState, sea: str, steps: int) -> list[str]:
    side = S(state)
    seen, frontier = {sea}, [sea]
    for _ in range(steps):
        frontier = [s for f in frontier for s in side.seas[f]["adjacent"] if s not in seen]
        seen |= set(frontier)
    seen.discard(sea)
    return sorted(seen)


def loki_at(b: RagnarokBoard) -> int:
    return int(b.boss["at"])


def heroes_at(b: RagnarokBoard, t: int) -> list[int]:
    return [h.seat for h in b.players if h.at == t]


def monsters_at(b: RagnarokBoard, t: int) -> list[str]:
    return [m for m, st in b.monsters.items() if st["status"] == "board" and st["at"] == t]


def defeated_count(h: RagnarokHero) -> int:
    return len(h.trophies) + h.slayers


def lowest_attrs(h: RagnarokHero) -> list[str]:
    low = min(effective(h, a) for a in ATTRS)
    return [a for a in ATTRS if effective(h, a) == low and h.attrs[a] < 6]


def order_from_left(active: int, n: int) -> list[int]:
    """Clockwise from the active player's left, the active player last (5.5)."""
    return [(active + k) % n for k in range(1, n + 1)]


# ---------------------------------------------------------------------------------- tasks


def push(b: RagnarokBoard, t: str, **kw: Any) -> None:
    b.tasks.append({"t": t, **kw})


def push_all(b: RagnarokBoard, tasks: list[tuple[str, dict[str, Any]]]) -> None:
    """Push tasks so that the first listed runs first."""
    for t, kw in reversed(tasks):
        push(b, t, **kw)


def ask(state: GameState, seat: int, kind: str, **info: Any) -> None:
    b = B(state)
    b.counter += 1
    state.open([Prompt(f"{kind}/{b.counter}", seat, kind, info=info)])


TaskFn = Callable[[GameState, Context, dict[str, Any]], None]
LegalFn = Callable[[GameState, Prompt], list[Action]]
ResolveFn = Callable[[GameState, Prompt, Action, Context], None]
TASKS: dict[str, TaskFn] = {}
KINDS: dict[str, tuple[LegalFn, ResolveFn, str]] = {}


def task(name: str) -> Callable[[TaskFn], TaskFn]:
    def deco(fn: TaskFn) -> TaskFn:
        TASKS[name] = fn
        return fn

    return deco


def kind(name: str, rule: str) -> Callable[[LegalFn], Callable[[ResolveFn], ResolveFn]]:
    """Register a prompt kind: ``@kind(name, rule)(legal)`` then ``@...resolve``."""

    def with_legal(legal: LegalFn) -> Callable[[ResolveFn], ResolveFn]:
        def with_resolve(fn: ResolveFn) -> ResolveFn:
            KINDS[name] = (legal, fn, rule)
            return fn

        return with_resolve

    return with_legal


def A(prompt: Prompt, choice: str, **args: Any) -> Action:
    return Action(prompt.seat, prompt.id, choice, args)


# ---------------------------------------------------------------------------------- gains


def draw_cards(state: GameState, ctx: Context, seat: int, n: int, why: str = "") -> int:
    """Draw ``n`` combat cards (the discard pile reshuffled when the deck runs out, 3.13), then the limit."""
    b = B(state)
    deck, discard = b.decks["combat"], b.decks["combat_discard"]
    got: list[str] = []
    for _ in range(n):
        if not deck and discard:
            deck.extend(discard)
            discard.clear()
            ctx.rng.shuffle(deck)
            ctx.emit("deck_reshuffled", deck="combat")
        if not deck:
            break
        got.append(deck.pop())
    if got:
        b.players[seat].hand.extend(got)
        ctx.emit("cards_drawn", seat=seat, count=len(got), why=why)
        ctx.emit("you_drew", to=seat, cards=got)
        push(b, "limit", seat=seat)
    return len(got)


def gain_rune(state: GameState, ctx: Context, seat: int, rune: str, why: str = "") -> bool:
    """A rune from the general supply, if any is left (3.14), then the limit."""
    b = B(state)
    if b.supply[rune] <= 0:
        ctx.emit("none_left", seat=seat, what=rune)
        return False
    b.supply[rune] -= 1
    b.players[seat].runes[rune] += 1
    ctx.emit("rune_gained", seat=seat, rune=rune, why=why)
    push(b, "limit", seat=seat)
    return True


def gain_priest(state: GameState, ctx: Context, seat: int, why: str = "") -> bool:
    b = B(state)
    if b.supply["priests"] <= 0:
        ctx.emit("none_left", seat=seat, what="priest")
        return False
    b.supply["priests"] -= 1
    b.players[seat].priests += 1
    ctx.emit("priest_gained", seat=seat, why=why)
    return True


def choose_rune(b: RagnarokBoard, seat: int, why: str) -> None:
    """Queue "take 1 rune of your choice" for ``seat`` (the choice is theirs, 12.2-12.3)."""
    push(b, "choose_rune", seat=seat, why=why)


def injure(b: RagnarokBoard, seat: int, n: int = 1, why: str = "") -> None:
    for _ in range(n):
        push(b, "injury", seat=seat, why=why)


def heal(state: GameState, ctx: Context, seat: int, attr: str) -> None:
    h = B(state).players[seat]
    if attr in h.injured:
        h.injured.remove(attr)
        ctx.emit("healed", seat=seat, attr=attr)


def raise_attr(state: GameState, ctx: Context, seat: int, attr: str, why: str = "") -> None:
    h = B(state).players[seat]
    if h.attrs[attr] < 6:
        h.attrs[attr] += 1
        ctx.emit("attribute_raised", seat=seat, attr=attr, value=h.attrs[attr], why=why)


def change_army(state: GameState, ctx: Context, seat: int, i: int, delta: int, why: str = "") -> None:
    """Raise or lower an army's dial (1-6); below 1 it is destroyed to the personal supply (3.6)."""
    h = B(state).players[seat]
    at, s = h.armies[i]
    new = min(6, s + delta)
    if new < 1:
        h.armies[i] = [0, 0]
        ctx.emit("army_destroyed", seat=seat, territory=at, why=why)
    elif new != s:
        h.armies[i][1] = new
        ctx.emit("army_changed", seat=seat, territory=at, strength=new, why=why)


def place_army(state: GameState, ctx: Context, seat: int, t: int, s: int, why: str = "recruit") -> bool:
    h = B(state).players[seat]
    free = in_supply(h)
    if not free:
        return False
    h.armies[free[0]] = [t, max(1, min(6, s))]
    ctx.emit("army_recruited", seat=seat, territory=t, strength=h.armies[free[0]][1], why=why)
    return True


def recruit_strength(state: GameState, h: RagnarokHero) -> int:
    return min(6, effective(h, "authority") + (1 if has_blessing(state, h, "recruit_plus") else 0))


def take_control(state: GameState, ctx: Context, seat: int, t: int, why: str) -> None:
    """Mark ``t`` as ``seat``'s; a monument territory brings its god artifact (3.12)."""
    b = B(state)
    before = b.control[t]
    if before == seat:
        return
    b.control[t] = seat
    ctx.emit("control_taken", seat=seat, territory=t, previous=None if before < 0 else before, why=why)
    god = S(state).monument_god(t)
    if god is not None:
        art = next(a for a, rec in P(state).god_artifacts.items() if rec["god"] == god)
        holder = b.god_art[art]
        if holder >= 0:
            b.players[holder].artifacts.pop(art, None)
        b.god_art[art] = seat
        b.players[seat].artifacts[art] = True
        ctx.emit("artifact_gained", seat=seat, artifact=art, previous=None if holder < 0 else holder)
    if before < 0 and has_ability(state, b.players[seat], "control_rune"):
        choose_rune(b, seat, b.players[seat].hero)


def discard_card(b: RagnarokBoard, seat: int, card: str) -> None:
    b.players[seat].hand.remove(card)
    b.decks["combat_discard"].append(card)


def activation_ok(b: RagnarokBoard, m: str, seat: int) -> bool:
    """A monster ``seat`` may activate: on the board, neutral or its own (7.1)."""
    st = b.monsters[m]
    return st["status"] == "board" and st["ctrl"] in (-1, seat)
