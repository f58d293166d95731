/*
 * objectid.c: the objectid type (MongoDB's ObjectId, 12 bytes): generators
 * and decoders over core/objectid.cpp; text I/O and the byte-order support
 * functions are fixed_size_type.h's.
 */
#include "idgen.h"

#include "../core/objectid.h"
#include "../core/wall_clock.h"
#include "fixed_size_type.h"

IDGEN_FIXED_SIZE_TYPE(objectid, IDGEN_FAMILY_OBJECTID)
IDGEN_FIXED_SIZE_OPERATORS(objectid)

PG_FUNCTION_INFO_V1(sql_objectid_generate);
PG_FUNCTION_INFO_V1(sql_objectid_generate_at);
PG_FUNCTION_INFO_V1(sql_objectid_timestamp);
PG_FUNCTION_INFO_V1(sql_objectid_counter);
PG_FUNCTION_INFO_V1(sql_objectid_from_time);

/* objectid(): the current second, this backend's random part and counter */
Datum
sql_objectid_generate(PG_FUNCTION_ARGS)
{
	idgen_objectid oid;

	return objectid_or_raise(idgen_objectid_next(idgen_wall_clock_ms() / 1000, &oid), &oid,
							 "objectid");
}

/* objectid(at timestamptz) */
Datum
sql_objectid_generate_at(PG_FUNCTION_ARGS)
{
	int64		unix_s = idgen_timestamptz_to_unix_s(PG_GETARG_TIMESTAMPTZ(0), "objectid");
	idgen_objectid oid;

	return objectid_or_raise(idgen_objectid_next(unix_s, &oid), &oid, "objectid");
}

/* objectid_timestamp(objectid) */
Datum
sql_objectid_timestamp(PG_FUNCTION_ARGS)
{
	int64		unix_s = idgen_objectid_unix_s((const idgen_objectid *) PG_GETARG_POINTER(0));

	PG_RETURN_TIMESTAMPTZ(idgen_unix_ms_to_timestamptz(unix_s * 1000));
}

/* objectid_counter(objectid) */
Datum
sql_objectid_counter(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32(idgen_objectid_counter((const idgen_objectid *) PG_GETARG_POINTER(0)));
}

/* objectid_from_time(timestamptz): the smallest ObjectId of that second */
Datum
sql_objectid_from_time(PG_FUNCTION_ARGS)
{
	int64		unix_s = idgen_timestamptz_to_unix_s(PG_GETARG_TIMESTAMPTZ(0), "objectid_from_time");
	idgen_objectid oid;

	return objectid_or_raise(idgen_objectid_from_time(unix_s, &oid), &oid, "objectid_from_time");
}
