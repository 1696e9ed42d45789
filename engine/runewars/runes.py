"""Dragon runes (pp. 30, 32, 36-37; digest §8, §10.12, §11.1).

- counting dragon-rune areas and the instant win (checked in engine.runewars.victory);
- what each seat knows: a seat learns the rune of every area it controls (p. 30
  „Drachenrunen anschauen“) and keeps that knowledge (``Rune.known_to``) until a Fortify
  swap it did not see makes it stale (``Rune.last_known``);
- „nimm eine Drachenrune“ (p. 30): the :class:`RuneGain` frame, pushed by whatever
  grants a dragon rune (objectives, bids, rewards, cards). Discard up to 2 false runes
  from controlled areas (publicly, back to the supply), take 1 dragon and 1 false rune,
  place each face down in a friendly or uncontrolled area without a rune. Only the gainer
  knows which went where. Epic variant (p. 37): one face-up dragon rune, no false runes.

With the exploration tokens (p. 37) a face-up Dragon Throne is one more dragon rune for
whoever controls its area (:func:`dragon_rune_count`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from itertools import combinations, permutations

from engine.core import N_, Action, Context, GameState, IllegalAction, InvalidAction, Prompt, register
from engine.runewars.control import control_map, controller, home_owners
from engine.runewars.data import Pack
from engine.runewars.flow import after_every_step, procedure, prompt_kind, season_id, top
from engine.runewars.state import Rune, RunewarsBoard

GAIN_RULE = "p. 30 (Gewinn von Drachenrunen) / digest §8"


def dragon_rune_areas(board: RunewarsBoard, seat: int, control: Mapping[str, int | None] | None = None) -> list[str]:
    """Areas ``seat`` controls that hold a dragon rune (face up or down); ``control``: a ready control_map."""
    control = control_map(board) if control is None else control
    return [a for a, area in sorted(board.areas.items()) if area.rune and area.rune.dragon and control[a] == seat]


#: where a dragon rune is printed on the board (Banners of War: the Sunken City's token), each a function of the
#: board giving the areas whose printed rune counts now; such a rune counts for whoever controls its area
PRINTED_RUNES: list[Callable[[RunewarsBoard], list[str]]] = []


def printed_rune_areas(board: RunewarsBoard) -> list[str]:
    """Areas with a printed dragon rune that counts (none in the base game)."""
    return [a for hook in PRINTED_RUNES for a in hook(board)]


def printed_runes(board: RunewarsBoard, seat: int, control: Mapping[str, int | None] | None = None) -> int:
    """Printed dragon runes in areas ``seat`` controls („kann ein Gebiet mit einer Drachenrunenstadt … zwei Drachenrunen wert sein“)."""
    return sum(
        1
        for a in printed_rune_areas(board)
        if (control[a] if control is not None and a in control else controller(board, a)) == seat
    )


def dragon_rune_count(board: RunewarsBoard, seat: int, control: Mapping[str, int | None] | None = None) -> int:
    """What wins (p. 30, p. 37): dragon runes, not areas: the dragon-rune tokens in areas ``seat`` controls, its face-up
    Dragon Thrones and the printed runes of its areas (Banners of War's Sunken City, :data:`PRINTED_RUNES`).

    p. 37 „Wer auch immer das Gebiet kontrolliert, hat dadurch eine zusätzliche Drachenrune“: one
    more, whether or not the throne's area holds a dragon rune itself (ruling).
    """
    return len(dragon_rune_areas(board, seat, control)) + dragon_throne_runes(board, seat) + printed_runes(board, seat, control)


def dragon_throne_runes(board: RunewarsBoard, seat: int) -> int:
    """„Wer auch immer das Gebiet kontrolliert, hat dadurch eine zusätzliche Drachenrune“ (face-up Dragon Thrones, p. 37)."""
    return sum(
        1 for a, m in board.exploration.items() if m.token == "dragon_throne" and m.face_up and controller(board, a) == seat
    )


def runes_to_win(pack: Pack, epic: bool) -> int:
    """6 dragon-rune areas win at once; 7 in the epic variant (p. 37)."""
    return int(pack.constant("epic_runes_to_win" if epic else "runes_to_win"))


def instant_winners(
    board: RunewarsBoard, pack: Pack, order: list[int], epic: bool = False, control: Mapping[str, int | None] | None = None
) -> list[int]:
    """Seats with enough dragon runes (:func:`dragon_rune_count`), in player order (who is checked first wins ties)."""
    target, control = runes_to_win(pack, epic), control_map(board) if control is None else control
    return [seat for seat in order if dragon_rune_count(board, seat, control) >= target]


def kind(rune: Rune) -> str:
    return "dragon" if rune.dragon else "false"


# -- knowledge (p. 30 „Drachenrunen anschauen“, p. 36 „Runenmarker bewegen“) -----------


@after_every_step
def learn_controlled_runes(state: GameState, pack: Pack, ctx: Context) -> None:
    """A player may look at the runes of the areas they control at any time, and remembers them."""
    board: RunewarsBoard = state.board
    homes = home_owners(board)
    seats = len(board.players)
    face_down = sorted(
        a
        for a, area in board.areas.items()
        if area.rune is not None and not area.rune.face_up and len(area.rune.known_to) < seats
    )
    for area_id in face_down:  # runs after every step: only the runes someone does not know yet
        rune = board.areas[area_id].rune
        seat = controller(board, area_id, homes)
        if seat is not None and seat not in rune.known_to:
            rune.known_to = sorted(rune.known_to + [seat])
            rune.last_known.pop(seat, None)
            ctx.emit("rune_seen", to=seat, area=area_id, rune=kind(rune))


def move_runes(board: RunewarsBoard, seat: int, first: str, second: str, swap: bool) -> None:
    """Fortify (p. 36): ``seat`` mixes the runes of two areas and puts one back into each.

    Everyone else's knowledge of the two areas is computed from what they knew before,
    never from ``swap``: a seat that knew both tokens and both were the same kind still
    knows them; any other knowledge goes stale (``last_known`` keeps what it was).
    """
    before = {first: board.areas[first].rune, second: board.areas[second].rune}
    partner = {first: second, second: first}
    knowledge = {}
    for area_id, rune in before.items():
        other = before[partner[area_id]]
        still_known = [s for s in rune.known_to if s != seat and s in other.known_to and other.dragon == rune.dragon]
        stale = {s: kind(rune) for s in rune.known_to if s != seat and s not in still_known}
        remembered = {s: k for s, k in rune.last_known.items() if s != seat and s not in still_known}
        knowledge[area_id] = (sorted(still_known + [seat]), {**remembered, **stale})
    if swap:
        board.areas[first].rune, board.areas[second].rune = before[second], before[first]
    for area_id, (known_to, last_known) in knowledge.items():
        board.areas[area_id].rune.known_to, board.areas[area_id].rune.last_known = known_to, last_known


# -- taking a dragon rune (p. 30) --------------------------------------------------------


@register
@dataclass
class RuneGain:
    """``seat`` takes a dragon rune; ``why`` names the source for the events (e.g. ``bid``)."""

    seat: int
    why: str = ""
    step: str = "discard"
    #: the kinds taken from the supply and still to be placed
    tokens: list[str] = field(default_factory=list)
    #: epic variant with no dragon rune left: a face-down false token stands in (p. 37)
    stand_in: bool = False


def placement_areas(board: RunewarsBoard, seat: int) -> list[str]:
    """Friendly or uncontrolled areas without a rune token (p. 30, step 3)."""
    return [a for a, area in sorted(board.areas.items()) if area.rune is None and controller(board, a) in (seat, None)]


def controlled_rune_areas(board: RunewarsBoard, seat: int) -> list[str]:
    """Areas ``seat`` controls that hold a rune (public: only the kind is hidden)."""
    return [a for a, area in sorted(board.areas.items()) if area.rune is not None and controller(board, a) == seat]


@procedure(RuneGain)
def _advance(state: GameState, pack: Pack, frame: RuneGain, ctx: Context) -> bool:
    board: RunewarsBoard = state.board
    epic = bool(state.options.get("epic"))
    if frame.step == "discard":
        frame.step = "take"
        if not epic and controlled_rune_areas(board, frame.seat):
            pid = season_id(board, "rune_discard", frame.seat, seq=state.seq)
            state.open([Prompt(pid, frame.seat, "discard_false_runes", info={"why": frame.why})])
            return False
    if frame.step == "take":
        frame.step = "place"
        _take_tokens(board, frame, epic, ctx)
    if frame.step == "place" and frame.tokens:
        frame.step = "placed"
        areas = placement_areas(board, frame.seat)
        if not areas:
            _return_to_supply(board, frame, frame.tokens, ctx)
            return True
        _open_placement(state, frame, areas)
        return False
    return True


def _take_tokens(board: RunewarsBoard, frame: RuneGain, epic: bool, ctx: Context) -> None:
    """Step 2. The supply is strictly limited (p. 31): a token it no longer holds is not taken (ruling)."""
    supply = board.rune_supply
    if epic:
        frame.stand_in = supply.get("dragon", 0) == 0 and supply.get("false", 0) > 0
        pile = "false" if frame.stand_in else "dragon"
        frame.tokens = ["dragon"] if supply.get(pile, 0) > 0 else []
        supply[pile] = supply.get(pile, 0) - len(frame.tokens)
    else:
        frame.tokens = [k for k in ("dragon", "false") if supply.get(k, 0) > 0]
        for token in frame.tokens:
            supply[token] -= 1
    ctx.emit(
        "runes_taken",
        seat=frame.seat,
        why=frame.why,
        dragon=frame.tokens.count("dragon"),
        false=frame.tokens.count("false"),
        stand_in=frame.stand_in,
    )


def _open_placement(state: GameState, frame: RuneGain, areas: list[str]) -> None:
    board: RunewarsBoard = state.board
    pid = season_id(board, "rune_place", frame.seat, seq=state.seq)
    secret = len(set(frame.tokens)) > 1
    prompt = Prompt(pid, frame.seat, "place_runes", secret=secret, info={"tokens": len(frame.tokens), "why": frame.why})
    answers = _placements(frame.tokens, areas)
    if len(answers) == 1:  # one public token and one area: nothing to decide
        prompt = Prompt(
            pid, frame.seat, "place_runes", secret=secret, info=prompt.info, forced=Action(frame.seat, pid, "place", answers[0])
        )
    state.open([prompt])


def _placements(tokens: list[str], areas: list[str]) -> list[dict[str, str | None]]:
    """Every way to put the tokens into distinct areas; a token without an area goes back (None)."""
    placed = min(len(tokens), len(areas))
    out = []
    for chosen in combinations(tokens, placed):
        for where in permutations(areas, placed):
            out.append({**{t: None for t in tokens}, **dict(zip(chosen, where))})
    return out


def _place_legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    frame = top(state, RuneGain)
    return [
        Action(prompt.seat, prompt.id, "place", args)
        for args in _placements(frame.tokens, placement_areas(state.board, prompt.seat))
    ]


@prompt_kind("place_runes", choices={"place"}, legal=_place_legal)
def place_runes(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    board: RunewarsBoard = state.board
    frame = top(state, RuneGain)
    args = dict(action.args)
    if set(args) != set(frame.tokens):
        raise InvalidAction(N_("place needs one area (or null) for each token: {tokens}", tokens=sorted(frame.tokens)))
    legal = _place_legal(state, pack, prompt)
    if args not in [a.args for a in legal]:
        raise IllegalAction(
            N_(
                "Each token goes face down into its own friendly or uncontrolled area without a rune; "
                "a token may go back to the supply only when no such area is left for it."
            ),
            rule=GAIN_RULE,
            alternatives=legal[:10],
        )
    state.close(prompt.id)
    epic = bool(state.options.get("epic"))
    placed = {area: token for token, area in args.items() if area is not None}
    for area, token in placed.items():
        board.areas[area].rune = Rune(dragon=token == "dragon", known_to=[frame.seat], face_up=epic)
    ctx.emit("runes_placed", seat=frame.seat, why=frame.why, areas=sorted(placed))
    ctx.emit("your_runes", to=frame.seat, runes=dict(sorted(placed.items())))
    _return_to_supply(board, frame, [t for t, area in args.items() if area is None], ctx)
    frame.tokens = []  # each is on the board or back in the supply (the game may end here, p. 30)


def _return_to_supply(board: RunewarsBoard, frame: RuneGain, tokens: list[str], ctx: Context) -> None:
    """No area left for a token: it goes back onto its face-up supply pile, seen by all (ruling)."""
    for token in tokens:
        pile = "false" if frame.stand_in else token
        board.rune_supply[pile] = board.rune_supply.get(pile, 0) + 1
        ctx.emit("rune_returned", seat=frame.seat, rune=token)


def _discard_choices(board: RunewarsBoard, seat: int, pack: Pack) -> list[list[str]]:
    false_areas = [a for a in controlled_rune_areas(board, seat) if not board.areas[a].rune.dragon]
    most = int(pack.constant("false_runes_discard_max"))
    return [list(c) for n in range(1, most + 1) for c in combinations(false_areas, n)]


def _discard_legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    keep = [Action(prompt.seat, prompt.id, "keep")]
    return keep + [
        Action(prompt.seat, prompt.id, "discard", {"areas": c}) for c in _discard_choices(state.board, prompt.seat, pack)
    ]


@prompt_kind("discard_false_runes", choices={"discard", "keep"}, legal=_discard_legal)
def discard_false_runes(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    board: RunewarsBoard = state.board
    if action.choice == "discard":
        areas = action.args.get("areas")
        if not (isinstance(areas, list) and all(isinstance(a, str) for a in areas)):
            raise InvalidAction(N_("discard needs 'areas': a list of area ids"))
        if sorted(areas) not in _discard_choices(board, prompt.seat, pack):
            raise IllegalAction(
                N_("You may discard up to 2 false runes, each from an area you control."),
                rule=GAIN_RULE + " step 1",
                alternatives=_discard_legal(state, pack, prompt)[:10],
            )
        for area in sorted(areas):
            board.areas[area].rune = None
        board.rune_supply["false"] = board.rune_supply.get("false", 0) + len(areas)
        ctx.emit("false_runes_discarded", seat=prompt.seat, areas=sorted(areas))
    state.close(prompt.id)
