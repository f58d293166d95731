"""The value class made from a row of the family table (idgen.values'
_row_class), for a type the table makes from its row alone: here on rows
as docs/adding-a-family.md's two examples write them, offline; against the
server, test/integration/add_family.sh's copy runs these clients' tests
with both types installed."""
import datetime

import pytest

from idgen.families import FAMILIES
from idgen.values import _row_class

UTC = datetime.timezone.utc

SULID = FAMILIES["ulid"]._replace(
    name="sulid", display_name="short ULID", text_len=16, value_bytes=10, largest=None,
    table_type=True, time_bytes=6, fields=None)
FLAKE = FAMILIES["objectid"]._replace(
    name="flake", display_name="Flake ID", text_len=32, value_bytes=16, largest=None, default_epoch_ms=0,
    max_time_ms=(1 << 48) - 1, table_type=False, time_bytes=0,
    fields="ts:64 worker:48 seq:16")


def test_a_table_type_reads_its_time_from_its_first_bytes():
    Sulid = _row_class("sulid", SULID)
    value = Sulid("000000000400000z")  # 2^32: 1 ms; either case in
    assert str(value) == "000000000400000Z"
    assert value.bytes == bytes.fromhex("0000000000010000001f")
    assert value.timestamp == datetime.datetime(1970, 1, 1, 0, 0, 0, 1000, tzinfo=UTC)
    assert Sulid(value.bytes) == value and Sulid("0000000004000000") < value
    assert repr(value) == "Sulid('000000000400000Z')"


def test_a_row_with_fields_names_each_as_a_property():
    Flake = _row_class("flake", FLAKE)
    value = Flake("0000017176787149A1B2C3D4E5F6FFFF")
    assert str(value) == "0000017176787149a1b2c3d4e5f6ffff"
    assert value.timestamp == datetime.datetime(2020, 4, 14, 2, 15, 37, 33000, tzinfo=UTC)
    assert (value.worker, value.seq) == (0xA1B2C3D4E5F6, 0xFFFF)
    assert Flake.FIELDS == ("worker", "seq")
    with pytest.raises(ValueError, match="time, 18446744073709551615 ms, is past 281474976710655 ms"):
        Flake("ffffffffffffffff0000000000000000").timestamp


def test_refusals_are_the_servers():
    Sulid = _row_class("sulid", SULID)
    with pytest.raises(ValueError, match=r"character 1, 'U', is not in Crockford's base32 alphabet"):
        Sulid("U000000004000000")
    with pytest.raises(ValueError, match="short ULID text is 16 characters"):
        Sulid("000")
    with pytest.raises(ValueError, match="short ULID binary is 10 bytes; this is 9"):
        Sulid(b"\0" * 9)
