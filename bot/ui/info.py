"""Information on request, answered ephemerally: status, map (whole or around an area),
log, settings, cards and rule topics. What is game-specific comes from the game's front-end
(:mod:`bot.frontend`: its narrator's status, its text board, its card list and rule topics);
a game needs no renderer or pack to be shown.

Each function takes a ``client`` offering ``service`` (see :mod:`bot.ui.lobby`) and returns
:class:`~bot.ui.play.Reply` values. What a user sees is built from the view their seat may
see (a spectator's is the public view), so asking can reveal nothing; autocompletes offer
public lists only (the map's areas from the public view, the pack's whole card list).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any

from bot import ids
from bot.errors import NotSeated, RunetableError
from bot.frontend import FrontEnd, frontend_for
from bot.i18n import ENGLISH, N_, NAMES, Tr, available, command_mention, escape, tr_for
from bot.narration import current_tr, naming, narrator_for, voice
from bot.service import AUTO_PASS_DELAY, ENDED
from bot.service.payloads import names_of
from bot.store import GameRecord
from bot.ui import rules
from bot.ui.channel import deadlines, fit, result_text, reveal_texts
from bot.ui.lobby import lobby_panel, seat_names
from bot.ui.panels import ButtonSpec, Panel
from bot.ui.play import Image, Reply, say

#: Discord's limit on one message's attachments
MAX_ATTACHMENTS = 10

NO_MAP = N_("There is no map picture of this game on this bot; here is where it stands:")
NO_CARDS = N_("This game has no card list to read from.")
#: the last line of /game status for a game that is over (issue 19 item 5)
AFTER_THE_END = N_(
    "It stays readable here until {new} opens the next game: {map}, {log}, {review},"
    " {reveal} (every seat's hand and secrets), {export} (the complete log)."
)


def after_the_end(tr: Tr) -> str:
    """The last line of /game status for a game that is over, naming the commands as mentions."""
    commands = {key: command_mention(f"game {key}", tr) for key in ("new", "map", "log", "review", "reveal", "export")}
    return tr._(AFTER_THE_END, **commands)


async def status(client, channel_id: int, user_id: int) -> list[Reply]:
    """/game status: where the channel's game stands and who is awaited (never for what);
    after the end, the final position and the result, until a new game opens here."""
    try:
        record = await client.service.game_shown_in(channel_id)
        if record.status == "lobby":
            return [Reply(await lobby_panel(client, record))]
        view = await client.service.view(record.id, None)
    except RunetableError as e:
        return [say(e.message)]
    tr = current_tr()
    seats = await client.service.store.seats(record.id)
    names = seat_names(seats)
    humans = [s.seat for s in seats if s.user_id is not None and not s.is_ai and s.seat in view.awaited]
    title = client.service.descriptor(record.game).title
    lines = [tr._("**{title}**: game #{game}, move {seq}", title=title, game=record.id, seq=view.seq)]
    with naming(names_of(record.game, seats, view.view, tr), tr):
        lines += narrator_for(record.game, tr).status(dict(view.view))
    if record.status in ENDED:
        context = {
            "game": record.game,
            "view": view.view,
            "names": names_of(record.game, seats, view.view, tr),
            "language": tr.language,
        }
        return [say(fit([*lines, ended_line(record.status, view.result, context), after_the_end(tr)], tr))]
    if view.awaited:
        due, paused = await deadlines(client.service.store, record.id, humans, time.time())
        awaited = []
        for s in view.awaited:
            shown = names.get(s) or tr._("Player {number}", number=s + 1)
            when = "<t:" + str(int(due.get(s) or 0)) + ":R>"
            awaited.append(tr._("{player} (deadline {when})", player=shown, when=when) if due.get(s) and not paused else shown)
        lines.append(tr._("Waiting for: {players}", players=", ".join(awaited)))
    buttons = ((ButtonSpec(tr._("My decisions"), ids.me_id(record.id), "primary"),),)
    return [Reply(Panel("\n".join(lines)[:2000], buttons))]


async def game_map(client, channel_id: int, user_id: int, area: str | None = None, public: bool = False) -> list[Reply]:
    """/game map [area] [public]: the map as the caller's seat sees it (spectators: the public
    map), laid out as their ``layout`` setting says (wide: one picture; phone: a gallery of
    pictures at most 1,200 px tall with labels legible on a phone); with ``area``, that area
    and its neighbours drawn larger, and the area as text. ``public``: posted in the channel
    for the table to discuss, drawn from the public view only (never the caller's seat's),
    in the default colours, as a gallery of pictures at most 1,200 px tall."""
    try:
        record = await client.service.game_shown_in(channel_id)
        view = await (client.service.view(record.id, None) if public else _seat_or_public(client, record.id, user_id))
    except RunetableError as e:
        return [say(e.message)]
    tr = current_tr()
    area = area.strip().upper() if area else None
    if area is not None and area not in view.view.get("areas", {}):
        return [say(tr._("There is no area {area} on this map.", area=area))]
    with naming(names_of(record.game, await client.service.store.seats(record.id), view.view, tr), tr):
        board = frontend_for(record.game).text_board(view.view, area)
    seat = None if public else view.seat
    palette = "default" if public else await client.service.player_setting(user_id, "palette")
    layout = "wide" if public else await client.service.player_setting(user_id, "layout")
    where = tr._("around {area}", area=area) if area else tr._("whole map")
    if public:
        head = tr._(
            "Game #{game}, move {seq} ({where}): the public map, as the whole table sees it.",
            game=record.id,
            seq=view.seq,
            where=where,
        )
    else:
        head = tr._("Game #{game}, move {seq} ({where}).", game=record.id, seq=view.seq, where=where)
    text = (head + ("\n" + "\n".join(board) if area else ""))[:2000]
    if public or layout != "wide":
        images = await client.service.map_images(record.id, view.view, seat, crop=area, palette=palette, layout=layout, tr=tr)
        if images is not None:
            stem = f"map-{record.id}-{view.seq}{'-' + area if area else ''}"
            files = tuple(Image(png, f"{stem}-{name}.png", alt) for png, alt, name in images[:MAX_ATTACHMENTS])
            return [Reply(Panel(text), files=files, public=public)]
    else:
        image = await client.service.map_image(record.id, view.view, seat, crop=area, palette=palette, tr=tr)
        if image is not None:
            png, alt = image
            return [Reply(Panel(text), files=(Image(png, f"map-{record.id}-{view.seq}{'-' + area if area else ''}.png", alt),))]
    if area is None:
        board = [tr._(NO_MAP), *board]
    return [Reply(Panel("\n".join(board)[:2000] or tr._("Nothing to show.")), public=public)]


async def map_areas(client, channel_id: int, typed: str, tr: Tr | None = None) -> list[tuple[str, str]]:
    """Autocomplete for /game map area: the map's areas, from the public view (what anyone
    may see of them), as (label, area id): labelled in the caller's language ``tr``, matching
    what was typed in any language (issue 31 item 1)."""
    try:
        record = await client.service.game_shown_in(channel_id)
        if record.status == "lobby":
            return []
        view = await client.service.view(record.id, None)
    except RunetableError:
        return []
    typed = typed.strip().lower()
    tr = tr or ENGLISH
    labelled = {lang: dict(_areas_in(record.game, view.view, tr_for(lang))) for lang in {tr.language, *available()}}
    out = []
    for area_id, label in labelled[tr.language].items():
        labels = [labelled[lang].get(area_id, "") for lang in labelled]
        if typed in area_id.lower() or (len(typed) > 2 and any(typed in text.lower() for text in labels)):
            out.append((label[:100], area_id))
    out.sort(key=lambda pair: (not pair[1].lower().startswith(typed), _area_order(pair[1])))
    return out[:25]


def _areas_in(game: str, public_view: Mapping[str, Any], tr: Tr) -> list[tuple[str, str]]:
    """(area id, label) of the map's areas, labelled in ``tr``'s language."""
    with voice(tr):
        return [(area_id, label) for label, area_id in frontend_for(game).areas(public_view)]


def _area_order(area_id: str) -> tuple[int, str]:
    digits = "".join(ch for ch in area_id if ch.isdigit())
    return (int(digits) if digits else 0, area_id)


def rule(frontend: FrontEnd, topic: str) -> list[Reply]:
    """``/<group> rules TOPIC``: a short rule text of the game with the rulebook's pages."""
    tr = current_tr()
    found = rules.find(frontend.rules_file, topic, tr.content_language)
    if not found:
        known = ", ".join(t.id for t in rules.topics(frontend.rules_file)) or tr._("none")
        return [say(tr._("No rule topic matches {topic!r}. Topics: {known}", topic=topic, known=known)[:2000])]
    text = found[0].reply(tr)
    if len(found) > 1:
        text += "\n" + tr._("See also: {topics}", topics=", ".join(tr.content(t.title, t.language) for t in found[1:6]))
    return [say(text[:2000])]


async def game_log(client, channel_id: int, user_id: int, lines: int = 20) -> list[Reply]:
    """/game log: the last lines of the story as the caller's seat saw it."""
    try:
        record = await client.service.game_shown_in(channel_id)
        story = await client.service.log_lines(record.id, user_id, limit=max(1, min(lines, 50)), tr=current_tr())
    except RunetableError as e:
        return [say(e.message)]
    text = "\n".join(story)
    while len(text) > 1990:  # keep the newest lines within one message
        story = story[1:]
        text = "\n".join(story)
    return [say(text or current_tr()._("Nothing has happened yet."))]


async def settings(
    client,
    user_id: int,
    battle_policy: str | None = None,
    auto_end_turn: bool | None = None,
    auto_pass: str | None = None,
    palette: str | None = None,
    layout: str | None = None,
    *,
    notify: str | None = None,
    language: str | None = None,
) -> list[Reply]:
    """/game settings: show or change the caller's own play settings (``language``: of their
    private texts, ``auto`` to follow their Discord client, issue 31)."""
    try:
        for key, value in (
            ("language", language),
            ("battle_policy", battle_policy),
            ("auto_end_turn", auto_end_turn),
            ("auto_pass", auto_pass),
            ("palette", palette),
            ("layout", layout),
            ("notify", notify),
        ):
            if value is not None:
                await client.service.set_player_setting(user_id, key, value)
    except RunetableError as e:
        return [say(e.message)]
    current = await client.service.player_settings(user_id)
    tr = await client.service.user_tr(user_id)
    on_off = tr._("on") if current["auto_end_turn"] else tr._("off")
    lines = [
        tr._("Your settings (they hold in every game; the battle policy is fixed for a game when it starts):"),
        tr._(
            "**battle policy: {policy}**. In battle you are asked which unit type of a row draws"
            " first, where your routs and damage go, and whether to use your defence development when it is"
            " manual; when it is automatic the bot decides them for you: types in a fixed order (the unit data's),"
            " losses as the rules force and then to the cheapest figures, the defence development only when you"
            " would otherwise not win (the Humans' Reinforced Wall always counts). Targets of special abilities,"
            " what becomes of a captured stronghold and which units leave an over-full area are always asked.",
            policy=current["battle_policy"],
        ),
        tr._(
            "**auto-end-turn: {value}**. On: after your order is resolved your"
            " turn ends by itself (you forgo playing a card at that moment). Off: you press End turn.",
            value=on_off,
        ),
        tr._(
            "**auto-pass: {mode}**. unplayable (default): a decision with one possible answer is"
            " never put to you: a reaction window in which you hold nothing you may play now (someone else's turn, a"
            " battle, a season card), or a turn window with only Proceed or End turn, is answered for you after a"
            " random delay of {low} to {high} seconds; a window in which you"
            " could play is asked. The delay is drawn the same way whatever you hold, but a pass within minutes"
            " suggests you had nothing to play. always: every reaction window is passed after that delay, whatever cards"
            " you hold (until then you may still play a card yourself). off: you are asked every time.",
            mode=current["auto_pass"],
            low=f"{AUTO_PASS_DELAY[0]:.0f}",
            high=f"{AUTO_PASS_DELAY[1]:.0f}",
        ),
        tr._(
            "**palette: {palette}**. The colours of the maps you ask for with /game map: default"
            " (colour-blind safe), contrast (darker, for bright screens) or classic; every faction also has its own"
            " emblem, so colour never carries meaning alone.",
            palette=current["palette"],
        ),
        tr._(
            "**layout: {layout}**. How /game map shows the map to you: wide (map and board in one"
            " picture, for a computer) or phone (several pictures, none taller than 1,200 pixels: the map in parts"
            " whose labels stay readable on a phone, then the board).",
            layout=current["layout"],
        ),
        tr._(
            "**notify: {notify}**. When a decision becomes yours after another player moved, you hear it"
            " once: by a DM (dm, the default) or by a ping in the game channel (ping); never both. Your other"
            " private messages come silently. Reminders are apart.",
            notify=current["notify"],
        ),
    ]
    lines.append(
        tr._(
            "**language: {language}**. The language of your private messages and replies: auto follows your Discord"
            " client; the game channel speaks the game's language, chosen when its lobby was opened.",
            language=current["language"]
            if current["language"] == "auto"
            else NAMES.get(current["language"], current["language"]),
        )
    )
    return [say("\n".join(lines)[:2000])]


async def card(client, game: str, channel_id: int, query: str) -> list[Reply]:
    """``/<group> card NAME``: a card's (or unit's) public text, from the data pack of the
    channel's game of ``game`` (else the game's default pack)."""
    entries = await _catalogue(client, game, channel_id)
    if entries is None:
        return [say(current_tr()._(NO_CARDS))]
    wanted = query.strip().lower()
    found = [e for e in entries if wanted in (e["id"].lower(), e["name"].lower(), *_aliases(e))] or [
        e for e in entries if wanted in e["name"].lower() or any(wanted in a for a in _aliases(e))
    ]
    if not found:
        # the query is what the user typed: escaped (Markdown, mentions) and cut, never a format
        return [say(current_tr()._("No card or unit is called '{query}'.", query=escape(query.strip()[:100])))]
    e = found[0]
    return [say(f"**{e['name']}** ({e['kind']})\n{e['text']}"[:2000])]


async def card_names(client, game: str, channel_id: int, typed: str) -> list[tuple[str, str]]:
    """Autocomplete for ``/<group> card``: names from the pack's whole catalogue, the same list
    for everybody at any time (never the caller's hand, nor anything ordered by it); copies
    of a card are offered once."""
    typed = typed.strip().lower()
    out: dict[str, tuple[str, str]] = {}
    for e in await _catalogue(client, game, channel_id) or []:
        label = f"{e['name']} ({e['kind']})"[:100]
        if (typed in e["name"].lower() or any(typed in a for a in _aliases(e))) and label not in out:
            out[label] = (label, e["id"])
    return list(out.values())[:25]


def _aliases(entry: Mapping[str, Any]) -> list[str]:
    """A catalogue entry's names in other languages (``aliases``, one a line), lower case: a card
    is found by its German or its English name whatever the caller's language (issue 31 item 1)."""
    return [a.lower() for a in str(entry.get("aliases") or "").splitlines() if a]


async def _catalogue(client, game: str, channel_id: int) -> list[dict[str, str]] | None:
    """The public card list of ``game``: the channel's game's pack when it is a game of
    ``game``, else the default pack (None: a game without cards)."""
    try:
        record = await client.service.game_shown_in(channel_id)
    except RunetableError:
        record = None
    try:
        if record is not None and record.game == game:
            pack = await client.service.pack_of(record.id)
        else:
            pack = client.service.default_pack(game)
    except RunetableError:
        return []
    return frontend_for(game).catalogue(pack)


#: what a game's own information command shows (:func:`public_info`): lines from the public
#: view and the game's pack, in the language ``tr``
PublicLines = Callable[[dict[str, Any], Any, Tr], list[str]]


async def public_info(client, channel_id: int, game: str, lines: PublicLines, *, not_started: str, elsewhere: str) -> list[Reply]:
    """A game's own information command (``/<group> NAME``): ``lines`` of the public view of
    the channel's shown game (after its end, as it ended) and its pack, the seats named from the
    public view. A lobby is refused with ``not_started`` (``{game}``: its number), another
    game's channel with ``elsewhere``."""
    tr = current_tr()
    try:
        record = await client.service.game_shown_in(channel_id)
        if record.status == "lobby":
            return [say(tr._(not_started, game=record.id))]
        if record.game != game:
            return [say(tr._(elsewhere))]
        view = await client.service.view(record.id, None)
        pack = await client.service.pack_of(record.id)
    except RunetableError as e:
        return [say(e.message)]
    with naming(view.names, tr):
        return [say("\n".join(lines(dict(view.view), pack, tr))[:2000])]


async def _seat_or_public(client, game_id: int, user_id: int):
    try:
        return await client.service.view(game_id, user_id)
    except NotSeated:
        return await client.service.view(game_id, None)


def ended_line(status: str, result, context: Mapping[str, Any] | None = None) -> str:
    """How a game that is over ended, for /game status and /game reveal."""
    tr = current_tr()
    if status == "abandoned":
        return tr._("**The game was abandoned** by a vote of its players; it has no result.")
    return tr._("**The game is over.** {result}", result=result_text(result, context) if result else "").strip()


async def reveal(
    client, channel_id: int, user_id: int, player: int | None = None, game_id: int | None = None, guild_id: int | None = None
) -> list[Reply]:
    """/game reveal [player] [game]: once the channel's game (or game #``game`` of this
    server) is over, every seat's hand and secrets, each from its own view of the final
    state, and what no seat saw (issue 19 item 5); ``player``: that player's seat only. A
    game not over is refused, and the refusal reads nothing of its state."""
    try:
        record = await _game_asked(client, channel_id, game_id, guild_id)
        shown = await client.service.reveal(record.id, current_tr())
    except RunetableError as e:
        return [say(e.message)]
    seats = await client.service.store.seats(record.id)
    names = seat_names(seats)
    roles = {s.seat: s.role for s in seats if s.role}
    wanted = [s.seat for s in seats if player is not None and s.user_id == player]
    tr = current_tr()
    if player is not None and not wanted:
        mention = "<@" + str(player) + ">"
        return [say(tr._("{player} held no seat in game #{game}.", player=mention, game=record.id))]
    if shown.status == "abandoned":
        head = tr._(
            "**Game #{game} was abandoned: every seat's hand and secrets** (final position, move {seq})",
            game=record.id,
            seq=shown.seq,
        )
    else:
        head = tr._(
            "**Game #{game} is over: every seat's hand and secrets** (final position, move {seq})", game=record.id, seq=shown.seq
        )
    lines = [head]
    if player is None:
        public = (await client.service.view(record.id, None)).view
        context = {
            "game": record.game,
            "view": public,
            "names": names_of(record.game, seats, public, tr),
            "language": tr.language,
        }
        lines.append(ended_line(shown.status, shown.result, context))
    for seat, private in shown.seats:
        if player is not None and seat not in wanted:
            continue
        role = roles.get(seat)
        label = names.get(seat) or tr._("seat {number}", number=seat + 1)
        label = tr._("{player} ({role})", player=label, role=role.replace("_", " ").capitalize()) if role else label
        lines.append(f"**{label}**")
        lines += [f"· {line}" for line in private] or ["· " + tr._("nothing hidden")]
    if player is None and shown.hidden:
        lines += [tr._("**Also revealed:**"), *shown.hidden]
    return [say(text) for text in reveal_texts(lines)]


async def _game_asked(client, channel_id: int, game_id: int | None, guild_id: int | None) -> GameRecord:
    """Game #``game_id`` when it is one of this server's, else the channel's shown game."""
    if game_id is None:
        return await client.service.game_shown_in(channel_id)
    try:
        record = await client.service.store.get_game(game_id)
    except RunetableError:
        record = None
    if record is None or (guild_id is not None and record.guild_id != guild_id):
        raise RunetableError(f"There is no game #{game_id} on this server.")
    return record
