"""Render timing of the Seventh Stone grid for ``python -m bot bench --game seventhstone`` (the figures:
renderer/bench.py; its gallery takes no crop)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from renderer.bench import bench_pictures
from renderer.seventhstone.picture import compose, gallery


def bench(view: Mapping[str, Any], pack: Any, n: int = 20, **options: Any) -> dict[str, Any]:
    """Time ``n`` renders of ``view`` (after one warm-up that fills the base-layer cache)."""
    return bench_pictures(compose, gallery, view, pack, n, gallery_options=("seat", "palette", "highlight"), **options)
