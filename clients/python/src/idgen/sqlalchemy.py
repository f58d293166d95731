"""SQLAlchemy column types ULID, KSUID and OBJECTID.

Importing this module also tells the PostgreSQL dialect their names, so that
reflection (Table(..., autoload_with=engine)) gives these types instead of
NullType, and the reflected metadata can create its tables again.
register_types(engine) installs the driver's adapters on each connection the
engine opens: without them the driver hands arrays of these types over as
their text ('{...}'), which SQLAlchemy cannot take apart.
"""
from __future__ import annotations

from sqlalchemy import event
from sqlalchemy.dialects.postgresql.base import ischema_names
from sqlalchemy.types import UserDefinedType

from .values import Ksuid, ObjectId, Ulid


class _IdType(UserDefinedType):
    """Binds Ulid/Ksuid/ObjectId values or their text; returns the values,
    whether the driver gives text or (with idgen's adapters) values."""

    value_class: type

    def get_col_spec(self, **kw) -> str:
        return self.value_class.SQL_TYPE

    @property
    def python_type(self):
        return self.value_class

    def bind_processor(self, dialect):
        value_class = self.value_class

        def process(value):
            return None if value is None else str(value_class(value))
        return process

    def result_processor(self, dialect, coltype):
        value_class = self.value_class

        def process(value):
            return None if value is None else value_class(value)
        return process


class ULID(_IdType):
    cache_ok = True  # SQLAlchemy reads it from each class's own attributes
    value_class = Ulid


class KSUID(_IdType):
    cache_ok = True  # SQLAlchemy reads it from each class's own attributes
    value_class = Ksuid


class OBJECTID(_IdType):
    cache_ok = True  # SQLAlchemy reads it from each class's own attributes
    value_class = ObjectId


for _type in (ULID, KSUID, OBJECTID):
    ischema_names[_type.value_class.SQL_TYPE] = _type


def register_types(engine) -> None:
    """Registers idgen's psycopg2 adapters on every new connection of engine."""
    driver = engine.dialect.driver
    if driver != "psycopg2":
        raise ValueError(f"idgen.sqlalchemy.register_types knows the psycopg2 driver, not {driver}")
    from .psycopg2 import register_types as register_driver_types

    @event.listens_for(engine, "connect")
    def register(dbapi_connection, connection_record):
        register_driver_types(dbapi_connection)
