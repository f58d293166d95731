"""psycopg2 with idgen.psycopg2.register_types: values and arrays read as
Ulid, Ksuid and ObjectId, and written back as the types."""
import psycopg2
import pytest

import idgen.psycopg2
from idgen import Ksuid, ObjectId, Ulid

CLASSES = [Ulid, Ksuid, ObjectId]


@pytest.fixture
def cursor(dsn):
    conn = psycopg2.connect(dsn)
    idgen.psycopg2.register_types(conn)
    cur = conn.cursor()
    cur.execute("CREATE TEMP TABLE ids (n int, u ulid, k ksuid, o objectid, us ulid[], ks ksuid[], os objectid[])")
    cur.execute("INSERT INTO ids SELECT g, ulid(), ksuid(), objectid(),"
                " ARRAY[ulid(), NULL], ARRAY[ksuid(), NULL], ARRAY[objectid(), NULL]"
                " FROM generate_series(1, 5) g")
    cur.execute("INSERT INTO ids (n) VALUES (6)")
    yield cur
    conn.rollback()
    conn.close()


@pytest.mark.parametrize("cls", CLASSES)
def test_values_and_arrays_load(cursor, cls):
    column = cls.SQL_TYPE[0]
    cursor.execute(f"SELECT {column}, {column}::text, {column}s, {column}s::text[] FROM ids ORDER BY n")
    rows = cursor.fetchall()
    for value, text, values, texts in rows[:5]:
        assert type(value) is cls and str(value) == text
        assert [type(values[0]), values[1]] == [cls, None] and [str(values[0]), None] == texts
    assert rows[5] == (None,) * 4


@pytest.mark.parametrize("cls", CLASSES)
def test_values_and_lists_go_back(cursor, cls):
    column = cls.SQL_TYPE[0]
    cursor.execute(f"SELECT {column} FROM ids WHERE n <= 5 ORDER BY n")
    stored = [r[0] for r in cursor.fetchall()]
    cursor.execute(f"SELECT n, pg_typeof(%s)::text FROM ids WHERE {column} = %s", [stored[2], stored[2]])
    assert cursor.fetchall() == [(3, cls.SQL_TYPE)]
    cursor.execute("SELECT pg_typeof(%s)::text, %s", [stored, stored])
    assert cursor.fetchone() == (cls.SQL_TYPE + "[]", stored)
    cursor.execute(f"INSERT INTO ids (n, {column}, {column}s) VALUES (7, %s, %s)", [stored[0], stored])
    cursor.execute(f"SELECT {column}, {column}s FROM ids WHERE n = 7")
    assert cursor.fetchone() == (stored[0], stored)


def test_registration_without_the_extension_says_what_to_do(plain_conn, dsn):
    plain_conn.execute("DROP DATABASE IF EXISTS bare2")
    plain_conn.execute("CREATE DATABASE bare2")
    try:
        with psycopg2.connect(dsn + " dbname=bare2") as bare:
            with pytest.raises(LookupError, match="type ulid does not exist in this database: run CREATE EXTENSION idgen"):
                idgen.psycopg2.register_types(bare)
        bare.close()
    finally:
        plain_conn.execute("DROP DATABASE bare2")
