"""Issue 18 item 2: the shared bot modules name no game. Everything game-specific reaches them
through a game's descriptor and front-end (``bot/games/<game>/``), so a new game is added by
writing its own folders only. Allowed: the legacy ``rw:`` prefix of component ids in the one
custom-id module (buttons posted in running games keep working)."""

from __future__ import annotations

import re
from pathlib import Path

from bot.frontend import frontend_of
from engine.core.registry import installed_games

ROOT = Path(__file__).parents[2]
SHARED = (
    "bot/service",
    "bot/delivery.py",
    "bot/store.py",
    "bot/frontend.py",
    "bot/narration.py",
    "bot/client.py",
    "bot/config.py",
    "bot/errors.py",
    "bot/ids.py",
    "bot/table",
    "bot/ui",
    "bot/cogs",
)
#: (module, word) pairs allowed: the custom-id module's legacy prefixes, and a regular expression's
#: character class that reads like Seventh Stone's group name
ALLOWED = {("bot/ids.py", "rw"), ("bot/narration.py", "ss")}  # "[Ss]eats?" in a pattern is no "/ss"


def game_words() -> set[str]:
    """Every installed game's name and title, and its command group's name."""
    words = set()
    for descriptor in installed_games().values():
        words |= {descriptor.name.lower(), descriptor.title.lower()}
        group = frontend_of(descriptor).group
        if group:
            words.add(group.lower())
    return words


def mentions(root: Path, words: set[str]) -> list[str]:
    """``module:line: text`` for every line of a shared module under ``root`` naming one of ``words``."""
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, sorted(words))) + r")\b", re.IGNORECASE)
    found = []
    for entry in SHARED:
        path = root / entry
        for file in sorted(path.rglob("*.py")) if path.is_dir() else [path] if path.exists() else []:
            module = file.relative_to(root).as_posix()
            for number, line in enumerate(file.read_text(encoding="utf-8").splitlines(), 1):
                if any((module, m.group(1).lower()) not in ALLOWED for m in pattern.finditer(line)):
                    found.append(f"{module}:{number}: {line.strip()}")
    return found


def test_the_shared_modules_name_no_game_and_no_games_command_group():
    words = game_words()
    assert {"runewars", "rw"} <= words  # the check knows what it looks for
    assert mentions(ROOT, words) == []


def test_the_check_finds_a_game_named_in_a_shared_module(tmp_path):
    (tmp_path / "bot" / "ui").mkdir(parents=True)
    (tmp_path / "bot" / "ui" / "leak.py").write_text('if record.game == "runewars":\n    pass\n')
    (tmp_path / "bot" / "ids.py").write_text('LEGACY_PREFIXES = ("rw", "tb")\n')  # allowed there
    (tmp_path / "bot" / "delivery.py").write_text('HINT = "use /rw hand"\n')
    assert mentions(tmp_path, game_words()) == [
        'bot/delivery.py:1: HINT = "use /rw hand"',
        'bot/ui/leak.py:1: if record.game == "runewars":',
    ]
