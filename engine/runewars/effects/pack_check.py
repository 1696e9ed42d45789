"""A data pack's decks checked against the vocabulary (issue #7): the rules' half of the pack check.

The data package checks the cards' names, decks and counts (engine/runewars/data/cards_decks.py);
the fields written in the rules' words are checked here, on the merged records, with the
error's place named (file, deck and card id, the field, e.g. ``effects[1]``):

- ``season_card`` and ``tactics_card``: ``effects``, a non-empty list of known effects with
  good parameters (a ``unit`` parameter names a unit of the pack); tactics cards' ``timing``,
  one of the windows;
- ``objective``: ``requires``, a non-empty list of known conditions;
- ``title``: ``triggers`` (``when`` one of the triggers, ``effects`` as above) and ``modifiers``.

Effects and conditions register where they are resolved, across the rule modules, so the
registry is complete once the ruleset has imported them: :func:`deck_errors` is one of the
ruleset's ``PACK_CHECKS`` (engine/runewars/ruleset.py), run on every pack it loads.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.runewars.data import PackError
from engine.runewars.data.cards_decks import DECK_TABLES, complete_records
from engine.runewars.data.loader import Merged
from engine.runewars.effects import EFFECTS, effect_problems
from engine.runewars.effects.conditions import condition_problems
from engine.runewars.effects.lasting import MODIFIERS
from engine.runewars.effects.titles import TRIGGERS
from engine.runewars.effects.windows import TIMINGS

Problems = Callable[[Any], list[str]]


def deck_errors(m: Merged) -> list[PackError]:
    """Every card's effects, conditions, window, triggers and modifiers that the rules do not know."""
    errors: list[PackError] = []
    effect_and_unit_problems = _with_units(set(m.tables.get("unit", {})))
    for table in DECK_TABLES:
        for rid, rec in complete_records(m, table).items():

            def err(field: str, message: str, _file: str = rec.file, _record: str = f"{table}[{rid}]") -> None:
                errors.append(PackError(_file, _record, field, message))

            def check_list(field: str, records: Any, problems: Problems, _err=err) -> None:
                if not isinstance(records, list) or not records:
                    _err(field, "a non-empty list of tables")
                    return
                for i, record in enumerate(records):
                    for problem in problems(record):
                        _err(f"{field}[{i}]", problem)

            data = rec.data
            if table == "season_card":
                check_list("effects", data.get("effects"), effect_and_unit_problems)
            elif table == "tactics_card":
                if data.get("timing") not in TIMINGS:
                    err("timing", f"must be one of {TIMINGS}")
                check_list("effects", data.get("effects"), effect_and_unit_problems)
            elif table == "objective":
                check_list("requires", data.get("requires"), condition_problems)
            else:
                _check_title(data, err, check_list, effect_and_unit_problems)
    for table, fields in (("quest", ("gold", "silver", "red", "win")), ("hero", ("effects",)), ("reward", ("effects",))):
        for rid, rec in complete_records(m, table).items():  # the hero cards' effects, against the same vocabulary
            for field in fields:
                for i, record in enumerate(rec.data.get(field) or []):
                    for problem in effect_and_unit_problems(record) if isinstance(record, dict) else ():
                        errors.append(PackError(rec.file, f"{table}[{rid}]", f"{field}[{i}]", problem))
    return errors


def _with_units(units: set[str]) -> Problems:
    """:func:`effect_problems`, and a ``unit`` parameter must name a unit of the pack."""

    def problems(record: Any) -> list[str]:
        found = effect_problems(record)
        if found:
            return found
        params = EFFECTS[record["do"]].params
        return [
            f"{record['do']}: {p} {v!r} is no unit of this pack"
            for p, v in record.items()
            if params.get(p) == "unit" and v not in units
        ]

    return problems


def _check_title(data: dict, err, check_list, effect_problems: Problems) -> None:
    for i, t in enumerate(data.get("triggers", [])):
        if not isinstance(t, dict) or t.get("when") not in TRIGGERS:
            err(f"triggers[{i}].when", f"must be one of {TRIGGERS}")
        else:
            check_list(f"triggers[{i}].effects", t.get("effects"), effect_problems)
    for i, mod in enumerate(data.get("modifiers", [])):
        if not isinstance(mod, dict) or mod.get("modifier") not in MODIFIERS or not isinstance(mod.get("amount"), int):
            err(f"modifiers[{i}]", f"a table {{modifier = one of {MODIFIERS}, amount = a number}}")
