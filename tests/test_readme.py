"""The README opens with the two commands, and CI runs exactly its test command."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def readme_commands() -> list[str]:
    return re.findall(r"```bash\n(.+?)\n```", (ROOT / "README.md").read_text())


def test_readme_opens_with_the_demo_command_then_the_test_command():
    run, test = readme_commands()[:2]
    assert "pip install" in run and run.endswith("python -m bot demo")
    assert test == "python -m pytest -q"


def test_ci_runs_exactly_the_readme_test_command():
    test = readme_commands()[1]
    ci_lines = [line.strip() for line in (ROOT / ".ci" / "run").read_text().splitlines()]
    assert test in ci_lines
