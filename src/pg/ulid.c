/*
 * ulid.c: the ulid type: generators and decoders over core/ulid.cpp and
 * core/ulid_monotonic.cpp; text I/O and min/max are fixed_size_type.h's.
 *
 * A ulid is stored as its 16 big-endian bytes, like uuid, and sorts like
 * them; its comparison, hashing, sortsupport and binary I/O are uuid's own
 * internal functions (sql/idgen.sql binds them).
 */
#include "shared_state.h"
#include "pg_time.h"

#include "utils/uuid.h"

#include "../core/ulid.h"
#include "fixed_size_type.h"

StaticAssertDecl(sizeof(idgen_ulid) == UUID_LEN, "a ulid has a uuid's bytes");

IDGEN_FIXED_SIZE_TYPE(ulid, IDGEN_FAMILY_ULID)

PG_FUNCTION_INFO_V1(sql_ulid_generate);
PG_FUNCTION_INFO_V1(sql_ulid_generate_at);
PG_FUNCTION_INFO_V1(sql_ulid_monotonic);
PG_FUNCTION_INFO_V1(sql_ulid_timestamp);
PG_FUNCTION_INFO_V1(sql_ulid_from_time);

/* ulid(): the wall clock's time, strictly increasing within a session */
Datum
sql_ulid_generate(PG_FUNCTION_ARGS)
{
	idgen_ulid	ulid;

	return ulid_or_raise(idgen_ulid_now(&ulid), &ulid, "ulid");
}

/* ulid(at timestamptz): for backfills */
Datum
sql_ulid_generate_at(PG_FUNCTION_ARGS)
{
	int64		unix_ms = idgen_timestamptz_to_unix_ms(PG_GETARG_TIMESTAMPTZ(0), "ulid");
	idgen_ulid	ulid;

	return ulid_or_raise(idgen_ulid_random(unix_ms, &ulid), &ulid, "ulid");
}

static idgen_fault
ulid_monotonic_step(IdgenSharedState *state, const idgen_clock_bounds *bounds, void *ulid)
{
	const uint8 *key;
	idgen_generator *gen = idgen_state_ulid(state, &key);

	return idgen_ulid_monotonic_next(gen, key, bounds, (idgen_ulid *) ulid);
}

/* ulid_monotonic(): unique and increasing across the whole server */
Datum
sql_ulid_monotonic(PG_FUNCTION_ARGS)
{
	idgen_ulid	ulid;
	idgen_fault none = {IDGEN_OK, 0, 0, 0};	/* idgen_run_shared raised any */

	idgen_run_shared(IDGEN_SHARED_ULID, "ulid_monotonic()", ulid_monotonic_step, &ulid);
	return ulid_or_raise(none, &ulid, "ulid_monotonic()");
}

/* ulid_timestamp(ulid) */
Datum
sql_ulid_timestamp(PG_FUNCTION_ARGS)
{
	PG_RETURN_TIMESTAMPTZ(idgen_unix_ms_to_timestamptz(
		idgen_ulid_unix_ms((const idgen_ulid *) PG_GETARG_POINTER(0))));
}

/* ulid_from_time(timestamptz): the smallest ULID of that millisecond */
Datum
sql_ulid_from_time(PG_FUNCTION_ARGS)
{
	int64		unix_ms = idgen_timestamptz_to_unix_ms(PG_GETARG_TIMESTAMPTZ(0), "ulid_from_time");
	idgen_ulid	ulid;

	return ulid_or_raise(idgen_ulid_from_time(unix_ms, &ulid), &ulid, "ulid_from_time");
}
