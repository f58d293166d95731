"""SQLAlchemy column types for every type of the extension, one per entry of
idgen.families.NATIVE_TYPES (the family table's): ULID, KSUID, OBJECTID,
XID12, SCRU128, TIMEFLAKE and TYPEID.

Importing this module also tells the PostgreSQL dialect their names, so that
reflection (Table(..., autoload_with=engine)) gives these types instead of
NullType, and the reflected metadata can create its tables again.
register_types(engine) installs the driver's adapters on each connection the
engine opens, for psycopg2 (postgresql+psycopg2) and psycopg 3
(postgresql+psycopg, SQLAlchemy 2): without them the driver hands arrays of
these types over as their text ('{...}'), which SQLAlchemy cannot take apart.
"""
from __future__ import annotations

from sqlalchemy import event
from sqlalchemy.dialects.postgresql.base import ischema_names
from sqlalchemy.types import UserDefinedType

from .values import ID_CLASSES


class _IdType(UserDefinedType):
    """Binds the type's values (idgen.values) or their text; returns the
    values, whether the driver gives text or (with idgen's adapters) values."""

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


def _column_type(value_class) -> type:
    # cache_ok: SQLAlchemy reads it from each class's own attributes
    return type(value_class.SQL_TYPE.upper(), (_IdType,),
                {"value_class": value_class, "cache_ok": True, "__module__": __name__,
                 "__doc__": f"The {value_class.SQL_TYPE} column type: {value_class.__name__} values."})


COLUMN_TYPES = tuple(_column_type(c) for c in ID_CLASSES)
for _type in COLUMN_TYPES:
    globals()[_type.__name__] = _type
    ischema_names[_type.value_class.SQL_TYPE] = _type

__all__ = [t.__name__ for t in COLUMN_TYPES] + ["COLUMN_TYPES", "register_types"]


def register_types(engine) -> None:
    """Registers idgen's adapters of the engine's driver (psycopg2 or psycopg
    3) on every new connection of engine."""
    driver = engine.dialect.driver
    if driver == "psycopg2":
        from .psycopg2 import register_types as register_driver_types
    elif driver == "psycopg":
        from .psycopg import register_types as register_driver_types
    else:
        raise ValueError(f"idgen.sqlalchemy.register_types knows the psycopg2 and psycopg drivers, not {driver}")

    @event.listens_for(engine, "connect")
    def register(dbapi_connection, connection_record):
        register_driver_types(dbapi_connection)
