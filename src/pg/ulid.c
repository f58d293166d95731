/*
 * ulid.c: the ulid type's text I/O, generators and decoders.
 *
 * A ulid is stored as its 16 big-endian bytes, like uuid, and sorts like
 * them; its comparison, hashing, sortsupport and binary I/O are uuid's own
 * internal functions (see the SQL script).
 */
#include "idgen.h"

#include "utils/uuid.h"

#include "../core/ulid.h"

PG_FUNCTION_INFO_V1(sql_ulid_in);
PG_FUNCTION_INFO_V1(sql_ulid_out);
PG_FUNCTION_INFO_V1(sql_ulid_generate);
PG_FUNCTION_INFO_V1(sql_ulid_generate_at);
PG_FUNCTION_INFO_V1(sql_ulid_monotonic);
PG_FUNCTION_INFO_V1(sql_ulid_timestamp);
PG_FUNCTION_INFO_V1(sql_ulid_from_time);
PG_FUNCTION_INFO_V1(sql_ulid_larger);
PG_FUNCTION_INFO_V1(sql_ulid_smaller);

StaticAssertDecl(sizeof(idgen_ulid) == UUID_LEN, "a ulid has a uuid's bytes");

#define PG_RETURN_ULID(u) \
	do { \
		idgen_ulid *result_ = palloc(sizeof(idgen_ulid)); \
		*result_ = (u); \
		PG_RETURN_POINTER(result_); \
	} while (0)

/* ulid_in(cstring): 26 Crockford base32 characters, either case */
Datum
sql_ulid_in(PG_FUNCTION_ARGS)
{
	const char *text = PG_GETARG_CSTRING(0);
	size_t		len = strlen(text);
	idgen_ulid	ulid;
	idgen_fault fault = idgen_ulid_from_text(text, len, &ulid);

	if (fault.code != IDGEN_OK)
		idgen_report_text_fault(fault, idgen_family_of(IDGEN_FAMILY_ULID), text, NULL);
	PG_RETURN_ULID(ulid);
}

/* ulid_out(ulid): upper case */
Datum
sql_ulid_out(PG_FUNCTION_ARGS)
{
	char	   *text = palloc(IDGEN_ULID_TEXT_LEN + 1);

	idgen_ulid_to_text((const idgen_ulid *) PG_GETARG_POINTER(0), text);
	PG_RETURN_CSTRING(text);
}

static Datum
random_ulid(int64 unix_ms, const char *function)
{
	idgen_ulid	ulid;

	idgen_raise_if_fault(idgen_ulid_random(unix_ms, &ulid), function);
	PG_RETURN_ULID(ulid);
}

/* ulid(): the wall clock's time, strictly increasing within a session */
Datum
sql_ulid_generate(PG_FUNCTION_ARGS)
{
	idgen_ulid	ulid;

	idgen_raise_if_fault(idgen_ulid_now(&ulid), "ulid()");
	PG_RETURN_ULID(ulid);
}

/* ulid(at timestamptz): for backfills */
Datum
sql_ulid_generate_at(PG_FUNCTION_ARGS)
{
	return random_ulid(idgen_timestamptz_to_unix_ms(PG_GETARG_TIMESTAMPTZ(0), "ulid"), "ulid");
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

	idgen_run_shared(IDGEN_SHARED_ULID, "ulid_monotonic()", ulid_monotonic_step, &ulid);
	PG_RETURN_ULID(ulid);
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
	idgen_ulid	ulid;

	int64		unix_ms = idgen_timestamptz_to_unix_ms(PG_GETARG_TIMESTAMPTZ(0),
													   "ulid_from_time");

	idgen_raise_if_fault(idgen_ulid_from_time(unix_ms, &ulid), "ulid_from_time");
	PG_RETURN_ULID(ulid);
}

/* ulid_larger(ulid, ulid), ulid_smaller(ulid, ulid): for max() and min() */
Datum
sql_ulid_larger(PG_FUNCTION_ARGS)
{
	Datum		a = PG_GETARG_DATUM(0);
	Datum		b = PG_GETARG_DATUM(1);

	PG_RETURN_DATUM(memcmp(DatumGetPointer(a), DatumGetPointer(b), UUID_LEN) >= 0 ? a : b);
}

Datum
sql_ulid_smaller(PG_FUNCTION_ARGS)
{
	Datum		a = PG_GETARG_DATUM(0);
	Datum		b = PG_GETARG_DATUM(1);

	PG_RETURN_DATUM(memcmp(DatumGetPointer(a), DatumGetPointer(b), UUID_LEN) <= 0 ? a : b);
}
