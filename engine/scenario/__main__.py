"""``python -m engine.scenario FILE_OR_DIR...``: run scenarios, print diffs, exit 1 on a failure."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from engine.scenario.runner import ScenarioError, run_file


def scenario_files(paths: list[str]) -> list[Path]:
    files: list[Path] = []
    for name in paths:
        path = Path(name)
        if path.is_dir():
            files += sorted(p for p in path.rglob("*") if p.suffix in (".toml", ".json"))
        else:
            files.append(path)
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.scenario", description=__doc__)
    parser.add_argument("paths", nargs="+", metavar="FILE", help="scenario files (.toml or .json) or folders of them")
    parser.add_argument("-q", "--quiet", action="store_true", help="print failures only")
    args = parser.parse_args(argv)
    failed = broken = 0
    files = scenario_files(args.paths)
    for path in files:
        try:
            result = run_file(path)
        except ScenarioError as exc:
            print(f"ERROR {exc}")
            broken += 1
            continue
        if not result.ok or not args.quiet:
            print(result.report())
        failed += not result.ok
    print(f"{len(files) - failed - broken} passed, {failed} failed" + (f", {broken} unreadable" if broken else ""))
    return 1 if failed or broken or not files else 0


if __name__ == "__main__":
    sys.exit(main())
