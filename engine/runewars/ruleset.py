"""The Runewars ruleset: plugs the rule modules into the engine contract.

Every rule module registers its frames, prompt kinds, effects and codec types when it is
imported (engine.runewars.flow). Importing this module imports them all and nothing above
them (not the AI, not the descriptor's hooks): most are imported by the modules used here;
those that only register (the orders, the card effects, the turn, bids, diplomacy, hero upkeep) are
named below. tests/runewars/test_layers.py checks that none is left out.

A pack the ruleset loads passes the data's own checks and the rules' (:data:`PACK_CHECKS`:
the cards' effects against the registry).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from engine.core import Action, Context, GameState, IncompatibleState, Prompt, Ruleset

# imported only to register (the noqa: F401 lines): bids, diplomacy, the turn, the card effects, hero upkeep, the orders
from engine.runewars import banners, bids, diplomacy, flow, position, setup, turn, views  # noqa: F401
from engine.runewars.banners import (  # noqa: F401  (the expansion's rules; commanders, development, free_cities, road_to_victory: its variants)
    abilities,
    cards,
    commanders,
    development,
    flood,
    free_cities,
    garrison,
    land,
    quest_effects,
    recruiting,
    road_to_victory,
    sunken_city,
    tactic_fate,
)
from engine.runewars.data import CheckResult, Pack, check, load_pack, pack_hash
from engine.runewars.data.loader import load_pack_from_records, resolve_pack_dir
from engine.runewars.effects import basic, battle, hand, hero_cards  # noqa: F401
from engine.runewars.effects.pack_check import deck_errors
from engine.runewars.heroes import upkeep  # noqa: F401
from engine.runewars.orders import fortify, gain_power, harvest, mobilize, recruit, strategy  # noqa: F401

#: the rules' checks of a pack, beside the data's own (engine.runewars.data.loader.RecordCheck)
PACK_CHECKS = (deck_errors,)


def check_pack(
    pack_dir: Path | str | None = None, *, use_env: bool = True, options: Mapping[str, Any] | None = None
) -> CheckResult:
    """:func:`engine.runewars.data.check` with :data:`PACK_CHECKS`: what ``python -m engine.runewars.data check`` reports.

    ``options``: the game options whose built-in layers merge in (``banners_of_war``), as a game with them loads its pack."""
    return check(pack_dir, use_env=use_env, checks=PACK_CHECKS, expansions=banners.expansions(options or {}))


@lru_cache(maxsize=8)
def _pack(pack_dir: Path | None, layers: tuple[str, ...] = ()) -> Pack:
    """Packs are read once per process (a pack edited on disk applies after a restart)."""
    return load_pack(pack_dir, use_env=False, checks=PACK_CHECKS, expansions=layers)


@lru_cache(maxsize=8)
def _hash(pack_dir: Path | None, layers: tuple[str, ...] = ()) -> str:
    return pack_hash(_pack(pack_dir, layers))


class Runewars(Ruleset):
    name = "runewars"
    state_format = 1
    min_seats = 2
    max_seats = 4
    #: what undo may cross (engine.core.Ruleset): answers and what follows from public
    #: information; orders or bids revealed, runes turned up, cards drawn or played are not here
    undo_safe_events = frozenset(
        {
            "faction_chosen",
            "tile_placed",
            "home_placed",
            "guide_placed",
            "stronghold_placed",
            "runes_placed",
            "order_chosen",
            "bid_made",
            "turn_began",
            "turn_ended",
            "order_bonus",
            "area_activated",
            "activation_removed",
            "units_moved",
            "neutrals_moved",
            "units_placed",
            "units_routed",
            "units_stood_up",
            "units_eliminated",
            "units_retreated",
            "must_retreat",
            "no_units_marched",
            "units_taken_to_recruit",
            "units_recruited",
            "units_not_recruited",
            "recruit_not_possible",
            "development_built",
            "development_declined",
            "development_not_possible",
            "stronghold_built",
            "stronghold_repaired",
            "fortify_done",
            "runes_moved",
            "dials_set",
            "support_chosen",
            "title_taken",
            "title_declined",
            "influence_spent",
            "hero_moved",
        }
    )
    #: p. 15 „Aktiver Spieler: Der Spieler, der gerade seine Befehlskarte ausführt“: each decision is its seat's
    turn_rule = "p. 15 (Aktiver Spieler, Spielzug): only the player a decision awaits answers it"
    #: the chosen order card, bid and false rune, told back to the seat that chose them
    undo_echo_events = frozenset({"your_order", "your_bid", "your_false_rune"})

    #: the pack :meth:`with_pack_records` gave this ruleset (played whatever the options name), and its hash
    given_pack: Pack | None = None
    given_hash: str = ""

    def pack(self, options: Mapping[str, Any]) -> Pack:
        """The game's data pack: the pack this ruleset was given (:meth:`with_pack_records`), else
        ``options["data_pack"]``, else ``$RUNETABLE_DATA_PACK``, merged over the built-in one."""
        if self.given_pack is not None:
            return self.given_pack
        return _pack(resolve_pack_dir(options.get("data_pack")), banners.expansions(options))

    def pack_hash(self, options: Mapping[str, Any]) -> str:
        if self.given_pack is not None:
            return self.given_hash
        return _hash(resolve_pack_dir(options.get("data_pack")), banners.expansions(options))

    def with_pack_records(self, records: Any, load_order: Any = None) -> Runewars:
        """This ruleset playing the pack made of ``records`` alone (a game's stored or exported
        pack: :attr:`Pack.records`, its decks built in ``load_order``, :attr:`Pack.load_order`),
        validated like a loaded pack; ``options["data_pack"]`` is then never read
        (``python -m bot verify``). Raises :class:`PackInvalid`."""
        bound = Runewars()
        bound.given_pack = load_pack_from_records(records, load_order=load_order, checks=PACK_CHECKS)
        bound.given_hash = pack_hash(bound.given_pack)
        return bound

    def game_pack(self, state: GameState) -> Pack:
        """The pack this game started with; a different pack is refused (docs/versioning.md)."""
        if self.pack_hash(state.options) != state.pack_hash:
            raise IncompatibleState(
                f"this game was started with data pack {state.pack_hash[:12]}, but {self.pack_hash(state.options)[:12]} "
                "is loaded; restore the game's pack (the store keeps it by hash)"
            )
        return self.pack(state.options)

    def setup(self, state: GameState, ctx: Context) -> None:
        setup.start(state, self.game_pack(state), ctx)

    def resolve(self, state: GameState, prompt: Prompt, action: Action, ctx: Context) -> None:
        flow.answer(state, self.game_pack(state), prompt, action, ctx)

    def legal(self, state: GameState, prompt: Prompt) -> list[Action]:
        return flow.legal(state, self.game_pack(state), prompt)

    def load_position(self, state: GameState, spec: Mapping[str, Any], ctx: Context) -> None:
        pack = self.game_pack(state)
        position.load_position(state, pack, spec, ctx.rng)
        flow.run(state, pack, ctx)

    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        return views.view(state, self.pack(state.options), seat)


RULESET = Runewars()
