"""Xid, Scru128 and Timeflake: the published vectors and refusals on their
own, and through psycopg 3 and psycopg2 against the server (text and binary,
as parameters and back)."""
import uuid

import pytest

from idgen import Scru128, Timeflake, Xid

VECTORS = [
    # rs/xid id_test.go; the SCRU128 spec's base36_128.c; Timeflake's README
    (Xid, "9m4e2mr0ui3e8a215n4g", "4d88e15b60f486e428412dc9", 1300816219000),
    (Xid, "vvvvvvvvvvvvvvvvvvvg", "ff" * 12, 4294967295000),
    (Scru128, "0372hg16csmsm50l8dikcvukc", "017fee7fef417e2b3432ac2ec553687c", 1648973836097),
    (Scru128, "f5lxx1zz5pnorynqglhzmsp33", "ff" * 16, 2 ** 48 - 1),
    (Timeflake, "02i2XhN7hAuaFh3MwztcMd", "016fb4209023b444fd07590f81b7b0eb", 1579275030563),
    (Timeflake, "7n42DGM5Tflk9n8mt7Fhc7", "ff" * 16, 2 ** 48 - 1),
]


@pytest.mark.parametrize("cls, text, hex_bytes, unix_ms", VECTORS)
def test_published_vectors(cls, text, hex_bytes, unix_ms):
    v = cls(text)
    assert v.bytes.hex() == hex_bytes and str(v) == text and v._unix_ms() == unix_ms
    assert cls(bytes.fromhex(hex_bytes)) == v


def test_fields_and_forms():
    x = Xid("9m4e2mr0ui3e8a215n4g")
    assert (x.machine, x.pid, x.counter) == (0x60f486, 0xe428, 4271561)
    assert str(Scru128("0372HG16CSMSM50L8DIKCVUKC")) == "0372hg16csmsm50l8dikcvukc"
    t = Timeflake("016FB4209023B444FD07590F81B7B0EB")
    assert str(t) == "02i2XhN7hAuaFh3MwztcMd" and t.uuid == uuid.UUID("016fb420-9023-b444-fd07-590f81b7b0eb")
    assert Timeflake(t.uuid) == t


@pytest.mark.parametrize("cls, text, message", [
    (Xid, "c6e52g2mrqcjl44hf179", "character 20, '9', sets padding bits"),
    (Xid, "9M4E2MR0UI3E8A215N4G", "character 2, 'M', is not in base32hex in lower case"),
    (Xid, "9m4e2mr0ui3e8a215n4", "xid text is 20 characters"),
    (Scru128, "F5LXX1ZZ5PNORYNQGLHZMSP34", "the largest SCRU128 is f5lxx1zz5pnorynqglhzmsp33"),
    (Timeflake, "7n42DGM5Tflk9n8mt7Fhc8", "the largest Timeflake is 7n42DGM5Tflk9n8mt7Fhc7"),
    (Timeflake, "016fb4209023b444fd07590f81b7b0eg", "character 32, 'g', is not in hexadecimal"),
])
def test_refusals(cls, text, message):
    with pytest.raises(ValueError, match=message):
        cls(text)


@pytest.mark.parametrize("binary", [False, True])
def test_psycopg_loads_and_dumps(conn, binary):
    row = conn.execute("SELECT xid_generate(), scru128(), timeflake(), ARRAY[scru128(), NULL]",
                       binary=binary).fetchone()
    assert [type(v) for v in row[:3]] == [Xid, Scru128, Timeflake] and row[3][1] is None
    back = conn.execute("SELECT %s::xid12 = %s, %s::scru128 = %s, %s::timeflake = %s",
                        (row[0], str(row[0]), row[1], str(row[1]), row[2], str(row[2]))).fetchone()
    assert back == (True, True, True)


def test_psycopg2_loads_and_dumps(dsn):
    import psycopg2

    import idgen.psycopg2
    with psycopg2.connect(dsn) as conn:
        idgen.psycopg2.register_types(conn)
        with conn.cursor() as cur:
            cur.execute("SELECT '9m4e2mr0ui3e8a215n4g'::xid12, scru128(), timeflake()")
            x, s, t = cur.fetchone()
            assert (type(x), type(s), type(t)) == (Xid, Scru128, Timeflake) and x.counter == 4271561
            cur.execute("SELECT %s = '9m4e2mr0ui3e8a215n4g'::xid12, %s::text = %s", (x, s, str(s)))
            assert cur.fetchone() == (True, True)
