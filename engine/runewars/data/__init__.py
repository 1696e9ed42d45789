"""Runewars static data: pack format, loader and checker.

    from engine.runewars.data import load_pack, check, pack_hash
    pack = load_pack()            # built-in pack, or $RUNETABLE_DATA_PACK merged over it
    pack = load_pack(Path(dir))   # a group's own transcription merged over the built-in pack

``load_pack`` and ``check`` make the checks the data can make by itself; the ruleset adds the
rules' (the cards' effects against the registry: ``engine.runewars.ruleset.check_pack``). This
package imports no rule module, except its command line (``__main__``), which runs the whole
check. The pack format is documented in ``docs/data-packs.md``.
"""

from .loader import ENV_VAR, CheckResult, PackInvalid, builtin_dir, check, load_pack, pack_hash
from .model import (
    DIRECTION_ORDER,
    DIRECTIONS,
    OPPOSITE,
    CityToken,
    Component,
    Constant,
    Development,
    Dial,
    DialField,
    ExplorationToken,
    Faction,
    FateCard,
    FateSection,
    FateSymbol,
    Hex,
    MapTile,
    NamedCard,
    OrderCard,
    Pack,
    PackError,
    Provenance,
    RuneTokens,
    SetupQuest,
    UnitType,
    neighbour,
    rotate_axial,
    rotate_direction,
)

__all__ = [
    "ENV_VAR",
    "CheckResult",
    "PackInvalid",
    "builtin_dir",
    "check",
    "load_pack",
    "pack_hash",
    "DIRECTION_ORDER",
    "DIRECTIONS",
    "OPPOSITE",
    "CityToken",
    "Component",
    "Constant",
    "Development",
    "Dial",
    "DialField",
    "ExplorationToken",
    "Faction",
    "FateCard",
    "FateSection",
    "FateSymbol",
    "Hex",
    "MapTile",
    "NamedCard",
    "OrderCard",
    "Pack",
    "PackError",
    "Provenance",
    "RuneTokens",
    "SetupQuest",
    "UnitType",
    "neighbour",
    "rotate_axial",
    "rotate_direction",
]
