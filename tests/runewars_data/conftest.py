import pytest

from engine.runewars.data import load_pack


@pytest.fixture(scope="session")
def pack():
    """The built-in pack, ignoring any $RUNETABLE_DATA_PACK of the environment."""
    return load_pack(use_env=False)
