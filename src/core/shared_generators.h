/*
 * shared_generators.h: the registry of the server-wide generators, the one
 * list their enums, bindings and tables are derived from (an X-macro: each
 * user passes the two macros it needs and gets one expansion per entry).
 *
 * IDGEN_SHARED_GENERATORS(GEN, NODE) lists them in the order of their bits
 * in the reservation (entry i is 1 << i of its pending field: reservation_text.h):
 *
 *   GEN(NAME, epoch_setting, resume_function, node_ids)
 *       a generator with code of its own in src/pg (generator.c, ulid.c):
 *       IDGEN_SHARED_<NAME>, IDGEN_PENDING_<NAME>
 *   NODE(NAME, function, resume_function, node_ids)
 *       a bigint family on the server-wide word, with idgen.node_id in its
 *       mid field and its family row's default_epoch_ms as its fixed epoch.
 *       Everything of it comes from this entry and its row in the family
 *       table (families.hpp: its layout, epoch and text): IDGEN_FAMILY_<NAME>,
 *       IDGEN_SHARED_<NAME>, IDGEN_NODE_<NAME>, IDGEN_PENDING_<NAME>, the C
 *       functions sql_<function> and sql_<resume_function>, its row of
 *       idgen_status and its place in the reservation's floor.
 *
 * epoch_setting: the setting its epoch is read from, bound in the
 * reservation (NULL: a fixed epoch); resume_function: its *_resume_after,
 * as errors name it; node_ids: what its IDs are called when it refuses to
 * run without idgen.node_id (NULL: it needs none).
 *
 * A new entry is a new pending bit: the reservation's line holds any number
 * (its format 3 from the sixth on, docs/internals.md); the WAL record, 31.
 */
#ifndef IDGEN_CORE_SHARED_GENERATORS_H
#define IDGEN_CORE_SHARED_GENERATORS_H

#define IDGEN_SHARED_GENERATORS(GEN, NODE) \
	GEN(SNOWFLAKE, "idgen.snowflake_epoch", "snowflake_resume_after", "Snowflakes") \
	GEN(SHARD_ID, "idgen.shard_epoch", "shard_id_resume_after", NULL) \
	GEN(ULID, NULL, "ulid_monotonic_resume_after", NULL) /* ulid_monotonic(), xid_generate() */ \
	/* tsid-creator: 42-bit ms | node | counter, all 64 bits */ \
	NODE(TSID, tsid, tsid_resume_after, "TSIDs") \
	/* sony/sonyflake v1: 39-bit 10 ms units | sequence | machine */ \
	NODE(SONYFLAKE, sonyflake_id, sonyflake_resume_after, "Sonyflake IDs")

/* for the kind of entry an expansion passes over */
#define IDGEN_SHARED_SKIP(...)

#define IDGEN_SHARED_ENUM_ENTRY(name, ...) IDGEN_SHARED_##name,

/* Which shared generator a call runs: each counts from its own settings. */
typedef enum idgen_shared_generator
{
	IDGEN_SHARED_GENERATORS(IDGEN_SHARED_ENUM_ENTRY, IDGEN_SHARED_ENUM_ENTRY)
	IDGEN_SHARED_GENERATOR_COUNT,
	/*
	 * layout_id()'s slots (layout_slots.h), past the registry: each slot
	 * binds its own layout and epoch, so it has no pending bit of its own
	 */
	IDGEN_SHARED_LAYOUT = IDGEN_SHARED_GENERATOR_COUNT
} idgen_shared_generator;

#endif
