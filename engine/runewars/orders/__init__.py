"""The eight orders (pp. 14, 16-17, 33-36; digest §6). One module per order.

Each order is a frame class registered with :func:`order` under the order's id in the
pack (``data/runewars/orders.toml``); the turn pushes it with the seat and whether the
bonus applies (p. 12).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.runewars.data import Pack

_ORDERS: dict[str, Callable[..., Any]] = {}


def order(order_id: str):
    """Class decorator: the frame that resolves ``order_id``; built as ``cls(seat=…, bonus=…)``."""

    def register(cls):
        _ORDERS[order_id] = cls
        return cls

    return register


def order_frame(pack: Pack, number: int, seat: int, bonus: bool) -> Any:
    return _ORDERS[pack.order(number).id](seat=seat, bonus=bonus)
