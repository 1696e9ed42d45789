"""The expansion's exploration tokens (Banners of War, „Erkundungsmarker“; digest §6.5), with the base game's optional
exploration rule (p. 37 of the base rulebook: engine/runewars/heroes/exploration.py reveals them).

- Defensible Area („Zu verteidigendes Gebiet“, a destructible location): „Wenn der Sieger eines Kampfes in diesem
  Gebiet ermittelt wird, erhält der Verteidiger +1 Stärke.“ (:func:`defensible_bonus`, added in step 3 with the
  other lasting strength: it is part of the total compared when the winner is determined); the controller with 6
  units removes it like every destructible location (engine/runewars/heroes/turn_actions.py).
- Flooded Area („Überflutetes Gebiet“, a location): „Einheiten und Helden, die nicht fliegen können, können dieses
  Gebiet weder betreten noch verlassen, außer im Winter (oder wenn dort ein Eiswüstenmarker liegt). Das Gebiet wird
  so behandelt, als seien alle seine sechs Grenzen Wassergrenzen (blau).“ (:func:`flooded_areas`, read by
  :func:`engine.runewars.banners.board.terrain`). Its reveal effect (the left neighbour moves the hero up to 2
  areas) is not built yet (docs/banners-of-war.md).
"""

from __future__ import annotations

from engine.runewars.state import RunewarsBoard

FLOODED, DEFENSIBLE = "flooded_area", "defensible_area"
DEFENSIBLE_STRENGTH = 1


def flooded_areas(board: RunewarsBoard) -> frozenset[str]:
    """Areas with a face-up Flooded Area token: all six borders count as water."""
    return frozenset(a for a, m in board.exploration.items() if m.token == FLOODED and m.face_up)


def defensible_bonus(board: RunewarsBoard, area: str) -> int:
    """The defender's +1 in a battle in an area with a face-up Defensible Area token."""
    marker = board.exploration.get(area)
    return DEFENSIBLE_STRENGTH if marker is not None and marker.token == DEFENSIBLE and marker.face_up else 0
