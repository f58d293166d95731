/*
 * tsid.c: TSID (tsid-creator) as a bigint, a Java long: its text and its
 * fields over core/tsid.cpp and the family table's layout. The generator,
 * tsid(), is a shared one (generator.c).
 *
 * A bigint, not a type of its own: tsid-creator hands out longs, and the
 * column the application already has is a bigint.
 */
#include "report.h"
#include "pg_time.h"
#include "bigint_id.h"

#include "utils/builtins.h"

#include "../core/tsid.h"

PG_FUNCTION_INFO_V1(sql_tsid_parse);
PG_FUNCTION_INFO_V1(sql_tsid_text);
PG_FUNCTION_INFO_V1(sql_tsid_timestamp);
PG_FUNCTION_INFO_V1(sql_tsid_node);
PG_FUNCTION_INFO_V1(sql_tsid_counter);

/* tsid_parse(text): either case; I and L read as 1, O as 0; U refused */
Datum
sql_tsid_parse(PG_FUNCTION_ARGS)
{
	char	   *input = text_to_cstring(PG_GETARG_TEXT_PP(0));
	int64_t		id;
	idgen_fault fault = idgen_tsid_from_text(input, strlen(input), &id);

	if (fault.code != IDGEN_OK)
		idgen_report_text_fault(fault, idgen_family_of(IDGEN_FAMILY_TSID), input, NULL);
	PG_RETURN_INT64(id);
}

/* tsid_text(bigint): 13 characters, upper case; every bigint is a TSID */
Datum
sql_tsid_text(PG_FUNCTION_ARGS)
{
	char		out[IDGEN_TSID_TEXT_LEN];

	idgen_tsid_to_text(PG_GETARG_INT64(0), out);
	PG_RETURN_TEXT_P(cstring_to_text_with_len(out, IDGEN_TSID_TEXT_LEN));
}

static idgen_id_parts
tsid_parts(FunctionCallInfo fcinfo, const char *function)
{
	return idgen_decode_id(IDGEN_FAMILY_TSID, PG_GETARG_INT64(0), IDGEN_TSID_EPOCH_MS, function);
}

Datum
sql_tsid_timestamp(PG_FUNCTION_ARGS)
{
	PG_RETURN_TIMESTAMPTZ(idgen_unix_ms_to_timestamptz(tsid_parts(fcinfo, "tsid_timestamp").unix_ms));
}

Datum
sql_tsid_node(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32(tsid_parts(fcinfo, "tsid_node").mid);
}

Datum
sql_tsid_counter(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32(tsid_parts(fcinfo, "tsid_counter").seq);
}
