"""bot.table.seats.claim: one claimer wins an opened seat (issue 21, item 3)."""

import asyncio

import pytest

from bot.errors import RunetableError
from bot.table import seats, ui, votes
from tests.table.helpers import ALICE, BOB, CAROL, tiny_game


async def _kicked(table) -> tuple[int, int]:
    game_id = await tiny_game(table)
    carol_seat = next(s.seat for s in await table.store.seats(game_id) if s.user_id == CAROL)
    state = await votes.open_vote(table, game_id, BOB, "kick", seat_user=CAROL)
    state = await votes.cast(table, state.vote.id, ALICE, True)
    assert state.vote.status == "passed"
    return game_id, carol_seat


async def test_twenty_concurrent_claims_one_wins(table):
    """Issue 21 item 3: 20 people press Claim at once; exactly one takes the seat, the others
    are told who took it."""
    game_id, seat = await _kicked(table)
    claimers = list(range(9000, 9020))
    results = await asyncio.gather(*(seats.claim(table, game_id, seat, u) for u in claimers), return_exceptions=True)
    won = [u for u, r in zip(claimers, results, strict=True) if not isinstance(r, BaseException)]
    assert len(won) == 1
    holder = (await table.store.seats(game_id))[seat]
    assert holder.user_id == won[0] and not holder.is_ai
    lost = [r for r in results if isinstance(r, BaseException)]
    assert all(isinstance(r, RunetableError) and f"just taken by <@{won[0]}>" in r.message for r in lost)


async def test_twenty_concurrent_claim_buttons_one_public_success(table):
    """Issue 21 item 3: through the button's answers, one public "took over", 19 refusals."""
    game_id, seat = await _kicked(table)
    replies = await asyncio.gather(*(ui.claim(table, game_id, seat, u) for u in range(9000, 9020)))
    texts = [r.text for [r] in replies]
    assert sum("took over seat" in t for t in texts) == 1
    assert sum("just taken by" in t for t in texts) == 19


async def test_a_kill_mid_claim_leaves_the_seat_taken(table, monkeypatch):
    """Issue 21 item 3: a claim killed after it gave the seat (before it closed the seat's
    arrangement) does not leave the seat claimable again."""
    game_id, seat = await _kicked(table)
    real = table.store.set_setting

    async def killed(scope, scope_id, key, value):
        if key == seats.ARRANGEMENTS:
            raise RuntimeError("killed")
        return await real(scope, scope_id, key, value)

    monkeypatch.setattr(table.store, "set_setting", killed)
    with pytest.raises(RuntimeError, match="killed"):
        await seats.claim(table, game_id, seat, 9000)
    monkeypatch.setattr(table.store, "set_setting", real)
    with pytest.raises(RunetableError, match="just taken by <@9000>"):
        await seats.claim(table, game_id, seat, 9001)
    assert (await table.store.seats(game_id))[seat].user_id == 9000
