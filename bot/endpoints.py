"""Where discord.py connects: Discord itself, or another API such as the e2e test double.

discord.py 2.x builds every REST URL (webhooks and interaction callbacks included) from the
class attribute ``discord.http.Route.BASE``, and a non-sharded client opens its first
gateway connection at ``DiscordWebSocket.DEFAULT_GATEWAY`` (it does not ask GET
/gateway/bot); later resumes go to the ``resume_gateway_url`` that READY names. Setting the
two class attributes before the client starts therefore redirects all of its traffic
without touching discord.py itself. Unset settings restore discord.py's own defaults.
"""

from __future__ import annotations

import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot.config import Config

#: discord.py's own endpoints, as they were at import
DISCORD_API_BASE: str = Route.BASE
DISCORD_GATEWAY: yarl.URL = DiscordWebSocket.DEFAULT_GATEWAY


def apply_endpoints(config: Config) -> None:
    """Point discord.py at the endpoints the settings name (Discord's own when unset)."""
    point_at(config.api_base, config.gateway_url)


def point_at(api_base: str | None, gateway_url: str | None) -> None:
    """``api_base`` like ``http://127.0.0.1:8080/api/v10``; ``gateway_url`` like ``ws://127.0.0.1:8080/gateway``."""
    Route.BASE = api_base.rstrip("/") if api_base else DISCORD_API_BASE
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url) if gateway_url else DISCORD_GATEWAY
