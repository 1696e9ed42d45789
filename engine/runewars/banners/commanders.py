"""Commanders of the Battlefield (Kommandanten des Schlachtfeldes, Banners of War p. 10; digest §6.2; R-BWV7, R-BWV8).

- Setup: „erhält jeder Spieler während des Spielaufbaus zwei Heldenkarten (statt nur einer) … Dann erhält jeder Spieler
  eine Kommandantenkarte und muss nun einen seiner Helden wählen, der zum Kommandanten wird.“ The second hero and the
  card are dealt when the campaign begins (spring of year 1, before the first orders; R-BWV7); the second hero stands
  with the first; ``choose_commander`` asks which hero leads.
- Status: „sie können aber keine Quests erfüllen oder auch nur beginnen“ (``heroes.quest_phase`` asks
  :func:`~engine.runewars.banners.variants.is_commander`); „Kommandanten zählen nicht gegen das Heldenlimit“
  (``heroes.recruit``).
- Moving: „Kommandanten können sich wie Einheiten bewegen, wenn dies mittels einer Befehlskarte ‚Strategie‘,
  ‚Mobilisierung‘ oder ‚Eroberung‘ geschieht. Kommandanten können nicht aus aktivierten Gebieten heraus ziehen und können
  sich auch nicht bewegen, wenn sie flüchtend sind (auch nicht während der Questphase).“ A standing commander goes with
  the last of his player's units that leave his area by those orders (he leads the army, R-BWV7), never out of an
  activated area; in the quest phase he does not leave an activated area either (``heroes.moves``).
- Battle: „Wenn ein stehender Kommandant in einem Gebiet ist, in dem eigene Einheiten einen Kampf führen, trägt er dazu
  mit der Fähigkeit bei, die auf seiner Kommandantenkarte genannt ist“: ``strength`` cards at step 3, ``rally`` cards
  at step 5a. „Falls der Spieler den Kampf verliert, muss sich sein Kommandant zusammen mit den Einheiten zurückziehen
  (als sei der Held eine Einheit)“: he follows his retreating units, routed. No card lets a commander take battle
  damage, so unit abilities never reach him (heroes are no battle figures).
- „Falls ein Kommandant besiegt wurde … Die Kommandantenkarte des besiegten Kommandanten wird abgeworfen“; a player
  whose only commander fell draws a new card at the start of the quest phase for a hero at one of his strongholds, and
  may then also hand his card to another hero of his at one of his strongholds (``change_commander``).
- „Generalleutnant“: a second commander card for a hero that is not one; the card stays in play and is discarded,
  with the fallen commander's card, when either commander is defeated.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core import N_, Action, Context, GameState, IllegalAction, Prompt, register
from engine.runewars import cards, seasons
from engine.runewars.banners.variants import COMMANDERS, VariantsBoard, variant_on
from engine.runewars.battle import procedure
from engine.runewars.battle.frame import ATTACKER, DEFENDER, SIDE_NAMES, Battle
from engine.runewars.data import NamedCard, Pack
from engine.runewars.effects import effect
from engine.runewars.flow import after_every_step, prompt_kind, push, refuse_unless_legal, season_id, top
from engine.runewars.flow import procedure as frame_procedure
from engine.runewars.heroes import HERO_DECK, find, hero_card, public_hero, quest_phase, trait
from engine.runewars.movement import MOVED
from engine.runewars.orders import support
from engine.runewars.state import Deck, Hero, RunewarsBoard
from engine.runewars.supply import own_strongholds

DECK = "commanders"
RULE = "Banners of War p. 10 (Kommandanten des Schlachtfeldes)"
CHANGE_RULE = (
    "Banners of War p. 10 (Wahl eines neuen Kommandanten): „Ein Spieler kann zu Beginn der Questphase einen anderen Helden "
    "als seinen Kommandanten wählen. Das muss ein eigener Held bei einer eigenen Festung sein.“"
)


def on(state: GameState) -> bool:
    return isinstance(state.board, VariantsBoard) and variant_on(state.options, COMMANDERS)


def commander_card(pack: Pack, card_id: str) -> NamedCard:
    return next(c for c in pack.cards.get("commander_card", ()) if c.id == card_id)


def commanders_of(board: RunewarsBoard, seat: int) -> list[Hero]:
    if not isinstance(board, VariantsBoard):
        return []
    return [h for h in board.heroes if h.owner == seat and h.card in board.commanders]


def commander_deck(state: GameState, pack: Pack, ctx: Context) -> Deck:
    """The commander deck, made and shuffled the first time it is needed (at setup, or in a scenario position): every
    card no hero holds."""
    board: VariantsBoard = state.board
    if DECK not in board.decks:
        used = set(board.commanders.values())
        board.decks[DECK] = Deck([c.id for c in pack.cards.get("commander_card", ()) if c.id not in used])
        ctx.rng.shuffle(board.decks[DECK].draw)
    return board.decks[DECK]


def draw_commander(state: GameState, pack: Pack, ctx: Context) -> str | None:
    """The top commander card."""
    commander_deck(state, pack, ctx)
    drawn = cards.draw(state.board, DECK, 1, ctx.rng)
    return drawn[0] if drawn else None


def _discard(state: GameState, pack: Pack, ctx: Context, card_id: str) -> None:
    commander_deck(state, pack, ctx).discard.append(card_id)


# -- setup: the second hero and the commander (at the start of the campaign) ---------------------------------


@register
@dataclass
class CommanderSetup:
    """Spring of year 1: each seat gets a second hero of its alignment and a commander card, then chooses its commander."""

    step: str = "deal"
    #: seat -> the commander card waiting for its hero
    cards: dict[int, str] = field(default_factory=dict)


def _setup_hook(state: GameState, pack: Pack, ctx: Context) -> None:
    board = state.board
    if on(state) and board.year == 1 and not board.commander_setup:
        board.commander_setup = True
        push(state, CommanderSetup())


seasons.SPRING_HOOKS.append(_setup_hook)


@frame_procedure(CommanderSetup)
def _advance_setup(state: GameState, pack: Pack, frame: CommanderSetup, ctx: Context) -> bool:
    board: VariantsBoard = state.board
    if frame.step != "deal":
        return True
    frame.step = "chosen"
    heroes = board.decks.get(HERO_DECK)
    for player in board.players:
        own = [h for h in board.heroes if h.owner == player.seat]
        alignment = pack.faction(player.faction).alignment
        second = next((c for c in heroes.draw if hero_card(pack, c).alignment == alignment), None) if heroes else None
        if second is not None and own:
            heroes.draw.remove(second)
            hero = Hero(second, player.seat, own[0].area)
            board.heroes.append(hero)
            ctx.emit("hero_placed", **public_hero(hero), why="commanders")
        card = draw_commander(state, pack, ctx)
        if card is not None and [h for h in board.heroes if h.owner == player.seat]:
            frame.cards[player.seat] = card
    prompts = []
    for seat, card in sorted(frame.cards.items()):
        choices = [h.card for h in board.heroes if h.owner == seat]
        pid = season_id(board, "commander", seat, seq=state.seq)
        forced = Action(seat, pid, "choose", {"hero": choices[0]}) if len(choices) == 1 else None
        prompts.append(
            Prompt(pid, seat, "choose_commander", info={"card": card, "heroes": choices, "why": "setup"}, forced=forced)
        )
    state.open(prompts)
    return not prompts


def _choose_legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    return [Action(prompt.seat, prompt.id, "choose", {"hero": h}) for h in prompt.info["heroes"] if find(state.board, h)]


@prompt_kind("choose_commander", choices={"choose"}, legal=_choose_legal)
def choose_commander(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    hero = action.args.get("hero")
    reason = N_("Your commander is one of your heroes: {heroes}.", heroes=list(prompt.info["heroes"]))
    refuse_unless_legal(state, pack, prompt, action, _choose_legal, reason, rule=RULE)
    state.close(prompt.id)
    make_commander(state.board, hero, prompt.info["card"], ctx, why=prompt.info.get("why", "setup"))


def make_commander(board: VariantsBoard, hero: str, card: str, ctx: Context, *, why: str) -> None:
    found = find(board, hero)
    board.commanders[hero] = card
    ctx.emit("commander_chosen", seat=found.owner, hero=hero, card=card, why=why)


# -- moving with the army (hook movement.MOVED) ----------------------------------------------------------------


def _moved(board: RunewarsBoard, seat: int, origin: str, to: str = "") -> None:
    if not isinstance(board, VariantsBoard) or not board.commanders or not to:
        return
    if board.areas[origin].led_by(seat) or board.areas[origin].activated_by:
        return  # units of his are still there, or the area is activated: he stays
    for hero in commanders_of(board, seat):
        if hero.area == origin and not hero.routed:
            hero.area = to
            board.commander_moves.append(f"{hero.card}:{origin}:{to}")


MOVED.append(_moved)


# -- battle: the cards' abilities, retreating with the units ----------------------------------------------------


def leading(state: GameState, frame: Battle, side: int) -> list[Hero]:
    """Standing commanders of the side's player in the contested area while his units fight there."""
    seat = frame.sides[side].seat
    if seat is None or not any(f.owner == seat for f in frame.sides[side].fighters):
        return []
    return [h for h in commanders_of(state.board, seat) if h.area == frame.area and not h.routed]


def _start_of_battle(state: GameState, pack: Pack, frame: Battle, ctx: Context) -> None:
    """Revised step 3: „Taktikkarten, Kommandantenkarten oder andere Fähigkeiten“ used at the start of a battle."""
    if isinstance(state.board, VariantsBoard) and state.board.commanders:
        for side in (ATTACKER, DEFENDER):
            for hero in leading(state, frame, side):
                card = commander_card(pack, state.board.commanders[hero.card])
                when = str(card.attrs.get("when", "any"))
                if card.attrs.get("effect") == "strength" and when in ("any", "attack" if side == ATTACKER else "defence"):
                    amount = int(card.attrs.get("amount", 1))
                    frame.sides[side].bonus += amount
                    ctx.emit(
                        "commander_leads",
                        seat=hero.owner,
                        hero=hero.card,
                        card=card.id,
                        area=frame.area,
                        side=SIDE_NAMES[side],
                        strength=amount,
                    )
    _base_start(state, pack, frame, ctx)


def _defence(state: GameState, pack: Pack, frame: Battle, ctx: Context) -> None:
    """Before strength (step 5a): a ``rally`` card tests the commander's trait; on one of its symbols routed units stand."""
    if isinstance(state.board, VariantsBoard) and state.board.commanders:
        for side in (ATTACKER, DEFENDER):
            for hero in leading(state, frame, side):
                card = commander_card(pack, state.board.commanders[hero.card])
                if card.attrs.get("effect") == "rally":
                    _rally(state, pack, frame, side, hero, card, ctx)
    _base_defence(state, pack, frame, ctx)


def _rally(state: GameState, pack: Pack, frame: Battle, side: int, hero: Hero, card: NamedCard, ctx: Context) -> None:
    routed = [f for f in frame.sides[side].fighters if f.routed and f.owner == frame.sides[side].seat]
    if not routed:
        return
    board = state.board
    drawn = cards.draw(board, "fate", max(1, trait(pack, hero, str(card.attrs["trait"]))), ctx.rng)
    symbols = sorted({next(c.symbol for c in pack.fate_cards if c.id == d) for d in drawn})
    board.decks["fate"].discard += drawn
    passed = any(s in card.attrs.get("symbols", ()) for s in symbols)
    stood = routed[: int(card.attrs.get("count", 1))] if passed else []
    for fighter in stood:
        fighter.routed = False
    ctx.emit(
        "commander_leads",
        seat=hero.owner,
        hero=hero.card,
        card=card.id,
        area=frame.area,
        side=SIDE_NAMES[side],
        test=str(card.attrs["trait"]),
        symbols=symbols,
        rallied=len(stood),
    )


def _retreat(state: GameState, pack: Pack, frame: Battle, ctx: Context) -> None:
    """6a: the loser's commanders note where his units stand around before they retreat; :func:`_return` moves them."""
    board = state.board
    if isinstance(board, VariantsBoard) and board.commanders:
        loser = frame.sides[1 - frame.winner].seat
        for hero in commanders_of(board, loser) if loser is not None else []:
            if hero.area == frame.area:
                around = {a: board.areas[a].units_of(loser) for a in sorted(board.areas) if a != frame.area}
                board.commander_retreats[hero.card] = around
    _base_retreat(state, pack, frame, ctx)


def _return(state: GameState, pack: Pack, frame: Battle, ctx: Context) -> None:
    board = state.board
    if isinstance(board, VariantsBoard) and board.commander_retreats:
        for card, around in sorted(board.commander_retreats.items()):
            hero = find(board, card)
            if hero is None or hero.area != frame.area:
                continue
            grown = [a for a in sorted(around) if board.areas[a].units_of(hero.owner) > around[a]]
            if grown:  # „als sei der Held eine Einheit“: retreating, routed (ruling R-BWV8)
                hero.area, hero.routed = grown[0], True
                ctx.emit("commander_retreats", seat=hero.owner, hero=card, area=grown[0])
        board.commander_retreats = {}
    _base_return(state, pack, frame, ctx)


_base_start = procedure.STEPS["start_of_battle"]
_base_defence = procedure.STEPS["defence"]
_base_retreat = procedure.STEPS["retreat"]
_base_return = procedure.STEPS["return"]
procedure.STEPS.update({"start_of_battle": _start_of_battle, "defence": _defence, "retreat": _retreat, "return": _return})


# -- a defeated commander, the quest phase ------------------------------------------------------------------


@after_every_step
def fallen_commanders(state: GameState, pack: Pack, ctx: Context) -> None:
    """„Die Kommandantenkarte des besiegten Kommandanten wird abgeworfen“; with Generalleutnant in play, it goes too.
    Also announces the commanders who went with their army in the step."""
    board = state.board
    if not isinstance(board, VariantsBoard) or not board.commanders:
        return
    moves, board.commander_moves = board.commander_moves, []
    for move in moves:  # he went with his army; he may as well stay behind (R-BWV7): asked with ``commander_follows``
        hero, origin, to = move.split(":")
        figure = find(board, hero)
        if figure is None:
            continue
        pid = season_id(board, "commander_follows", figure.owner, hero, seq=state.seq)
        state.open([Prompt(pid, figure.owner, "commander_follows", info={"hero": hero, "from": origin, "to": to})])
    present = {h.card: h for h in board.heroes}
    for hero_card_id, card in sorted(board.commanders.items()):
        if hero_card_id in present:
            continue
        commander_deck(state, pack, ctx)  # made before the card leaves its hero: it is discarded, not shuffled in
        del board.commanders[hero_card_id]
        _discard(state, pack, ctx, card)
        seat = board.commander_owner.get(hero_card_id)
        ctx.emit("commander_defeated", hero=hero_card_id, card=card, seat=seat)
        if seat is not None and seat in board.lieutenants:
            tactic = board.lieutenants.pop(seat)
            board.decks.setdefault("tactics", Deck()).discard.append(tactic)
            ctx.emit("lieutenant_general_discarded", seat=seat, card=tactic)
    board.commander_owner = {h.card: h.owner for h in board.heroes if h.card in board.commanders}


FOLLOW_RULE = (
    "Banners of War p. 10: „Kommandanten können sich wie Einheiten bewegen, wenn dies mittels einer Befehlskarte "
    "‚Strategie‘, ‚Mobilisierung‘ oder ‚Eroberung‘ geschieht.“"
)


def _follow_legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    hero = find(state.board, prompt.info["hero"])
    follow = [Action(prompt.seat, prompt.id, "follow")]
    if hero is None or hero.area != prompt.info["to"] or hero.routed:
        return follow
    return follow + [Action(prompt.seat, prompt.id, "stay")]


@prompt_kind("commander_follows", choices={"follow", "stay"}, legal=_follow_legal)
def commander_follows(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    """The commander goes with the last of his units that left his area, or stays there (a hero may stand alone)."""
    board: VariantsBoard = state.board
    reason = N_("Your commander can stay behind only while he still stands where his army went.")
    refuse_unless_legal(state, pack, prompt, action, _follow_legal, reason, rule=FOLLOW_RULE)
    state.close(prompt.id)
    hero, origin, to = prompt.info["hero"], prompt.info["from"], prompt.info["to"]
    figure = find(board, hero)
    if action.choice == "stay" and figure is not None:
        figure.area = origin
        ctx.emit("commander_stayed", hero=hero, seat=prompt.seat, area=origin)
        return
    ctx.emit("commander_moved", hero=hero, seat=prompt.seat, path=[origin, to])


def at_stronghold(board: RunewarsBoard, hero: Hero) -> bool:
    return hero.area in own_strongholds(board, hero.owner)


def _quest_phase_hook(state: GameState, pack: Pack, ctx: Context) -> None:
    """„zu Beginn der Questphase“: a new card after the only commander fell; handing the card to another hero."""
    board = state.board
    if not on(state):
        return
    prompts = []
    for player in board.players:
        if player.eliminated:
            continue
        own = [h for h in board.heroes if h.owner == player.seat]
        ready = [h.card for h in own if at_stronghold(board, h) and h.card not in board.commanders]
        commanders = commanders_of(board, player.seat)
        if not ready:
            continue
        pid = season_id(board, "commander_change", player.seat, seq=state.seq)
        if not commanders:
            card = draw_commander(state, pack, ctx)
            if card is None:
                continue
            info = {"card": card, "heroes": ready, "why": "new_card"}
            prompts.append(Prompt(pid, player.seat, "choose_commander", info=info))
        elif len(commanders) == 1:
            info = {"from": commanders[0].card, "heroes": ready}
            prompts.append(Prompt(pid, player.seat, "change_commander", info=info))
    state.open(prompts)


quest_phase.START_HOOKS.append(_quest_phase_hook)


def _change_legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    keep = [Action(prompt.seat, prompt.id, "keep")]
    return keep + [Action(prompt.seat, prompt.id, "change", {"hero": h}) for h in prompt.info["heroes"] if find(state.board, h)]


@prompt_kind("change_commander", choices={"keep", "change"}, legal=_change_legal)
def change_commander(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    board: VariantsBoard = state.board
    if action not in _change_legal(state, pack, prompt) or prompt.info["from"] not in board.commanders:
        raise IllegalAction(
            N_("The new commander must be one of your heroes at one of your strongholds."),
            rule=CHANGE_RULE,
            alternatives=_change_legal(state, pack, prompt),
        )
    state.close(prompt.id)
    if action.choice == "keep":
        return
    card = board.commanders.pop(prompt.info["from"])
    ctx.emit("commander_changed", seat=prompt.seat, previous=prompt.info["from"], hero=action.args["hero"], card=card)
    make_commander(board, action.args["hero"], card, ctx, why="changed")


# -- Generalleutnant -----------------------------------------------------------------------------------------


@effect("lieutenant_general")
def lieutenant_general(state: GameState, pack: Pack, ctx: Context, seat: int) -> None:
    """„Ziehe eine zusätzliche Kommandantenkarte. Damit führst du nun zwei Kommandanten.“ The card stays in play."""
    board = state.board
    if not isinstance(board, VariantsBoard):
        return
    deck = board.decks.get("tactics")
    played = deck.discard.pop() if deck is not None and deck.discard else ""
    board.lieutenants[seat] = played
    card = draw_commander(state, pack, ctx)
    free = [h for h in board.heroes if h.owner == seat and h.card not in board.commanders]
    free.sort(key=lambda h: (not at_stronghold(board, h), h.card))
    ctx.emit("lieutenant_general_played", seat=seat, card=played, commander_card=card or "")
    if card is not None and free:
        make_commander(board, free[0].card, card, ctx, why="lieutenant_general")
    elif card is not None:
        _discard(state, pack, ctx, card)


# -- Rally Support: commander cards instead of hero cards (hook support.BONUS_ALTERNATIVES) --------------------

ENLIST_RULE = (
    "Banners of War p. 10 (Kommandanten anwerben): „kann der Spieler für bis zu drei Einflusspunkte bis zu drei "
    "Kommandantenkarten von dem Stapel ziehen. Dann kann er eine davon auswählen, um damit seine aktuelle "
    "Kommandantenkarte zu ersetzen.“"
)


@register
@dataclass
class CommanderEnlistment:
    """The Rally Support bonus with Commanders: hero cards as in the base game, or 1-3 commander cards for influence."""

    seat: int
    step: str = "choose"
    drawn: list[str] = field(default_factory=list)


def _enlist_offer(state: GameState, pack: Pack, seat: int, ctx: Context) -> bool:
    board = state.board
    if not on(state) or board.players[seat].influence < 1 or not _targets(board, seat):
        return False
    deck = board.decks.get(DECK)
    if deck is not None and not deck.draw and not deck.discard:
        return False
    push(state, CommanderEnlistment(seat))
    return True


def _targets(board: VariantsBoard, seat: int) -> list[str]:
    """The heroes a kept card may go to: his commanders (it replaces theirs), else his heroes at his strongholds."""
    own = [h.card for h in commanders_of(board, seat)]
    return own or [h.card for h in board.heroes if h.owner == seat and at_stronghold(board, h)]


@frame_procedure(CommanderEnlistment)
def _advance_enlist(state: GameState, pack: Pack, frame: CommanderEnlistment, ctx: Context) -> bool:
    board: VariantsBoard = state.board
    if frame.step == "choose":
        frame.step = "done"
        most = min(3, board.players[frame.seat].influence)
        pid = season_id(board, "enlist", frame.seat, seq=state.seq)
        state.open([Prompt(pid, frame.seat, "support_bonus_choice", info={"most": most})])
        return False
    return True


def _bonus_legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    from engine.runewars.heroes.recruit import can_recruit

    heroes = [Action(prompt.seat, prompt.id, "heroes")] if can_recruit(state, pack, prompt.seat) else []
    commanders = [Action(prompt.seat, prompt.id, "commanders", {"amount": n}) for n in range(1, prompt.info["most"] + 1)]
    return heroes + commanders + [Action(prompt.seat, prompt.id, "decline")]


@prompt_kind("support_bonus_choice", choices={"heroes", "commanders", "decline"}, legal=_bonus_legal)
def support_bonus_choice(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    from engine.runewars.heroes.recruit import HeroRecruitment

    board: VariantsBoard = state.board
    reason = N_("Recruit heroes as usual, or spend 1 to 3 influence on as many commander cards, or decline.")
    refuse_unless_legal(state, pack, prompt, action, _bonus_legal, reason, rule=ENLIST_RULE)
    state.close(prompt.id)
    frame = top(state, CommanderEnlistment)
    if action.choice == "decline":
        ctx.emit("order_bonus", seat=prompt.seat, order="support", heroes=0, reason="declined")
    elif action.choice == "heroes":
        push(state, HeroRecruitment(prompt.seat))
    else:
        amount = int(action.args["amount"])
        board.players[prompt.seat].influence -= amount
        frame.drawn = [c for c in (draw_commander(state, pack, ctx) for _ in range(amount)) if c is not None]
        ctx.emit("commanders_drawn", seat=prompt.seat, influence=amount, count=len(frame.drawn))
        ctx.emit("your_commanders_drawn", to=prompt.seat, cards=list(frame.drawn))
        pid = season_id(board, "enlist_keep", prompt.seat, seq=state.seq)
        state.open([Prompt(pid, prompt.seat, "keep_commander", secret=True, info={"count": len(frame.drawn)})])


def _keep_legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    frame = top(state, CommanderEnlistment)
    keep = [
        Action(prompt.seat, prompt.id, "keep", {"card": c, "hero": h})
        for c in frame.drawn
        for h in _targets(state.board, prompt.seat)
    ]
    return keep + [Action(prompt.seat, prompt.id, "none")]


@prompt_kind("keep_commander", choices={"keep", "none"}, legal=_keep_legal)
def keep_commander(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    """„Die nicht gewählte Kommandantenkarte und auch die Ersetzte werden unter den Stapel der Kommandantenkarten
    geschoben“; never more than one card per commander."""
    board: VariantsBoard = state.board
    reason = N_("Keep one of the drawn commander cards for one of your commanders (or a hero at your stronghold), or none.")
    refuse_unless_legal(state, pack, prompt, action, _keep_legal, reason, rule=ENLIST_RULE)
    state.close(prompt.id)
    frame = top(state, CommanderEnlistment)
    bottom = list(frame.drawn)
    if action.choice == "keep":
        card, hero = action.args["card"], action.args["hero"]
        bottom.remove(card)
        if hero in board.commanders:
            bottom.append(board.commanders[hero])
            ctx.emit("commander_card_replaced", seat=prompt.seat, hero=hero, card=card, previous=board.commanders[hero])
            board.commanders[hero] = card
        else:
            make_commander(board, hero, card, ctx, why="rally_support")
    board.decks[DECK].draw += bottom
    frame.drawn = []
    ctx.emit("commanders_to_bottom", seat=prompt.seat, count=len(bottom))


support.BONUS_ALTERNATIVES.append(_enlist_offer)
