"""decode_snowflake and decode_shard_id give what the server's
snowflake_decode and shard_id_decode give, at and beyond the bounds."""
import datetime

import pytest

from idgen import decode_shard_id, decode_snowflake, decode_sonyflake, decode_tsid, tsid_parse, tsid_text

INT8_MAX = (1 << 63) - 1


def test_snowflake_parts_are_the_servers(plain_conn):
    rows = plain_conn.execute(
        "SELECT id, (snowflake_decode(id)).*, (snowflake_decode(id, 0)).ts FROM"
        " (SELECT snowflake_id() id FROM generate_series(1, 50)"
        "  UNION ALL VALUES (0::bigint), (454947766275219456), (%s)) ids", [INT8_MAX]).fetchall()
    assert len(rows) == 53
    for id, ts, node, seq, ts_epoch0 in rows:
        assert decode_snowflake(id) == (ts, node, seq)
        assert decode_snowflake(id, epoch_ms=0).ts == ts_epoch0
    assert {decode_snowflake(r[0]).node for r in rows[:50]} == {5}  # idgen.node_id in test.sh


def test_shard_id_parts_are_the_servers(plain_conn):
    rows = plain_conn.execute(
        "SELECT id, (shard_id_decode(id)).* FROM"
        " (SELECT next_shard_id(g %% 8192, g) id FROM generate_series(0, 9000, 7) g"
        "  UNION ALL VALUES (0::bigint), (%s)) ids", [INT8_MAX]).fetchall()
    for id, ts, shard, seq in rows:
        assert decode_shard_id(id) == (ts, shard, seq)


def test_seed_example():
    # seed 001: 454947766275219456 is node 786, sequence 0, at 2014-04-12 11:42:54.657 UTC
    parts = decode_snowflake(454947766275219456)
    assert parts.ts == datetime.datetime(2014, 4, 12, 11, 42, 54, 657000, tzinfo=datetime.timezone.utc)
    assert (parts.node, parts.seq) == (786, 0)


@pytest.mark.parametrize("decode, kind", [(decode_snowflake, "Snowflake"), (decode_shard_id, "shard ID")])
def test_out_of_range(decode, kind):
    decode(0), decode(INT8_MAX)
    for bad in (-1, INT8_MAX + 1):
        with pytest.raises(ValueError, match=f"invalid {kind} {bad}: it is between 0 and {INT8_MAX}"):
            decode(bad)
    with pytest.raises(TypeError, match=f"a {kind} is an int, not str"):
        decode("1")


def test_tsid_parts_and_text_are_the_servers(plain_conn):
    rows = plain_conn.execute(
        "SELECT id, tsid_text(id), tsid_timestamp(id), tsid_node(id), tsid_counter(id) FROM"
        " (SELECT tsid() id FROM generate_series(1, 50)"
        "  UNION ALL VALUES (0::bigint), (-1), (%s), (%s), (393499549856804768)) ids",
        [INT8_MAX, -INT8_MAX - 1]).fetchall()
    assert len(rows) == 55
    for id, text, ts, node, counter in rows:
        assert tsid_text(id) == text
        assert tsid_parse(text) == id == tsid_parse(text.lower())
        assert decode_tsid(id) == (ts, node, counter)
    assert {decode_tsid(r[0]).node for r in rows[:50]} == {5}  # idgen.node_id in test.sh


def test_tsid_text_as_tsid_creator_reads_it():
    assert tsid_parse("FZZZZZZZZZZZZ") == -1 and tsid_text(10) == "000000000000A"
    assert tsid_parse("0123456789ABi") == tsid_parse("0123456789AB1")
    assert tsid_parse("0123456789ABo") == tsid_parse("0123456789AB0")
    for bad in ["G000000000000", "0123456789ABU", "0123456789AB", ""]:
        with pytest.raises(ValueError, match="invalid TSID"):
            tsid_parse(bad)


def test_sonyflake_parts_are_the_servers(plain_conn):
    rows = plain_conn.execute(
        "SELECT id, (sonyflake_decode(id)).* FROM"
        " (SELECT sonyflake_id() id FROM generate_series(1, 50)"
        "  UNION ALL VALUES (0::bigint), (28522095609102155), (%s)) ids", [INT8_MAX]).fetchall()
    for id, ts, sequence, machine in rows:
        assert decode_sonyflake(id) == (ts, sequence, machine)
    assert {decode_sonyflake(r[0]).machine for r in rows[:50]} == {5}
    with pytest.raises(ValueError, match="invalid Sonyflake ID -1"):
        decode_sonyflake(-1)
