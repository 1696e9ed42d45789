"""Runetable: the Discord bot (CLI entry, cogs, service, store, delivery)."""
