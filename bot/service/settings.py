"""Player settings (scope ``player``): battle policy, automatic answers, palette, layout, and the
note that a player's DMs are closed."""

from __future__ import annotations

from typing import Any

from bot.errors import RunetableError
from bot.i18n import SOURCE, Tr, available, language_of, tr_for
from bot.narration import current_tr
from bot.service.base import ServiceBase

#: player settings (scope "player") and their defaults
PLAYER_SETTINGS: dict[str, Any] = {
    "battle_policy": "automatic",
    "auto_end_turn": False,
    "auto_pass": "unplayable",
    "palette": "default",
    "notify": "dm",
}
#: the values of ``auto_pass`` (issue 19 item 2): ``unplayable`` (the default) passes a window the
#: seat can only pass, and answers any other prompt with a single legal answer, after the random
#: delay; ``always`` also passes the windows the seat could play in; ``off`` asks every time
AUTO_PASS_MODES = ("unplayable", "always", "off")
#: how a player hears that a decision waits for them (player setting ``notify``): one DM, or a
#: ping in the game channel (the DM then comes silently); never both, and only at a hand-off
NOTIFY = ("dm", "ping")
BATTLE_POLICIES = ("automatic", "manual")
#: the renderer's palettes (renderer/palette.py): colour-blind-safe default, darker contrast, classic
PALETTES = ("default", "contrast", "classic")
#: how a player's map pictures are laid out (renderer/phone.py): one wide picture, or a
#: gallery of pictures at most 1,200 px tall with labels legible at a phone's 400 px
LAYOUTS = ("wide", "phone")
PLAYER_SETTINGS["layout"] = "wide"
#: player setting: when the user's DMs last refused the bot (Discord error 50007), or False
DM_CLOSED = "dm_closed"
#: the language of a player's private texts (issue 31): ``auto`` follows their Discord client
#: (the locale of their latest interaction, player setting :data:`LOCALE`), or a catalogue language
PLAYER_SETTINGS["language"] = "auto"
#: player setting: the Discord locale of the user's latest interaction (None until one is seen)
LOCALE = "locale"
#: game setting: the language of a game's public texts (the lobby option; the server's locale by default)
GAME_LANGUAGE = "language"


def auto_pass_mode(stored: Any) -> str:
    """``auto_pass`` as one of :data:`AUTO_PASS_MODES`; older versions stored a bool (True:
    the opt-in ``always``, False: ``off``), and anything else reads as the default."""
    if stored is True:
        return "always"
    if stored is False:
        return "off"
    return stored if stored in AUTO_PASS_MODES else PLAYER_SETTINGS["auto_pass"]


class SettingsMixin(ServiceBase):
    """Reading and checking a player's settings (:data:`PLAYER_SETTINGS`)."""

    async def player_setting(self, user_id: int | None, key: str) -> Any:
        value = (
            PLAYER_SETTINGS[key]
            if user_id is None
            else await self.store.get_setting("player", user_id, key, PLAYER_SETTINGS[key])
        )
        return auto_pass_mode(value) if key == "auto_pass" else value

    async def player_settings(self, user_id: int) -> dict[str, Any]:
        return {key: await self.player_setting(user_id, key) for key in PLAYER_SETTINGS}

    async def set_player_setting(self, user_id: int, key: str, value: Any) -> None:
        if key not in PLAYER_SETTINGS:
            raise RunetableError(
                current_tr()._("There is no setting {key!r}; settings: {settings}.", key=key, settings=", ".join(PLAYER_SETTINGS))
            )
        if key == "battle_policy" and value not in BATTLE_POLICIES:
            raise RunetableError(current_tr()._("The battle policy is one of {choices}.", choices=", ".join(BATTLE_POLICIES)))
        if key == "palette" and value not in PALETTES:
            raise RunetableError(current_tr()._("The palette is one of {choices}.", choices=", ".join(PALETTES)))
        if key == "layout" and value not in LAYOUTS:
            raise RunetableError(current_tr()._("The layout is one of {choices}.", choices=", ".join(LAYOUTS)))
        if key == "notify" and value not in NOTIFY:
            raise RunetableError(current_tr()._("You are notified by {first} or {second}.", first=NOTIFY[0], second=NOTIFY[1]))
        if key == "language" and value != "auto" and value not in available():
            raise RunetableError(current_tr()._("The language is auto or one of {choices}.", choices=", ".join(available())))
        if key == "auto_end_turn" and not isinstance(value, bool):
            raise RunetableError(current_tr()._("{key} is on or off.", key=key))
        if key == "auto_pass":
            if not isinstance(value, bool) and value not in AUTO_PASS_MODES:
                raise RunetableError(current_tr()._("auto_pass is one of {choices}.", choices=", ".join(AUTO_PASS_MODES)))
            value = auto_pass_mode(value)
        await self.store.set_setting("player", user_id, key, value)

    async def note_locale(self, user_id: int, locale: Any) -> None:
        """Keep the Discord locale of the user's latest interaction (written only when it changed),
        so that the private texts sent later speak their language."""
        code = str(getattr(locale, "value", locale)) if locale is not None else None
        seen = self.__dict__.setdefault("_locales", {})
        if code is None or seen.get(user_id) == code:
            return
        if await self.store.get_setting("player", user_id, LOCALE, None) != code:
            await self.store.set_setting("player", user_id, LOCALE, code)
        seen[user_id] = code

    async def user_language(self, user_id: int | None) -> str:
        """The language of the user's private texts: their ``language`` setting, else their Discord
        locale (latest interaction), else English (an AI seat, a user never seen)."""
        if user_id is None:
            return SOURCE
        chosen = await self.store.get_setting("player", user_id, "language", "auto")
        if chosen != "auto":
            return language_of(chosen)
        return language_of(await self.store.get_setting("player", user_id, LOCALE, None))

    async def user_tr(self, user_id: int | None) -> Tr:
        return tr_for(await self.user_language(user_id))

    async def game_language(self, game_id: int) -> str:
        """The language of the game's public texts (game setting :data:`GAME_LANGUAGE`; English by default)."""
        return language_of(await self.store.get_setting("game", game_id, GAME_LANGUAGE, SOURCE))

    async def game_tr(self, game_id: int) -> Tr:
        return tr_for(await self.game_language(game_id))

    async def dm_closed(self, user_id: int) -> bool:
        """Whether the user's DMs refused the bot last time (delivery then skips the DM for a while)."""
        return bool(await self.store.get_setting("player", user_id, DM_CLOSED, False))

    async def note_dm_closed(self, user_id: int, closed: bool) -> None:
        """Note that a DM to the user failed (when) or went through (False)."""
        if closed or await self.dm_closed(user_id):
            await self.store.set_setting("player", user_id, DM_CLOSED, self._clock() if closed else False)
