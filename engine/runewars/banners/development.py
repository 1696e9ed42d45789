"""Development Cards (Entwicklungskarten, Banners of War p. 9; digest §6.1; rulings R-BWV1, R-BWV2).

- Buying: „Wenn ein Spieler die Bonusfunktion seiner Befehlskarte ‚Ernte‘ nutzt, kann er zusätzlich zu dem einen
  üblichen Entwicklungsmarker eine Entwicklungskarte seiner Fraktion erwerben. Dabei stehen ihm alle acht
  Entwicklungskarten seiner Fraktion zur Wahl.“ One card per Harvest bonus, after the development token (the
  ``development_card`` prompt, hook ``harvest.AFTER_BUILD``), paid „sofort“ by lowering the dials; „Ein Spieler kann
  keine Entwicklungskarte erwerben, falls er nicht die kompletten Rohstoffkosten zahlen kann.“ Cards lie face up and
  „sind dauerhaft und können nicht wieder verloren gehen“: every effect below is read from the cards a seat owns.
- The capital (every faction's capital card): one home-realm stronghold becomes the capital, undamaged, its development
  kept; defence 7 undamaged (hook ``result.STRONGHOLD_STRENGTH``); a conqueror puts his normal stronghold there (the
  base capture does); a destroyed capital is rebuilt by the next home-realm Fortify build for 2 ore + 1 wood (hook
  ``fortify.AFTER_STRONGHOLD_BUILT``). A capital holds a second development (``capital_developments``): built with the
  Harvest bonus, collected like the first.
- „Pestländer“: 8 zombie tokens, Zombies in every way: Waiqar's zombie supply grows from 16 to 24
  (``variants.EXTRA_FIGURES``, read by ``supply.figures_left``).
- „Unterstützung durch das Volk“: 3 peasant tokens; when Daqan moves all his units out of an area (Strategy, Mobilize,
  Conquer; hook ``movement.MOVED``) one is left there if one is free; the area counts as his (``control.controller``);
  an activation token placed there (anyone's) removes it (:func:`upkeep`).
- House effects (``effect`` of each card): ``harvest_resource``, ``harvest_influence``, ``harvest_tactics``,
  ``defence_strength`` (battle step 5a, „oder eine Entwicklungskarte“), ``attack_strength``, ``kugelblitz_return``.
"""

from __future__ import annotations

from typing import Any

from engine.core import N_, Action, Context, GameState, IllegalAction, InvalidAction, Prompt
from engine.runewars import cards
from engine.runewars.banners import abilities as new_units  # noqa: F401  (Ball Lightning registered before it is wrapped)
from engine.runewars.banners.variants import DEVELOPMENT_CARDS, VariantsBoard, variant_on
from engine.runewars.battle import abilities, procedure, result
from engine.runewars.battle.frame import ATTACKER, DEFENDER, SIDE_NAMES, Battle
from engine.runewars.control import home_realm_owner
from engine.runewars.data import NamedCard, Pack
from engine.runewars.flow import after_every_step, prompt_kind, season_id
from engine.runewars.movement import MOVED
from engine.runewars.orders import fortify, harvest
from engine.runewars.state import RunewarsBoard

RULE = (
    "Banners of War p. 9 (Entwicklungskarten): „kann er zusätzlich zu dem einen üblichen Entwicklungsmarker eine "
    "Entwicklungskarte seiner Fraktion erwerben“; „Ein Spieler kann keine Entwicklungskarte erwerben, falls er nicht die "
    "kompletten Rohstoffkosten zahlen kann.“"
)
CAPITAL_RULE = (
    "Banners of War p. 9 (Hauptstadtmarker): „einen seiner Festungsmarker in seinem Heimatreich durch seinen "
    "Hauptstadtmarker zu ersetzen“"
)


# -- the cards a seat owns -----------------------------------------------------------------------------------


def _cards(pack: Pack) -> dict[str, NamedCard]:
    return {c.id: c for c in pack.cards.get("development_card", ())}


def faction_cards(pack: Pack, faction: str) -> list[NamedCard]:
    """A faction's 8 development cards (p. 9 „acht Entwicklungskarten für jede Fraktion“)."""
    return [c for c in pack.cards.get("development_card", ()) if c.attrs.get("faction") == faction]


def owned(board: RunewarsBoard, seat: int) -> list[str]:
    return list(board.development_cards.get(seat, ())) if isinstance(board, VariantsBoard) else []


def owned_effects(board: RunewarsBoard, pack: Pack, seat: int | None, effect: str) -> list[NamedCard]:
    """The cards ``seat`` owns with ``effect`` (none without the variant)."""
    if seat is None or not isinstance(board, VariantsBoard) or not board.development_cards.get(seat):
        return []
    known = _cards(pack)
    return [known[c] for c in board.development_cards[seat] if c in known and known[c].attrs.get("effect") == effect]


def cost(card: NamedCard) -> dict[str, int]:
    return {r: int(n) for r, n in dict(card.attrs.get("cost", {})).items()}


def affordable(board: RunewarsBoard, pack: Pack, seat: int) -> list[str]:
    """The seat's faction cards not yet bought whose full cost its dials can pay."""
    player = board.players[seat]
    mine = set(owned(board, seat))
    return [
        c.id
        for c in faction_cards(pack, player.faction)
        if c.id not in mine and all(player.dials.get(r, 0) >= n for r, n in cost(c).items())
    ]


# -- buying, with the Harvest bonus (hook harvest.AFTER_BUILD) -------------------------------------------------


def _wants(state: GameState, seat: int) -> bool:
    return isinstance(state.board, VariantsBoard) and variant_on(state.options, DEVELOPMENT_CARDS)


def _offer(state: GameState, pack: Pack, frame: Any, ctx: Context) -> bool:
    """After the development token: buy one card or not (a prompt only when one is affordable)."""
    board = state.board
    options = affordable(board, pack, frame.seat)
    if not options:
        return False
    pid = season_id(board, "development_card", frame.seat, seq=state.seq)
    state.open([Prompt(pid, frame.seat, "development_card", info={"cards": options})])
    return True


harvest.AFTER_BUILD.append((_wants, _offer))


def _legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    options = affordable(state.board, pack, prompt.seat)
    return [Action(prompt.seat, prompt.id, "buy", {"card": c}) for c in options] + [Action(prompt.seat, prompt.id, "skip")]


@prompt_kind("development_card", choices={"buy", "skip"}, legal=_legal)
def buy(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    board: VariantsBoard = state.board
    if action.choice == "skip":
        state.close(prompt.id)
        ctx.emit("development_card_declined", seat=prompt.seat)
        return
    card_id = action.args.get("card")
    if not isinstance(card_id, str):
        raise InvalidAction(N_("buy needs 'card': one of your faction's development cards"))
    if card_id not in affordable(board, pack, prompt.seat):
        raise IllegalAction(
            N_(
                "'{card_id}' is not a development card of your faction that you have not bought and can pay in full.",
                card_id=card_id,
            ),
            rule=RULE,
            alternatives=_legal(state, pack, prompt),
        )
    card = _cards(pack)[card_id]
    player = board.players[prompt.seat]
    paid = cost(card)
    for resource, n in paid.items():
        player.dials[resource] -= n
    board.development_cards.setdefault(prompt.seat, []).append(card_id)
    state.close(prompt.id)
    ctx.emit("development_card_bought", seat=prompt.seat, card=card_id, cost=paid, dials=dict(player.dials))
    effect = card.attrs.get("effect")
    if effect == "capital":
        _capital_bought(state, pack, prompt.seat, ctx)
    elif effect == "zombie_tokens":
        ctx.emit("zombie_tokens_received", seat=prompt.seat, unit=card.attrs.get("unit"), count=int(card.attrs.get("tokens", 0)))
    elif effect == "peasants":
        ctx.emit("peasant_tokens_received", seat=prompt.seat, count=int(card.attrs.get("tokens", 0)))


# -- the capital ---------------------------------------------------------------------------------------------


def home_strongholds(board: RunewarsBoard, seat: int) -> list[str]:
    return [
        a
        for a in board.players[seat].home_areas
        if a in board.areas and board.areas[a].stronghold is not None and board.areas[a].stronghold.owner == seat
    ]


def _capital_bought(state: GameState, pack: Pack, seat: int, ctx: Context) -> None:
    """Placed at once on a home-realm stronghold (ruling R-BWV1); with none, the next home-realm Fortify build is it."""
    board: VariantsBoard = state.board
    sites = home_strongholds(board, seat)
    if not sites:
        if seat not in board.capitals_lost:
            board.capitals_lost.append(seat)
        ctx.emit("capital_waiting", seat=seat)
        return
    pid = season_id(board, "capital", seat, seq=state.seq)
    forced = Action(seat, pid, "place", {"area": sites[0]}) if len(sites) == 1 else None
    state.open([Prompt(pid, seat, "place_capital", info={"areas": sites}, forced=forced)])


def _capital_legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    return [Action(prompt.seat, prompt.id, "place", {"area": a}) for a in home_strongholds(state.board, prompt.seat)]


@prompt_kind("place_capital", choices={"place"}, legal=_capital_legal)
def place_capital(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    area_id = action.args.get("area")
    if area_id not in home_strongholds(state.board, prompt.seat):
        raise IllegalAction(
            N_("Your capital replaces one of your strongholds in your home realm."),
            rule=CAPITAL_RULE,
            alternatives=_capital_legal(state, pack, prompt),
        )
    state.close(prompt.id)
    make_capital(state.board, prompt.seat, area_id, ctx, why="bought")


def make_capital(board: VariantsBoard, seat: int, area_id: str, ctx: Context, *, why: str) -> None:
    """„wird der Hauptstadtmarker mit der unbeschädigten Seite nach oben ausgelegt“; a development there stays."""
    board.areas[area_id].stronghold.damaged = False
    board.capitals[area_id] = seat
    if seat in board.capitals_lost:
        board.capitals_lost.remove(seat)
    ctx.emit("capital_built", seat=seat, area=area_id, why=why)


def _capital_strength(state: GameState, pack: Pack, area_id: str, stronghold: Any, value: int) -> int:
    board = state.board
    if not isinstance(board, VariantsBoard) or board.capitals.get(area_id) != stronghold.owner:
        return value
    return int(pack.constant("capital_damaged_strength" if stronghold.damaged else "capital_strength"))


result.STRONGHOLD_STRENGTH.append(_capital_strength)


def _rebuild(state: GameState, pack: Pack, seat: int, area_id: str, ctx: Context) -> None:
    """„kann er beim nächsten Mal, wenn er in seinem Heimatreich eine Festung mit der Befehlskarte ‚Festung‘ baut, seine
    Hauptstadt wieder neu bauen, indem er dafür 2 Erz und 1 Holz zahlt“: taken whenever the extra ore is there (R-BWV1)."""
    board = state.board
    if not isinstance(board, VariantsBoard) or seat not in board.capitals_lost or seat in board.capitals.values():
        return
    if area_id not in board.players[seat].home_areas or not owned_effects(board, pack, seat, "capital"):
        return
    extra = int(pack.constant("capital_rebuild_ore")) - int(pack.constant("build_stronghold_ore"))
    player = board.players[seat]
    if player.dials.get("ore", 0) < extra:
        return
    player.dials["ore"] -= extra
    make_capital(board, seat, area_id, ctx, why="rebuilt")


fortify.AFTER_STRONGHOLD_BUILT.append(_rebuild)


# -- Pestländer: 8 zombie tokens ------------------------------------------------------------------------------


def sync_tokens(board: VariantsBoard, pack: Pack) -> None:
    """The figures the owned cards add (``extra_figures``, read by ``supply.figures_left``): facts of the cards bought."""
    extra: dict[int, dict[str, int]] = {}
    for seat in sorted(board.development_cards):
        for card in owned_effects(board, pack, seat, "zombie_tokens"):
            unit = str(card.attrs["unit"])
            extra.setdefault(seat, {})[unit] = extra.get(seat, {}).get(unit, 0) + int(card.attrs.get("tokens", 0))
    if extra != board.extra_figures:
        board.extra_figures = extra


def _tokens_in_use(board: VariantsBoard, pack: Pack, ctx: Context) -> None:
    """Figures beyond the plastic ones on the board are tokens („Ein Zombiemarker kann jederzeit durch eine Zombiefigur
    aus Kunststoff ersetzt werden und umgekehrt“: which is which never matters); an event when more come into play."""
    for seat, extra in sorted(board.extra_figures.items()):
        for unit in sorted(extra):
            on_board = sum(s.count for area in board.areas.values() for s in area.stacks if s.owner == seat and s.unit == unit)
            used = max(0, on_board - pack.unit(unit).figures)
            before = board.tokens_in_use.get(seat, {}).get(unit, 0)
            if used != before:
                board.tokens_in_use.setdefault(seat, {})[unit] = used
                if used > before:
                    ctx.emit("zombie_tokens_placed", seat=seat, unit=unit, count=used - before, in_play=used)


# -- Unterstützung durch das Volk: peasant tokens --------------------------------------------------------------


def peasant_tokens(board: RunewarsBoard, pack: Pack, seat: int) -> int:
    return sum(int(c.attrs.get("tokens", 0)) for c in owned_effects(board, pack, seat, "peasants"))


def _moved(board: RunewarsBoard, seat: int, origin: str, to: str = "") -> None:
    """Noted here, placed after the step (:func:`upkeep`): the movement knows no pack and emits nothing."""
    if isinstance(board, VariantsBoard) and board.development_cards.get(seat) and not board.areas[origin].led_by(seat):
        board.vacated.append(f"{seat}:{origin}")


MOVED.append(_moved)


@after_every_step
def upkeep(state: GameState, pack: Pack, ctx: Context) -> None:
    """Peasant tokens left and removed; capitals captured or destroyed."""
    board = state.board
    if not isinstance(board, VariantsBoard) or not board.development_cards:
        return
    sync_tokens(board, pack)
    _tokens_in_use(board, pack, ctx)
    _place_peasants(state, board, pack, ctx)
    _remove_peasants(board, ctx)
    _lost_capitals(board, ctx)


def _free_peasants(board: VariantsBoard, pack: Pack, seat: int) -> int:
    return peasant_tokens(board, pack, seat) - sum(1 for s in board.peasants.values() if s == seat)


def _may_leave_peasant(board: VariantsBoard, pack: Pack, seat: int, area_id: str) -> bool:
    """A free peasant token may be left in ``area_id``: outside any home realm, no token there yet, and the area left
    empty (R-BWV2)."""
    area = board.areas[area_id]
    if _free_peasants(board, pack, seat) <= 0 or area_id in board.peasants or home_realm_owner(board, area_id) is not None:
        return False
    return not any(s.count for s in area.stacks) and area.stronghold is None


def _place_peasants(state: GameState, board: VariantsBoard, pack: Pack, ctx: Context) -> None:
    """„kann er dort einen seiner Bauernmarker zurücklassen“: a choice (a token left now is not free for a better area
    later), asked with ``leave_peasant`` whenever a token may be left (R-BWV2)."""
    vacated, board.vacated = board.vacated, []
    asked = {(p.seat, p.info.get("area")) for p in state.prompts if p.kind == "leave_peasant"}
    for entry in vacated:
        seat_text, _, area_id = entry.partition(":")
        seat = int(seat_text)
        if (seat, area_id) in asked or not _may_leave_peasant(board, pack, seat, area_id):
            continue
        pid = season_id(board, "leave_peasant", seat, area_id, seq=state.seq)
        state.open([Prompt(pid, seat, "leave_peasant", info={"area": area_id, "free": _free_peasants(board, pack, seat)})])
        asked.add((seat, area_id))


def _peasant_legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    keep = [Action(prompt.seat, prompt.id, "keep")]
    if _may_leave_peasant(state.board, pack, prompt.seat, prompt.info["area"]):
        return [Action(prompt.seat, prompt.id, "leave")] + keep
    return keep


@prompt_kind("leave_peasant", choices={"leave", "keep"}, legal=_peasant_legal)
def leave_peasant(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    """Leave a peasant token in the area just vacated, or keep it for later."""
    board: VariantsBoard = state.board
    area_id = prompt.info["area"]
    if action.choice == "leave" and not _may_leave_peasant(board, pack, prompt.seat, area_id):
        raise IllegalAction(
            N_(
                "No peasant token can be left in {area_id} now: it needs a free token and an empty area outside the home realms.",
                area_id=area_id,
            ),
            rule=PEASANT_RULE,
            alternatives=_peasant_legal(state, pack, prompt),
        )
    state.close(prompt.id)
    if action.choice == "keep":
        ctx.emit("peasant_kept", seat=prompt.seat, area=area_id)
        return
    board.peasants[area_id] = prompt.seat
    board.peasant_activations[area_id] = len(board.areas[area_id].activated_by)
    ctx.emit("peasant_placed", seat=prompt.seat, area=area_id)


PEASANT_RULE = (
    "Banners of War p. 9: „Jederzeit, wenn der Daqan-Spieler alle seine Einheiten aus einem Gebiet heraus zieht, kann er "
    "dort einen seiner Bauernmarker zurücklassen.“"
)


def _remove_peasants(board: VariantsBoard, ctx: Context) -> None:
    """„Ein Bauernmarker wird vom Spielplan genommen, wenn ein Aktivierungsmarker (auch ein Daqan-Marker) in das Gebiet
    gesetzt wird“; also when units of another come in or a stronghold is built there (it is no longer his alone)."""
    for area_id, seat in sorted(board.peasants.items()):
        area = board.areas[area_id]
        seen = board.peasant_activations.get(area_id, 0)
        activated = len(area.activated_by) > seen
        board.peasant_activations[area_id] = min(seen, len(area.activated_by))
        taken = any(s.count and s.owner != seat for s in area.stacks) or (
            area.stronghold is not None and area.stronghold.owner != seat
        )
        own = any(s.count and s.owner == seat for s in area.stacks) or area.stronghold is not None
        if activated or taken or own:
            del board.peasants[area_id]
            board.peasant_activations.pop(area_id, None)
            why = "activation" if activated else "units"
            ctx.emit("peasant_removed", seat=seat, area=area_id, why=why)


def _lost_capitals(board: VariantsBoard, ctx: Context) -> None:
    for area_id, seat in sorted(board.capitals.items()):
        stronghold = board.areas[area_id].stronghold
        if stronghold is not None and stronghold.owner == seat:
            continue
        del board.capitals[area_id]
        second = board.capital_developments.pop(area_id, None)
        if seat not in board.capitals_lost:
            board.capitals_lost.append(seat)
        if stronghold is not None:
            ctx.emit("capital_captured", seat=seat, area=area_id, by=stronghold.owner)
        else:
            ctx.emit("capital_destroyed", seat=seat, area=area_id, by=None)
        if second is not None:
            ctx.emit("development_destroyed", area=area_id, development=second)


# -- Harvest: the house effects --------------------------------------------------------------------------------


def _after_harvest(state: GameState, pack: Pack, seat: int, ctx: Context) -> None:
    board = state.board
    for card in owned_effects(board, pack, seat, "harvest_resource"):
        resource = str(card.attrs["resource"])
        harvest.raise_dial(board, pack, seat, resource, int(card.attrs.get("amount", 1)), "", ctx)
        ctx.emit("development_card_used", seat=seat, card=card.id)
    for card in owned_effects(board, pack, seat, "harvest_influence"):
        board.players[seat].influence += int(card.attrs.get("amount", 1))
        ctx.emit("influence_gained", seat=seat, amount=int(card.attrs.get("amount", 1)), why="development_card")
        ctx.emit("development_card_used", seat=seat, card=card.id)


harvest.AFTER_HARVEST.append(_after_harvest)


def _bonus_tactics(state: GameState, pack: Pack, frame: Any, ctx: Context) -> bool:
    """``harvest_tactics`` cards draw with the bonus (before a card may be bought; they open no prompt)."""
    for card in owned_effects(state.board, pack, frame.seat, "harvest_tactics"):
        cards.draw_tactics(state.board, frame.seat, int(card.attrs.get("amount", 1)), ctx)
        ctx.emit("development_card_used", seat=frame.seat, card=card.id)
    return False


harvest.AFTER_BUILD.insert(0, (_wants, _bonus_tactics))


# -- battle: step 5a and the Ball Lightning card -----------------------------------------------------------------


def _defence_with_cards(state: GameState, pack: Pack, frame: Battle, ctx: Context) -> None:
    """Revised step 5a: „falls der Verteidiger eine Verteidigungsentwicklung in dem Gebiet hat oder eine
    Entwicklungskarte“; the attacker's ``attack_strength`` cards count here too (house)."""
    board = state.board
    if isinstance(board, VariantsBoard) and board.development_cards and frame.sides[ATTACKER].fighters:
        stronghold = board.areas[frame.area].stronghold
        if stronghold is not None and stronghold.owner == frame.defender:
            for card in owned_effects(board, pack, frame.defender, "defence_strength"):
                _bonus(frame, DEFENDER, card, ctx)
        units = {f.unit for f in frame.sides[ATTACKER].fighters if f.owner == frame.attacker}
        for card in owned_effects(board, pack, frame.attacker, "attack_strength"):
            if card.attrs.get("unit") in units:
                _bonus(frame, ATTACKER, card, ctx)
    _base_defence(state, pack, frame, ctx)


def _bonus(frame: Battle, side: int, card: NamedCard, ctx: Context) -> None:
    amount = int(card.attrs.get("amount", 1))
    frame.sides[side].bonus += amount
    ctx.emit(
        "development_card_used",
        seat=frame.sides[side].seat,
        card=card.id,
        area=frame.area,
        side=SIDE_NAMES[side],
        strength=amount,
    )


_base_defence = procedure.STEPS["defence"]
procedure.STEPS["defence"] = _defence_with_cards


def _ball_lightning(base):
    def ability(state, pack, frame, task, ctx) -> None:
        """Ball Lightning; with „Kugelblitz-Meisterschaft“ the top tactics discard comes back to its player's hand."""
        base(state, pack, frame, task, ctx)
        seat = frame.sides[task.side].seat
        deck = state.board.decks.get("tactics")
        for card in owned_effects(state.board, pack, seat, "kugelblitz_return"):
            if deck is not None and deck.discard:
                taken = deck.discard.pop()
                state.board.players[seat].tactics.append(taken)
                ctx.emit("tactics_taken_back", seat=seat, card=taken, why=card.id)
                ctx.emit("development_card_used", seat=seat, card=card.id)

    return ability


for _unit in ("human_novice_wizard",):
    if _unit in abilities.AUTOMATIC:
        abilities.AUTOMATIC[_unit] = _ball_lightning(abilities.AUTOMATIC[_unit])
