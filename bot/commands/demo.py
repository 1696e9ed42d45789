"""``python -m bot demo``: a whole game offline with AI seats, as pictures and a readable log.

Writes ``season-YY-S.png`` as each season ends (YY the year, S the season 1-4: spring to
winter; the picture shows the board as the next season opens, or the game is over),
``final.png`` (the public view), ``seat-N-final.png`` (what seat N sees) and ``log.txt`` (the
public events narrated in English), then prints the winner and the folder. Never imports
discord.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

SEASON_NUMBER = {"spring": 1, "summer": 2, "autumn": 3, "winter": 4}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=3, help="AI seats (default 3)")
    parser.add_argument("--seed", type=int, default=1, help="the game's seed (default 1)")
    parser.add_argument("--out", default="demo", help="folder for the pictures and log.txt (default ./demo)")
    parser.add_argument("--no-images", action="store_true", help="write only log.txt (no renderer needed)")
    parser.add_argument("--max-seasons", type=int, default=None, metavar="N", help="stop after N seasons (a quick look)")


def run(args: argparse.Namespace) -> int:
    from engine.runewars.ai.driver import engine, play
    from engine.runewars.ai.policy import choose

    render = None
    if not args.no_images:
        try:
            from renderer.runewars import render_png as render
        except ImportError as missing:
            print(f"The renderer is not available ({missing}); run with --no-images for the log alone.", file=sys.stderr)
            return 2
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    runner = engine()
    pack = runner.ruleset.pack({})
    started = time.perf_counter()
    pictures: list[Path] = []

    def observe(before, action, transition) -> None:
        if render is None:
            return
        ended = before.board.season if before.board else ""
        if ended in SEASON_NUMBER and any(e.kind in ("season_began", "game_over") for e in transition.events):
            path = out / f"season-{before.board.year:02d}-{SEASON_NUMBER[ended]}.png"
            path.write_bytes(render(runner.view(transition.state, None), pack))
            pictures.append(path)

    game = play(args.players, args.seed, choose, observe=observe, max_seasons=args.max_seasons)
    if render is not None:
        (out / "final.png").write_bytes(render(runner.view(game.state, None), pack))
        for seat in range(args.players):
            (out / f"seat-{seat}-final.png").write_bytes(render(runner.view(game.state, seat), pack, seat=seat))
    (out / "log.txt").write_text(game_log(game))
    seconds = time.perf_counter() - started
    if game.finished:
        winner = game.result["winner"]
        print(f"Seat {winner} ({game.state.board.players[winner].faction}) wins by {game.result['reason']} after {seconds:.1f} s.")
    else:
        print(f"Stopped after {args.max_seasons} seasons ({seconds:.1f} s); no winner yet.")
    print(f"Pictures and log in {out.resolve()}")
    return 0


def game_log(game) -> str:
    """The public events, one line each, under a heading per season."""
    from bot.narration import narrator_for

    narrator = narrator_for("runewars")
    board = game.state.board
    lines = [f"Runewars demo: seed {game.seed}, {game.seats} AI players"]
    lines += [f"  seat {p.seat}: {p.faction}" for p in board.players]
    for event in game.events:
        if not event.visible_to(None):
            continue
        if event.kind == "season_began":
            lines += ["", f"== Year {event.data['year']}, {event.data['season']} =="]
        lines.append(narrator.event(event))
    lines += ["", f"Result: {game.result}" if game.finished else "Stopped before the end."]
    return "\n".join(lines) + "\n"
