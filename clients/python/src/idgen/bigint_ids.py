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


# TSID (tsid-creator) and Sonyflake (sony/sonyflake v1): fixed epochs, as
# tsid(), sonyflake_id() and their SQL decoders have them.
TSID_EPOCH_MS = 1577836800000  # 2020-01-01T00:00:00Z
SONYFLAKE_EPOCH_MS = 1409529600000  # 2014-09-01T00:00:00Z
_CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_TSID_DIGITS = {c: v for v, c in enumerate(_CROCKFORD)} | {"I": 1, "L": 1, "O": 0}


class TsidParts(NamedTuple):
    ts: datetime.datetime
    node: int
    counter: int


class SonyflakeParts(NamedTuple):
    ts: datetime.datetime
    sequence: int
    machine: int


def _check_int8(kind: str, id: int) -> int:
    if not isinstance(id, int) or isinstance(id, bool):
        raise TypeError(f"a {kind} is an int, not {type(id).__name__}")
    if not -_INT8_MAX - 1 <= id <= _INT8_MAX:
        raise ValueError(f"invalid {kind} {id}: it is between {-_INT8_MAX - 1} and {_INT8_MAX}")
    return id & ((1 << 64) - 1)  # a Java long: its 64 bits, unsigned


def tsid_text(id: int) -> str:
    """What tsid_text(id) gives: 13 Crockford base32 characters, upper case."""
    bits = _check_int8("TSID", id)
    return "".join(_CROCKFORD[(bits >> (5 * i)) & 31] for i in range(12, -1, -1))


def tsid_parse(text: str) -> int:
    """What tsid_parse(text) gives: either case, I and L as 1, O as 0; U refused."""
    if not isinstance(text, str):
        raise TypeError(f"a TSID's text is a str, not {type(text).__name__}")
    if len(text) != 13:
        raise ValueError(f"invalid TSID {text!r}: TSID text is 13 characters; this is {len(text)}")
    bits = 0
    for i, c in enumerate(text.upper()):
        if c not in _TSID_DIGITS:
            raise ValueError(f"invalid TSID {text!r}: character {i + 1}, {text[i]!r}, is not in"
                             " Crockford's base32 alphabet")
        bits = (bits << 5) | _TSID_DIGITS[c]
    if bits >> 64:
        raise ValueError(f"invalid TSID {text!r}: the largest TSID is FZZZZZZZZZZZZ")
    return bits - (1 << 64) if bits >> 63 else bits


def decode_tsid(id: int) -> TsidParts:
    """42-bit ms since 2020-01-01, 10-bit node, 12-bit counter (a negative id is valid)."""
    bits = _check_int8("TSID", id)
    ts = _UNIX_EPOCH + datetime.timedelta(milliseconds=TSID_EPOCH_MS + (bits >> 22))
    return TsidParts(ts, (bits >> 12) & 0x3FF, bits & 0xFFF)


def decode_sonyflake(id: int) -> SonyflakeParts:
    """39-bit 10 ms units since 2014-09-01, 8-bit sequence, 16-bit machine id."""
    _check("Sonyflake ID", id)
    ts = _UNIX_EPOCH + datetime.timedelta(milliseconds=SONYFLAKE_EPOCH_MS + (id >> 24) * 10)
    return SonyflakeParts(ts, (id >> 16) & 0xFF, id & 0xFFFF)
