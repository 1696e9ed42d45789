"""``python -m engine.runewars.data check [--pack DIR] [--json]``: validate a data pack.

Exit status 0 only when the pack is valid. The pack is checked as the ruleset loads it: the
data's own checks and the rules' (the cards' effects against the registry), so this command,
unlike the rest of the package, imports the rules (engine.runewars.ruleset.check_pack).
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from engine.runewars.ruleset import check_pack


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.runewars.data", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("check", help="validate the built-in pack merged with an optional override pack")
    c.add_argument("--pack", metavar="DIR", help="override pack directory (default: $RUNETABLE_DATA_PACK)")
    c.add_argument("--json", action="store_true", help="print {ok, errors, counts} as JSON")
    args = parser.parse_args(argv)

    result = check_pack(args.pack)
    try:
        _report(result, as_json=args.json)
    except BrokenPipeError:  # the reader (e.g. `| head`) stopped early; the verdict stands
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0 if result.ok else 1


def _report(result, *, as_json: bool) -> None:
    if as_json:
        print(json.dumps(result.to_dict(), indent=2, ensure_ascii=False))
    else:
        for e in result.errors:
            print(f"ERROR {e}", file=sys.stderr)
        print(("OK" if result.ok else f"FAILED ({len(result.errors)} errors)") + f"  hash={result.pack_hash}")
        print(json.dumps(result.counts, ensure_ascii=False))


if __name__ == "__main__":
    sys.exit(main())
