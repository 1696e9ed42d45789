"""Player scripts: act as a Discord user against the double, the way the Discord client does.

Each action sends a real INTERACTION_CREATE with the payload shape Discord sends
(interactions/receiving-and-responding, application-commands, components) and waits until
the bot has answered (:meth:`DiscordDouble.settled`):

    alice = Player(double, double.add_user("alice"))
    reply = await alice.slash("game join", faction="elves")   # /game join faction:elves
    await alice.click(reply.message, "Confirm")                # a button, by label or custom_id
    await alice.select(reply.message, ["2"], label="Pick a region")
    choices = await alice.autocomplete("game order", focused="order", value="str")

Like the Discord client, a player can only send what the UI allows: options the synced
command defines (types, choices, ranges, required ones), enabled components of a message
the player can see, and allowed select values. Anything else raises :class:`DoubleError`.
"""

from __future__ import annotations

from typing import Any

from loopback import payloads as p
from loopback.double import DEFAULT_TIMEOUT, Channel, DiscordDouble, DoubleError, Interaction, Message, User

SUBCOMMAND, SUBCOMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER = 3, 4, 5, 6, 7, 8, 9, 10


class Player:
    def __init__(self, double: DiscordDouble, user: User, *, channel: Channel | None = None):
        self.double = double
        self.user = user
        self.channel = channel or double.channel

    def inbox(self) -> list[Message]:
        return self.double.inbox(self.user)

    # --- application commands -------------------------------------------------------------

    async def slash(
        self, command: str, *, channel: Channel | None = None, timeout: float = DEFAULT_TIMEOUT, **options: Any
    ) -> Interaction:
        """Run ``/command`` ("game join": a subcommand) with ``options``; wait for the answer."""
        channel = channel or self.channel
        data = self._command_data(command, channel, options)
        interaction = await self.double.interact(self.user, p.APPLICATION_COMMAND, data, channel=channel)
        return await self.double.settled(interaction, timeout=timeout)

    async def autocomplete(
        self,
        command: str,
        *,
        focused: str,
        value: str = "",
        channel: Channel | None = None,
        timeout: float = DEFAULT_TIMEOUT,
        **options: Any,
    ) -> list[dict[str, Any]]:
        """Type ``value`` into option ``focused`` (other options as filled so far); the bot's choices."""
        channel = channel or self.channel
        data = self._command_data(command, channel, options, focused=(focused, value))
        interaction = await self.double.interact(self.user, p.AUTOCOMPLETE, data, channel=channel)
        return (await self.double.settled(interaction, timeout=timeout)).choices

    def _command_data(
        self, command: str, channel: Channel, values: dict[str, Any], focused: tuple[str, str] | None = None
    ) -> dict[str, Any]:
        name, *path = command.split()
        definition = self.double.command(name, channel.guild_id)
        data: dict[str, Any] = {"id": definition["id"], "name": name, "type": 1}
        if "guild_id" in definition:
            data["guild_id"] = definition["guild_id"]
        resolved: dict[str, dict[str, Any]] = {}
        container, node = data, definition
        for part in path:
            subcommands = [o for o in node.get("options", []) if o["type"] in (SUBCOMMAND, SUBCOMMAND_GROUP)]
            node = next((o for o in subcommands if o["name"] == part), None)
            if node is None:
                raise DoubleError(f"/{command}: no subcommand {part!r}")
            option = {"name": part, "type": node["type"], "options": []}
            container.setdefault("options", []).append(option)
            container = option
        if any(o["type"] in (SUBCOMMAND, SUBCOMMAND_GROUP) for o in node.get("options", [])):
            raise DoubleError(f"/{command} is a group: name a subcommand")
        params = {o["name"]: o for o in node.get("options", [])}
        given = dict(values) | ({focused[0]: focused[1]} if focused else {})
        if unknown := set(given) - set(params):
            raise DoubleError(f"/{command} has no option(s) {sorted(unknown)}; it has {sorted(params)}")
        missing = [n for n, o in params.items() if o.get("required") and n not in given]
        if missing and not focused:
            raise DoubleError(f"/{command} needs {missing}")
        options = container.setdefault("options", [])
        for option_name, value in given.items():
            if focused and option_name == focused[0]:
                options.append({"name": option_name, "type": params[option_name]["type"], "value": str(value), "focused": True})
            else:
                options.append(self._option(params[option_name], value, resolved))
        if resolved:
            data["resolved"] = resolved
        return data

    def _option(self, definition: dict[str, Any], value: Any, resolved: dict[str, dict[str, Any]]) -> dict[str, Any]:
        kind, name = definition["type"], definition["name"]
        if kind in (USER, MENTIONABLE):
            user = value if isinstance(value, User) else self.double.users[int(value)]
            resolved.setdefault("users", {})[str(user.id)] = user.payload
            if any(user.id in g.member_ids for g in self.double.guilds.values()):
                partial = p.member(user.payload, user.joined_at, permissions=p.MEMBER_PERMISSIONS)
                del partial["user"], partial["deaf"], partial["mute"]
                resolved.setdefault("members", {})[str(user.id)] = partial
            value = str(user.id)
        elif kind == CHANNEL:
            channel = value if isinstance(value, Channel) else self.double.channels[int(value)]
            resolved.setdefault("channels", {})[str(channel.id)] = channel.payload | {"permissions": str(p.MEMBER_PERMISSIONS)}
            value = str(channel.id)
        elif kind == STRING:
            value = str(value)
            if not definition.get("min_length", 0) <= len(value) <= definition.get("max_length", 6000):
                raise DoubleError(f"option {name}: length {len(value)} out of range")
        elif kind in (INTEGER, NUMBER):
            value = int(value) if kind == INTEGER else float(value)
            if not definition.get("min_value", value) <= value <= definition.get("max_value", value):
                raise DoubleError(f"option {name}: {value} out of range")
        elif kind == BOOLEAN:
            value = bool(value)
        elif kind == ROLE:
            raise DoubleError("role options are not supported by the double")
        if definition.get("choices") and value not in [c["value"] for c in definition["choices"]]:
            raise DoubleError(f"option {name}: {value!r} is not one of its choices")
        return {"name": name, "type": kind, "value": value}

    # --- components -----------------------------------------------------------------------

    async def click(
        self, message: Message, label: str | None = None, *, custom_id: str | None = None, timeout: float = DEFAULT_TIMEOUT
    ) -> Interaction:
        """Press the button with that label (or custom_id) on ``message``; wait for the answer."""
        button = self._usable(message, label, custom_id)
        if button["type"] != 2 or "custom_id" not in button:
            raise DoubleError(f"{label or custom_id!r} is not a button with a custom_id")
        data = {"custom_id": button["custom_id"], "component_type": 2}
        return await self._component(message, data, timeout)

    async def select(
        self,
        message: Message,
        values: list[str] | str,
        *,
        label: str | None = None,
        custom_id: str | None = None,
        timeout: float = DEFAULT_TIMEOUT,
    ) -> Interaction:
        """Pick option ``values`` in a string select (found by placeholder or custom_id, or the only one)."""
        values = [values] if isinstance(values, str) else list(values)
        if label is None and custom_id is None:
            selects = [c for c in message.components() if c["type"] == 3]
            if len(selects) != 1:
                raise DoubleError(f"the message has {len(selects)} string selects: name one")
            custom_id = selects[0]["custom_id"]
        menu = self._usable(message, label, custom_id)
        if menu["type"] != 3:
            raise DoubleError(f"{label or custom_id!r} is not a string select")
        offered = [o["value"] for o in menu.get("options", [])]
        if not set(values) <= set(offered) or len(set(values)) != len(values):
            raise DoubleError(f"select {menu['custom_id']!r}: {values} not among {offered}")
        if not menu.get("min_values", 1) <= len(values) <= menu.get("max_values", 1):
            allowed = f"{menu.get('min_values', 1)}-{menu.get('max_values', 1)}"
            raise DoubleError(f"select {menu['custom_id']!r}: {len(values)} values, allowed {allowed}")
        data = {"custom_id": menu["custom_id"], "component_type": 3, "values": values}
        return await self._component(message, data, timeout)

    async def submit(self, opened: Interaction, timeout: float = DEFAULT_TIMEOUT, **values: str) -> Interaction:
        """Fill in and submit the modal the bot opened in answer to ``opened``; wait for the answer."""
        modal = opened.modal
        inputs = {}
        rows = []
        for wrapper in modal["components"]:
            inner = wrapper.get("component") or (wrapper.get("components") or [None])[0]
            if not inner or inner.get("type") != 4:
                continue
            inputs[inner["custom_id"]] = inner
            value = str(values.get(inner["custom_id"], ""))
            answer = {"type": 4, "id": inner.get("id", 0), "custom_id": inner["custom_id"], "value": value}
            rows.append(
                {"type": wrapper["type"], "id": wrapper.get("id", 0)}
                | ({"component": answer} if "component" in wrapper else {"components": [answer]})
            )
        if unknown := set(values) - set(inputs):
            raise DoubleError(f"the modal has no text input(s) {sorted(unknown)}; it has {sorted(inputs)}")
        if missing := [i for i, c in inputs.items() if c.get("required", True) and not values.get(i)]:
            raise DoubleError(f"the modal needs {missing}")
        channel = self.double.channels[opened.channel_id]
        message = self.double.messages.get(int(opened.payload["message"]["id"])) if "message" in opened.payload else None
        interaction = await self.double.interact(
            self.user, p.MODAL_SUBMIT, {"custom_id": modal["custom_id"], "components": rows}, channel=channel, message=message
        )
        return await self.double.settled(interaction, timeout=timeout)

    def _usable(self, message: Message, label: str | None, custom_id: str | None) -> dict[str, Any]:
        if message.deleted or message not in self.inbox():
            raise DoubleError(f"{self.user.name} cannot see message {message.id}")
        component = message.component(label=label, custom_id=custom_id)
        if component.get("disabled"):
            raise DoubleError(f"{label or custom_id!r} is disabled")
        return component

    async def _component(self, message: Message, data: dict[str, Any], timeout: float) -> Interaction:
        channel = self.double.channels[message.channel_id]
        interaction = await self.double.interact(self.user, p.MESSAGE_COMPONENT, data, channel=channel, message=message)
        return await self.double.settled(interaction, timeout=timeout)
