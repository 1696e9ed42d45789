"""``python -m bot demo``: a whole game offline with AI seats, as pictures and a readable log.

Any game (``--game``, default Runewars) with its default AI at every seat. Writes ``final.png``
(the public view), ``seat-N-final.png`` (what seat N sees), the pictures the game's self-play
``picture`` hook asks for along the way (Runewars: ``season-YY-S.png`` as each season ends, YY
the year, S the season 1-4: spring to winter; the picture shows the board as the next season
opens, or the game is over) and ``log.txt`` (the public events through the game's narrator,
under the headings of the ``heading`` hook: Runewars' seasons), then prints the winner and the
folder. A game without a renderer writes the log alone. Never imports discord.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from bot.commands.common import add_game_argument, game_and_options, players, self_play


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_argument(parser)
    parser.add_argument("--players", type=int, default=None, help="AI seats (default 3, within the game's seat counts)")
    parser.add_argument("--seed", type=int, default=1, help="the game's seed (default 1)")
    parser.add_argument("--out", default="demo", help="folder for the pictures and log.txt (default ./demo)")
    parser.add_argument("--no-images", action="store_true", help="write only log.txt (no renderer needed)")
    parser.add_argument(
        "--max-seasons", type=int, default=None, metavar="N", help="stop after N seasons (rounds of play; a quick look)"
    )


def run(args: argparse.Namespace) -> int:
    descriptor, options = game_and_options(args)
    selfplay = self_play(descriptor, max_rounds=args.max_seasons)  # refused before anything is written
    seats = players(descriptor, args.players, 3)
    render = None
    if not args.no_images:
        if descriptor.renderer is None:
            print(f"{descriptor.title} has no renderer: writing log.txt only.", file=sys.stderr)
        else:
            try:
                render = descriptor.load_renderer().render_png
            except (ImportError, AttributeError) as missing:
                print(f"The renderer is not available ({missing}); run with --no-images for the log alone.", file=sys.stderr)
                return 2
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    runner = selfplay.engine
    pack = selfplay.pack(options)
    picture = selfplay.hook("picture") if render is not None else None
    started = time.perf_counter()

    def observe(before, action, transition) -> None:
        name = picture(before, transition) if picture is not None else None
        if name:
            (out / f"{name}.png").write_bytes(render(runner.view(transition.state, None), pack))

    game = selfplay.play(seats, args.seed, options=options, max_rounds=args.max_seasons, observe=observe)
    if render is not None:
        (out / "final.png").write_bytes(render(runner.view(game.state, None), pack))
        for seat in range(seats):
            (out / f"seat-{seat}-final.png").write_bytes(render(runner.view(game.state, seat), pack, seat=seat))
    (out / "log.txt").write_text(game_log(selfplay, game))
    seconds = time.perf_counter() - started
    if game.finished:
        print(winner_text(selfplay, game))
        print(f"Played in {seconds:.1f} s.")
    else:
        print(f"Stopped after {args.max_seasons} seasons ({seconds:.1f} s); no winner yet.")
    print(f"Pictures and log in {out.resolve()}" if render is not None else f"Log in {out.resolve()}")
    return 0


def winner_text(selfplay, game) -> str:
    """The end as the game's narrator tells it, first line: ``Player 3 (Undead) wins at the
    end of the last winter (p. 30).`` (seats named as in every line, counted from 1)."""
    return end_lines(selfplay, game)[0]


def end_lines(selfplay, game) -> list[str]:
    """The winner and the standings with their tie-breaks (:meth:`bot.narration.Narrator.standings`),
    the seats named from the public view."""
    from bot.narration import naming, narrator_for, seat_names

    public = selfplay.engine.view(game.state, None)
    with naming(seat_names(game.state.game, public, range(game.seats))):
        return narrator_for(game.state.game).standings(public, game.result) or ["The game is over."]


def game_log(selfplay, game) -> str:
    """The public events told by the game's narrator, one line each, under the headings the game's
    self-play ``heading`` hook gives (Runewars: one per season)."""
    from bot.narration import narrator_for

    narrator = narrator_for(game.state.game)
    heading = selfplay.hook("heading")
    labels = selfplay.seat_labels(game.state)
    lines = [f"{selfplay.descriptor.title} demo: seed {game.seed}, {game.seats} AI players"]
    lines += [f"  seat {s}: {label}" for s, label in labels.items() if label != f"seat {s}"]
    for event in game.events:
        if not event.visible_to(None):
            continue
        title = heading(event) if heading is not None else None
        if title:
            lines += ["", f"== {title} =="]
        lines.append(narrator.event(event))
    lines += ["", *end_lines(selfplay, game)] if game.finished else ["", "Stopped before the end."]
    return "\n".join(lines) + "\n"
