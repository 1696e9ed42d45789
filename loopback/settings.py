"""Numbers the e2e runs set for the interpreter and discord.py (why: docs/e2e.md, "Test settings").

Kept apart from conftest.py so that :mod:`tests.e2e.latency` (imported by ``python -m bot
bench``) needs no pytest.
"""

#: seconds discord.py waits for further guilds after the last GUILD_CREATE before it is
#: ready (its ``guild_ready_timeout``, 2 s by default); the double sends every guild at once
GUILD_READY_TIMEOUT = 0.1
#: seconds between the interpreter's thread switches in these tests (Python's default: 0.005)
SWITCH_INTERVAL = 0.0005
