"""The layers of Runewars as the interpreter sees them (docs/architecture.md, "Layers"): the data
imports no rule, the ruleset imports every rule and nothing above the rules, and the checks after
every step keep their order. Each check runs in a fresh interpreter, since this one has imported
everything already. .importlinter checks the layers statically."""

import json
import pkgutil
import subprocess
import sys

import engine.runewars

#: above the rules (the AI, the descriptor and its hidden-information hook, the ruleset) or below them (the data)
NOT_RULES = (
    "engine.runewars.ai",
    "engine.runewars.data",
    "engine.runewars.game",
    "engine.runewars.hidden",
    "engine.runewars.ruleset",
)


def loaded_after(code: str) -> set[str]:
    """The engine.runewars modules imported by running ``code`` in a fresh interpreter."""
    out = subprocess.run(
        [
            sys.executable,
            "-c",
            code + "\nimport json, sys\nprint(json.dumps(sorted(m for m in sys.modules if m.startswith('engine.runewars'))))",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    return set(json.loads(out.stdout.splitlines()[-1]))


def rule_modules() -> set[str]:
    names = {m.name for m in pkgutil.walk_packages(engine.runewars.__path__, prefix="engine.runewars.")}
    return {n for n in names if not any(n == top or n.startswith(top + ".") for top in NOT_RULES)}


def test_the_ruleset_imports_every_rule_module_and_not_the_ai():
    loaded = loaded_after("import engine.runewars.ruleset")
    assert sorted(rule_modules() - loaded) == [], "import these in engine/runewars/ruleset.py: they register when imported"
    assert not {m for m in loaded if m.startswith(("engine.runewars.ai", "engine.runewars.hidden"))}


def test_the_data_imports_no_rule_module():
    loaded = loaded_after("from engine.runewars.data import check, load_pack\nload_pack(use_env=False)\ncheck(use_env=False)")
    assert {m for m in loaded if not m.startswith("engine.runewars.data")} == {"engine.runewars"}


def test_the_checks_after_every_step_run_in_their_order():
    """flow runs them in the order their modules are imported; the ruleset's imports give this one."""
    code = (
        "import json\nimport engine.runewars.ruleset\nfrom engine.runewars.flow import _CHECKS\n"
        "print(json.dumps([c.__module__ + ':' + c.__name__ for c in _CHECKS]))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == [
        "engine.runewars.runes:learn_controlled_runes",
        "engine.runewars.victory:check",
        "engine.runewars.effects.lasting:end_battles",
        "engine.runewars.banners.commanders:fallen_commanders",
        "engine.runewars.banners.development:upkeep",
        "engine.runewars.banners.free_cities:note_printed_runes",
        "engine.runewars.effects.hand:check_hand_limit",
        "engine.runewars.heroes.upkeep:heroes_see_runes",
        "engine.runewars.heroes.upkeep:eliminated_players_heroes",
    ]
