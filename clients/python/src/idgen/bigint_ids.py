"""The parts of the extension's bigint IDs, as snowflake_decode and
shard_id_decode give them, for IDs read from any driver."""
from __future__ import annotations

import datetime
from typing import NamedTuple

from .values import UTC

SNOWFLAKE_EPOCH_MS = 1288834974657  # Twitter's, idgen.snowflake_epoch's default
SHARD_EPOCH_MS = 1314220021721  # Instagram's, idgen.shard_epoch's default
_UNIX_EPOCH = datetime.datetime(1970, 1, 1, tzinfo=UTC)
_INT8_MAX = (1 << 63) - 1


class SnowflakeParts(NamedTuple):
    ts: datetime.datetime
    node: int
    seq: int


class ShardIdParts(NamedTuple):
    ts: datetime.datetime
    shard: int
    seq: int


def _check(kind: str, id: int) -> None:
    if not isinstance(id, int) or isinstance(id, bool):
        raise TypeError(f"a {kind} is an int, not {type(id).__name__}")
    if not 0 <= id <= _INT8_MAX:
        raise ValueError(f"invalid {kind} {id}: it is between 0 and {_INT8_MAX}")


def decode_snowflake(id: int, epoch_ms: int = SNOWFLAKE_EPOCH_MS) -> SnowflakeParts:
    """41-bit ms since epoch_ms, 10-bit node, 12-bit sequence."""
    _check("Snowflake", id)
    ts = _UNIX_EPOCH + datetime.timedelta(milliseconds=epoch_ms + (id >> 22))
    return SnowflakeParts(ts, (id >> 12) & 0x3FF, id & 0xFFF)


def decode_shard_id(id: int, epoch_ms: int = SHARD_EPOCH_MS) -> ShardIdParts:
    """Instagram's layout: 41-bit ms since epoch_ms, 13-bit shard, 10-bit sequence."""
    _check("shard ID", id)
    ts = _UNIX_EPOCH + datetime.timedelta(milliseconds=epoch_ms + (id >> 23))
    return ShardIdParts(ts, (id >> 10) & 0x1FFF, id & 0x3FF)
