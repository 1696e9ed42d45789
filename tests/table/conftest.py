import pytest

from bot.store import Store
from tests.table.helpers import FakeClock, make_table


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
async def table(tmp_path, clock):
    store = await Store.open(tmp_path / "games.db", snapshot_every=1)
    yield make_table(store, clock)
    await store.close()
