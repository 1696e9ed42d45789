"""Road to Victory (Straße des Sieges, Banners of War p. 11; digest §6.4; rulings R-BWV5, R-BWV6).

- No instant win: „Mit dieser Variante muss ein Spieler zunächst nachweisen, dass er genügend Drachenrunen für den
  Spielsieg besitzt und kann im darauf folgenden Jahr nur gewinnen, falls er dann immer noch über genügend
  Drachenrunen verfügt“ (engine.runewars.victory asks :func:`instant_win_off`).
- Proving and placing: „Jederzeit während seines Spielzuges kann ein Spieler Drachenrunen aufdecken und zwar solange,
  bis er bewiesen hat, dass er genügend Drachenrunen für den Spielsieg besitzt“; „Anstatt das Spiel sofort zu gewinnen,
  legt der Spieler die Siegkarte seiner Fraktion verdeckt auf den Kartenstapel der aktuellen Jahreszeit.“ Offered as
  ``victory_card`` beside the active player's turn windows (R-BWV5): runes already face up (and printed runes) count,
  the fewest face-down dragon runes needed are revealed (exp. p. 8 „Drachenrunen aufdecken“).
- Checking: „Falls während des Spielschrittes ‚Jahreszeitenkarte ausführen‘ auf dem aktuellen Jahreszeitenkartenstapel
  eine Siegkarte liegt, wird sie aufgedeckt, bevor die Jahreszeitenkarte gezogen wird“: enough dragon runes (revealing
  more if needed) win; else „nimmt er die Karte wieder an sich“ (hook ``season_cards.BEFORE_DRAW``).
- Limits: „Auf jedem Jahreszeitenkartenstapel kann maximal nur eine Siegkarte liegen“; „im letzten Jahr des Spiels
  nicht mehr eingesetzt“; the last year ends as in the base game (engine.runewars.victory.end_of_time).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import N_, Action, Context, GameState, IllegalAction, Prompt
from engine.runewars import turn
from engine.runewars.banners.variants import ROAD_TO_VICTORY, VariantsBoard, variant_on
from engine.runewars.control import control_map
from engine.runewars.data import Pack
from engine.runewars.effects import season_cards
from engine.runewars.flow import beside_every_prompt, top
from engine.runewars.runes import dragon_rune_count, runes_to_win
from engine.runewars.state import RunewarsBoard
from engine.runewars.turn_order import Turn

RULE = (
    "Banners of War p. 11 (Straße des Sieges): „Anstatt das Spiel sofort zu gewinnen, legt der Spieler die Siegkarte seiner "
    "Fraktion verdeckt auf den Kartenstapel der aktuellen Jahreszeit“; „maximal nur eine Siegkarte“ per deck, none in the last year"
)
CHOICE = "victory_card"


def instant_win_off(options: Mapping[str, Any]) -> bool:
    """With Road to Victory nobody wins at once (ruling R-BWV5); elimination and the last player left still end it."""
    return variant_on(options, ROAD_TO_VICTORY)


def last_year(state: GameState, pack: Pack) -> int:
    return int(pack.constant("epic_years" if state.options.get("epic") else "years"))


def target(state: GameState, pack: Pack) -> int:
    return runes_to_win(pack, bool(state.options.get("epic")))


def shown_runes(board: RunewarsBoard, seat: int, control: Mapping[str, int | None]) -> int:
    """Dragon runes of ``seat`` everyone sees: face-up dragon rune tokens in its areas, its face-up Dragon Thrones and
    printed runes (all of them public; R-BWV5)."""
    hidden = sum(
        1
        for a, area in board.areas.items()
        if area.rune is not None and area.rune.dragon and not area.rune.face_up and control.get(a) == seat
    )
    return dragon_rune_count(board, seat, control) - hidden


def may_place(state: GameState, pack: Pack, seat: int) -> bool:
    """``seat`` may prove its runes and place its victory card now (in its turn; the caller checks that)."""
    board = state.board
    if not isinstance(board, VariantsBoard) or not variant_on(state.options, ROAD_TO_VICTORY) or board.phase != "play":
        return False
    if board.year >= last_year(state, pack) or board.season in board.victory_cards:
        return False
    if any(v[0] == seat for v in board.victory_cards.values()):  # one victory card per faction
        return False
    return dragon_rune_count(board, seat) >= target(state, pack)


def reveal_to(state: GameState, pack: Pack, seat: int, ctx: Context, why: str) -> bool:
    """Reveal ``seat``'s face-down dragon runes, fewest first by area, until it has shown enough; True when it has."""
    board: RunewarsBoard = state.board
    control = control_map(board)
    need = target(state, pack) - shown_runes(board, seat, control)
    for area_id, area in sorted(board.areas.items()):
        if need <= 0:
            break
        rune = area.rune
        if rune is not None and rune.dragon and not rune.face_up and control.get(area_id) == seat:
            rune.face_up, rune.known_to, rune.last_known = True, list(range(len(board.players))), {}
            ctx.emit("rune_revealed", seat=seat, area=area_id, rune="dragon", why=why)
            need -= 1
    return need <= 0


def offered(state: GameState, pack: Pack, prompt: Prompt) -> bool:
    """Beside the active player's turn windows (before and after his order), when he may place his card."""
    if prompt.kind != "turn_window":
        return False
    turn = top(state, Turn)
    return turn is not None and turn.seat == prompt.seat and may_place(state, pack, prompt.seat)


@beside_every_prompt(CHOICE, offered)
def place_victory_card(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    board: VariantsBoard = state.board
    if not reveal_to(state, pack, action.seat, ctx, why="road_to_victory"):  # offered only with enough: never here
        raise IllegalAction(N_("You do not control enough dragon runes to win."), rule=RULE)
    board.victory_cards[board.season] = [action.seat, board.year]
    state.close(prompt.id)
    state.open([prompt])  # the window stays: the turn goes on
    ctx.emit("victory_card_placed", seat=action.seat, season=board.season, year=board.year, runes=target(state, pack))


def check_victory_card(state: GameState, pack: Pack, ctx: Context) -> bool:
    """Before the season card is drawn: a victory card on this season's deck is revealed. True when the game is won."""
    board = state.board
    if not isinstance(board, VariantsBoard) or board.season not in board.victory_cards:
        return False
    seat, placed = board.victory_cards.pop(board.season)
    player = board.players[seat]
    if player.eliminated:
        ctx.emit("victory_card_removed", seat=seat, season=board.season, why="eliminated")
        return False
    if reveal_to(state, pack, seat, ctx, why="victory_card"):
        ctx.emit("victory_card_won", seat=seat, season=board.season, placed=placed)
        from engine.runewars.victory import finish  # the victory module imports this one

        control = control_map(board)
        areas = [a for a, area in sorted(board.areas.items()) if area.rune and area.rune.dragon and control[a] == seat]
        finish(state, ctx, winner=seat, reason="victory_card", areas=areas)
        return True
    ctx.emit("victory_card_returned", seat=seat, season=board.season, placed=placed)
    return False


season_cards.BEFORE_DRAW.append(check_victory_card)


def might_place(state: GameState, pack: Pack, seat: int) -> bool:
    """Whether the turn window must ask ``seat`` (not answer itself): read from public facts only, so that asking
    tells nobody whether he holds enough dragon runes. Every rune token in his areas might be a dragon rune."""
    board = state.board
    if not isinstance(board, VariantsBoard) or not variant_on(state.options, ROAD_TO_VICTORY) or board.phase != "play":
        return False
    if board.year >= last_year(state, pack) or board.season in board.victory_cards:
        return False
    if any(v[0] == seat for v in board.victory_cards.values()):
        return False
    control = control_map(board)
    face_down = sum(
        1 for a, area in board.areas.items() if area.rune is not None and not area.rune.face_up and control[a] == seat
    )
    return shown_runes(board, seat, control) + face_down >= target(state, pack)


turn.WINDOW_CHOICES.append(might_place)
