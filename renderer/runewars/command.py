"""``python -m bot render --scenario FILE [--game NAME] [--seat N] [--crop AREA] --out PNG``.

Renders the position of any scenario file (docs/scenarios.md), so a rules question can be
looked at. The game is the scenario's (``game = ...``, checked against ``--game`` when given)
and so is the renderer: the game's descriptor names it (a module with ``render_png``; ``--split``
needs ``render_split_png``, ``--text`` needs ``alt_text`` and ``text_board``). A game without a
renderer is refused with a clear message (exit 2). The module follows bot/cli.py's command
shape (``add_arguments``, ``run``); it is registered there as
``"render": ("renderer.runewars.command", ...)``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from renderer.palette import PALETTES

    parser.add_argument("--scenario", required=True, help="a scenario file (TOML or JSON) with a [position]")
    parser.add_argument(
        "--game", default=None, metavar="NAME", help="the game the scenario must be of (default: the scenario's own game)"
    )
    parser.add_argument("--seat", type=int, default=None, help="render this seat's view (default: the public view)")
    parser.add_argument("--crop", default=None, help="an area id: that area and its neighbours, larger")
    parser.add_argument("--only-seat", type=int, default=None, help="draw only this seat's units")
    parser.add_argument("--palette", default="default", choices=sorted(PALETTES))
    parser.add_argument("--split", action="store_true", help="map to --out, panel to OUT-panel.png")
    parser.add_argument("--text", action="store_true", help="also print the alt text and the text board")
    parser.add_argument("--out", required=True, help="the PNG file to write")


def run(args: argparse.Namespace) -> int:
    from engine.core import Engine, EngineError
    from engine.core.game import BadOption
    from engine.core.registry import find_game
    from engine.scenario import ScenarioError, load_scenario

    try:
        data = load_scenario(args.scenario)
        descriptor = find_game(data["game"])
        if args.game is not None and find_game(args.game).name != descriptor.name:
            print(f"{args.scenario} is a scenario of {descriptor.name}, not of {args.game}", file=sys.stderr)
            return 2
        engine = Engine(descriptor.load_ruleset())
        options = descriptor.check_options(data.get("options", {}))
        seats, seed = int(data["seats"]), int(data.get("seed", 0))
        position = data.get("position")
        start = engine.from_position(options, seats, seed, position) if position else engine.setup(options, seats, seed)
    except (ScenarioError, EngineError, LookupError, BadOption) as problem:
        print(f"cannot build the position: {problem}", file=sys.stderr)
        return 2
    renderer = descriptor.load_renderer()
    wanted = ["render_png"] + (["render_split_png"] if args.split else []) + (["alt_text", "text_board"] if args.text else [])
    if renderer is None or not all(hasattr(renderer, name) for name in wanted):
        what = (
            "no renderer"
            if renderer is None
            else f"a renderer without {', '.join(n for n in wanted if not hasattr(renderer, n))}"
        )
        print(f"{descriptor.title} ({descriptor.name}) has {what}: nothing to draw", file=sys.stderr)
        return 2
    view = engine.view(start.state, args.seat)
    pack = descriptor.load_pack(options)
    drawing = {"palette": args.palette, "crop": args.crop, "only_seat": args.only_seat}
    out = Path(args.out)
    try:
        if args.split:
            top, panel = renderer.render_split_png(view, pack, seat=args.seat, **drawing)
            out.write_bytes(top)
            out.with_name(out.stem + "-panel.png").write_bytes(panel)
        else:
            out.write_bytes(renderer.render_png(view, pack, seat=args.seat, **drawing))
    except ValueError as problem:
        print(problem, file=sys.stderr)
        return 2
    if args.text:
        print(renderer.alt_text(view, pack, args.seat))
        print()
        print(renderer.text_board(view, pack, args.seat))
    print(f"wrote {out}")
    return 0
