"""Banners of War (``Banner des Krieges``, rulebook seed 003): the Runewars option ``banners_of_war``.

The expansion's mandatory rules („Benutzung dieser Erweiterung“), one module per rule area:

- :mod:`.board` — the board with the expansion's facts (Desolation, Cryomancy, the Sunken City);
- :mod:`.garrison` — the ninth order card, number 0 (ruling R-BW3);
- :mod:`.recruiting` — new units recruited instead of a base figure, per figure (the Daqan example);
- :mod:`.tactic_fate` — tactic fate cards instead of fate draws (battles);
- :mod:`.cards` — the effects of the expansion's cards: revealing rune tokens, Desolation, Cryomancy,
  the Guildmaster of Merchants, Bribery;
- :mod:`.land` — what the tokens do to production, movement and spring;
- :mod:`.abilities` — the new unit types' special abilities.

Without the option nothing here runs: every hook in the base modules asks :func:`on` first, and the
base game keeps its board type, its pack and its figures (tests/golden).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

OPTION = "banners_of_war"
#: the expansion's built-in data layer (data/runewars/banners_of_war), merged over the base pack
LAYER = "banners_of_war"


def on(options: Mapping[str, Any]) -> bool:
    """Whether a game with ``options`` plays with the expansion."""
    return bool(options.get(OPTION))


def expansions(options: Mapping[str, Any]) -> tuple[str, ...]:
    """The built-in data layers the game's options call for (for the pack loader): the expansion's, then its
    variants' (:mod:`.variants`, issue 24)."""
    from engine.runewars.banners.variants import layers

    return ((LAYER,) + layers(options)) if on(options) else ()
