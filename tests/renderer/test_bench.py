"""The bench hook the `bench` command calls: the keys of issue #8."""

from __future__ import annotations

from renderer.runewars import bench


def test_bench_reports_draw_render_and_encode_times(engine, pack, showcase):
    report = bench(engine.view(showcase, None), pack, 1)
    assert set(report["draw_ms"]) == {"p50", "p95"} and set(report["render_ms"]) == {"p50", "p95"}
    assert report["png_encode_ms"]["p50"] > 0 and report["render_over_encode"] > 0
    assert 0 < report["png_bytes"] <= 1_500_000
    assert report["machine"]["cores"] >= 1
