"""Seat roles (a Runewars seat's faction) are stored with the seats once a commit's public view
shows them (:meth:`bot.service.play.PlayMixin._note_roles`), and written only when they change."""

from bot.service import GameService
from tests.bot.gamehelpers import ALICE, BOB, CHANNEL, GUILD


async def test_a_runewars_seat_s_faction_is_stored_as_its_role_once_chosen(store):
    service = GameService(store)
    record = await service.create_game(GUILD, CHANNEL, "runewars", {}, ALICE, seed=5)
    for user in (ALICE, BOB):
        await service.join(record.id, user)
    await service.start(record.id)
    assert [s.role for s in await store.seats(record.id)] == [None, None]
    writes = []
    set_roles = store.set_roles

    async def counted(game_id, roles):
        writes.append(dict(roles))
        await set_roles(game_id, roles)

    store.set_roles = counted
    chosen = {}
    for _ in range(6):  # both faction choices, then a few setup moves that change no role
        public = await service.view(record.id, None)
        user = {s.seat: s.user_id for s in await store.seats(record.id)}[public.awaited[0]]
        mine = await service.view(record.id, user)
        action = mine.legal[0]
        if action.choice == "faction":
            chosen[mine.seat] = action.args["faction"]
        await service.act(record.id, user, action, expected_seq=mine.seq)
    assert len(chosen) == 2
    assert {s.seat: s.role for s in await store.seats(record.id)} == chosen
    assert writes == [{seat: faction} for seat, faction in chosen.items()]  # one write per choice, none after


async def test_ai_seats_roles_are_stored_within_their_stretch(store):
    service = GameService(store)
    record = await service.create_game(GUILD, CHANNEL, "runewars", {}, ALICE, seed=9, lobby={"ai_fill": True, "table_size": 3})
    await service.join(record.id, ALICE)
    await service.start(record.id)
    for _ in range(3):
        mine = await service.view(record.id, ALICE)
        if all(s.role for s in await store.seats(record.id)):
            break
        await service.act(record.id, ALICE, mine.legal[0], expected_seq=mine.seq)
    seats = await store.seats(record.id)
    assert all(s.role for s in seats) and len({s.role for s in seats}) == 3
    view = (await service.view(record.id, None)).view
    assert {s.seat: s.role for s in seats} == service.descriptor("runewars").seat_roles(view)


def test_each_game_reads_its_seats_roles_from_its_public_view_s_players():
    """docs/architecture.md, "The descriptor": a seat's role is its ``players`` entry's
    ``seat_role`` field once chosen; a game whose seats play only themselves has none."""
    from engine.core.registry import find_game
    from tests.tinygame import GAME as TINY

    for name, role in (("runewars", "faction"), ("ragnarok", "hero"), ("runeage", "race"), ("seventhstone", "people")):
        game = find_game(name)
        assert game.seat_role == role
        view = {"players": [{"seat": 0, role: "x"}, {"seat": 1, role: None}, "not a player"]}
        assert game.seat_roles(view) == {0: "x"}
        assert game.seat_roles({}) == {}
    assert TINY.seat_roles({"players": [{"seat": 0}]}) == {}
