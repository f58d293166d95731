"""psycopg2 adapters for every type of idgen.families.NATIVE_TYPES (the
family table's): ulid, ksuid, objectid, xid12, scru128, timeflake and typeid
(and their arrays) read as Ulid, Ksuid, ObjectId, Xid, Scru128, Timeflake and
TypeId, and those values are written as the types.

    import idgen.psycopg2
    idgen.psycopg2.register_types(conn)
"""
from __future__ import annotations

from psycopg2.extensions import (TRANSACTION_STATUS_IDLE, AsIs, new_array_type, new_type, register_adapter,
                                  register_type)

from .values import ID_CLASSES, missing_type_error

# to_regtype finds the types as the connection's search_path does, which is
# also how the adapters' casts will find them.
_LOOKUP = """
SELECT t.typname, t.oid, t.typarray
  FROM pg_catalog.pg_type t
 WHERE t.oid IN (%s)
""" % ", ".join(f"pg_catalog.to_regtype('{c.SQL_TYPE}')" for c in ID_CLASSES)


def register_types(conn_or_cursor) -> None:
    """Registers typecasters on the connection (or cursor) for its database's
    OIDs of the types, and adapters (which psycopg2 keeps per process)
    that write each value as a literal cast to its type."""
    cursor = conn_or_cursor.cursor() if hasattr(conn_or_cursor, "cursor") else conn_or_cursor
    conn = cursor.connection
    was_idle = conn.get_transaction_status() == TRANSACTION_STATUS_IDLE
    cursor.execute(_LOOKUP)
    found = {row[0]: row[1:] for row in cursor.fetchall()}
    if was_idle and not conn.autocommit:
        conn.rollback()  # leave no transaction open that the lookup began
    for value_class in ID_CLASSES:
        if value_class.SQL_TYPE not in found:
            raise missing_type_error(value_class.SQL_TYPE)
        oid, array_oid = found[value_class.SQL_TYPE]
        caster = new_type((oid,), value_class.SQL_TYPE.upper(), _caster(value_class))
        register_type(caster, conn_or_cursor)
        register_type(new_array_type((array_oid,), value_class.SQL_TYPE.upper() + "[]", caster),
                      conn_or_cursor)
        register_adapter(value_class, _adapter(value_class.SQL_TYPE))


def _caster(value_class):
    def cast(text, cursor):
        return None if text is None else value_class(text)
    return cast


def _adapter(sql_name: str):
    # The text of these values is drawn from their alphabet only (checked when
    # they were made), so it needs no quoting.
    def adapt(value):
        return AsIs(f"'{value}'::{sql_name}")
    return adapt
