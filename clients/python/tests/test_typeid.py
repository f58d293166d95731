"""TypeId on its own (the spec's vectors) and against the server: the same
verdicts, text, fields, binary form and order, through psycopg 3's adapters."""
import uuid

import psycopg
import pytest

from idgen import TypeId

VALID = [  # jetify-com/typeid spec/valid.yml (test/vectors/typeid_valid.tsv)
    ("00000000000000000000000000", "", "00000000-0000-0000-0000-000000000000"),
    ("7zzzzzzzzzzzzzzzzzzzzzzzzz", "", "ffffffff-ffff-ffff-ffff-ffffffffffff"),
    ("prefix_0123456789abcdefghjkmnpqrs", "prefix", "0110c853-1d09-52d8-d73e-1194e95b5f19"),
    ("prefix_01h455vb4pex5vsknk084sn02q", "prefix", "01890a5d-ac96-774b-bcce-b302099a8057"),
    ("pre_fix_00000000000000000000000000", "pre_fix", "00000000-0000-0000-0000-000000000000"),
]
INVALID = ["PREFIX_00000000000000000000000000", "12345_00000000000000000000000000", "préfix_00000000000000000000000000",
           "a" * 64 + "_00000000000000000000000000", "_00000000000000000000000000", "_",
           "prefix_1234567890123456789012345", "prefix_0123456789ABCDEFGHJKMNPQRS", "prefix_8zzzzzzzzzzzzzzzzzzzzzzzzz",
           "_prefix_00000000000000000000000000", "prefix__00000000000000000000000000", ""]


@pytest.mark.parametrize("text, prefix, u", VALID)
def test_spec_valid(text, prefix, u):
    t = TypeId(text)
    assert (t.prefix, str(t.uuid), str(t)) == (prefix, u, text)
    assert TypeId(prefix, uuid.UUID(u)) == t
    assert TypeId(t.bytes) == t


@pytest.mark.parametrize("text", INVALID)
def test_spec_invalid(text):
    with pytest.raises(ValueError):
        TypeId(text)


def test_timestamp_only_for_v7():
    assert TypeId("prefix_01h455vb4pex5vsknk084sn02q").timestamp.isoformat() == "2023-06-30T03:34:18.518000+00:00"
    assert TypeId("prefix_0123456789abcdefghjkmnpqrs").timestamp is None


@pytest.mark.parametrize("text", [v[0] for v in VALID] + INVALID + ["a_7zzzzzzzzzzzzzzzzzzzzzzzzz", "a_b_c_00000000000000000000000000"])
def test_accepts_and_prints_what_the_server_does(plain_conn, text):
    try:
        row = plain_conn.execute("SELECT %s::typeid::text, typeid_send(%s::typeid)", [text, text]).fetchone()
    except (psycopg.errors.InvalidTextRepresentation, psycopg.errors.NumericValueOutOfRange):
        with pytest.raises(ValueError):
            TypeId(text)
    else:
        assert (str(TypeId(text)), TypeId(text).bytes) == row


@pytest.mark.parametrize("binary", [False, True])
def test_adapters_load_and_dump(conn, binary):
    rows = conn.execute("SELECT t, t::text, typeid_prefix(t), typeid_uuid(t), typeid_timestamp(t)"
                        " FROM (SELECT typeid_generate(p) t FROM unnest(ARRAY['user', '', 'a_b', 'user_a']) p) g"
                        " ORDER BY 1", binary=binary).fetchall()
    assert [type(r[0]) for r in rows] == [TypeId] * 4
    for value, text, prefix, u, ts in rows:
        assert (str(value), value.prefix, value.uuid, value.timestamp) == (text, prefix, u, ts)
    assert [r[0] for r in rows] == sorted(r[0] for r in rows)  # the server's order
    values = [r[0] for r in rows]
    placeholder = "%b" if binary else "%t"
    assert conn.execute(f"SELECT pg_typeof({placeholder})::text, {placeholder}", [values[0], values]).fetchone() == \
        ("typeid", values)
