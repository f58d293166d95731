"""The family table's facts (src/core/families.hpp) that the client needs.

NATIVE_TYPES: the extension's own PostgreSQL types in the table's order, each
a NativeType(name, size): size is its length in bytes, or None for a type of
variable length (typeid).

A minimal stand-in: the release generates this module from the family table
(make family-constants), with the rest of the table's fields.
"""
from __future__ import annotations

from typing import NamedTuple, Optional


class NativeType(NamedTuple):
    name: str
    size: Optional[int]


NATIVE_TYPES = (
    NativeType("ulid", 16),
    NativeType("ksuid", 20),
    NativeType("objectid", 12),
    NativeType("xid12", 12),
    NativeType("scru128", 16),
    NativeType("timeflake", 16),
    NativeType("typeid", None),
)
