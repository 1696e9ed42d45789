"""``python -m engine.runewars.data check [--pack DIR] [--json]``: validate a data pack.

Exit status 0 only when the pack is valid. The pack is checked as the ruleset loads it: the
data's own checks and the rules' (the cards' effects against the registry), so this command,
unlike the rest of the package, imports the rules (engine.runewars.ruleset.check_pack).
"""

from __future__ import annotations

import argparse
import sys

from engine.core.game import report_pack_check
from engine.runewars.ruleset import check_pack


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.runewars.data", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("check", help="validate the built-in pack merged with an optional override pack")
    c.add_argument("--pack", metavar="DIR", help="override pack directory (default: $RUNETABLE_DATA_PACK)")
    c.add_argument("--json", action="store_true", help="print {ok, errors, counts} as JSON")
    args = parser.parse_args(argv)

    return report_pack_check(check_pack(args.pack), as_json=args.json)


if __name__ == "__main__":
    sys.exit(main())
