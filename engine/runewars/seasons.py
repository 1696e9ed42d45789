"""Years and seasons (pp. 11-13, 31; digest §5, §10.10).

A season: 1. the season card (its text, then its second function), 2. every player
chooses an order card in secret, 3. the orders are revealed together and resolved in
player order. The :class:`Campaign` frame runs the seasons of the whole game; each
:class:`Season` frame runs its three steps and pushes one :class:`~engine.runewars.turn_order.Turn`
per player.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core import N_, Action, Context, GameState, IllegalAction, Prompt, register
from engine.runewars import cards, victory
from engine.runewars.cull import open_culls
from engine.runewars.data import Pack
from engine.runewars.effects.season_cards import season_card_step
from engine.runewars.flow import procedure, prompt_kind, push, season_choice_id, season_id, top
from engine.runewars.heroes.quest_phase import start_quest_phase
from engine.runewars.state import RunewarsBoard
from engine.runewars.turn_order import Turn, earns_bonus, player_order

SEASONS = ("spring", "summer", "autumn", "winter")

#: ``hook(state, pack, ctx)`` run after spring's second function (Banners of War: Cryomancy melts)
SPRING_HOOKS: list = []


def order_numbers(pack: Pack) -> list[int]:
    """Every order card of a faction's set, by number (p. 12: all return to hand in spring)."""
    return sorted(o.number for o in pack.orders)


# -- the campaign ----------------------------------------------------------------------


@register
@dataclass
class Campaign:
    """The whole game: seasons from spring of year 1 to winter of the last year."""

    years: int


@procedure(Campaign)
def _advance_campaign(state: GameState, pack: Pack, frame: Campaign, ctx: Context) -> bool:
    board: RunewarsBoard = state.board
    if board.year == 0:
        board.phase = "play"
        board.year, board.season = 1, "spring"
    elif board.season != "winter":
        board.season = SEASONS[SEASONS.index(board.season) + 1]
    elif board.year < frame.years:
        board.year, board.season = board.year + 1, "spring"
    else:
        victory.end_of_time(state, pack, ctx)
        return True
    ctx.emit("season_began", year=board.year, season=board.season)
    push(state, Season())
    return False


def start_campaign(state: GameState, pack: Pack) -> None:
    """After setup: the first season is spring of year 1 (p. 11)."""
    years = int(pack.constant("epic_years" if state.options.get("epic") else "years"))
    push(state, Campaign(years))


# -- one season ------------------------------------------------------------------------


@register
@dataclass
class Season:
    step: str = "card"
    #: order-independent answers collected from every seat, applied in player order
    answers: dict[int, str] = field(default_factory=dict)
    #: autumn with too few tactics cards for everyone: the seats choose one after another
    autumn_in_turn: bool = False
    autumn_queue: list[int] = field(default_factory=list)
    #: seats whose turn is still to come, in player order
    turns_left: list[int] = field(default_factory=list)


@procedure(Season)
def _advance_season(state: GameState, pack: Pack, frame: Season, ctx: Context) -> bool:
    board: RunewarsBoard = state.board
    step = frame.step
    if step == "card":
        frame.step = "second"
        season_card_step(state, pack, ctx)
    elif step == "second":
        frame.step = "orders"
        SECOND_FUNCTIONS[board.season](state, pack, frame, ctx)
    elif step == "autumn_apply":
        frame.step = "orders"
        _apply_autumn(state, pack, frame, ctx)
    elif step == "orders":
        frame.step = "reveal"
        _open_order_prompts(state)
    elif step == "reveal":
        frame.step = "turns"
        _reveal_orders(state, pack, frame, ctx)
    elif step == "turns":
        while frame.turns_left and board.players[frame.turns_left[0]].eliminated:
            frame.turns_left.pop(0)
        if not frame.turns_left:
            frame.step = "end"
            return False
        seat = frame.turns_left.pop(0)
        played = board.players[seat].played
        push(state, Turn(seat, board.current_orders[seat], bonus=earns_bonus(played[:-1], played[-1])))
    else:
        board.previous_orders, board.current_orders = board.current_orders, {}
        return True
    return False


# -- second functions (p. 11, digest §5.3) ---------------------------------------------


def _spring(state: GameState, pack: Pack, frame: Season, ctx: Context) -> None:
    """Activation tokens off the board, every routed figure stands, order cards back to hand."""
    board: RunewarsBoard = state.board
    for area in board.areas.values():
        area.activated_by = []
        for stack in area.stacks:
            stack.standing, stack.routed = stack.count, 0
    for hero in board.heroes:  # p. 11: „(einschließlich neutraler Einheiten und Helden)“
        hero.routed = False
    for player in board.players:
        player.hand, player.played = order_numbers(pack), []
    ctx.emit("spring", activation_tokens_removed=True, routed_stand_up=True, orders_back_to_hand=True)
    for hook in SPRING_HOOKS:  # Banners of War: one Cryomancy token per area melts (engine.runewars.banners.land)
        hook(state, pack, ctx)


def _summer(state: GameState, pack: Pack, frame: Season, ctx: Context) -> None:
    """The quest phase (p. 26): engine/runewars/heroes/quest_phase.py."""
    ctx.emit("summer")
    start_quest_phase(state)


def _autumn(state: GameState, pack: Pack, frame: Season, ctx: Context) -> None:
    """Shuffle the fate discards into the deck; then every player takes 2 influence or 1 tactics card."""
    board: RunewarsBoard = state.board
    cards.reshuffle(board, "fate", ctx.rng)
    ctx.emit("autumn", fate_deck=len(board.decks["fate"].draw))
    frame.step, frame.answers = "autumn_apply", {}
    order = player_order(board, pack, board.previous_orders)
    if cards.cards_left(board, "tactics") >= len(order) * int(pack.constant("autumn_tactics")):  # no choice changes another's
        state.open(_autumn_prompt(state, pack, seat) for seat in order)
    else:  # too few cards for everyone: each chooses in player order, seeing what is left (ruling R30)
        frame.autumn_in_turn, frame.autumn_queue = True, order[1:]
        state.open([_autumn_prompt(state, pack, order[0])])


def _autumn_prompt(state: GameState, pack: Pack, seat: int) -> Prompt:
    board: RunewarsBoard = state.board
    pid = season_choice_id(board, seat)  # board.season is autumn
    info = {"influence": int(pack.constant("autumn_influence")), "tactics": int(pack.constant("autumn_tactics"))}
    if cards.can_draw(board, "tactics"):
        return Prompt(pid, seat, "autumn_choice", info=info)
    info["tactics"] = 0
    return Prompt(pid, seat, "autumn_choice", info=info, forced=Action(seat, pid, "influence"))


def _autumn_legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    choices = ["influence", "tactics"] if prompt.info["tactics"] else ["influence"]
    return [Action(prompt.seat, prompt.id, c) for c in choices]


@prompt_kind("autumn_choice", choices={"influence", "tactics"}, legal=_autumn_legal)
def choose_autumn(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    if action.choice == "tactics" and not prompt.info["tactics"]:
        raise IllegalAction(
            N_("The tactics deck and its discards are empty."),
            rule="p. 11 (Herbst)",
            alternatives=_autumn_legal(state, pack, prompt),
        )
    frame = top(state, Season)
    state.close(prompt.id)
    if frame.autumn_in_turn:  # one after another: apply now, then ask the next
        _take_autumn(state, pack, action.seat, action.choice, ctx)
        if frame.autumn_queue:
            state.open([_autumn_prompt(state, pack, frame.autumn_queue.pop(0))])
    else:
        frame.answers[action.seat] = action.choice


def _apply_autumn(state: GameState, pack: Pack, frame: Season, ctx: Context) -> None:
    """Applied in player order, so the tactics cards come off the deck in that order (digest §12 #2)."""
    for seat in player_order(state.board, pack, state.board.previous_orders):
        if seat in frame.answers:
            _take_autumn(state, pack, seat, frame.answers[seat], ctx)
    frame.answers = {}


def _take_autumn(state: GameState, pack: Pack, seat: int, choice: str, ctx: Context) -> None:
    board: RunewarsBoard = state.board
    if choice == "influence":
        amount = int(pack.constant("autumn_influence"))
        board.players[seat].influence += amount
        ctx.emit("influence_gained", seat=seat, amount=amount, why="autumn")
    else:
        cards.draw_tactics(board, seat, int(pack.constant("autumn_tactics")), ctx)


def _winter(state: GameState, pack: Pack, frame: Season, ctx: Context) -> None:
    """Every player cuts each area down to their food value; water is frozen until winter ends."""
    board: RunewarsBoard = state.board
    ctx.emit("winter", water_frozen=True)
    for seat in player_order(board, pack, board.previous_orders):
        food = board.players[seat].dials["food"]
        open_culls(state, seat, [a for a in sorted(board.areas)], limit=food, why="winter")


SECOND_FUNCTIONS = {"spring": _spring, "summer": _summer, "autumn": _autumn, "winter": _winter}


# -- choosing and revealing orders (p. 12) ---------------------------------------------


def _open_order_prompts(state: GameState) -> None:
    board: RunewarsBoard = state.board
    state.open(
        Prompt(season_id(board, "order", p.seat), p.seat, "choose_order", secret=True, info={"hand": sorted(p.hand)})
        for p in board.players
        if not p.eliminated
    )


def _order_legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    return [Action(prompt.seat, prompt.id, "order", {"number": n}) for n in sorted(state.board.players[prompt.seat].hand)]


@prompt_kind("choose_order", choices={"order"}, legal=_order_legal)
def choose_order(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    player = state.board.players[action.seat]
    number = action.args.get("number")
    if number not in player.hand:
        raise IllegalAction(
            N_("Order card '{number}' is not in your hand; played cards come back in spring.", number=number),
            rule="p. 12 (Befehlskarten wählen)",
            alternatives=_order_legal(state, pack, prompt),
        )
    player.chosen = number
    state.close(prompt.id)
    ctx.emit("order_chosen", seat=action.seat)
    ctx.emit("your_order", to=action.seat, number=number, order=pack.order(number).id)


def _reveal_orders(state: GameState, pack: Pack, frame: Season, ctx: Context) -> None:
    """All orders turn face up at once; player order follows from them (p. 12, p. 31)."""
    board: RunewarsBoard = state.board
    for player in board.players:
        if player.chosen is not None:
            board.current_orders[player.seat] = player.chosen
            player.hand.remove(player.chosen)
            player.played.append(player.chosen)
            player.chosen = None
    frame.turns_left = player_order(board, pack, board.current_orders)
    ctx.emit("orders_revealed", orders=dict(board.current_orders), player_order=list(frame.turns_left))
