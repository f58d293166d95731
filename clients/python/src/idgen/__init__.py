"""Python values and driver adapters for the idgen PostgreSQL extension.

The adapters live in submodules so that importing idgen needs no driver:
idgen.psycopg (psycopg 3), idgen.psycopg2, idgen.sqlalchemy.
"""
from .bigint_ids import (SHARD_EPOCH_MS, SNOWFLAKE_EPOCH_MS, ShardIdParts, SnowflakeParts,
                         decode_shard_id, decode_snowflake)
from .values import Ksuid, ObjectId, TypeId, Ulid

__all__ = ["Ulid", "Ksuid", "ObjectId", "TypeId", "decode_snowflake", "decode_shard_id",
           "SnowflakeParts", "ShardIdParts", "SNOWFLAKE_EPOCH_MS", "SHARD_EPOCH_MS"]
