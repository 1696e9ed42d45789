"""End-to-end tests: the real discord.py client against a loopback Discord double (docs/e2e.md)."""
