"""Settings from ``.env`` or the environment (see ``.env.example``)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from dotenv import load_dotenv

DEFAULT_DATABASE = "./runetable.sqlite3"
#: MAP_CADENCE: a map with every status update, or only at the first of each season and the end
MAP_CADENCES = ("move", "season")
#: STATUS_LAYOUT: the status message as the Components V2 dashboard, or the classic text message
STATUS_LAYOUTS = ("dashboard", "classic")
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")

NO_TOKEN_HELP = """\
Runetable needs a Discord bot token, and DISCORD_TOKEN is not set. To get one, open
https://discord.com/developers/applications, create an application (or pick yours), open
"Bot", press "Reset Token" and copy the token. Then either put the line
DISCORD_TOKEN=<your token> into a file named .env in this folder (copy .env.example to
start from), or export DISCORD_TOKEN in your shell, and run `python -m bot` again. To invite
the bot, use "OAuth2 > URL Generator" with the scopes "bot" and "applications.commands"."""


class ConfigError(Exception):
    """A setting is missing or malformed; the message says how to fix it."""


@dataclass(frozen=True)
class Config:
    token: str
    database_path: Path
    dev_guild_id: int | None
    log_level: str
    api_base: str | None = None  # DISCORD_API_BASE: another Discord REST API (e.g. the e2e double)
    gateway_url: str | None = None  # DISCORD_GATEWAY_URL: another gateway websocket
    map_cadence: str = "move"  # MAP_CADENCE: a map after every move, or only at season ends ("season")
    status_layout: str = "dashboard"  # STATUS_LAYOUT: the Components V2 dashboard, or "classic"
    dm_limit: int = 5  # DM_LIMIT: at most this many DMs in any dm_window seconds (0: no limit)
    dm_window: float = 5.0  # DM_WINDOW_SECONDS
    #: DATABASE_URL: sqlite:///path or postgresql://… (docs/deploy.md); unset: the file database_path
    database_url: str | None = None

    @property
    def database(self) -> str:
        """The store's address for :meth:`bot.store.Store.open`: DATABASE_URL, else DATABASE_PATH."""
        return self.database_url or str(self.database_path)

    @classmethod
    def from_environment(cls, *, require_token: bool = True, env_file: str | Path = ".env") -> Config:
        load_dotenv(env_file, override=False)
        token = os.environ.get("DISCORD_TOKEN", "").strip()
        if require_token and not token:
            raise ConfigError(NO_TOKEN_HELP)
        guild = os.environ.get("DEV_GUILD_ID", "").strip()
        if guild and not guild.isdigit():
            raise ConfigError(f"DEV_GUILD_ID must be a server id (digits only), not {guild!r}.")
        level = os.environ.get("LOG_LEVEL", "INFO").strip().upper() or "INFO"
        if level not in LOG_LEVELS:
            raise ConfigError(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not {level!r}.")
        cadence = os.environ.get("MAP_CADENCE", "").strip().lower() or "move"
        if cadence not in MAP_CADENCES:
            raise ConfigError(f"MAP_CADENCE must be one of {', '.join(MAP_CADENCES)}, not {cadence!r}.")
        layout = os.environ.get("STATUS_LAYOUT", "").strip().lower() or "dashboard"
        if layout not in STATUS_LAYOUTS:
            raise ConfigError(f"STATUS_LAYOUT must be one of {', '.join(STATUS_LAYOUTS)}, not {layout!r}.")
        return cls(
            token=token,
            database_path=Path(os.environ.get("DATABASE_PATH", "").strip() or DEFAULT_DATABASE),
            dev_guild_id=int(guild) if guild else None,
            log_level=level,
            api_base=_url("DISCORD_API_BASE", ("http://", "https://")),
            gateway_url=_url("DISCORD_GATEWAY_URL", ("ws://", "wss://")),
            map_cadence=cadence,
            status_layout=layout,
            dm_limit=int(_number("DM_LIMIT", 5, whole=True)),
            dm_window=_number("DM_WINDOW_SECONDS", 5.0),
            database_url=_url("DATABASE_URL", ("sqlite:///", "postgresql://", "postgres://")),
        )


def _number(name: str, default: float, *, whole: bool = False) -> float:
    """An optional number setting, 0 or more; unset means ``default``."""
    value = os.environ.get(name, "").strip()
    if not value:
        return default
    try:
        number = int(value) if whole else float(value)
    except ValueError:
        number = -1
    if number < 0:
        raise ConfigError(f"{name} must be a {'whole ' if whole else ''}number, 0 or more, not {value!r}.")
    return number


def _url(name: str, schemes: tuple[str, ...]) -> str | None:
    """An optional endpoint setting; unset means Discord's own (see bot/endpoints.py)."""
    value = os.environ.get(name, "").strip().rstrip("/")
    if value and not value.startswith(schemes):
        raise ConfigError(f"{name} must start with {' or '.join(schemes)}, not {value!r}.")
    return value or None
