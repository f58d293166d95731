/*
 * objectid.c: the objectid type (MongoDB's ObjectId, 12 bytes): text
 * I/O, generators, decoders, and the byte-order support functions.
 */
#include "idgen.h"

#include "fixed_bytes.h"

#include "../core/objectid.h"
#include "../core/wall_clock.h"

#define IDGEN_COPY_OBJECTID(fault, id, function) \
	idgen_copy_or_raise((fault), (id), sizeof(idgen_objectid), (function))

IDGEN_FIXED_BYTES_FUNCTIONS(objectid, IDGEN_OBJECTID_LEN)

PG_FUNCTION_INFO_V1(sql_objectid_in);
PG_FUNCTION_INFO_V1(sql_objectid_out);
PG_FUNCTION_INFO_V1(sql_objectid_generate);
PG_FUNCTION_INFO_V1(sql_objectid_generate_at);
PG_FUNCTION_INFO_V1(sql_objectid_timestamp);
PG_FUNCTION_INFO_V1(sql_objectid_counter);
PG_FUNCTION_INFO_V1(sql_objectid_from_time);

/* objectid_in(cstring): 24 hex digits */
Datum
sql_objectid_in(PG_FUNCTION_ARGS)
{
	const char *text = PG_GETARG_CSTRING(0);
	idgen_objectid oid;
	idgen_fault fault = idgen_objectid_from_text(text, strlen(text), &oid);

	if (fault.code != IDGEN_OK)
		idgen_report_text_fault(fault, idgen_family_of(IDGEN_FAMILY_OBJECTID), text, NULL);
	return IDGEN_COPY_OBJECTID(fault, &oid, "objectid_in");
}

/* objectid_out(objectid): lower case, as MongoDB writes it */
Datum
sql_objectid_out(PG_FUNCTION_ARGS)
{
	char	   *text = palloc(IDGEN_OBJECTID_TEXT_LEN + 1);

	idgen_objectid_to_text((const idgen_objectid *) PG_GETARG_POINTER(0), text);
	PG_RETURN_CSTRING(text);
}

/* objectid(): the current second, this backend's random part and counter */
Datum
sql_objectid_generate(PG_FUNCTION_ARGS)
{
	idgen_objectid oid;

	return IDGEN_COPY_OBJECTID(idgen_objectid_next(idgen_wall_clock_ms() / 1000, &oid), &oid,
							 "objectid()");
}

/* objectid(at timestamptz) */
Datum
sql_objectid_generate_at(PG_FUNCTION_ARGS)
{
	idgen_objectid oid;

	return IDGEN_COPY_OBJECTID(idgen_objectid_next(idgen_timestamptz_to_unix_s(PG_GETARG_TIMESTAMPTZ(0),
															  "objectid"),
												 &oid),
							 &oid, "objectid");
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
	idgen_objectid oid;

	return IDGEN_COPY_OBJECTID(idgen_objectid_from_time(idgen_timestamptz_to_unix_s(PG_GETARG_TIMESTAMPTZ(0),
																   "objectid_from_time"),
													  &oid),
							 &oid, "objectid_from_time");
}
