"""Sealed Bids: a tiny game that exercises every part of the engine contract.

Rules (cited by the tests as "tiny §n"):

§1 Setup. The deck holds the cards 1-9 twice and two vetoes (0). It is shuffled and each
   seat is dealt ``hand_size`` cards (default 3) in secret, from the top of the deck.
§2 Commit. Every round all seats at once choose a number card from their hand in secret.
   A seat with no number card passes; a seat whose hand is empty (public) passes at once.
§3 Reveal and react. When every seat has committed, the cards are revealed together.
   Then every seat, whatever its hand, may answer with a veto card or pass.
§4 Scoring. A veto cancels the round (vetoes are discarded). Otherwise the single highest
   card scores a point and its owner draws the top card; when the deck is empty the
   discard pile is shuffled into a new deck first. A tie for highest scores nothing.
§5 End. The game ends when a seat has ``target`` points (default 3), when every hand is
   empty, or when a round is played without any number card; the highest score wins
   (ties share the win).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from random import Random
from typing import Any

from bot.frontend import FrontEnd
from bot.narration import Narrator, cap, listing, player
from engine.core import Action, Context, Event, GameState, IllegalAction, InvalidAction, Prompt, Ruleset, register
from engine.core.engine import copy_state
from engine.core.game import GameDescriptor, Option

VETO = 0
PASS = -1


@register
@dataclass
class TinyBoard:
    round: int
    deck: list[int]
    hands: list[list[int]]
    scores: list[int]
    committed: list[int | None] = field(default_factory=list)
    reactions: list[str | None] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)


class SealedBids(Ruleset):
    name = "tinygame"
    state_format = 1
    min_seats = 2
    max_seats = 4
    #: undo may cross a commit ("committed" names only the seat; "you_committed" repeats the
    #: card to its player); "revealed", scoring and drawing reveal
    undo_safe_events = frozenset({"committed"})
    undo_echo_events = frozenset({"you_committed"})

    # -- setup ------------------------------------------------------------------------
    def deck_cards(self) -> list[int]:
        """§1: the number cards 1-9 twice and two vetoes."""
        return [n for n in range(1, 10) for _ in range(2)] + [VETO, VETO]

    def setup(self, state: GameState, ctx: Context) -> None:
        deck = self.deck_cards()
        ctx.rng.shuffle(deck)
        size = int(state.options.get("hand_size", 3))
        hands = [[deck.pop(0) for _ in range(size)] for _ in state.seats]
        state.board = TinyBoard(round=1, deck=deck, hands=hands, scores=[0] * state.seat_count)
        for seat, hand in enumerate(hands):
            ctx.emit("dealt", to=seat, cards=sorted(hand))
        ctx.emit("hands_dealt", counts=[len(h) for h in hands])
        self._open_commits(state)

    def load_position(self, state: GameState, position: Mapping[str, Any], ctx: Context) -> None:
        n = state.seat_count
        state.board = TinyBoard(
            round=int(position.get("round", 1)),
            deck=list(position.get("deck", [])),
            hands=[list(h) for h in position.get("hands", [[]] * n)],
            scores=list(position.get("scores", [0] * n)),
        )
        state.prompts = []
        self._open_commits(state)

    # -- prompts ----------------------------------------------------------------------
    def _open_commits(self, state: GameState) -> None:
        board: TinyBoard = state.board
        board.committed = [None] * state.seat_count
        board.reactions = [None] * state.seat_count
        for seat in state.seats:
            pid = f"commit/{board.round}/{seat}"
            empty = not board.hands[seat]
            forced = Action(seat, pid, "pass") if empty else None  # hand size is public
            state.open([Prompt(pid, seat, "commit", secret=True, info={"round": board.round}, forced=forced)])

    def legal(self, state: GameState, prompt: Prompt) -> list[Action]:
        board: TinyBoard = state.board
        hand = board.hands[prompt.seat]
        if prompt.kind == "commit":
            numbers = sorted({c for c in hand if c != VETO})
            if not numbers:
                return [Action(prompt.seat, prompt.id, "pass")]
            return [Action(prompt.seat, prompt.id, "play", {"card": c}) for c in numbers]
        answers = [Action(prompt.seat, prompt.id, "pass")]
        if VETO in hand:
            answers.append(Action(prompt.seat, prompt.id, "veto"))
        return answers

    # -- resolving --------------------------------------------------------------------
    def resolve(self, state: GameState, prompt: Prompt, action: Action, ctx: Context) -> None:
        if prompt.kind == "commit":
            self._commit(state, prompt, action, ctx)
        else:
            self._react(state, prompt, action, ctx)

    def _commit(self, state: GameState, prompt: Prompt, action: Action, ctx: Context) -> None:
        board: TinyBoard = state.board
        hand = board.hands[action.seat]
        if action.choice == "play":
            card = action.args.get("card")
            if not isinstance(card, int):
                raise InvalidAction("play needs an integer 'card'")
            if card == VETO or card not in hand:
                raise IllegalAction(
                    "You can only commit a number card from your hand.",
                    rule="tiny §2",
                    alternatives=self.legal(state, prompt),
                )
            hand.remove(card)
        elif action.choice == "pass":
            if any(c != VETO for c in hand):
                raise IllegalAction("You must commit a number card.", rule="tiny §2", alternatives=self.legal(state, prompt))
            card = PASS
        else:
            raise InvalidAction(f"unknown choice {action.choice!r} for a commit")
        board.committed[action.seat] = card
        state.close(prompt.id)
        ctx.emit("committed", seat=action.seat)
        ctx.emit("you_committed", to=action.seat, card=card)
        if all(c is not None for c in board.committed):
            ctx.emit("revealed", cards=list(board.committed))
            for seat in state.seats:  # §3: every seat, whatever its hand
                state.open([Prompt(f"react/{board.round}/{seat}", seat, "react", info={"round": board.round})])

    def _react(self, state: GameState, prompt: Prompt, action: Action, ctx: Context) -> None:
        board: TinyBoard = state.board
        if action.choice == "veto":
            if VETO not in board.hands[action.seat]:
                raise IllegalAction("You hold no veto card.", rule="tiny §3", alternatives=self.legal(state, prompt))
            board.hands[action.seat].remove(VETO)
            board.discard.append(VETO)
        elif action.choice != "pass":
            raise InvalidAction(f"unknown choice {action.choice!r} for a reaction")
        board.reactions[action.seat] = action.choice
        state.close(prompt.id)
        if all(r is not None for r in board.reactions):
            self._score(state, ctx)

    def _score(self, state: GameState, ctx: Context) -> None:
        board: TinyBoard = state.board
        played = [c for c in board.committed if c != PASS]
        board.discard.extend(played)
        vetoes = [s for s, r in enumerate(board.reactions) if r == "veto"]
        if vetoes:
            ctx.emit("vetoed", seats=vetoes)
        else:
            best = max(board.committed)
            winners = [s for s, c in enumerate(board.committed) if c == best]
            if best > 0 and len(winners) == 1:
                winner = winners[0]
                board.scores[winner] += 1
                ctx.emit("round_won", seat=winner, card=best)
                if not board.deck and board.discard:
                    board.deck, board.discard = board.discard, []
                    ctx.rng.shuffle(board.deck)
                    ctx.emit("reshuffled", deck_count=len(board.deck))
                if board.deck:
                    card = board.deck.pop(0)
                    board.hands[winner].append(card)
                    ctx.emit("drew", seat=winner)
                    ctx.emit("you_drew", to=winner, card=card)
            else:
                ctx.emit("round_tied", card=best)
        target = int(state.options.get("target", 3))
        if max(board.scores) >= target or not any(board.hands) or not played:
            top = max(board.scores)
            state.result = {"winners": [s for s, v in enumerate(board.scores) if v == top], "scores": list(board.scores)}
            ctx.emit("game_over", **state.result)
            return
        board.round += 1
        self._open_commits(state)

    # -- views ------------------------------------------------------------------------
    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        board: TinyBoard = state.board
        all_committed = all(c is not None for c in board.committed)
        public: dict[str, Any] = {
            "round": board.round,
            "scores": list(board.scores),
            "hand_counts": [len(h) for h in board.hands],
            "deck_count": len(board.deck),
            "discard": sorted(board.discard),
            "committed": [c is not None for c in board.committed],
            "revealed": list(board.committed) if all_committed else None,
            "awaiting": state.awaited(),
            "result": state.result,
        }
        if seat is not None:
            public["hand"] = sorted(board.hands[seat])
            public["my_commit"] = board.committed[seat]
        return public


RULESET = SealedBids()


# -- the descriptor's parts ------------------------------------------------------------------


def permute_hidden(state: GameState, rng: Any) -> GameState:
    """A copy with what no seat knows drawn again: the order of the deck (§1, §4: cards are
    drawn from its top, and a reshuffled discard pile is shuffled). Hands are known to their
    seats, the discard pile and revealed cards to everybody. ``rng``: anything with ``shuffle``."""
    copy = copy_state(state)
    if copy.board is not None:
        rng.shuffle(copy.board.deck)
    return copy


def highest_card(view: dict[str, Any], prompt: Prompt, legal: list[Action], rng: Random, *, pack: Any = None) -> Action:
    """A simple player: commit its highest number card; veto a round someone else would win."""
    if prompt.kind == "commit":
        plays = [a for a in legal if a.choice == "play"]
        return max(plays, key=lambda a: a.args["card"]) if plays else legal[0]
    revealed = view.get("revealed") or []
    best = max(revealed, default=PASS)
    winners = [s for s, c in enumerate(revealed) if c == best]
    someone_else_wins = best > 0 and len(winners) == 1 and winners[0] != prompt.seat
    veto = next((a for a in legal if a.choice == "veto"), None)
    return veto if veto is not None and someone_else_wins else next(a for a in legal if a.choice == "pass")


def random_answer(view: dict[str, Any], prompt: Prompt, legal: list[Action], rng: Random, *, pack: Any = None) -> Action:
    return rng.choice(legal)


def _card(card: int) -> str:
    return "a veto" if card == VETO else "no card" if card == PASS else f"the {card}"


def _seats(seats: list[int]) -> str:
    return listing(player(s) for s in seats)


#: the event kinds TinyNarrator.event phrases
PHRASED = frozenset(
    {"dealt", "hands_dealt", "committed", "you_committed", "revealed", "vetoed", "round_won", "round_tied", "reshuffled", "drew"}
    | {"you_drew", "game_over"}
)


class TinyNarrator(Narrator):
    """Sealed Bids in words, the narrator of its front-end."""

    def event(self, event: Event) -> str:
        d = event.data
        lines = {
            "dealt": lambda: f"You are dealt {', '.join(_card(c) for c in d['cards'])}.",
            "hands_dealt": lambda: (
                "Hands are dealt: " + ", ".join(f"{player(s)} {n}" for s, n in enumerate(d["counts"])) + " cards."
            ),
            "committed": lambda: f"{cap(player(d['seat']))} has chosen a card.",
            "you_committed": lambda: "You pass this round." if d["card"] == PASS else f"You commit {_card(d['card'])}.",
            "revealed": lambda: "Revealed: " + ", ".join(f"{player(s)} {_card(c)}" for s, c in enumerate(d["cards"])) + ".",
            "vetoed": lambda: f"Vetoed by {_seats(d['seats'])}: the round is cancelled.",
            "round_won": lambda: f"{cap(player(d['seat']))} wins the round with {_card(d['card'])}.",
            "round_tied": lambda: "Nobody played a number card." if d["card"] <= 0 else f"A tie at {d['card']}: nobody scores.",
            "reshuffled": lambda: f"The discard pile is shuffled into a new deck of {d['deck_count']} cards.",
            "drew": lambda: f"{cap(player(d['seat']))} draws a card.",
            "you_drew": lambda: f"You draw {_card(d['card'])}.",
            "game_over": lambda: (
                f"Game over: {_seats(d['winners'])} win{'s' if len(d['winners']) == 1 else ''}; scores "
                + ", ".join(map(str, d["scores"]))
                + "."
            ),
        }
        phrase = lines.get(event.kind)
        return phrase() if phrase is not None else super().event(event)

    def phrased_kinds(self) -> frozenset[str]:
        return PHRASED

    def action(self, action: Action) -> str:
        if action.choice == "play":
            return f"Play {_card(action.args['card'])}"
        return {"pass": "Pass", "veto": "Veto"}.get(action.choice) or super().action(action)

    def prompt(self, prompt: Prompt) -> str:
        round_ = prompt.info.get("round")
        if prompt.kind == "commit":
            return f"Round {round_}: choose a card in secret"
        if prompt.kind == "react":
            return f"Round {round_}: veto the round or pass"
        return super().prompt(prompt)


class TinyFrontEnd(FrontEnd):
    """The tiny game's Discord front-end: its narrator; no command group of its own (players
    read their hand with the My decisions button), nothing answered automatically."""

    narrator = TinyNarrator()


FRONTEND = TinyFrontEnd()
NARRATOR = FRONTEND.narrator

GAME = GameDescriptor(
    name="tinygame",
    title="Sealed Bids",
    ruleset="tests.tinygame:RULESET",
    options=(
        Option("hand_size", int, 3, "cards dealt to each seat at the start (tiny §1)", choices=(1, 2, 3, 4, 5)),
        Option("target", int, 3, "the points that end the game (tiny §5)", choices=(1, 2, 3, 4, 5)),
    ),
    seat_role="seat",
    frontend="tests.tinygame:FRONTEND",
    ai_policies={"highest": "tests.tinygame:highest_card", "random": "tests.tinygame:random_answer"},
    default_ai="highest",
    scenarios="tests/scenarios/tiny",
    hidden="tests.tinygame:permute_hidden",
)
