"""Render timing for ``python -m bot bench --game ragnarok`` (the same figures as Runewars'
bench, docs/performance.md): ``draw_ms`` (board and panels composed from a view, the static
base cached), ``render_ms`` (draw plus PNG encode: what a post costs), ``png_encode_ms`` (the
bare encode of the same final image with the same settings), ``render_over_encode`` (render
p50 / encode p50), CPU times, and the ``wide`` and ``phone`` galleries (each picture's size,
the tallest, the bytes of all, the largest picture)."""

from __future__ import annotations

import os
import platform
import statistics
import time
from collections.abc import Callable, Mapping
from typing import Any

from renderer.encode import COLOURS, PNG_SETTINGS, png_bytes
from renderer.ragnarok.picture import compose, gallery


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def _timed(fn: Callable[[], Any], n: int) -> tuple[list[float], list[float], Any]:
    wall, cpu, result = [], [], None
    for _ in range(n):
        start, start_cpu = time.perf_counter(), time.process_time()
        result = fn()
        wall.append((time.perf_counter() - start) * 1000.0)
        cpu.append((time.process_time() - start_cpu) * 1000.0)
    return wall, cpu, result


def _machine() -> dict[str, Any]:
    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            model = next((line.split(":", 1)[1].strip() for line in f if line.startswith("model name")), model)
    except OSError:
        pass
    return {"cpu": model, "cores": os.cpu_count(), "python": platform.python_version()}


def bench(view: Mapping[str, Any], pack: Any, n: int = 20, **options: Any) -> dict[str, Any]:
    """Time ``n`` renders of ``view`` (after one warm-up that fills the base-layer cache)."""

    def draw():
        return compose(view, pack, **options)

    image = draw()
    draw_times, draw_cpu, image = _timed(draw, n)
    render_times, render_cpu, data = _timed(lambda: png_bytes(draw()), n)
    encode_times, encode_cpu, _ = _timed(lambda: png_bytes(image), n)
    galleries = {}
    shared = {k: v for k, v in options.items() if k in ("seat", "palette", "crop", "highlight")}
    for layout in ("wide", "phone"):

        def pictures(layout=layout):
            return [(picture.size, png_bytes(picture)) for _, picture in gallery(view, pack, layout=layout, **shared)]

        wall, cpu, drawn = _timed(pictures, n)
        galleries[layout] = {
            "render_ms": {"p50": round(statistics.median(wall), 2), "p95": round(_percentile(wall, 0.95), 2)},
            "cpu_ms": round(statistics.median(cpu), 2),
            "pictures": [list(size) for size, _ in drawn],
            "max_height": max(size[1] for size, _ in drawn),
            "png_bytes": sum(len(d) for _, d in drawn),
            "largest_png_bytes": max(len(d) for _, d in drawn),
        }
    encode_p50 = statistics.median(encode_times)
    render_p50 = statistics.median(render_times)
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
        "machine": _machine(),
        "n": n,
    }
