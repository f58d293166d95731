"""psycopg 3 adapters for every type of idgen.families.NATIVE_TYPES (the
family table's): ulid, ksuid, objectid, xid12, scru128, timeflake and typeid
(and their arrays) load as Ulid, Ksuid, ObjectId, Xid, Scru128, Timeflake and
TypeId in text and binary, and those values dump back as the types
themselves, in queries and in COPY.

    import idgen.psycopg
    idgen.psycopg.register_types(conn)
"""
from __future__ import annotations

from psycopg.adapt import Dumper, Loader
from psycopg.pq import Format
from psycopg.types import TypeInfo

from .values import ID_CLASSES, missing_type_error


def register_types(conn) -> None:
    """Registers the adapters on a connection (and so on its cursors).

    Extension types have no fixed OIDs: this looks them up in conn's
    database, as its search_path resolves the names, so the extension must be
    installed there first."""
    for value_class in ID_CLASSES:
        _register(conn, value_class, TypeInfo.fetch(conn, value_class.SQL_TYPE))


async def register_types_async(conn) -> None:
    """register_types for a psycopg.AsyncConnection."""
    for value_class in ID_CLASSES:
        _register(conn, value_class, await TypeInfo.fetch(conn, value_class.SQL_TYPE))


def _register(conn, value_class, info) -> None:
    if info is None:
        raise missing_type_error(value_class.SQL_TYPE)
    info.register(conn)  # the type and its array, by name and OID (COPY's set_types)
    _register_adapters(conn.adapters, value_class, info.oid)


def _register_adapters(adapters, value_class, oid: int) -> None:
    name = value_class.__name__

    class TextLoader(Loader):
        def load(self, data):
            return value_class(bytes(data).decode("ascii"))

    class BinaryLoader(Loader):
        format = Format.BINARY

        def load(self, data):
            return value_class(data)

    class TextDumper(Dumper):
        def dump(self, obj):
            return str(value_class(obj)).encode("ascii")

    class BinaryDumper(Dumper):
        format = Format.BINARY

        def dump(self, obj):
            return value_class(obj).bytes

    for adapter in (TextLoader, BinaryLoader, TextDumper, BinaryDumper):
        adapter.__name__ = adapter.__qualname__ = name + adapter.__name__
    TextDumper.oid = BinaryDumper.oid = oid

    adapters.register_loader(oid, TextLoader)
    adapters.register_loader(oid, BinaryLoader)
    # The last one registered serves %s: binary, as psycopg does for uuid.
    adapters.register_dumper(value_class, TextDumper)
    adapters.register_dumper(value_class, BinaryDumper)
