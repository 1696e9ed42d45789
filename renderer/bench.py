"""Render timing for ``python -m bot bench`` (issue #8 targets, docs/performance.md), the same for
every game's renderer: each game's ``bench`` names its ``compose`` and ``gallery``.

``draw_ms``: composing the picture from a view with the static base already cached;
``render_ms``: draw plus PNG encode (what a post costs); ``png_encode_ms``: the bare encode
of the same final image with the same settings (renderer.encode.PNG_SETTINGS);
``render_over_encode``: render p50 / encode p50; ``cpu_ms``: the same as CPU time (on a
busy machine wall-clock time includes waiting for a core). ``galleries``: the same view as
the status message's gallery (``wide``) and a phone layout's (``phone``), drawn and encoded:
``render_ms``, ``cpu_ms``, each picture's size, the tallest, the bytes of all and of the largest
(issue 19 item 7).
"""

from __future__ import annotations

import os
import platform
import statistics
import time
from collections.abc import Callable, Collection, Mapping
from typing import Any

from renderer.encode import COLOURS, PNG_SETTINGS, png_bytes

#: the options a gallery takes by default (a game whose gallery takes others names them)
GALLERY_OPTIONS = ("seat", "palette", "crop", "highlight")


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def _timed(fn: Callable[[], Any], n: int) -> tuple[list[float], list[float], Any]:
    """Wall-clock and CPU milliseconds of ``n`` calls, and the last result."""
    wall, cpu, result = [], [], None
    for _ in range(n):
        start, start_cpu = time.perf_counter(), time.process_time()
        result = fn()
        wall.append((time.perf_counter() - start) * 1000.0)
        cpu.append((time.process_time() - start_cpu) * 1000.0)
    return wall, cpu, result


def _spread(times: list[float]) -> dict[str, float]:
    return {"p50": round(statistics.median(times), 2), "p95": round(_percentile(times, 0.95), 2)}


def machine() -> dict[str, Any]:
    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            model = next((line.split(":", 1)[1].strip() for line in f if line.startswith("model name")), model)
    except OSError:
        pass
    return {"cpu": model, "cores": os.cpu_count(), "python": platform.python_version()}


def bench_pictures(
    compose: Callable[..., Any],
    gallery: Callable[..., Any],
    view: Mapping[str, Any],
    pack: Any,
    n: int = 20,
    gallery_options: Collection[str] = GALLERY_OPTIONS,
    **options: Any,
) -> dict[str, Any]:
    """Time ``n`` renders of ``view`` by ``compose(view, pack, **options)`` and its ``gallery``
    (after one warm-up that fills the base-layer cache); the gallery gets the ``options``
    named in ``gallery_options``."""

    def draw():
        return compose(view, pack, **options)

    image = draw()  # warm-up: the static base is cached from here on
    draw_times, draw_cpu, image = _timed(draw, n)
    render_times, render_cpu, data = _timed(lambda: png_bytes(draw()), n)
    encode_times, encode_cpu, _ = _timed(lambda: png_bytes(image), n)
    shared = {k: v for k, v in options.items() if k in gallery_options}
    galleries = {}
    for layout in ("wide", "phone"):

        def pictures(layout=layout):
            return [(picture.size, png_bytes(picture)) for _, picture in gallery(view, pack, layout=layout, **shared)]

        wall, cpu, drawn = _timed(pictures, n)
        galleries[layout] = {
            "render_ms": _spread(wall),
            "cpu_ms": round(statistics.median(cpu), 2),
            "pictures": [list(size) for size, _ in drawn],
            "max_height": max(size[1] for size, _ in drawn),
            "png_bytes": sum(len(d) for _, d in drawn),
            "largest_png_bytes": max(len(d) for _, d in drawn),
        }
    encode_p50 = statistics.median(encode_times)
    render_p50 = statistics.median(render_times)
    return {
        "draw_ms": _spread(draw_times),
        "render_ms": _spread(render_times),
        "png_encode_ms": {"p50": round(encode_p50, 2)},
        "render_over_encode": round(render_p50 / encode_p50, 2) if encode_p50 else None,
        "png_bytes": len(data),
        # CPU time of this process: what the render costs when other work shares the cores
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
