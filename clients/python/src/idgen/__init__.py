"""Python values and driver adapters for the idgen PostgreSQL extension.

The adapters live in submodules so that importing idgen needs no driver:
idgen.psycopg (psycopg 3), idgen.psycopg2, idgen.sqlalchemy.
"""
from .bigint_ids import (SHARD_EPOCH_MS, SNOWFLAKE_EPOCH_MS, SONYFLAKE_EPOCH_MS, TSID_EPOCH_MS,
                         ShardIdParts, SnowflakeParts, SonyflakeParts, TsidParts, decode_shard_id,
                         decode_snowflake, decode_sonyflake, decode_tsid, tsid_parse, tsid_text)
from .values import Ksuid, ObjectId, Scru128, Timeflake, TypeId, Ulid, Xid

__all__ = ["Ulid", "Ksuid", "ObjectId", "Xid", "Scru128", "Timeflake", "TypeId", "decode_snowflake", "decode_shard_id",
           "SnowflakeParts", "ShardIdParts", "SNOWFLAKE_EPOCH_MS", "SHARD_EPOCH_MS",
           "decode_tsid", "decode_sonyflake", "tsid_text", "tsid_parse", "TsidParts", "SonyflakeParts",
           "TSID_EPOCH_MS", "SONYFLAKE_EPOCH_MS"]
