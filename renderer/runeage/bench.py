"""Render timing of Rune Age's table for ``python -m bot bench --game runeage`` (the figures:
renderer/bench.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from renderer.bench import bench_pictures
from renderer.runeage.picture import compose, gallery


def bench(view: Mapping[str, Any], pack: Any, n: int = 20, **options: Any) -> dict[str, Any]:
    """Time ``n`` renders of ``view`` (after one warm-up that fills the base-layer cache)."""
    return bench_pictures(compose, gallery, view, pack, n, **options)
