"""The parts of the extension's bigint IDs, as snowflake_decode and
shard_id_decode give them, for IDs read from any driver."""
from __future__ import annotations

import datetime
from typing import NamedTuple

from .families import FAMILIES, Family
from .values import UTC

SNOWFLAKE_EPOCH_MS = FAMILIES["snowflake"].default_epoch_ms  # Twitter's, idgen.snowflake_epoch's default
SHARD_EPOCH_MS = FAMILIES["shard"].default_epoch_ms  # Instagram's, idgen.shard_epoch's default
_UNIX_EPOCH = datetime.datetime(1970, 1, 1, tzinfo=UTC)
_INT8_MAX = (1 << 63) - 1


def _fields(f: Family, id: int) -> "tuple[int, int, int]":
    """A bigint layout's (time units, mid, seq) as its family's row has them:
    the time above both; the sequence below the mid field, or above it."""
    low_bits = f.mid_bits + f.seq_bits
    if f.seq_above_mid:
        return id >> low_bits, id & ((1 << f.mid_bits) - 1), (id >> f.mid_bits) & ((1 << f.seq_bits) - 1)
    return id >> low_bits, (id >> f.seq_bits) & ((1 << f.mid_bits) - 1), id & ((1 << f.seq_bits) - 1)


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
    ms, node, seq = _fields(FAMILIES["snowflake"], id)
    return SnowflakeParts(_UNIX_EPOCH + datetime.timedelta(milliseconds=epoch_ms + ms), node, seq)


def decode_shard_id(id: int, epoch_ms: int = SHARD_EPOCH_MS) -> ShardIdParts:
    """Instagram's layout: 41-bit ms since epoch_ms, 13-bit shard, 10-bit sequence."""
    _check("shard ID", id)
    ms, shard, seq = _fields(FAMILIES["shard"], id)
    return ShardIdParts(_UNIX_EPOCH + datetime.timedelta(milliseconds=epoch_ms + ms), shard, seq)


# TSID (tsid-creator) and Sonyflake (sony/sonyflake v1): fixed epochs, as
# tsid(), sonyflake_id() and their SQL decoders have them.
TSID_EPOCH_MS = FAMILIES["tsid"].default_epoch_ms  # 2020-01-01T00:00:00Z
SONYFLAKE_EPOCH_MS = FAMILIES["sonyflake"].default_epoch_ms  # 2014-09-01T00:00:00Z
_CROCKFORD = FAMILIES["tsid"].digits
_TSID_LENGTH = FAMILIES["tsid"].text_len
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
    return "".join(_CROCKFORD[(bits >> (5 * i)) & 31] for i in range(_TSID_LENGTH - 1, -1, -1))


def tsid_parse(text: str) -> int:
    """What tsid_parse(text) gives: either case, I and L as 1, O as 0; U refused."""
    if not isinstance(text, str):
        raise TypeError(f"a TSID's text is a str, not {type(text).__name__}")
    if len(text) != _TSID_LENGTH:
        raise ValueError(f"invalid TSID {text!r}: TSID text is {_TSID_LENGTH} characters; this is {len(text)}")
    bits = 0
    for i, c in enumerate(text.upper()):
        if c not in _TSID_DIGITS:
            raise ValueError(f"invalid TSID {text!r}: character {i + 1}, {text[i]!r}, is not in"
                             " Crockford's base32 alphabet")
        bits = (bits << 5) | _TSID_DIGITS[c]
    if bits >> 64:
        raise ValueError(f"invalid TSID {text!r}: the largest TSID is {FAMILIES['tsid'].largest}")
    return bits - (1 << 64) if bits >> 63 else bits


def decode_tsid(id: int) -> TsidParts:
    """42-bit ms since 2020-01-01, 10-bit node, 12-bit counter (a negative id is valid)."""
    bits = _check_int8("TSID", id)
    ms, node, counter = _fields(FAMILIES["tsid"], bits)
    return TsidParts(_UNIX_EPOCH + datetime.timedelta(milliseconds=TSID_EPOCH_MS + ms), node, counter)


def decode_sonyflake(id: int) -> SonyflakeParts:
    """39-bit 10 ms units since 2014-09-01, 8-bit sequence, 16-bit machine id."""
    _check("Sonyflake ID", id)
    f = FAMILIES["sonyflake"]
    units, machine, sequence = _fields(f, id)
    return SonyflakeParts(_UNIX_EPOCH + datetime.timedelta(milliseconds=SONYFLAKE_EPOCH_MS + units * f.time_unit_ms),
                          sequence, machine)
