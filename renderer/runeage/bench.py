"""Render timing of Rune Age's table for ``python -m bot bench --game runeage`` (the same
figures as renderer/runewars/bench.py: draw, render (draw + encode), the bare encode of the
same image, their ratio, the PNG's bytes, and both galleries)."""

from __future__ import annotations

import statistics
from collections.abc import Mapping
from typing import Any

from renderer.encode import COLOURS, PNG_SETTINGS, png_bytes
from renderer.runeage.picture import compose, gallery
from renderer.runewars.bench import _percentile, _timed, machine


def bench(view: Mapping[str, Any], pack: Any, n: int = 20, **options: Any) -> dict[str, Any]:
    image = compose(view, pack, **options)
    draw_times, draw_cpu, image = _timed(lambda: compose(view, pack, **options), n)
    render_times, render_cpu, data = _timed(lambda: png_bytes(compose(view, pack, **options)), n)
    encode_times, encode_cpu, _ = _timed(lambda: png_bytes(image), n)
    galleries = {}
    for layout in ("wide", "phone"):
        wall, cpu, drawn = _timed(
            lambda layout=layout: [(i.size, png_bytes(i)) for _, i in gallery(view, pack, layout=layout, **options)], n
        )
        galleries[layout] = {
            "render_ms": {"p50": round(statistics.median(wall), 2), "p95": round(_percentile(wall, 0.95), 2)},
            "cpu_ms": round(statistics.median(cpu), 2),
            "pictures": [list(size) for size, _ in drawn],
            "max_height": max(size[1] for size, _ in drawn),
            "png_bytes": sum(len(d) for _, d in drawn),
        }
    encode_p50, render_p50 = statistics.median(encode_times), statistics.median(render_times)
    return {
        "draw_ms": {"p50": round(statistics.median(draw_times), 2), "p95": round(_percentile(draw_times, 0.95), 2)},
        "render_ms": {"p50": round(render_p50, 2), "p95": round(_percentile(render_times, 0.95), 2)},
        "png_encode_ms": {"p50": round(encode_p50, 2)},
        "render_over_encode": round(render_p50 / encode_p50, 2) if encode_p50 else None,
        "png_bytes": len(data),
        "cpu_ms": {
            "draw": round(statistics.median(draw_cpu), 2),
            "render": round(statistics.median(render_cpu), 2),
            "png_encode": round(statistics.median(encode_cpu), 2),
        },
        "image": {"width": image.width, "height": image.height},
        "galleries": galleries,
        "encoder": {"colours": COLOURS, **{k: v for k, v in PNG_SETTINGS.items() if k != "format"}},
        "machine": machine(),
        "n": n,
    }
