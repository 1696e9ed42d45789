"""The bench hook the `bench` command calls: the keys of issue #8."""

from __future__ import annotations

from renderer.runewars import bench


def test_bench_reports_draw_render_and_encode_times(engine, pack, showcase):
    report = bench(engine.view(showcase, None), pack, 1)
    assert set(report["draw_ms"]) == {"p50", "p95"} and set(report["render_ms"]) == {"p50", "p95"}
    assert report["png_encode_ms"]["p50"] > 0 and report["render_over_encode"] > 0
    assert 0 < report["png_bytes"] <= 1_500_000
    assert report["machine"]["cores"] >= 1


def test_bench_reports_the_galleries_of_the_status_message_and_the_phone_layout(engine, pack, showcase):
    """issue 19 item 7: the bench times the galleries and gives their pictures' sizes."""
    report = bench(engine.view(showcase, None), pack, 1)
    for layout in ("wide", "phone"):
        figures = report["galleries"][layout]
        assert figures["render_ms"]["p50"] > 0 and figures["png_bytes"] > 0
        assert figures["max_height"] == max(h for _, h in figures["pictures"]) <= 1200
    assert len(report["galleries"]["phone"]["pictures"]) >= len(report["galleries"]["wide"]["pictures"])
