"""The subcommands of ``python -m bot`` (see bot/cli.py)."""
