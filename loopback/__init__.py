"""The loopback Discord double and the scripted players that play through it (docs/e2e.md).

Used by the end-to-end tests (tests/e2e/) and by ``python -m bot playtest`` (docs/bot.md,
"Playtest"); the bot itself never imports it (.importlinter).
"""
