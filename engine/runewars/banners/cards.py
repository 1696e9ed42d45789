"""The effects of the expansion's cards (Banners of War), for the card data of data/runewars/banners_of_war.

- ``reveal_rune`` — „Runenmarker aufdecken“ (p. 8): the player turns up a face-down rune token in an
  area he controls; a face-up token cannot pay for an effect, so a player without a face-down token
  cannot play a card that makes him reveal one (its first effect does not apply).
- ``place_desolation`` / ``place_cryomancy`` — p. 8: never in a home-realm area, never beside the other
  kind; at most one Desolation per area, several Cryomancy tokens may share one; placing Desolation
  gives the area's controller its resources at once. One shared supply of 6 (ruling R-BW9).
- ``guildmaster_resources`` — the Guildmaster of Merchants: 2 more resources of one type on Harvest.
- ``bribe`` — „Bestechung“: take up to 3 influence from another player of one's choice (ruling R-BW7).

Every choice is an ``effect_choice`` prompt (engine.runewars.effects.common) whose refusals name the rule.
"""

from __future__ import annotations

from engine.core import Context, GameState
from engine.runewars.banners import on
from engine.runewars.banners.board import BannersBoard, expansion_board, tokens_used
from engine.runewars.banners.sunken_city import city_symbols
from engine.runewars.control import controlled_areas, controller, home_owners
from engine.runewars.data import Pack
from engine.runewars.data.model import RESOURCES
from engine.runewars.effects import applies_when, effect, running_card
from engine.runewars.effects.common import aimed_at, ask, chosen
from engine.runewars.state import RunewarsBoard

REVEAL_RULE = (
    "exp. p. 8 (Runenmarker aufdecken): „einen Runenmarker … in einem von ihm kontrollierten Gebiet“, not one already face up"
)
TOKEN_RULE = "exp. p. 8 (Ödnis-/Eiswüstenmarker): never in a home realm, never beside the other kind"


# -- revealing rune tokens ------------------------------------------------------------------


def revealable(board: RunewarsBoard, seat: int, *, dragon_only: bool = False) -> list[str]:
    """Areas ``seat`` controls with a face-down rune token (a dragon rune when ``dragon_only``)."""
    return [
        a
        for a in controlled_areas(board, seat)
        if (rune := board.areas[a].rune) is not None and not rune.face_up and (rune.dragon or not dragon_only)
    ]


@effect("reveal_rune", who="seat", dragon="bool")
def reveal_rune(state: GameState, pack: Pack, ctx: Context, seat: int, who: object = "self", dragon: bool = False) -> None:
    """``who`` turns up one face-down rune token in an area he controls (``dragon``: „eine seiner Drachenrunen“)."""
    for target in reversed(aimed_at(state, pack, seat, who)):
        options = [{"area": a} for a in revealable(state.board, target, dragon_only=dragon)]
        if not options:
            ctx.emit("rune_not_revealed", seat=target, why=running_card(state), dragon=dragon)
            continue
        ask(state, target, "reveal_rune", {"dragon": dragon}, options, card=running_card(state))


@chosen("reveal_rune")
def _reveal(state: GameState, pack: Pack, ctx: Context, seat: int, answer: dict, dragon: bool = False) -> None:
    board: RunewarsBoard = state.board
    rune = board.areas[answer["area"]].rune
    rune.face_up = True
    rune.known_to = list(range(len(board.players)))
    rune.last_known = {}
    ctx.emit("rune_revealed", seat=seat, area=answer["area"], rune="dragon" if rune.dragon else "false", why=running_card(state))


@applies_when("reveal_rune")
def _can_reveal(state: GameState, pack: Pack, seat: int, who: object = "self", dragon: bool = False) -> bool:
    """A card paid for by revealing needs a face-down token of one's own (p. 8: „kann er keine Fähigkeiten … benutzen“)."""
    if who != "self":
        return True
    return bool(revealable(state.board, seat, dragon_only=dragon))


def rehide(state: GameState, first: str, second: str, ctx: Context) -> None:
    """„Die auf diese Weise bewegten Runenmarker können wieder verdeckt werden, bevor sie bewegt werden“ (p. 8):
    revealed tokens the Fortify order moves go face down first (only those; ruling R-BW12). Not in the epic
    variant, whose runes lie face up by its own rule."""
    if not on(state.options) or state.options.get("epic"):
        return
    hidden = [a for a in (first, second) if state.board.areas[a].rune is not None and state.board.areas[a].rune.face_up]
    for area_id in hidden:
        state.board.areas[area_id].rune.face_up = False
    if hidden:
        ctx.emit("runes_hidden", areas=hidden)


# -- Desolation and Cryomancy ---------------------------------------------------------------


def token_areas(board: RunewarsBoard, pack: Pack, kind: str) -> list[str]:
    """Where a token of ``kind`` ("desolation" or "cryomancy") may go now."""
    b = expansion_board(board)
    if b is None or tokens_used(b) >= int(pack.constant("desolation_cryomancy_tokens")):
        return []
    homes = home_owners(board)
    out = []
    for area_id in sorted(board.areas):
        if area_id in homes or area_id in b.desolation:
            continue
        if kind == "desolation" and b.cryomancy.get(area_id, 0):
            continue
        out.append(area_id)
    return out


@effect("place_desolation", who="seat")
def place_desolation(state: GameState, pack: Pack, ctx: Context, seat: int, who: object = "self") -> None:
    for target in reversed(aimed_at(state, pack, seat, who)):
        ask(
            state,
            target,
            "place_desolation",
            {},
            [{"area": a} for a in token_areas(state.board, pack, "desolation")],
            card=running_card(state),
        )


@chosen("place_desolation")
def _desolate(state: GameState, pack: Pack, ctx: Context, seat: int, answer: dict) -> None:
    board: BannersBoard = state.board
    area_id = answer["area"]
    owner = controller(board, area_id)
    gained: dict[str, list[int]] = {}
    if owner is not None:  # p. 8: „erhält … sofort die Rohstoffe, die dieses Gebiet liefert“ (before it is cancelled)
        player = board.players[owner]
        dials = pack.faction(player.faction).dials
        symbols = pack.areas[area_id].resources()
        for resource, n in city_symbols(board, pack, area_id).items():  # the Sunken City's too
            symbols[resource] += n
        for resource, n in symbols.items():
            if n:
                before = player.dials[resource]
                player.dials[resource] = min(before + n, dials[resource].max)
                gained[resource] = [before, player.dials[resource]]
    board.desolation.append(area_id)
    ctx.emit("desolation_placed", seat=seat, area=area_id, controller=owner, dials=gained, why=running_card(state))


@effect("place_cryomancy", who="seat")
def place_cryomancy(state: GameState, pack: Pack, ctx: Context, seat: int, who: object = "self") -> None:
    for target in reversed(aimed_at(state, pack, seat, who)):
        ask(
            state,
            target,
            "place_cryomancy",
            {},
            [{"area": a} for a in token_areas(state.board, pack, "cryomancy")],
            card=running_card(state),
        )


@chosen("place_cryomancy")
def _freeze(state: GameState, pack: Pack, ctx: Context, seat: int, answer: dict) -> None:
    board: BannersBoard = state.board
    area_id = answer["area"]
    board.cryomancy[area_id] = board.cryomancy.get(area_id, 0) + 1
    ctx.emit("cryomancy_placed", seat=seat, area=area_id, tokens=board.cryomancy[area_id], why=running_card(state))


@applies_when("place_desolation")
def _desolation_room(state: GameState, pack: Pack, seat: int, who: object = "self") -> bool:
    return bool(token_areas(state.board, pack, "desolation"))


@applies_when("place_cryomancy")
def _cryomancy_room(state: GameState, pack: Pack, seat: int, who: object = "self") -> bool:
    return bool(token_areas(state.board, pack, "cryomancy"))


# -- Guildmaster of Merchants ----------------------------------------------------------------


@effect("guildmaster_resources", amount="int")
def guildmaster_resources(state: GameState, pack: Pack, ctx: Context, seat: int, amount: int = 2) -> None:
    """„2 zusätzliche Rohstoffe einer einzigen Art“: one dial up by ``amount`` (within its maximum)."""
    player = state.board.players[seat]
    dials = pack.faction(player.faction).dials
    options = [{"resource": r} for r in RESOURCES if player.dials[r] < dials[r].max]
    ask(state, seat, "guildmaster_resources", {"amount": amount}, options, card=running_card(state))


@chosen("guildmaster_resources")
def _guild(state: GameState, pack: Pack, ctx: Context, seat: int, answer: dict, amount: int = 2) -> None:
    player = state.board.players[seat]
    resource = answer["resource"]
    before = player.dials[resource]
    player.dials[resource] = min(before + amount, pack.faction(player.faction).dials[resource].max)
    ctx.emit("guildmaster_resources", seat=seat, resource=resource, dials={resource: [before, player.dials[resource]]})


# -- Bribery ---------------------------------------------------------------------------------


@effect("bribe", amount="int")
def bribe(state: GameState, pack: Pack, ctx: Context, seat: int, amount: int = 3) -> None:
    board: RunewarsBoard = state.board
    options = [{"seat": p.seat} for p in board.players if p.seat != seat and not p.eliminated and p.influence > 0]
    ask(state, seat, "bribe", {"amount": amount}, options, card=running_card(state))


@chosen("bribe")
def _bribe(state: GameState, pack: Pack, ctx: Context, seat: int, answer: dict, amount: int = 3) -> None:
    board: RunewarsBoard = state.board
    victim = board.players[answer["seat"]]
    taken = min(amount, victim.influence)
    victim.influence -= taken
    board.players[seat].influence += taken
    ctx.emit("influence_taken", seat=seat, source=victim.seat, amount=taken, why=running_card(state))


@applies_when("bribe")
def _someone_to_bribe(state: GameState, pack: Pack, seat: int, amount: int = 3) -> bool:
    return any(p.seat != seat and not p.eliminated and p.influence > 0 for p in state.board.players)
