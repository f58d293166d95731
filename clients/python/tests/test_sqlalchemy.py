"""SQLAlchemy's ULID, KSUID and OBJECTID: values in and out, and reflection
that gives them back (no "Did not recognize type" warning: pyproject.toml
makes warnings errors), so the reflected metadata creates its tables again."""
import types

import pytest
import sqlalchemy as sa
from sqlalchemy.dialects.postgresql import ARRAY

from idgen import Ksuid, ObjectId, Ulid
from idgen.sqlalchemy import KSUID, OBJECTID, ULID, register_types


@pytest.fixture
def engine(sqlalchemy_url, plain_conn):
    plain_conn.execute("DROP SCHEMA IF EXISTS sa_src, sa_copy CASCADE")
    plain_conn.execute("CREATE SCHEMA sa_src; CREATE SCHEMA sa_copy")
    engine = sa.create_engine(sqlalchemy_url)
    register_types(engine)
    yield engine
    engine.dispose()
    plain_conn.execute("DROP SCHEMA sa_src, sa_copy CASCADE")


def things(metadata, schema):
    return sa.Table(
        "things", metadata,
        sa.Column("id", ULID, primary_key=True, server_default=sa.text("ulid()")),
        sa.Column("k", KSUID), sa.Column("o", OBJECTID),
        sa.Column("us", ARRAY(ULID)), sa.Column("ks", ARRAY(KSUID)), sa.Column("os", ARRAY(OBJECTID)),
        schema=schema)


def round_trip(engine, table):
    u, k, o = Ulid("01ARZ3NDEKTSV4RRFFQ69G5FAV"), Ksuid("0ujtsYcgvSTl8PAuAdqWYSMnLOv"), ObjectId("507f1f77bcf86cd799439011")
    with engine.begin() as conn:
        conn.execute(table.insert(), [
            {"id": u, "k": k, "o": o, "us": [u], "ks": [k], "os": [o]},
            {"id": "01arz3ndektsv4rrffq69g5faw", "k": str(k), "o": "507F1F77BCF86CD799439012",
             "us": None, "ks": None, "os": None},
        ])
        conn.execute(table.insert().values(k=None))  # id from the server default
        rows = conn.execute(sa.select(table).order_by(table.c.id)).fetchall()
        assert rows[0] == (u, k, o, [u], [k], [o])
        assert rows[1] == (Ulid("01ARZ3NDEKTSV4RRFFQ69G5FAW"), k, ObjectId("507f1f77bcf86cd799439012"), None, None, None)
        assert type(rows[2].id) is Ulid and rows[2][1:] == (None,) * 5
        assert conn.execute(sa.select(table.c.o).where(table.c.id == u)).scalar_one() == o
        assert conn.execute(sa.select(sa.func.count()).where(table.c.id > u)).scalar_one() == 2
    with pytest.raises(sa.exc.StatementError, match="invalid ULID 'nope'"):
        with engine.begin() as conn:
            conn.execute(table.insert(), {"id": "nope"})


def test_declared_types_round_trip(engine):
    metadata = sa.MetaData()
    table = things(metadata, "sa_src")
    metadata.create_all(engine)
    round_trip(engine, table)


def test_reflection_gives_the_types_and_creates_the_table_again(engine):
    declared = sa.MetaData()
    things(declared, "sa_src")
    declared.create_all(engine)

    reflected = sa.MetaData()
    table = sa.Table("things", reflected, schema="sa_src", autoload_with=engine)
    kinds = {c.name: type(c.type) for c in table.columns}
    assert kinds == {"id": ULID, "k": KSUID, "o": OBJECTID, "us": ARRAY, "ks": ARRAY, "os": ARRAY}
    assert [type(table.c[c].type.item_type) for c in ("us", "ks", "os")] == [ULID, KSUID, OBJECTID]

    copy = table.to_metadata(sa.MetaData(), schema="sa_copy")
    copy.metadata.create_all(engine)
    with engine.connect() as conn:
        server_types = conn.execute(sa.text(
            "SELECT attname, format_type(atttypid, atttypmod) FROM pg_attribute"
            " WHERE attrelid = 'sa_copy.things'::regclass AND attnum > 0 ORDER BY attnum")).fetchall()
    assert server_types == [("id", "ulid"), ("k", "ksuid"), ("o", "objectid"),
                            ("us", "ulid[]"), ("ks", "ksuid[]"), ("os", "objectid[]")]
    round_trip(engine, copy)


def test_without_the_drivers_adapters_scalars_still_work(sqlalchemy_url, engine):
    # engine has them; a bare engine reads scalars from their text
    bare = sa.create_engine(sqlalchemy_url)
    metadata = sa.MetaData()
    table = sa.Table("plain", metadata, sa.Column("id", ULID), sa.Column("o", OBJECTID), schema="sa_src")
    metadata.create_all(bare)
    with bare.begin() as conn:
        conn.execute(table.insert(), {"id": "01ARZ3NDEKTSV4RRFFQ69G5FAV", "o": ObjectId(b"\x01" * 12)})
        assert conn.execute(sa.select(table)).fetchall() == [(Ulid("01ARZ3NDEKTSV4RRFFQ69G5FAV"), ObjectId(b"\x01" * 12))]
    bare.dispose()


def test_register_types_refuses_other_drivers():
    with pytest.raises(ValueError, match="idgen.sqlalchemy.register_types knows the psycopg2 driver, not pg8000"):
        register_types(types.SimpleNamespace(dialect=types.SimpleNamespace(driver="pg8000")))
