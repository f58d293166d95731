/*
 * partition_interval.c: pg_partman's integer partitioning of the bigint
 * families, in their time. An ID's time is its top field, so a time span is
 * a fixed number of IDs (idgen_partition_interval) and a time a fixed ID
 * (idgen_partition_start): pg_partman 5.2 cuts its partitions at multiples
 * of the interval, which fall on the layout's epoch plus whole spans.
 *
 * A family is named as idgen-decode names it: snowflake, shard, tsid,
 * sonyflake. Where a family takes its epoch from a setting (snowflake,
 * shard), these read it, hence STABLE. Any other name is a layout's, named
 * or declared (idgen_layouts): a family keeps its name where a layout shares
 * it (sonyflake, tsid: the same layout).
 */
#include "bigint_id.h"
#include "layouts.h"
#include "pg_time.h"
#include "report.h"
#include "settings.h"

#include "datatype/timestamp.h"
#include "common/int.h"
#include "utils/builtins.h"
#if PG_VERSION_NUM >= 160000
#include "varatt.h"			/* VARDATA_ANY: postgres.h no longer has it */
#endif

PG_FUNCTION_INFO_V1(sql_idgen_partition_interval);
PG_FUNCTION_INFO_V1(sql_idgen_partition_start);

/* The bigint family a name names, or NULL: then it names a layout. */
static const idgen_family_info *
bigint_family_named(text *name)
{
	const idgen_family_info *family = idgen_family_named(VARDATA_ANY(name), VARSIZE_ANY_EXHDR(name));

	if (family == NULL || (family->family != IDGEN_FAMILY_SNOWFLAKE && family->family != IDGEN_FAMILY_SHARD_ID &&
						   family->family != IDGEN_FAMILY_TSID && family->family != IDGEN_FAMILY_SONYFLAKE))
		return NULL;
	return family;
}

/* The family's epoch: its setting where it has one, else its fixed epoch. */
static int64
epoch_of(const idgen_family_info *family)
{
	switch (family->family)
	{
		case IDGEN_FAMILY_SNOWFLAKE:
			return idgen_snowflake_epoch_ms;
		case IDGEN_FAMILY_SHARD_ID:
			return idgen_shard_epoch_ms;
		default:
			return family->default_epoch_ms;
	}
}

/* A span's length in µs; a length past int64 saturates (no layout holds it). */
static int64
span_us_of(const Interval *span)
{
	int64		span_us;

	if (pg_mul_s64_overflow(span->day, USECS_PER_DAY, &span_us) || pg_add_s64_overflow(span_us, span->time, &span_us))
		span_us = PG_INT64_MAX;
	return span_us;
}

static void
refuse_months(const char *shown, const char *function, const char *counts)
{
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("interval \"%s\" has no fixed length for %s", shown, function),
			 errdetail("%s: give the span in days, hours, minutes or seconds.", counts)));
}

/* A family's span in IDs: whole ms units of its time field. */
static int64
family_span(const idgen_family_info *family, int64 span_us, const char *shown, const char *function)
{
	int64		ids;

	if (span_us % 1000 != 0 || idgen_id_span(family->family, span_us / 1000, &ids).code != IDGEN_OK)
	{
		/* no span is that long: the fault of the longest names the range */
		idgen_fault range = idgen_id_span(family->family, PG_INT64_MAX, &ids);

		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("interval \"%s\" is out of range for %s of %s", shown, function, family->name),
				 errdetail("A span is a whole number of " INT64_FORMAT " ms units, from " INT64_FORMAT
						   " ms to " INT64_FORMAT " ms: what the IDs' time field holds.",
						   range.min, range.min, range.max)));
	}
	return ids;
}

/* A layout's span in IDs: whole units of its time field, in µs. */
static int64
layout_span(const IdgenLayout *layout, int64 span_us, const char *shown, const char *function)
{
	int64_t		ids;
	idgen_fault f = idgen_layout_span(&layout->def, span_us, &ids);

	if (f.code != IDGEN_OK)
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("interval \"%s\" is out of range for %s of layout \"%s\"", shown, function,
						layout->name),
				 errdetail("A span is a whole number of " INT64_FORMAT "-microsecond units, from " INT64_FORMAT
						   " to " INT64_FORMAT " microseconds: what the IDs' time field holds.",
						   f.min, f.min, f.max)));
	return ids;
}

/*
 * idgen_partition_interval(family or layout, span): the IDs in span, for
 * create_parent's p_interval. The span must be a whole number of the time
 * unit (a family's 1 ms, Sonyflake's 10 ms; a layout's own), and have a
 * fixed length: no months.
 */
Datum
sql_idgen_partition_interval(PG_FUNCTION_ARGS)
{
	const char *function = "idgen_partition_interval";
	text	   *name = PG_GETARG_TEXT_PP(0);
	const idgen_family_info *family = bigint_family_named(name);
	const IdgenLayout *layout = family ? NULL : idgen_find_layout(fcinfo, name, function);
	Interval   *span = PG_GETARG_INTERVAL_P(1);
	char	   *shown = DatumGetCString(DirectFunctionCall1(interval_out, PointerGetDatum(span)));

	if (span->month != 0)
		refuse_months(shown, function,
					  family ? psprintf("A %s's time is a count of milliseconds", family->display_name)
					  : psprintf("Layout \"%s\"'s time is a count of " INT64_FORMAT "-microsecond units",
								 layout->name, layout->def.unit_us));
	if (family)
		PG_RETURN_INT64(family_span(family, span_us_of(span), shown, function));
	PG_RETURN_INT64(layout_span(layout, span_us_of(span), shown, function));
}

/*
 * idgen_partition_start(family or layout, ts): the smallest ID of ts, for
 * create_parent's p_start_partition. pg_partman rounds it down to a
 * multiple of the interval.
 */
Datum
sql_idgen_partition_start(PG_FUNCTION_ARGS)
{
	const char *function = "idgen_partition_start";
	text	   *name = PG_GETARG_TEXT_PP(0);
	const idgen_family_info *family = bigint_family_named(name);
	int64		id;

	if (family == NULL)
		PG_RETURN_INT64(idgen_layout_id_at(idgen_find_layout(fcinfo, name, function), PG_GETARG_TIMESTAMPTZ(1),
										   function));
	idgen_raise_if_fault(idgen_id_from_time(family->family,
											idgen_timestamptz_to_unix_ms(PG_GETARG_TIMESTAMPTZ(1), function),
											epoch_of(family), &id),
						 function);
	PG_RETURN_INT64(id);
}
