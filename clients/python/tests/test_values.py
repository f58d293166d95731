"""Ulid, Ksuid and ObjectId on their own, and against the server's own
parsing, printing and decoding of the same text."""
import datetime
import pickle
import re
import uuid

import psycopg
import pytest

from idgen import Ksuid, ObjectId, Ulid

UTC = datetime.timezone.utc

# Published examples: the ULID spec's, Segment's README's, MongoDB's docs'.
VECTORS = [
    (Ulid, "01ARZ3NDEKTSV4RRFFQ69G5FAV", "01563e3ab5d3d6764c61efb99302bd5b",
     datetime.datetime(2016, 7, 30, 23, 54, 10, 259000, tzinfo=UTC)),
    (Ksuid, "0ujtsYcgvSTl8PAuAdqWYSMnLOv", "0669f7efb5a1cd34b5f99d1154fb6853345c9735",
     datetime.datetime(2017, 10, 10, 4, 0, 47, tzinfo=UTC)),
    (ObjectId, "507f1f77bcf86cd799439011", "507f1f77bcf86cd799439011",
     datetime.datetime(2012, 10, 17, 21, 13, 27, tzinfo=UTC)),
]
SMALLEST = {Ulid: "0" * 26, Ksuid: "0" * 27, ObjectId: "0" * 24}
LARGEST = {Ulid: "7" + "Z" * 25, Ksuid: "aWgEPTl1tmebfsQzFP4bxwgy80V", ObjectId: "f" * 24}


@pytest.mark.parametrize("cls, text, hex_bytes, ts", VECTORS)
def test_published_vectors(cls, text, hex_bytes, ts):
    value = cls(text)
    assert str(value) == text
    assert value.bytes == bytes.fromhex(hex_bytes)
    assert cls(bytes.fromhex(hex_bytes)) == value
    assert value.timestamp == ts and value.timestamp.tzinfo is not None
    assert repr(value) == f"{cls.__name__}('{text}')"


@pytest.mark.parametrize("cls", [Ulid, Ksuid, ObjectId])
def test_bounds_print_at_full_width(cls):
    assert str(cls(b"\x00" * cls.SIZE)) == SMALLEST[cls]
    assert str(cls(b"\xff" * cls.SIZE)) == LARGEST[cls]


def test_text_case():
    assert str(Ulid("01arz3ndektsv4rrffq69g5fav")) == "01ARZ3NDEKTSV4RRFFQ69G5FAV"
    assert str(ObjectId("507F1F77BCF86CD799439011")) == "507f1f77bcf86cd799439011"
    assert Ksuid("0ujtsYcgvSTl8PAuAdqWYSMnLOv") != Ksuid("0UJTSYCGVSTL8PAUADQWYSMNLOV")


@pytest.mark.parametrize("cls, text, message", [
    (Ulid, "01ARZ3NDEKTSV4RRFFQ69G5FA",
     "invalid ULID '01ARZ3NDEKTSV4RRFFQ69G5FA': ULID text is 26 characters of Crockford's base32 "
     "alphabet: 0-9 and A-Z without I, L, O and U; this is 25"),
    (Ulid, "01ARZ3NDEKTSV4RRFFQ69G5FAVV", "ULID text is 26 characters"),
    (Ulid, "01ARZ3NDEKTSV4RRFFQ69G5FAU",
     "invalid ULID '01ARZ3NDEKTSV4RRFFQ69G5FAU': character 26, 'U', is not in Crockford's base32 "
     "alphabet: 0-9 and A-Z without I, L, O and U; ULID text is 26 of them"),
    (Ulid, "80000000000000000000000000",
     "ULID '80000000000000000000000000' is out of range: the largest ULID is 7ZZZZZZZZZZZZZZZZZZZZZZZZZ"),
    (Ksuid, "aWgEPTl1tmebfsQzFP4bxwgy80W",
     "KSUID 'aWgEPTl1tmebfsQzFP4bxwgy80W' is out of range: the largest KSUID is aWgEPTl1tmebfsQzFP4bxwgy80V"),
    (Ksuid, "0ujtsYcgvSTl8PAuAdqWYSMnLO-", "character 27, '-', is not in base62: 0-9, A-Z and a-z"),
    (ObjectId, "507f1f77bcf86cd79943901g", "character 24, 'g', is not in hexadecimal: 0-9, a-f and A-F"),
    (ObjectId, "", "invalid ObjectId '': ObjectId text is 24 characters"),
    (Ulid, b"\x00" * 15, "invalid ULID " + repr(b"\x00" * 15) + ": ULID binary is 16 bytes; this is 15"),
    (Ksuid, b"\x00" * 21, "KSUID binary is 20 bytes; this is 21"),
    (ObjectId, b"\x00" * 11, "ObjectId binary is 12 bytes; this is 11"),
])
def test_refusals_name_the_value_and_the_form(cls, text, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        cls(text)


def test_wrong_kind_of_value():
    with pytest.raises(TypeError, match="ULID values are made from str or bytes, not int"):
        Ulid(5)


def test_ulid_and_uuid_share_bytes():
    u = uuid.UUID("01563e3a-b5d3-d676-4c61-efb99302bd5b")
    assert Ulid(u) == Ulid("01ARZ3NDEKTSV4RRFFQ69G5FAV")
    assert Ulid(u).uuid == u


def test_immutable_hashable_picklable():
    value = Ulid("01ARZ3NDEKTSV4RRFFQ69G5FAV")
    with pytest.raises(AttributeError):
        value._bytes = b"\x00" * 16
    with pytest.raises(AttributeError):
        value.extra = 1
    assert {value: 1}[Ulid(value.bytes)] == 1
    assert pickle.loads(pickle.dumps(value)) == value


def test_equality_and_order_within_a_type_only():
    a, b = Ulid(SMALLEST[Ulid]), Ulid(LARGEST[Ulid])
    assert a < b and b > a and a <= a and a >= a and a != b
    assert a != SMALLEST[Ulid] and a != a.bytes
    assert Ulid(b"\x00" * 16) != ObjectId(b"\x00" * 12)
    with pytest.raises(TypeError):
        a < Ksuid(SMALLEST[Ksuid])


def test_objectid_counter():
    assert ObjectId("507f1f77bcf86cd799439011").counter == 0x439011


def test_ulid_time_past_year_9999_is_a_clear_error():
    with pytest.raises(ValueError, match="ULID 7ZZZZZZZZZZZZZZZZZZZZZZZZZ's time is past datetime's year 9999"):
        Ulid(LARGEST[Ulid]).timestamp


# The same strings through the server's input function: what one accepts,
# the other accepts, with the same text out and the same bytes.
AGREEMENT = [
    (Ulid, t) for t in ["01ARZ3NDEKTSV4RRFFQ69G5FAV", "01arz3ndektsv4rrffq69g5fav", SMALLEST[Ulid],
                        LARGEST[Ulid], "80000000000000000000000000", "01ARZ3NDEKTSV4RRFFQ69G5FAI",
                        "01ARZ3NDEKTSV4RRFFQ69G5FA", "01ARZ3NDEKTSV4RRFFQ69G5FAVV"]
] + [
    (Ksuid, t) for t in ["0ujtsYcgvSTl8PAuAdqWYSMnLOv", SMALLEST[Ksuid], LARGEST[Ksuid],
                         "aWgEPTl1tmebfsQzFP4bxwgy80W", "zzzzzzzzzzzzzzzzzzzzzzzzzzz",
                         "0ujtsYcgvSTl8PAuAdqWYSMnLO", "0ujtsYcgvSTl8PAuAdqWYSMnLO_"]
] + [
    (ObjectId, t) for t in ["507f1f77bcf86cd799439011", "507F1F77BCF86CD799439011", SMALLEST[ObjectId],
                            LARGEST[ObjectId], "507f1f77bcf86cd79943901", "507f1f77bcf86cd79943901g"]
]


@pytest.mark.parametrize("cls, text", AGREEMENT)
def test_accepts_and_prints_what_the_server_does(plain_conn, cls, text):
    try:
        row = plain_conn.execute(
            f"SELECT %s::{cls.SQL_TYPE}::text, {cls.SQL_TYPE}_send(%s::{cls.SQL_TYPE})", [text, text]).fetchone()
    except (psycopg.errors.InvalidTextRepresentation, psycopg.errors.NumericValueOutOfRange):
        with pytest.raises(ValueError):
            cls(text)
    else:
        assert (str(cls(text)), cls(text).bytes) == row


@pytest.mark.parametrize("cls", [Ulid, Ksuid, ObjectId])
def test_timestamp_is_the_servers(plain_conn, cls):
    sql_type = cls.SQL_TYPE
    text, server_ts = plain_conn.execute(
        f"SELECT id::text, {sql_type}_timestamp(id) FROM {sql_type}(timestamptz '2031-02-03 04:05:06.789+00') id").fetchone()
    assert cls(text).timestamp == server_ts


def test_ksuid_ms_timestamp_is_the_servers(plain_conn):
    # svix's test_systemtime_timestamp value, and new ones from ksuid_ms()
    assert Ksuid("3CgDecmqDwZKjktK2TKLFZvR9gO").ms_timestamp == datetime.datetime(
        2026, 4, 21, 19, 6, 55, 512000, tzinfo=UTC)
    rows = plain_conn.execute(
        "SELECT id::text, ksuid_ms_timestamp(id) FROM (SELECT ksuid_ms() id FROM generate_series(1, 200)) g"
    ).fetchall()
    assert [Ksuid(text).ms_timestamp for text, _ in rows] == [ts for _, ts in rows]
