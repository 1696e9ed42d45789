"""The double refuses what Discord refuses (issue 21 item 11), with Discord's answer.

Each test sends a request that breaks one documented limit straight to the double (as the
bot's HTTP client would) and checks Discord's refusal: 400 with
``{"code": 50035, "errors": {...}, "message": "Invalid Form Body"}`` naming the field, 413 /
40005 for an upload over the size limits, 404 / 10062 for an initial response after 3 s and
401 / 50027 for an interaction token older than 15 minutes. The limits and their sources
are listed in docs/e2e.md ("Limits the double enforces").
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import aiohttp
import pytest

from loopback import payloads as p
from loopback.double import ACK_DEADLINE_S, TOKEN_LIFETIME_S, DiscordDouble, DoubleError
from loopback.players import Player


async def call(double: DiscordDouble, method: str, path: str, body: Any = None, files: list[bytes] = ()) -> tuple[int, dict]:
    """One request as the bot makes it (``Authorization: Bot …``); the status and JSON body."""
    headers = {"Authorization": f"Bot {double.token}"}
    async with aiohttp.ClientSession() as http:
        if files:
            form = aiohttp.FormData()
            form.add_field("payload_json", json.dumps(body), content_type="application/json")
            for i, data in enumerate(files):
                form.add_field(f"files[{i}]", data, filename=f"f{i}.bin", content_type="application/octet-stream")
            request = http.request(method, double.api_base + path, data=form, headers=headers)
        else:
            request = http.request(method, double.api_base + path, json=body, headers=headers)
        async with request as response:
            text = await response.text()
            return response.status, (json.loads(text) if text else {})


def error_at(answer: dict, path: str) -> list[str]:
    """The error codes Discord's form errors list at ``path`` ("0.options.1.name")."""
    assert answer["code"] == 50035 and answer["message"] == "Invalid Form Body", answer
    node = answer["errors"]
    for key in path.split(".") if path else []:
        assert key in node, f"no error at {path!r}: {answer['errors']}"
        node = node[key]
    return [e["code"] for e in node["_errors"]]


def command(**changes: Any) -> dict[str, Any]:
    return {"name": "game", "description": "play a game", "type": 1, "options": []} | changes


def option(name: str = "area", kind: int = 3, **changes: Any) -> dict[str, Any]:
    return {"name": name, "description": "an option", "type": kind} | changes


# --- application commands (interactions/application-commands) --------------------------------

TOO_LARGE = [option(f"o{i}", description="d" * 100) for i in range(20)] + [
    option("pick", choices=[{"name": "n" * 100, "value": "v" * 100} for _ in range(25)])
]


#: ((commands, path, code), case name), one per limit
COMMAND_CASES = [
    *zip(
        [
            ([command(name="Game")], "0.name", "APPLICATION_COMMAND_INVALID_NAME"),
            ([command(name="a game")], "0.name", "APPLICATION_COMMAND_INVALID_NAME"),
            ([command(name="g" * 33)], "0.name", "APPLICATION_COMMAND_INVALID_NAME"),
            ([command(description="")], "0.description", "BASE_TYPE_BAD_LENGTH"),
            ([command(description="d" * 101)], "0.description", "BASE_TYPE_BAD_LENGTH"),
            ([command(), command()], "1.name", "APPLICATION_COMMANDS_DUPLICATE_NAME"),
            ([command(options=[option(f"o{i}") for i in range(26)])], "0.options", "BASE_TYPE_MAX_LENGTH"),
            (
                [command(options=[option("sub", 1, options=[option(f"o{i}") for i in range(26)])])],
                "0.options.0.options",
                "BASE_TYPE_MAX_LENGTH",
            ),
            ([command(options=[option(f"s{i}", 1) for i in range(26)])], "0.options", "BASE_TYPE_MAX_LENGTH"),
            (
                [command(options=[option(choices=[{"name": f"c{i}", "value": f"c{i}"} for i in range(26)])])],
                "0.options.0.choices",
                "BASE_TYPE_MAX_LENGTH",
            ),
            (
                [command(options=[option(choices=[{"name": "n" * 101, "value": "v"}])])],
                "0.options.0.choices.0.name",
                "BASE_TYPE_BAD_LENGTH",
            ),
            (
                [command(options=[option(choices=[{"name": "n", "value": "v" * 101}])])],
                "0.options.0.choices.0.value",
                "BASE_TYPE_BAD_LENGTH",
            ),
            (
                [command(options=[option("a", required=False), option("b", required=True)])],
                "0.options.1.required",
                "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
            ),
            ([command(options=[option("Area")])], "0.options.0.name", "APPLICATION_COMMAND_INVALID_NAME"),
            ([command(options=[option(description="d" * 101)])], "0.options.0.description", "BASE_TYPE_BAD_LENGTH"),
            ([command(options=TOO_LARGE)], "0", "APPLICATION_COMMAND_TOO_LARGE"),
            ([command(name=f"c{i}") for i in range(101)], "_", "APPLICATION_COMMANDS_TOO_MANY"),
        ],
        [
            "uppercase-name",
            "space-in-name",
            "name-over-32",
            "empty-description",
            "description-over-100",
            "duplicate-name",
            "26-options",
            "26-options-in-a-subcommand",
            "26-subcommands",
            "26-choices",
            "choice-name-over-100",
            "choice-value-over-100",
            "required-after-optional",
            "uppercase-option-name",
            "option-description-over-100",
            "over-4000-characters",
            "101-commands",
        ],
    )
]


async def test_a_command_overwrite_breaking_a_limit_is_refused(double):
    for (commands, path, code), case in COMMAND_CASES:
        for route in (
            f"/applications/{double.application_id}/commands",
            f"/applications/{double.application_id}/guilds/{double.guild.id}/commands",
        ):
            status, answer = await call(double, "PUT", route, commands)
            assert status == 400 and code in error_at(answer, path), case
    assert double.global_commands == [] and double.guild_commands.get(double.guild.id, []) == []


async def test_the_4000_characters_count_names_descriptions_choices_and_the_longest_localisation(double):
    route = f"/applications/{double.application_id}/commands"
    # 32 + 100 + 24 options of (32 + 100) + one of (32 + 100 + 4 choices of (100 + 100)) = 4200 > 4000
    big = command(
        name="g" * 32,
        description="d" * 100,
        options=[option(f"{i:02d}" + "o" * 30, description="d" * 100) for i in range(24)]
        + [option("p" * 32, description="d" * 100, choices=[{"name": "n" * 100, "value": "v" * 100}] * 4)],
    )
    assert p.command_problems([big], guild=False) is not None
    status, answer = await call(double, "PUT", route, [big])
    assert status == 400 and error_at(answer, "0") == ["APPLICATION_COMMAND_TOO_LARGE"]
    fits = command(options=[option(f"o{i}", description="d" * 100) for i in range(25)])  # 4 + 11 + 25 * ~102
    status, answer = await call(double, "PUT", route, [fits])
    assert status == 200 and [c["name"] for c in answer] == ["game"]
    localised = dict(fits, description_localizations={"fr": "d" * 100, "de": "d" * 60})
    localised["options"] = [dict(o, description="d", description_localizations={"fr": "d" * 100}) for o in fits["options"]]
    localised["options"].append(option("extra", description="d", description_localizations={"ja": "j" * 100}))
    assert sum(1 for _ in localised["options"]) == 26
    localised["options"] = localised["options"][1:]  # 25 options, each counted at its longest (100) description
    localised["options"][0] = dict(localised["options"][0], name="o" * 32, name_localizations={"fr": "n" * 32})
    localised["options"][1] = dict(
        localised["options"][1], choices=[{"name": "x", "name_localizations": {"fr": "c" * 100}, "value": "v" * 100}] * 25
    )
    status, answer = await call(double, "PUT", route, [localised])
    assert status == 400 and error_at(answer, "0") == ["APPLICATION_COMMAND_TOO_LARGE"]
    assert [c["name"] for c in double.global_commands] == ["game"]  # the refused overwrite changed nothing


# --- components (resources/message: components reference) -----------------------------------


def button(custom_id: str | None = "b", **changes: Any) -> dict[str, Any]:
    item = {"type": 2, "style": 1, "label": "Go"} | changes
    if custom_id is not None:
        item["custom_id"] = custom_id
    return item


def select(**changes: Any) -> dict[str, Any]:
    return {"type": 3, "custom_id": "s", "options": [{"label": "a", "value": "a"}, {"label": "b", "value": "b"}]} | changes


def row(*items: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(items)}


#: ((components, path, code), case name), one per limit
COMPONENT_CASES = [
    *zip(
        [
            ([row(button(f"b{i}")) for i in range(6)], "components", "BASE_TYPE_MAX_LENGTH"),
            ([row(*[button(f"b{i}") for i in range(6)])], "components.0.components", "BASE_TYPE_BAD_LENGTH"),
            ([row(select(), button())], "components.0.components", "BASE_TYPE_BAD_LENGTH"),
            ([button()], "components.0.type", "UNION_TYPE_CHOICES"),
            ([row(button(label="l" * 81))], "components.0.components.0.label", "BASE_TYPE_MAX_LENGTH"),
            ([row(button(label=None))], "components.0.components.0", "BUTTON_LABEL_OR_EMOJI_REQUIRED"),
            ([row(button(""))], "components.0.components.0.custom_id", "BASE_TYPE_BAD_LENGTH"),
            ([row(button("c" * 101))], "components.0.components.0.custom_id", "BASE_TYPE_BAD_LENGTH"),
            ([row(button(None))], "components.0.components.0.custom_id", "BASE_TYPE_REQUIRED"),
            ([row(button("x"), button("x"))], "components.0.components.1.custom_id", "COMPONENT_CUSTOM_ID_DUPLICATED"),
            ([row(button(None, style=5))], "components.0.components.0.url", "BASE_TYPE_REQUIRED"),
            (
                [row(button("b", style=5, url="https://example.org"))],
                "components.0.components.0.custom_id",
                "BUTTON_LINK_CUSTOM_ID",
            ),
            ([row(select(options=[]))], "components.0.components.0.options", "BASE_TYPE_BAD_LENGTH"),
            (
                [row(select(options=[{"label": f"o{i}", "value": f"o{i}"} for i in range(26)]))],
                "components.0.components.0.options",
                "BASE_TYPE_BAD_LENGTH",
            ),
            (
                [row(select(options=[{"label": "l" * 101, "value": "v"}]))],
                "components.0.components.0.options.0.label",
                "BASE_TYPE_BAD_LENGTH",
            ),
            (
                [row(select(options=[{"label": "l", "value": "v" * 101}]))],
                "components.0.components.0.options.0.value",
                "BASE_TYPE_BAD_LENGTH",
            ),
            (
                [row(select(options=[{"label": "l", "value": "v", "description": "d" * 101}]))],
                "components.0.components.0.options.0.description",
                "BASE_TYPE_MAX_LENGTH",
            ),
            ([row(select(placeholder="p" * 151))], "components.0.components.0.placeholder", "BASE_TYPE_MAX_LENGTH"),
            ([row(select(max_values=3))], "components.0.components.0.max_values", "SELECT_COMPONENT_MAX_VALUES_TOO_HIGH"),
            (
                [row(select(min_values=2, max_values=1))],
                "components.0.components.0.min_values",
                "SELECT_COMPONENT_MIN_VALUES_TOO_HIGH",
            ),
            ([row(select(min_values=26, max_values=26))], "components.0.components.0.min_values", "NUMBER_TYPE_MAX"),
            ([row({"type": 5, "custom_id": "u", "max_values": 26})], "components.0.components.0.max_values", "NUMBER_TYPE_MAX"),
        ],
        [
            "6-rows",
            "6-buttons-in-a-row",
            "select-not-alone",
            "button-outside-a-row",
            "label-over-80",
            "no-label-no-emoji",
            "empty-custom-id",
            "custom-id-over-100",
            "no-custom-id",
            "repeated-custom-id",
            "link-without-url",
            "link-with-custom-id",
            "select-without-options",
            "select-with-26-options",
            "option-label-over-100",
            "option-value-over-100",
            "option-description-over-100",
            "placeholder-over-150",
            "max-values-over-options",
            "min-over-max",
            "min-values-over-25",
            "user-select-max-over-25",
        ],
    )
]


async def test_components_breaking_a_limit_are_refused(double):
    for (components, path, code), case in COMPONENT_CASES:
        status, answer = await call(
            double, "POST", f"/channels/{double.channel.id}/messages", {"content": "x", "components": components}
        )
        assert status == 400 and code in error_at(answer, path), case
    assert double.channel_messages(double.channel) == []


async def test_components_within_the_limits_are_served(double):
    components = [
        row(
            *[button(f"b{i}") for i in range(4)],
            button(None, style=5, label=None, emoji={"name": "🔗"}, url="https://example.org"),
        ),
        row(select(min_values=0, max_values=2, placeholder="p" * 150)),
        row({"type": 5, "custom_id": "u", "min_values": 0, "max_values": 25}),
        row(button("c" * 100, label="l" * 80)),
        row(
            select(
                custom_id="s2",
                options=[{"label": "l" * 100, "value": f"{i:03d}" + "v" * 97, "description": "d" * 100} for i in range(25)],
            )
        ),
    ]
    status, answer = await call(double, "POST", f"/channels/{double.channel.id}/messages", {"components": components})
    assert status == 200, answer


# --- messages: content, embeds, uploads, threads ----------------------------------------------


#: ((body, path, code), case name), one per limit
MESSAGE_CASES = [
    *zip(
        [
            ({"content": "x" * 2001}, "content", "BASE_TYPE_MAX_LENGTH"),
            ({"embeds": [{"title": "t" * 257}]}, "embeds.0.title", "BASE_TYPE_MAX_LENGTH"),
            ({"embeds": [{"description": "d" * 4097}]}, "embeds.0.description", "BASE_TYPE_MAX_LENGTH"),
            ({"embeds": [{"footer": {"text": "f" * 2049}}]}, "embeds.0.footer.text", "BASE_TYPE_MAX_LENGTH"),
            ({"embeds": [{"author": {"name": "a" * 257}}]}, "embeds.0.author.name", "BASE_TYPE_MAX_LENGTH"),
            ({"embeds": [{"fields": [{"name": "n", "value": "v" * 1025}]}]}, "embeds.0.fields.0.value", "BASE_TYPE_BAD_LENGTH"),
            ({"embeds": [{"description": "d" * 4000}, {"description": "d" * 2001}]}, "embeds", "MAX_EMBED_SIZE_EXCEEDED"),
            ({"embeds": [{"title": "t"}] * 11}, "embeds", "BASE_TYPE_MAX_LENGTH"),
        ],
        [
            "content-over-2000",
            "embed-title",
            "embed-description",
            "embed-footer",
            "embed-author",
            "field-value",
            "embed-total",
            "11-embeds",
        ],
    )
]


async def test_messages_breaking_a_limit_are_refused(double):
    for (body, path, code), case in MESSAGE_CASES:
        status, answer = await call(double, "POST", f"/channels/{double.channel.id}/messages", body)
        assert status == 400 and code in error_at(answer, path), case
    assert double.channel_messages(double.channel) == []


async def test_uploads_follow_the_size_limits_and_alt_text_the_1024_limit(double):
    path = f"/channels/{double.channel.id}/messages"
    mib = 1024 * 1024
    status, answer = await call(double, "POST", path, {"content": "big"}, [b"x" * (10 * mib + 1)])
    assert (status, answer) == (413, {"code": 40005, "message": "Request entity too large"})
    status, answer = await call(double, "POST", path, {"content": "three"}, [b"x" * (9 * mib)] * 3)  # 27 MiB in all
    assert (status, answer["code"]) == (413, 40005)
    described = {"content": "alt", "attachments": [{"id": 0, "description": "a" * 1025}]}
    status, answer = await call(double, "POST", path, described, [b"png"])
    assert status == 400 and error_at(answer, "attachments.0.description") == ["BASE_TYPE_MAX_LENGTH"]
    assert double.channel_messages(double.channel) == []
    described["attachments"][0]["description"] = "a" * 1024
    status, answer = await call(double, "POST", path, described, [b"x" * (10 * mib)])
    assert status == 200 and answer["attachments"][0]["description"] == "a" * 1024


async def test_thread_names_are_1_to_100_characters(double, probe):
    path = f"/channels/{double.channel.id}/threads"
    for name in ("", "n" * 101):
        status, answer = await call(double, "POST", path, {"name": name, "type": p.PRIVATE_THREAD})
        assert status == 400 and error_at(answer, "name") == ["BASE_TYPE_BAD_LENGTH"]
    status, answer = await call(double, "POST", path, {"name": "n" * 100, "type": p.PRIVATE_THREAD})
    assert status == 201 and answer["name"] == "n" * 100


# --- interaction responses: autocomplete, the 3-second deadline, 15-minute tokens --------------


async def callback(double: DiscordDouble, interaction, body: dict) -> tuple[int, dict]:
    return await call(double, "POST", f"/interactions/{interaction.id}/{interaction.token}/callback", body)


async def test_autocomplete_results_are_25_at_most_with_names_and_values_up_to_100(double, probe):
    alice = double.add_user("alice")
    data = {"id": "1", "name": "game", "type": 1, "options": [{"name": "area", "type": 3, "value": "", "focused": True}]}
    for choices, path in [
        ([{"name": f"c{i}", "value": f"c{i}"} for i in range(26)], "data.choices"),
        ([{"name": "n" * 101, "value": "v"}], "data.choices.0.name"),
        ([{"name": "", "value": "v"}], "data.choices.0.name"),
        ([{"name": "n", "value": "v" * 101}], "data.choices.0.value"),
    ]:
        asked = await double.interact(alice, p.AUTOCOMPLETE, data, channel=double.channel)
        status, answer = await callback(double, asked, {"type": p.AUTOCOMPLETE_RESULT, "data": {"choices": choices}})
        assert status == 400 and error_at(answer, path)
        assert asked.callback is None  # refused: not an answer
    asked = await double.interact(alice, p.AUTOCOMPLETE, data, channel=double.channel)
    fine = [{"name": "n" * 100, "value": f"{i:02d}" + "v" * 98} for i in range(25)]
    status, _ = await callback(double, asked, {"type": p.AUTOCOMPLETE_RESULT, "data": {"choices": fine}})
    assert status == 204 and asked.choices == fine


async def test_the_3_second_acknowledgement_is_always_enforced(double, probe):
    assert DiscordDouble().ack_deadline == ACK_DEADLINE_S == 3.0
    alice = double.add_user("alice")
    late = await double.interact(alice, p.APPLICATION_COMMAND, {"id": "1", "name": "nothing", "type": 1}, channel=double.channel)
    late.sent_at -= ACK_DEADLINE_S + 0.01  # sent 3.01 s ago
    status, answer = await callback(double, late, {"type": p.CHANNEL_MESSAGE, "data": {"content": "too late"}})
    assert (status, answer) == (404, {"message": "Unknown interaction", "code": 10062})
    with pytest.raises(DoubleError, match="failed: the initial response came after 3.0"):
        await double.settled(late)
    assert double.channel_messages(double.channel) == []
    assert (await Player(double, alice).slash("ping")).message.content == "pong"  # in time: answered


async def test_interaction_tokens_expire_after_15_minutes(double, probe):
    alice = double.add_user("alice")
    reply = await Player(double, alice).slash("ping")
    webhook = f"/webhooks/{double.application_id}/{reply.token}"
    status, _ = await call(double, "POST", webhook + "?wait=true", {"content": "still valid"})
    assert status == 200
    reply.sent_at -= TOKEN_LIFETIME_S + 1  # 15 minutes and a second later
    expired = (401, {"message": "Invalid Webhook Token", "code": 50027})
    assert await call(double, "POST", webhook, {"content": "follow-up"}) == expired
    assert await call(double, "PATCH", webhook + "/messages/@original", {"content": "edit"}) == expired
    assert await call(double, "GET", webhook + "/messages/@original") == expired
    assert [m.content for m in double.channel_messages(double.channel)] == ["pong", "still valid"]


# --- per-route rate limits (topics/rate-limits), opt-in ----------------------------------------


async def test_a_route_limit_answers_429_with_retry_after_and_true_headers(double):
    bucket = double.route_limit("POST /channels/{channel_id}/messages", limit=2, per=0.5)
    path = f"{double.api_base}/channels/{double.channel.id}/messages"
    answers = []
    async with aiohttp.ClientSession(headers={"Authorization": f"Bot {double.token}"}) as http:
        for _ in range(3):
            async with http.post(path, json={"content": "hi"}) as response:
                answers.append((response.status, dict(response.headers), await response.json()))
        other = double.add_channel(double.guild, "other")  # another channel: its own bucket
        async with http.post(f"{double.api_base}/channels/{other.id}/messages", json={"content": "hi"}) as response:
            assert response.status == 200 and response.headers["X-RateLimit-Remaining"] == "1"
        (ok1, h1, _), (ok2, h2, _), (refused, h3, body) = answers
        assert (ok1, ok2, refused) == (200, 200, 429)
        assert (h1["X-RateLimit-Limit"], h1["X-RateLimit-Remaining"], h2["X-RateLimit-Remaining"]) == ("2", "1", "0")
        assert h1["X-RateLimit-Bucket"] == h3["X-RateLimit-Bucket"] and "Via" in h3
        assert body["message"] == "You are being rate limited." and body["global"] is False
        assert 0 < body["retry_after"] <= 0.5 and float(h3["X-RateLimit-Reset-After"]) <= 0.5 and h3["Retry-After"] == "1"
        await asyncio.sleep(body["retry_after"] + 0.05)
        async with http.post(path, json={"content": "hi"}) as response:
            assert response.status == 200 and response.headers["X-RateLimit-Remaining"] == "1"
    assert bucket.refused == 1
    assert len(double.channel_messages(double.channel)) == 3


async def test_discord_py_waits_for_a_route_limit_from_its_headers(double, probe):
    bucket = double.route_limit("POST /channels/{channel_id}/messages", limit=2, per=0.5)
    channel = probe.get_channel(double.channel.id)
    started = time.monotonic()
    for i in range(5):
        await channel.send(f"message {i}")
    assert time.monotonic() - started >= 0.9  # two full windows waited out
    assert [m.content for m in double.channel_messages(double.channel)] == [f"message {i}" for i in range(5)]
    assert bucket.refused <= 1, "discord.py waits when X-RateLimit-Remaining reaches 0"


async def test_the_bots_notice_buttons_fit_discord_and_a_cut_label_says_so(double, probe):
    from bot.ui.panels import ButtonSpec
    from bot.ui.transport import to_view_of_buttons

    specs = [ButtonSpec("x" * 100, "long", "primary")] + [ButtonSpec(f"b{i}", f"id{i}") for i in range(24)]
    view = to_view_of_buttons(specs)
    await probe.get_channel(double.channel.id).send("notice", view=view)  # 25 buttons in 5 rows: served
    (message,) = double.channel_messages(double.channel)
    labels = [c["label"] for c in message.components()]
    assert len(labels) == 25 and labels[0] == "x" * 79 + "…"


async def test_modals_follow_the_modal_and_text_input_limits(double, probe):
    alice = double.add_user("alice")
    data = {"id": "1", "name": "nothing", "type": 1}

    def text_input(**changes: Any) -> dict[str, Any]:
        return {"type": 4, "custom_id": "note", "style": 1, "label": "Note"} | changes

    for modal, path in [
        ({"custom_id": "m", "title": "t" * 46, "components": [row(text_input())]}, "data.title"),
        ({"custom_id": "", "title": "t", "components": [row(text_input())]}, "data.custom_id"),
        ({"custom_id": "m", "title": "t", "components": []}, "data.components"),
        (
            {"custom_id": "m", "title": "t", "components": [row(text_input(label="l" * 46))]},
            "data.components.0.components.0.label",
        ),
        ({"custom_id": "m", "title": "t", "components": [row(text_input(style=3))]}, "data.components.0.components.0.style"),
        (
            {"custom_id": "m", "title": "t", "components": [row(text_input(placeholder="p" * 101))]},
            "data.components.0.components.0.placeholder",
        ),
        (
            {"custom_id": "m", "title": "t", "components": [row(text_input(value="v" * 4001))]},
            "data.components.0.components.0.value",
        ),
        (
            {"custom_id": "m", "title": "t", "components": [row(text_input(max_length=4001))]},
            "data.components.0.components.0.max_length",
        ),
        (
            {
                "custom_id": "m",
                "title": "t",
                "components": [{"type": 18, "label": "l" * 46, "component": text_input(label=None)}],
            },
            "data.components.0.label",
        ),
    ]:
        asked = await double.interact(alice, p.APPLICATION_COMMAND, data, channel=double.channel)
        status, answer = await callback(double, asked, {"type": p.MODAL, "data": modal})
        assert status == 400 and error_at(answer, path), path
    opened = await Player(double, alice).slash("probe form")  # discord.py's modal fits
    assert opened.modal["title"] == "Leave a note"
