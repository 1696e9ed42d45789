"""The endpoint settings: read by bot/config.py, applied to discord.py by bot/endpoints.py."""

from __future__ import annotations

import pytest
import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot.config import Config, ConfigError
from bot.endpoints import DISCORD_API_BASE, DISCORD_GATEWAY, apply_endpoints, point_at


@pytest.fixture
def environment(monkeypatch, tmp_path):
    for name in ("DISCORD_API_BASE", "DISCORD_GATEWAY_URL", "DEV_GUILD_ID", "LOG_LEVEL", "DATABASE_PATH"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("DISCORD_TOKEN", "t")
    yield monkeypatch
    point_at(None, None)


def load(tmp_path) -> Config:
    return Config.from_environment(env_file=tmp_path / "absent.env")


def test_unset_settings_keep_discord(environment, tmp_path):
    config = load(tmp_path)
    assert config.api_base is None and config.gateway_url is None
    apply_endpoints(config)
    assert Route.BASE == "https://discord.com/api/v10" == DISCORD_API_BASE
    assert DiscordWebSocket.DEFAULT_GATEWAY == yarl.URL("wss://gateway.discord.gg/") == DISCORD_GATEWAY


def test_settings_redirect_rest_and_gateway_and_can_be_undone(environment, tmp_path):
    environment.setenv("DISCORD_API_BASE", "http://127.0.0.1:9/api/v10/")
    environment.setenv("DISCORD_GATEWAY_URL", "ws://127.0.0.1:9/gateway")
    config = load(tmp_path)
    apply_endpoints(config)
    assert Route("GET", "/users/@me").url == "http://127.0.0.1:9/api/v10/users/@me"
    assert DiscordWebSocket.DEFAULT_GATEWAY == yarl.URL("ws://127.0.0.1:9/gateway")
    point_at(None, None)
    assert Route("GET", "/users/@me").url == "https://discord.com/api/v10/users/@me"


@pytest.mark.parametrize("name, value", [("DISCORD_API_BASE", "127.0.0.1:9/api"), ("DISCORD_GATEWAY_URL", "http://x/gw")])
def test_a_malformed_endpoint_says_what_it_must_look_like(environment, tmp_path, name, value):
    environment.setenv(name, value)
    with pytest.raises(ConfigError, match=f"{name} must start with"):
        load(tmp_path)
