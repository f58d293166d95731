"""SQLAlchemy's column types, one per type of the family table: values in
and out, and reflection that gives them back (no "Did not recognize type"
warning: pyproject.toml makes warnings errors), so the reflected metadata
creates its tables again; through psycopg2 and psycopg 3."""
import os
import types

import psycopg
import pytest
import sqlalchemy as sa
from sqlalchemy.dialects.postgresql import ARRAY

import idgen.sqlalchemy
from idgen import Ksuid, ObjectId, Ulid
from idgen.families import FAMILIES, NATIVE_TYPES
from idgen.sqlalchemy import COLUMN_TYPES, KSUID, OBJECTID, ULID, register_types
from idgen.values import ID_CLASSES


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
    with pytest.raises(ValueError, match="idgen.sqlalchemy.register_types knows the psycopg2 and psycopg drivers, not pg8000"):
        register_types(types.SimpleNamespace(dialect=types.SimpleNamespace(driver="pg8000")))


# One value of each type of the family table's NATIVE_TYPES, as the server
# prints it; a type made from its row alone has its row's sample
# (FAMILIES[name].sample), and a type with neither fails the test below.
SAMPLES = {
    "ulid": "01ARZ3NDEKTSV4RRFFQ69G5FAV",
    "ksuid": "0ujtsYcgvSTl8PAuAdqWYSMnLOv",
    "objectid": "507f1f77bcf86cd799439011",
    "xid12": "9m4e2mr0ui3e8a215n4g",
    "scru128": "0372hg16csmsm50l8dikcvukc",
    "timeflake": "02i2XhN7hAuaFh3MwztcMd",
    "typeid": "user_01h455vb4pex5vsknk084sn02q",
}


def sample_of(name):
    return SAMPLES.get(name) or FAMILIES[name].sample


def sqlalchemy_2():
    return int(sa.__version__.split(".")[0]) >= 2


def driver_param(driver):
    # SQLAlchemy 1.4 (Debian 12's) has no psycopg 3 dialect: clients/python/test_sqlalchemy2.sh
    # runs these tests again under SQLAlchemy 2 (Debian 13's), where both must run
    marks = []
    if os.environ.get("IDGEN_TEST_REQUIRE_SQLALCHEMY_2"):
        assert sqlalchemy_2(), f"IDGEN_TEST_REQUIRE_SQLALCHEMY_2, and SQLAlchemy is {sa.__version__}"
    elif driver == "psycopg" and not sqlalchemy_2():
        marks.append(pytest.mark.skip(reason=f"SQLAlchemy {sa.__version__} has no postgresql+psycopg dialect"))
    return pytest.param(driver, marks=marks, id=driver)


@pytest.fixture(params=[driver_param("psycopg2"), driver_param("psycopg")])
def any_engine(request, dsn, plain_conn):
    plain_conn.execute("DROP SCHEMA IF EXISTS sa_every, sa_every_copy CASCADE")
    plain_conn.execute("CREATE SCHEMA sa_every; CREATE SCHEMA sa_every_copy")
    parts = psycopg.conninfo.conninfo_to_dict(dsn)
    engine = sa.create_engine(f"postgresql+{request.param}://{parts['user']}@{parts['host']}:{parts['port']}/{parts['dbname']}")
    assert engine.dialect.driver == request.param
    register_types(engine)
    yield engine
    engine.dispose()
    plain_conn.execute("DROP SCHEMA sa_every, sa_every_copy CASCADE")


def test_the_column_types_are_the_family_tables():
    assert [t.value_class.SQL_TYPE for t in COLUMN_TYPES] == [t.name for t in NATIVE_TYPES]
    assert [t.__name__ for t in COLUMN_TYPES] == [t.name.upper() for t in NATIVE_TYPES]
    for t in COLUMN_TYPES:
        assert getattr(idgen.sqlalchemy, t.__name__) is t


def test_every_type_reflects_and_round_trips(plain_conn, any_engine):
    # made by the server, as an application's migration would make it
    columns = ", ".join(f"{t.name} {t.name}, {t.name}s {t.name}[]" for t in NATIVE_TYPES)
    plain_conn.execute(f"CREATE TABLE sa_every.every (id bigint PRIMARY KEY, {columns})")

    table = sa.Table("every", sa.MetaData(), schema="sa_every", autoload_with=any_engine)
    for native, column_type in zip(NATIVE_TYPES, COLUMN_TYPES):
        assert type(table.c[native.name].type) is column_type, native.name
        assert type(table.c[native.name + "s"].type.item_type) is column_type, native.name

    # the reflected metadata creates the table again, with the same types
    copy = table.to_metadata(sa.MetaData(), schema="sa_every_copy")
    copy.metadata.create_all(any_engine)
    server_types = plain_conn.execute(
        "SELECT attname, format_type(atttypid, atttypmod) FROM pg_attribute"
        " WHERE attrelid = 'sa_every_copy.every'::regclass AND attnum > 1 ORDER BY attnum").fetchall()
    assert server_types == [c for t in NATIVE_TYPES for c in ((t.name, t.name), (t.name + "s", t.name + "[]"))]

    # a row of values and a row of their text, through the driver and back
    values = {t.name: cls(sample_of(t.name)) for t, cls in zip(NATIVE_TYPES, ID_CLASSES)}
    with any_engine.begin() as conn:
        for target in (table, copy):
            conn.execute(target.insert(), [
                {"id": 1, **values, **{name + "s": [v, None] for name, v in values.items()}},
                {"id": 2, **{name: str(v) for name, v in values.items()},
                 **{name + "s": None for name in values}},
            ])
            rows = conn.execute(sa.select(target).order_by(target.c.id)).fetchall()
            assert [r._mapping[name] for r in rows for name in values] == list(values.values()) * 2
            assert [type(rows[0]._mapping[name]) for name in values] == list(ID_CLASSES)
            assert [rows[0]._mapping[name + "s"] for name in values] == [[v, None] for v in values.values()]
            # the server sees the same values: its text of each
            texts = conn.execute(sa.text(
                "SELECT " + ", ".join(f"{name}::text" for name in values) + f" FROM {target.fullname} WHERE id = 1")).one()
            assert list(texts) == [sample_of(name) for name in values]
