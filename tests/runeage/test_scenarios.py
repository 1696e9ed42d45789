"""The rulebook's examples as scenario files (issue 27 item 5) pass: tests/runeage/scenarios."""

from pathlib import Path

import pytest

from engine.scenario import run_file
from engine.scenario.__main__ import scenario_files

FOLDER = Path(__file__).resolve().parent / "scenarios"


@pytest.mark.parametrize("path", scenario_files([str(FOLDER)]), ids=lambda p: p.name)
def test_rulebook_example(path):
    result = run_file(path)
    assert result.ok, result.report()


def test_the_examples_of_issue_27_are_all_there():
    names = {p.name for p in FOLDER.glob("*.toml")}
    assert {
        "elf_purchase.toml",
        "undead_purchase.toml",
        "influence.toml",
        "battle_kalladra.toml",
        "siege_uthuk_latari.toml",
    } <= names
