"""psycopg 3 with idgen.psycopg.register_types: every type in text and
binary, as values, arrays with NULLs, parameters and binary COPY."""
import asyncio

import psycopg
import pytest
from psycopg.types import TypeInfo

import idgen.psycopg
from idgen import Ksuid, ObjectId, Ulid

CLASSES = [Ulid, Ksuid, ObjectId]


@pytest.fixture
def table(conn):
    conn.execute("CREATE TEMP TABLE ids (n int, u ulid, k ksuid, o objectid,"
                  " us ulid[], ks ksuid[], os objectid[])")
    conn.execute("INSERT INTO ids SELECT g, ulid(), ksuid(), objectid(),"
                 " ARRAY[ulid(), NULL], ARRAY[ksuid(), NULL], ARRAY[objectid(), NULL]"
                 " FROM generate_series(1, 5) g")
    conn.execute("INSERT INTO ids (n) VALUES (6)")
    return "ids"


@pytest.mark.parametrize("binary", [False, True])
@pytest.mark.parametrize("cls", CLASSES)
def test_loads_values_as_the_server_prints_them(conn, table, cls, binary):
    column = cls.SQL_TYPE[0]
    rows = conn.execute(f"SELECT {column}, {column}::text FROM ids ORDER BY n", binary=binary).fetchall()
    assert len(rows) == 6
    for value, text in rows[:5]:
        assert type(value) is cls and str(value) == text
    assert rows[5] == (None, None)


@pytest.mark.parametrize("binary", [False, True])
@pytest.mark.parametrize("cls", CLASSES)
def test_arrays_load_with_nulls(conn, table, cls, binary):
    column = cls.SQL_TYPE[0] + "s"
    rows = conn.execute(f"SELECT {column}, {column}::text[] FROM ids ORDER BY n", binary=binary).fetchall()
    for values, texts in rows[:5]:
        assert [type(v) for v in values] == [cls, type(None)]
        assert [str(values[0]), None] == texts
    assert rows[5] == (None, None)
    empty = conn.execute(f"SELECT '{{}}'::{cls.SQL_TYPE}[]", binary=binary).fetchone()[0]
    assert empty == []


@pytest.mark.parametrize("binary", [False, True])
@pytest.mark.parametrize("cls", CLASSES)
def test_values_go_back_as_parameters(conn, table, cls, binary):
    column = cls.SQL_TYPE[0]
    stored = conn.execute(f"SELECT {column} FROM ids WHERE n = 3").fetchone()[0]
    placeholder = "%b" if binary else "%t"
    found = conn.execute(f"SELECT n, pg_typeof({placeholder})::text FROM ids WHERE {column} = {placeholder}",
                         [stored, stored]).fetchall()
    assert found == [(3, cls.SQL_TYPE)]
    # %s: the binary dumper, registered last
    assert conn.execute("SELECT pg_typeof(%s)::text", [stored]).fetchone()[0] == cls.SQL_TYPE
    assert conn.execute("SELECT %s = %s", [stored, stored]).fetchone()[0] is True


@pytest.mark.parametrize("binary", [False, True])
@pytest.mark.parametrize("cls", CLASSES)
def test_lists_go_back_as_arrays(conn, table, cls, binary):
    column = cls.SQL_TYPE[0]
    stored = [r[0] for r in conn.execute(f"SELECT {column} FROM ids WHERE n <= 5 ORDER BY n")]
    placeholder = "%b" if binary else "%t"
    row = conn.execute(f"SELECT pg_typeof({placeholder})::text, {placeholder}", [stored + [None], stored + [None]],
                       binary=binary).fetchone()
    assert row == (cls.SQL_TYPE + "[]", stored + [None])
    found = conn.execute(f"SELECT count(*) FROM ids WHERE {column} = ANY({placeholder})", [stored]).fetchone()[0]
    assert found == 5


@pytest.mark.parametrize("cls", CLASSES)
def test_order_and_timestamp_are_the_servers(conn, table, cls):
    column = cls.SQL_TYPE[0]
    rows = conn.execute(f"SELECT {column}, {cls.SQL_TYPE}_timestamp({column}) FROM ids"
                        f" WHERE {column} IS NOT NULL ORDER BY {column}").fetchall()
    assert [v for v, _ in rows] == sorted(v for v, _ in rows)
    assert all(v.timestamp == ts for v, ts in rows)


@pytest.mark.parametrize("cls", CLASSES)
def test_text_given_as_str_is_still_accepted(conn, table, cls):
    column = cls.SQL_TYPE[0]
    text = conn.execute(f"SELECT {column}::text FROM ids WHERE n = 2").fetchone()[0]
    assert conn.execute(f"SELECT n FROM ids WHERE {column} = %s", [text]).fetchall() == [(2,)]


def test_binary_copy_round_trips_every_type(conn, table):
    columns = "u, k, o, us, ks, os"
    types = ["ulid", "ksuid", "objectid", "ulid[]", "ksuid[]", "objectid[]"]
    with conn.cursor() as cur:
        with cur.copy(f"COPY (SELECT {columns} FROM ids ORDER BY n) TO STDOUT (FORMAT BINARY)") as copy:
            copy.set_types(types)
            rows = list(copy.rows())
    assert len(rows) == 6 and type(rows[0][0]) is Ulid and rows[5] == (None,) * 6
    conn.execute(f"CREATE TEMP TABLE copied (n serial, {', '.join(c + ' ' + t for c, t in zip(columns.split(', '), types))})")
    with conn.cursor() as cur:
        with cur.copy(f"COPY copied ({columns}) FROM STDIN (FORMAT BINARY)") as copy:
            copy.set_types(types)
            for row in rows:
                copy.write_row(row)
    back = conn.execute(f"SELECT {columns} FROM copied ORDER BY n").fetchall()
    assert back == rows
    differ = conn.execute(f"SELECT count(*) FROM (SELECT {columns} FROM ids EXCEPT SELECT {columns} FROM copied) d")
    assert differ.fetchone()[0] == 0


def test_text_copy_loads_values(conn, table):
    with conn.cursor() as cur:
        with cur.copy("COPY (SELECT u, ks FROM ids ORDER BY n) TO STDOUT") as copy:
            copy.set_types(["ulid", "ksuid[]"])
            rows = list(copy.rows())
    assert type(rows[0][0]) is Ulid and type(rows[0][1][0]) is Ksuid and rows[0][1][1] is None


def test_registration_is_per_connection(dsn, conn, table):
    with psycopg.connect(dsn) as other:
        assert type(other.execute("SELECT ulid()", binary=True).fetchone()[0]) is bytes
    assert type(conn.execute("SELECT ulid()", binary=True).fetchone()[0]) is Ulid


def test_uses_the_oids_of_the_connections_database(plain_conn, dsn):
    # the extension in another schema of another database: other OIDs
    plain_conn.execute("DROP DATABASE IF EXISTS elsewhere")
    plain_conn.execute("CREATE DATABASE elsewhere")
    try:
        with psycopg.connect(dsn + " dbname=elsewhere", autocommit=True) as other:
            other.execute("CREATE SCHEMA ext")
            other.execute("CREATE EXTENSION idgen SCHEMA ext")
            other.execute("SET search_path = public, ext")
            idgen.psycopg.register_types(other)
            assert TypeInfo.fetch(other, "ulid").oid != TypeInfo.fetch(plain_conn, "ulid").oid
            value = other.execute("SELECT ext.ulid()", binary=True).fetchone()[0]
            assert other.execute("SELECT %s, %s::text", [value, value]).fetchone() == (value, str(value))
    finally:
        plain_conn.execute("DROP DATABASE elsewhere")


def test_registration_without_the_extension_says_what_to_do(plain_conn, dsn):
    plain_conn.execute("DROP DATABASE IF EXISTS bare")
    plain_conn.execute("CREATE DATABASE bare")
    try:
        with psycopg.connect(dsn + " dbname=bare") as bare:
            with pytest.raises(LookupError, match="type ulid does not exist in this database: run CREATE EXTENSION idgen"):
                idgen.psycopg.register_types(bare)
    finally:
        plain_conn.execute("DROP DATABASE bare")


def test_async_connections_register_too(dsn):
    async def main():
        async with await psycopg.AsyncConnection.connect(dsn) as aconn:
            await idgen.psycopg.register_types_async(aconn)
            cur = await aconn.execute("SELECT ulid(), ARRAY[ksuid()], objectid()", binary=True)
            u, ks, o = await cur.fetchone()
            cur = await aconn.execute("SELECT %s::text, %s::text[], %s::text", [u, ks, o])
            assert await cur.fetchone() == (str(u), [str(ks[0])], str(o))
            assert (type(u), type(ks[0]), type(o)) == (Ulid, Ksuid, ObjectId)
    asyncio.run(main())
