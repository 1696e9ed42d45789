"""Season, tactics, objective and title cards (data/runewars/season_cards.toml, tactics.toml, objectives.toml, titles.toml).

The loader calls :func:`check_decks` on the merged records (errors name file, deck and
card id, and the field) and :func:`deck_counts` for the checker's counts. The fields written
in the rules' vocabulary (``effects``, ``timing``, ``requires``, ``triggers``, ``modifiers``)
are checked on the rules side, against the effect registry, which lives with the rule
modules: the ruleset runs engine/runewars/effects/pack_check.py on every pack it loads.

Fields beyond ``id``, ``name_de``, ``source``: ``name`` (the name shown), ``summary``
(one line), ``text`` (what a player reads), and per deck:

- ``season_card``: ``season``, ``council`` (marked RAT DER MAGIER), ``effects``;
- ``tactics_card``: ``timing`` (its window), ``effects``;
- ``objective``: ``alignment`` (good or evil deck), ``requires`` (conditions);
- ``title``: ``triggers``, ``modifiers``, ``heroes_loyal`` (engine.runewars.effects.titles).
"""

from __future__ import annotations

from typing import Any

SEASONS = ("spring", "summer", "autumn", "winter")
DECK_TABLES = ("season_card", "tactics_card", "objective", "title")
#: the rulebook's counts (p. 4): 8 per season, 50 tactics, 8 good and 8 evil objectives, 3 titles
COMPONENTS = {"season_card": "season_cards", "tactics_card": "tactics_cards", "title": "title_cards"}


def complete_records(m, table: str) -> dict[str, Any]:
    """The complete (not ``partial``) records of ``table``, by id."""
    return {rid: rec for rid, rec in m.tables.get(table, {}).items() if not rec.data.get("partial", False)}


def check_decks(v, m) -> None:
    """Per card: names, summary and the deck fields outside the vocabulary; per deck: the rulebook's counts."""
    for table in DECK_TABLES:
        for rid, rec in complete_records(m, table).items():

            def err(field: str, message: str, _rec=rec, _rid=rid, _table=table) -> None:
                v.err(_rec, _table, _rid, field, message)

            data = rec.data
            for field in ("name", "summary"):
                if not isinstance(data.get(field), str) or not data.get(field):
                    err(field, "missing required field (a string)")
            if table == "season_card":
                if data.get("season") not in SEASONS:
                    err("season", f"must be one of {SEASONS}")
                if not isinstance(data.get("council", False), bool):
                    err("council", "must be true or false")
            elif table == "objective":
                if data.get("alignment") not in ("good", "evil"):
                    err("alignment", "must be 'good' or 'evil'")
            elif table == "title" and not isinstance(data.get("heroes_loyal", False), bool):
                err("heroes_loyal", "must be true or false")
    _check_unique_ids(v, m)
    _check_counts(v, m)


def _check_unique_ids(v, m) -> None:
    """A card id names one card: the views and the card lookup find cards by id alone."""
    tables = ("hero", "reward", "quest") + DECK_TABLES
    seen: dict[str, str] = {}
    for table in tables:
        for rid, rec in complete_records(m, table).items():
            if rid in seen and table in DECK_TABLES:
                v.err(rec, table, rid, "id", f"the id {rid!r} is also a {seen[rid]} card")
            seen.setdefault(rid, table)


def _check_counts(v, m) -> None:
    for table, component in COMPONENTS.items():
        records = complete_records(m, table)
        want = v.comp(component)
        if records and want is not None and len(records) != want:
            last = list(records.values())[-1]
            v.err(last, table, last.data["id"], "id", f"{len(records)} complete {table} cards, the component list says {want}")
    seasons = complete_records(m, "season_card")
    if seasons:
        per = len(seasons) // len(SEASONS)
        for season in SEASONS:
            these = [r for r in seasons.values() if r.data.get("season") == season]
            if len(these) != per:
                last = (these or list(seasons.values()))[-1]
                v.err(last, "season_card", last.data["id"], "season", f"{len(these)} {season} cards; every season deck has {per}")
    objectives = complete_records(m, "objective")
    if objectives:
        for alignment in ("good", "evil"):
            these = [r for r in objectives.values() if r.data.get("alignment") == alignment]
            want = v.comp(f"objective_cards_{alignment}")
            if want is not None and len(these) != want:
                last = (these or list(objectives.values()))[-1]
                v.err(
                    last,
                    "objective",
                    last.data["id"],
                    "alignment",
                    f"{len(these)} {alignment} objectives, the component list says {want}",
                )


def deck_counts(m) -> dict[str, Any]:
    """The checker's counts of these decks: per season, per window, per alignment, and the card-only rules."""
    seasons = [r.data for r in complete_records(m, "season_card").values()]
    tactics = [r.data for r in complete_records(m, "tactics_card").values()]
    objectives = [r.data for r in complete_records(m, "objective").values()]
    if not (seasons or tactics or objectives):
        return {}

    def does(cards: list[dict], name: str) -> int:
        return sum(1 for c in cards if any(isinstance(e, dict) and e.get("do") == name for e in c.get("effects", [])))

    return {
        "season_cards_by_season": {s: sum(1 for c in seasons if c.get("season") == s) for s in SEASONS},
        "council_cards": sum(1 for c in seasons if c.get("council")),
        "bid_cards": does(seasons, "bid"),
        "tactics_by_window": {t: n for t, n in sorted(_tally(c.get("timing") for c in tactics).items())},
        "objectives_by_alignment": {a: sum(1 for c in objectives if c.get("alignment") == a) for a in ("good", "evil")},
    }


def _tally(values) -> dict[str, int]:
    out: dict[str, int] = {}
    for value in values:
        out[str(value)] = out.get(str(value), 0) + 1
    return out
