"""Scenarios: a position described directly, actions applied to it, expectations checked.

The file format is documented in ``docs/scenarios.md``; run files with
``python -m engine.scenario FILE...``.
"""

from engine.scenario.runner import ScenarioError, ScenarioResult, load_scenario, run_file, run_scenario

__all__ = ["ScenarioError", "ScenarioResult", "load_scenario", "run_file", "run_scenario"]
