"""The Seventh Stone ruleset: setup and the year's six phases as prompts (digest §4-§15).

One state machine: ``_advance`` runs after every answer and opens the next prompts from the state
alone (phase, whose turn, the battle in progress), so an interrupt (a shortfall to disband, in any
player's turn) can close the open prompts and they are opened again afterwards. Combat lives in
:mod:`engine.seventhstone.combat`, the markets in :mod:`engine.seventhstone.market`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import N_, Action, Context, GameState, IllegalAction, InvalidAction, Prompt, Ruleset
from engine.seventhstone import board as geo
from engine.seventhstone import combat, market, movement, setting
from engine.seventhstone.pack import Pack, pack_for
from engine.seventhstone.state import (
    PEOPLES,
    StoneBoard,
    army_at,
    count,
    income,
    kill_unit,
    remove_army,
    set_control,
    tear_stones,
)
from engine.seventhstone.views import view as build_view

#: years after which the game ends on the most tear stones (docs/seventhstone/README.md, "Year limit")
DEFAULT_YEAR_LIMIT = 20


def parse_gaps(text: Any, columns: int) -> list[int] | None:
    """The option ``gaps`` ("4,5,6,2,5,3,1"): one water row (1-6) per column, or None for dice."""
    if not text:
        return None
    try:
        rows = [int(part) for part in str(text).split(",")]
    except ValueError:
        raise InvalidAction(
            N_("gaps takes {columns} rows from 1 to 6 separated by commas, not '{text}'", columns=columns, text=text)
        ) from None
    if len(rows) != columns or not all(1 <= r <= 6 for r in rows):
        raise InvalidAction(
            N_("gaps takes {columns} rows from 1 to 6 separated by commas, not '{text}'", columns=columns, text=text)
        )
    return rows


def refuse_four_player_variants(options: Mapping[str, Any], seats: int) -> None:
    """Doppelzug is „für 4 Spieler“ (rulebook section 5, digest §16.2) and the Vier Inseln layout is drawn
    for four players (ruling R30): a game of fewer players with either on is refused at its start."""
    if seats == 4:
        return
    if options.get("doppelzug"):
        raise IllegalAction(
            N_("Doppelzug is a variant for 4 players; this game has {count}.", count=seats),
            rule="Seventh Stone §16.2: „Doppelzug (für 4 Spieler)“",
        )
    if options.get("vier_inseln"):
        raise IllegalAction(
            N_("The Vier Inseln board is laid for 4 players; this game has {count}.", count=seats),
            rule="Seventh Stone §16.2, ruling R30",
        )


def opts(state: GameState) -> dict[str, Any]:
    return state.options


class SeventhStone(Ruleset):
    name = "seventhstone"
    state_format = 1
    min_seats = 2
    max_seats = 4
    turn_rule = "Seventh Stone §6: the phases run in the turn order bought at the movement market"
    undo_safe_events = frozenset({"allocation_sealed"})
    undo_echo_events = frozenset({"you_allocated"})

    def pack(self, options: Mapping[str, Any]) -> Pack:
        return pack_for(options)

    def pack_hash(self, options: Mapping[str, Any]) -> str:
        return pack_for(options).hash

    # ------------------------------------------------------------------ setup
    def setup(self, state: GameState, ctx: Context) -> None:
        pack = pack_for(state.options)
        n = state.seat_count
        refuse_four_player_variants(state.options, n)
        if state.options.get("vier_inseln") and n == 4:
            cells, rolls = geo.generate_islands(pack, ctx.rng), list[int]()
        else:
            gaps = parse_gaps(state.options.get("gaps"), pack.columns.get(n, 7))
            cells, rolls = geo.generate(pack, n, ctx.rng, gaps=gaps)
        state.board = self._fresh(cells, rolls, n, pack)
        tiles = [t["id"] for t in pack.equipment]
        ctx.rng.shuffle(tiles)
        state.board.stacks = [tiles[k :: pack.rules["markets"]["stacks"]] for k in range(pack.rules["markets"]["stacks"])]
        ctx.emit("board_built", columns=geo.ncols_of(cells), gaps=rolls, islands=not rolls)
        self._advance(state, ctx)

    def _fresh(self, cells: dict[str, Any], rolls: list[int], n: int, pack: Pack) -> StoneBoard:
        b = StoneBoard(ncols=geo.ncols_of(cells), cells=cells, gaps=rolls, people=[None] * n)
        b.storage, b.spent, b.debt = [0] * n, [0] * n, [0] * n
        b.tstones, b.ts_perm = [0] * n, [0] * n
        b.hands = [[] for _ in range(n)]
        b.goods = [market.no_goods() for _ in range(n)]
        b.mercs = [0] * n
        b.alloc = [market.no_alloc() for _ in range(n)]
        b.sealed = [False] * n
        b.unit_max = pack.limit("unit_max")
        return b

    def load_position(self, state: GameState, position: Mapping[str, Any], ctx: Context) -> None:
        from engine.seventhstone.position import load

        load(self, state, position, ctx)

    # ------------------------------------------------------------------ the machine
    def open(self, state: GameState, seat: int, kind: str, *, info: dict[str, Any] | None = None, secret: bool = False) -> None:
        b: StoneBoard = state.board
        b.step += 1
        prompt = Prompt(f"{kind}/{b.year}/{b.step}", seat, kind, secret=secret, info={"year": b.year, **(info or {})})
        legal = self.legal_for(state, prompt)
        if len(legal) == 1 and kind in FORCEABLE:
            prompt = Prompt(prompt.id, seat, kind, secret=secret, info=prompt.info, forced=legal[0])
        state.open([prompt])

    def _advance(self, state: GameState, ctx: Context) -> None:
        b: StoneBoard = state.board
        for _ in range(10_000):
            if state.prompts or state.result is not None:
                return
            debtor = next((s for s in (b.order or state.seats) if b.debt[s] > 0), None)
            if debtor is not None:
                self.open(state, debtor, "disband", info={"debt": b.debt[debtor], "player": debtor})
                return
            getattr(self, f"_phase_{b.phase}")(state, ctx)
        raise RuntimeError("seventhstone: the phase machine does not settle")

    # -- setup phases (digest §4)
    def _phase_people(self, state: GameState, ctx: Context) -> None:
        b: StoneBoard = state.board
        seat = next((s for s in state.seats if b.people[s] is None), None)
        if seat is not None:
            self.open(state, seat, "people", info={"player": seat})
            return
        order = self.roll_order(list(state.seats), ctx)
        b.order = order
        ctx.emit("start_order", order=order)
        b.phase = "capital"

    def roll_order(self, seats: list[int], ctx: Context, *, why: str = "start") -> list[int]:
        """Highest die first; tied players roll again among themselves (digest §4 step 4)."""
        dice = {s: ctx.rng.below(6) + 1 for s in seats}
        ctx.emit("order_rolled", seats=list(seats), rolls=[dice[s] for s in seats], why=why)
        order: list[int] = []
        for value in sorted(set(dice.values()), reverse=True):
            group = [s for s in seats if dice[s] == value]
            order += group if len(group) == 1 else self.roll_order(group, ctx, why=why)
        return order

    def _phase_capital(self, state: GameState, ctx: Context) -> None:
        b: StoneBoard = state.board
        seat = next((s for s in b.order if s not in b.capitals.values()), None)
        if seat is None:
            b.phase, b.done = "barracks", []
            return
        self.open(state, seat, "capital", info={"player": seat})

    def _phase_barracks(self, state: GameState, ctx: Context) -> None:
        b: StoneBoard = state.board
        seat = next((s for s in reversed(b.order) if s not in b.done), None)
        if seat is not None:
            self.open(state, seat, "barracks", info={"player": seat})
            return
        pack = pack_for(state.options)
        for s in state.seats:
            b.storage[s] = income(b, s, opts(state), pack)
        ctx.emit("resources_dealt", resources=list(b.storage), tear_stones=[tear_stones(b, s) for s in state.seats])
        b.phase = "event"

    # -- the year
    def _phase_event(self, state: GameState, ctx: Context) -> None:
        b: StoneBoard = state.board
        b.year += 1
        b.volcano = []
        b.flags = {}
        b.event = None
        ctx.emit("year_begins", year=b.year)
        face = ctx.rng.below(6) + 1
        pack = pack_for(state.options)
        kind = pack.events[face]
        b.event = kind
        count(b, f"event_{kind}")
        self._event(state, kind, ctx)
        b.phase = "market"

    def _event(self, state: GameState, kind: str, ctx: Context) -> None:
        b: StoneBoard = state.board
        if kind == "volcano":
            corner = geo.volcano_corner(b.cells, ctx.rng)
            hits = []
            for _ in range(4):
                h, v = ctx.rng.below(6) + 1, ctx.rng.below(6) + 1
                cell = geo.from_corner(b.cells, corner[:2], h, v)
                hits.append([h, v, cell])
                if cell is not None and b.cells[cell]["kind"] != "water" and cell not in b.volcano:
                    b.volcano.append(cell)
            ctx.emit("event", event=kind, hits=hits, corner=list(corner[:2]), corner_rolled=corner[2])
            for cell in b.volcano:
                self.destroy_armies(state, cell, ctx, cause="volcano")
        elif kind == "quicksand":
            b.flags["quicksand"] = True
            ctx.emit("event", event=kind)
            for army in [a for a in b.armies if b.cells[a["cell"]]["kind"] == "desert"]:
                tile = army.get("equip")
                if tile is not None and pack_for(state.options).tile(tile)["kind"] == "agility":
                    army["equip"] = None
                    b.discard.append(tile)
                    ctx.emit("agility_saves", seat=army["owner"], cell=army["cell"], tile=tile)
                    continue
                self.destroy_armies(state, army["cell"], ctx, cause="quicksand", only=army)
        elif kind == "troop_expansion":
            b.unit_max += 1
            ctx.emit("event", event=kind, unit_max=b.unit_max)
        elif kind == "mercenary_dismissal":
            for army in b.armies:
                army["merc"] = 0
            b.armies = [a for a in b.armies if a["reg"] + a["merc"] > 0]
            ctx.emit("event", event=kind)
        else:
            b.flags["water" if kind == "water_crossing" else "portals"] = True
            ctx.emit("event", event=kind)

    def destroy_armies(
        self, state: GameState, cell: str, ctx: Context, *, cause: str, only: dict[str, Any] | None = None
    ) -> None:
        b: StoneBoard = state.board
        for army in [only] if only is not None else [a for a in b.armies if a["cell"] == cell]:
            while army["reg"]:
                kill_unit(b, army, "regular")
            army["merc"] = 0
            if army.get("equip") is not None:
                b.discard.append(army["equip"])
                ctx.emit("tile_discarded", tile=army["equip"], seat=army["owner"])
                army["equip"] = None
            remove_army(b, army)
            ctx.emit("army_destroyed", seat=army["owner"], cell=cell, army=army["type"], cause=cause)

    def _phase_market(self, state: GameState, ctx: Context) -> None:
        market.begin(self, state, ctx)

    def _phase_allocate(self, state: GameState, ctx: Context) -> None:
        market.reveal(self, state, ctx)

    def _phase_draft(self, state: GameState, ctx: Context) -> None:
        market.draft_step(self, state, ctx)

    def _phase_order(self, state: GameState, ctx: Context) -> None:
        market.order_step(self, state, ctx)

    def _phase_setting(self, state: GameState, ctx: Context) -> None:
        setting.step(self, state, ctx)

    def _phase_movement(self, state: GameState, ctx: Context) -> None:
        if state.board.battle is not None:
            combat.step(self, state, ctx)
            return
        movement.step(self, state, ctx)

    def _phase_late(self, state: GameState, ctx: Context) -> None:
        if state.board.battle is not None:
            combat.step(self, state, ctx)
            return
        movement.late_step(self, state, ctx)

    def _phase_support(self, state: GameState, ctx: Context) -> None:
        combat.support_step(self, state, ctx)

    def _phase_combat(self, state: GameState, ctx: Context) -> None:
        if state.board.battle is not None:
            combat.step(self, state, ctx)
            return
        combat.pick_step(self, state, ctx)

    def _phase_tournament(self, state: GameState, ctx: Context) -> None:
        from engine.seventhstone.tournament import tournament_phase

        tournament_phase(self, state, ctx)
        if state.result is None:
            self._victory(state, ctx)

    def _victory(self, state: GameState, ctx: Context) -> None:
        """Digest §14: 7 tear stones (6 with "Keine Zeit") held at the end of a year win; ruling R1 for
        ties; ruling R2: after the year limit the most tear stones win."""
        b: StoneBoard = state.board
        target = 6 if state.options.get("keine_zeit") else 7
        stones = [tear_stones(b, s) for s in state.seats]
        ctx.emit("year_ends", year=b.year, tear_stones=stones)
        best = max(stones)
        top = [s for s in state.seats if stones[s] == best]
        limit = int(state.options.get("year_limit", DEFAULT_YEAR_LIMIT))
        if best >= target and len(top) == 1:
            state.result = {"winners": top, "reason": "tear_stones", "tear_stones": stones, "year": b.year}
        elif b.year >= limit:
            state.result = {"winners": top, "reason": "year_limit", "tear_stones": stones, "year": b.year}
        if state.result is not None:
            ctx.emit("game_over", **state.result)
            return
        b.phase = "event"

    # ------------------------------------------------------------------ answers
    def legal(self, state: GameState, prompt: Prompt) -> list[Action]:
        return self.legal_for(state, prompt)

    def legal_for(self, state: GameState, prompt: Prompt) -> list[Action]:
        kind = prompt.kind
        s = prompt.seat
        b: StoneBoard = state.board
        if kind == "people":
            taken = {p for p in b.people if p}
            return [Action(s, prompt.id, "people", {"people": p}) for p in PEOPLES if p not in taken]
        if kind == "capital":
            return [Action(s, prompt.id, "place", {"cell": c}) for c in self.free_yield(b)]
        if kind == "barracks":
            return [Action(s, prompt.id, "place", {"cell": c}) for c in self.free_yield(b)]
        if kind == "disband":
            return [
                Action(s, prompt.id, "disband", {"cell": a["cell"], "army": a["type"]})
                for a in b.armies
                if a["owner"] == s and a["reg"] > 0
            ]
        module = HANDLERS.get(kind)
        if module is None:
            return []
        found: list[Action] = module.legal(self, state, prompt)
        return found

    def resolve(self, state: GameState, prompt: Prompt, action: Action, ctx: Context) -> None:
        legal = self.legal_for(state, prompt)
        if action not in legal:
            raise IllegalAction(
                N_("That answer is not allowed now: choose one of the answers offered."),
                rule=RULES.get(prompt.kind, "Seventh Stone"),
                alternatives=legal[:10],
            )
        b: StoneBoard = state.board
        state.close(prompt.id)
        kind = prompt.kind
        s = action.seat
        if kind == "people":
            b.people[s] = action.args["people"]
            ctx.emit("people_chosen", seat=s, people=b.people[s])
        elif kind == "capital":
            cell = action.args["cell"]
            b.capitals[cell] = s
            b.control[cell] = s
            ctx.emit("capital_placed", seat=s, cell=cell)
        elif kind == "barracks":
            cell = action.args["cell"]
            b.buildings[cell] = [{"type": "barracks", "year": 0}]
            b.control[cell] = s
            b.done.append(s)
            ctx.emit("barracks_placed", seat=s, cell=cell)
        elif kind == "disband":
            army = army_at(b, action.args["cell"], s)
            assert army is not None
            army["reg"] -= 1
            b.debt[s] -= 1
            if army["merc"] > army["reg"]:
                army["merc"] -= 1
            if army["reg"] + army["merc"] == 0:
                if army.get("equip") is not None:
                    b.discard.append(army["equip"])
                    ctx.emit("tile_discarded", tile=army["equip"], seat=s)
                remove_army(b, army)
            count(b, "disbandings")
            ctx.emit("disbanded", seat=s, cell=action.args["cell"], army=army["type"], debt=b.debt[s])
        else:
            HANDLERS[kind].resolve(self, state, prompt, action, ctx)
        if any(d > 0 for d in b.debt) and not any(p.kind == "disband" for p in state.prompts):
            state.prompts = [p for p in state.prompts if p.kind == "allocate"]
        self._advance(state, ctx)

    # ------------------------------------------------------------------ helpers
    def free_yield(self, b: StoneBoard) -> list[str]:
        """Unoccupied yield fields (digest §4 steps 5-6)."""
        return [c for c, d in b.cells.items() if d["kind"] in geo.YIELD and c not in b.control]

    def take(self, state: GameState, cell: str, seat: int | None, ctx: Context) -> None:
        set_control(state.board, cell, seat, opts(state), pack_for(state.options), ctx)

    # ------------------------------------------------------------------ views
    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        return build_view(state, seat)


#: prompt kinds whose single legal answer follows from public information alone (answered at once)
FORCEABLE = frozenset({"people", "order_assign", "casualty", "battle_pick", "disband"})

RULES = {
    "people": "Seventh Stone §4 step 3",
    "capital": "Seventh Stone §4 step 5: an unoccupied yield field",
    "barracks": "Seventh Stone §4 step 6: another unoccupied yield field",
    "disband": "Seventh Stone §5: disband regular units for the shortfall",
    "allocate": "Seventh Stone §8.1 C: allocate no more than your storage",
    "draft": "Seventh Stone §8.2: keep one of the tiles handed to you",
    "order_pick": "Seventh Stone §8.2: choose a free position",
    "order_assign": "Seventh Stone §8.2: the top bidder places those who bid nothing",
    "setting": "Seventh Stone §9: placement and capacity rules",
    "move": "Seventh Stone §10: movement rules",
    "overrun": "Seventh Stone §10.8: at least twice the opposing units",
    "support": "Seventh Stone §11.1: supports",
    "battle_pick": "Seventh Stone §11.2: choose one of your conflicts",
    "use_equipment": "Seventh Stone §11.3: combat tiles at the start of a combat",
    "walls": "Seventh Stone §11.7: walls built before this year",
    "target": "Seventh Stone §11.5: aim at a player with units in the field",
    "casualty": "Seventh Stone §11.5: remove your own units, mercenary maximum kept, guards last",
}

HANDLERS: dict[str, Any] = {
    "allocate": market,
    "draft": market,
    "order_pick": market,
    "order_assign": market,
    "setting": setting,
    "move": movement,
    "overrun": movement,
    "support": combat,
    "battle_pick": combat,
    "use_equipment": combat,
    "walls": combat,
    "target": combat,
    "casualty": combat,
}

RULESET = SeventhStone()
