"""``python -m bot render --scenario FILE [--seat N] [--crop AREA] --out PNG``.

Renders the position of any scenario file (docs/scenarios.md), so a rules question can be
looked at. The module follows bot/cli.py's command shape (``add_arguments``, ``run``); it
is registered there as ``"render": ("renderer.runewars.command", ...)``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from renderer.palette import PALETTES

    parser.add_argument("--scenario", required=True, help="a scenario file (TOML or JSON) with a [position]")
    parser.add_argument("--seat", type=int, default=None, help="render this seat's view (default: the public view)")
    parser.add_argument("--crop", default=None, help="an area id: that area and its neighbours, larger")
    parser.add_argument("--only-seat", type=int, default=None, help="draw only this seat's units")
    parser.add_argument("--palette", default="default", choices=sorted(PALETTES))
    parser.add_argument("--split", action="store_true", help="map to --out, panel to OUT-panel.png")
    parser.add_argument("--text", action="store_true", help="also print the alt text and the text board")
    parser.add_argument("--out", required=True, help="the PNG file to write")


def run(args: argparse.Namespace) -> int:
    from engine.core import Engine, EngineError, load_ruleset
    from engine.runewars.data import load_pack
    from engine.scenario import ScenarioError, load_scenario
    from renderer.runewars import alt_text, render_png, render_split_png, text_board

    try:
        data = load_scenario(args.scenario)
        engine = Engine(load_ruleset(data["game"]))
        options, seats, seed = data.get("options", {}), int(data["seats"]), int(data.get("seed", 0))
        position = data.get("position")
        start = engine.from_position(options, seats, seed, position) if position else engine.setup(options, seats, seed)
    except (ScenarioError, EngineError, LookupError) as problem:
        print(f"cannot build the position: {problem}", file=sys.stderr)
        return 2
    view = engine.view(start.state, args.seat)
    pack = load_pack()
    options = {"palette": args.palette, "crop": args.crop, "only_seat": args.only_seat}
    out = Path(args.out)
    try:
        if args.split:
            top, panel = render_split_png(view, pack, seat=args.seat, **options)
            out.write_bytes(top)
            out.with_name(out.stem + "-panel.png").write_bytes(panel)
        else:
            out.write_bytes(render_png(view, pack, seat=args.seat, **options))
    except ValueError as problem:
        print(problem, file=sys.stderr)
        return 2
    if args.text:
        print(alt_text(view, pack, args.seat))
        print()
        print(text_board(view, pack, args.seat))
    print(f"wrote {out}")
    return 0
