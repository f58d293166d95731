/*
 * layout_decode.c: the decoders that take a layout by name:
 * layout_decode(id, layout) and layout_id_from_time(ts, layout).
 */
#include "bigint_id.h"
#include "layouts.h"

PG_FUNCTION_INFO_V1(sql_layout_decode);
PG_FUNCTION_INFO_V1(sql_layout_id_from_time);

void
idgen_layout_refuse_id(const IdgenLayout *layout, int64 id)
{
	ereport(ERROR,
			(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
			 errmsg("ID " INT64_FORMAT " is out of range for layout \"%s\"", id, layout->name),
			 errdetail("Valid IDs are 0 to " INT64_FORMAT ": the layout never sets the "
					   "sign bit.", PG_INT64_MAX)));
}

/* layout_decode(id, layout) -> (ts, node, sequence) */
Datum
sql_layout_decode(PG_FUNCTION_ARGS)
{
	const char *function = "layout_decode";
	int64		id = PG_GETARG_INT64(0);
	const IdgenLayout *layout = idgen_find_layout(fcinfo, PG_GETARG_TEXT_PP(1), function);
	idgen_layout_parts parts;

	if (idgen_layout_decode(&layout->def, id, &parts).code != IDGEN_OK)
		idgen_layout_refuse_id(layout, id);
	return idgen_decoded_row(fcinfo, idgen_unix_us_to_timestamptz(parts.unix_us), parts.node,
							 parts.seq, function);
}

/* The smallest ID of ts's unit in layout, or the refusal that names the layout's range. */
int64
idgen_layout_id_at(const IdgenLayout *layout, TimestampTz ts, const char *function)
{
	int64		unix_us = idgen_timestamptz_to_unix_us(ts, "timestamp", function);
	int64_t		id;
	idgen_fault f = idgen_layout_from_time(&layout->def, unix_us, &id);

	if (f.code != IDGEN_OK)
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("timestamp %s is out of range for layout \"%s\"",
						timestamptz_to_str(ts), layout->name),
				 errdetail("Valid times are %s to %s.",
						   pstrdup(timestamptz_to_str(idgen_unix_us_to_timestamptz(f.min))),
						   pstrdup(timestamptz_to_str(idgen_unix_us_to_timestamptz(f.max))))));
	return id;
}

/* layout_id_from_time(ts, layout): the smallest ID of ts's unit */
Datum
sql_layout_id_from_time(PG_FUNCTION_ARGS)
{
	const char *function = "layout_id_from_time";
	const IdgenLayout *layout = idgen_find_layout(fcinfo, PG_GETARG_TEXT_PP(1), function);

	PG_RETURN_INT64(idgen_layout_id_at(layout, PG_GETARG_TIMESTAMPTZ(0), function));
}
