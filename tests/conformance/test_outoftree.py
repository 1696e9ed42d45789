"""A game installed from outside this repository is found through its ``runetable.games`` entry
point: a package and its ``.dist-info`` written to a temporary folder on ``sys.path``, as pip
would install them. The registry finds it, ``python -m bot games`` lists it, and it passes the
conformance suite like the built-in games.

The package re-uses the tiny game's rules under another name (a subclass), and names its parts
(AI, hidden-information hook, front-end with a narrator) by reference like any descriptor.
"""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from engine.core import Engine, registry
from engine.core.game import GameDescriptor
from tests.conformance import checks
from tests.conformance.survey import survey

ROOT = Path(__file__).resolve().parents[2]
NAME = "outoftree"

PACKAGE = '''
"""Out-of-Tree Bids: the tiny game's rules under a game name of its own, installed from outside."""

from bot.frontend import FrontEnd
from engine.core.game import GameDescriptor, Option
from tests.tinygame import NARRATOR, SealedBids


class OutOfTreeBids(SealedBids):
    name = "outoftree"


class OutOfTreeFrontEnd(FrontEnd):
    narrator = NARRATOR


RULESET = OutOfTreeBids()
FRONTEND = OutOfTreeFrontEnd()

GAME = GameDescriptor(
    name="outoftree",
    title="Out-of-Tree Bids",
    ruleset="outoftree_game:RULESET",
    options=(Option("target", int, 3, "the points that end the game"),),
    frontend="outoftree_game:FRONTEND",
    ai_policies={"highest": "tests.tinygame:highest_card", "random": "tests.tinygame:random_answer"},
    default_ai="highest",
    hidden="tests.tinygame:permute_hidden",
)
'''

METADATA = """\
Metadata-Version: 2.1
Name: outoftree-game
Version: 0.1
Summary: A Runetable game installed from outside the repository (test)
"""

ENTRY_POINTS = f"""\
[runetable.games]
{NAME} = outoftree_game:GAME
"""


def write_package(folder: Path) -> None:
    (folder / "outoftree_game").mkdir()
    (folder / "outoftree_game" / "__init__.py").write_text(textwrap.dedent(PACKAGE))
    info = folder / "outoftree_game-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(METADATA)
    (info / "entry_points.txt").write_text(ENTRY_POINTS)
    (info / "RECORD").write_text("")


@pytest.fixture
def installed(tmp_path: Path):
    """The package on ``sys.path`` for this test only (the registry reads entry points again after)."""
    write_package(tmp_path)
    sys.path.insert(0, str(tmp_path))
    importlib.invalidate_caches()
    registry.rescan()
    try:
        yield tmp_path
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("outoftree_game", None)
        importlib.invalidate_caches()
        registry.rescan()


def test_an_entry_point_outside_the_repository_installs_a_game(installed):
    games = registry.installed_games()
    assert NAME in games and "runewars" in games
    descriptor = games[NAME]
    assert isinstance(descriptor, GameDescriptor) and descriptor.title == "Out-of-Tree Bids"
    assert registry.find_game(NAME) is descriptor
    assert Path(sys.modules["outoftree_game"].__file__).is_relative_to(installed)  # really from outside
    started = Engine(descriptor.load_ruleset()).setup(descriptor.check_options({"target": "2"}), 2, seed=7)
    assert started.state.game == NAME and started.state.prompts


def test_the_game_is_gone_when_its_package_is(tmp_path):
    write_package(tmp_path)  # written, never put on sys.path
    registry.rescan()
    assert NAME not in registry.installed_games()


def test_python_m_bot_games_lists_it(installed):
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(installed), str(ROOT)])}
    done = subprocess.run([sys.executable, "-m", "bot", "games"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert NAME in done.stdout and "runewars" in done.stdout


def test_the_conformance_suite_passes_on_it(installed):
    descriptor = registry.installed_games()[NAME]
    found = checks.all_problems(survey(descriptor))
    assert not any(found.values()), {check: problems[:5] for check, problems in found.items() if problems}


async def test_it_gets_a_lobby_and_is_played_to_its_end_through_the_cogs(installed, tmp_path, monkeypatch):
    """Issue 18 "Done when": a game registered only through an entry point appears in /game new,
    as a choice of its ``game`` option (the bot offers every installed game when RUNETABLE_GAMES is unset) and plays to its end
    through the same cogs and buttons, every decision a DynamicItem callback."""
    import json
    import random

    from bot import ids
    from bot.cogs.game import GameCog
    from bot.service import GameService
    from bot.store import Store
    from tests.bot.gamehelpers import ALICE, BOB, CHANNEL
    from tests.bot.playhelpers import FakeClient, dispatch, invoke, offered_games, sent

    monkeypatch.delenv(registry.GAMES_VARIABLE, raising=False)
    store = await Store.open(tmp_path / "games.db")
    try:
        client = FakeClient(GameService(store))
        assert NAME in client.service.games
        cog = GameCog(client)
        assert offered_games(cog)[NAME] == "Out-of-Tree Bids"
        fake = await invoke(cog, "game new", ALICE, game=NAME, players=2)
        [lobby] = sent(fake)[1]
        assert lobby.startswith("**Out-of-Tree Bids**: game #") and "target 3" in lobby
        game_id = (await client.service.game_in(CHANNEL)).id
        _, clicked = await dispatch(client, ids.option_select_id(game_id, "target"), ALICE, values=["2"])
        assert "target 2" in sent(clicked)[0]["content"]
        for user in (ALICE, BOB):
            await dispatch(client, ids.lobby_id(game_id, "join"), user)
        await invoke(cog, "game start", ALICE)
        chooser = random.Random(5)
        while (await store.get_game(game_id)).status == "active":
            view = await client.service.view(game_id, None)
            user = {s.seat: s.user_id for s in await store.seats(game_id)}[chooser.choice(view.awaited)]
            _, shown = await dispatch(client, ids.me_id(game_id), user)
            buttons = [
                c.custom_id
                for call in shown.followup.send.await_args_list
                if "view" in call.kwargs
                for c in call.kwargs["view"].children
            ]
            await dispatch(client, chooser.choice(buttons), user)
        record = await store.get_game(game_id)
        assert record.status == "finished" and record.options == {"target": 2}
        news = [
            line for r in await store.undelivered(10_000) if r.recipient == "channel" for line in json.loads(r.payload)["lines"]
        ]
        assert news[-1].startswith("Game over: ")  # its own narrator's words, through its front-end
    finally:
        await store.close()
