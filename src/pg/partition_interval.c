/*
 * partition_interval.c: pg_partman's integer partitioning of the bigint
 * families, in their time. An ID's time is its top field, so a time span is
 * a fixed number of IDs (idgen_partition_interval) and a time a fixed ID
 * (idgen_partition_start): pg_partman 5.2 cuts its partitions at multiples
 * of the interval, which fall on the layout's epoch plus whole spans.
 *
 * A family is named as idgen-decode names it: snowflake, shard, tsid,
 * sonyflake. Where a family takes its epoch from a setting (snowflake,
 * shard), these read it, hence STABLE.
 */
#include "bigint_id.h"
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

/* The bigint family a name names, or an error that lists them. */
static const idgen_family_info *
bigint_family_arg(text *name, const char *function)
{
	const idgen_family_info *family = idgen_family_named(VARDATA_ANY(name), VARSIZE_ANY_EXHDR(name));

	if (family == NULL || (family->family != IDGEN_FAMILY_SNOWFLAKE && family->family != IDGEN_FAMILY_SHARD_ID &&
						   family->family != IDGEN_FAMILY_TSID && family->family != IDGEN_FAMILY_SONYFLAKE))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("\"%s\" is not a bigint ID family %s partitions", text_to_cstring(name), function),
				 errdetail("The bigint families are snowflake, shard, tsid and sonyflake.")));
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

/*
 * idgen_partition_interval(family, span): the IDs in span, for
 * create_parent's p_interval. The span must be a whole number of the
 * family's time units (1 ms; Sonyflake's 10 ms), and have a fixed length:
 * no months.
 */
Datum
sql_idgen_partition_interval(PG_FUNCTION_ARGS)
{
	const char *function = "idgen_partition_interval";
	const idgen_family_info *family = bigint_family_arg(PG_GETARG_TEXT_PP(0), function);
	Interval   *span = PG_GETARG_INTERVAL_P(1);
	int64		span_us;
	int64		ids;
	char	   *shown = DatumGetCString(DirectFunctionCall1(interval_out, PointerGetDatum(span)));

	if (span->month != 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("interval \"%s\" has no fixed length for %s", shown, function),
				 errdetail("A %s's time is a count of milliseconds: give the span in days, hours, minutes or seconds.",
						   family->display_name)));
	if (pg_mul_s64_overflow(span->day, USECS_PER_DAY, &span_us) || pg_add_s64_overflow(span_us, span->time, &span_us))
		span_us = PG_INT64_MAX;
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
	PG_RETURN_INT64(ids);
}

/*
 * idgen_partition_start(family, ts): the smallest ID of ts, for
 * create_parent's p_start_partition. pg_partman rounds it down to a
 * multiple of the interval.
 */
Datum
sql_idgen_partition_start(PG_FUNCTION_ARGS)
{
	const char *function = "idgen_partition_start";
	const idgen_family_info *family = bigint_family_arg(PG_GETARG_TEXT_PP(0), function);
	int64		id;

	idgen_raise_if_fault(idgen_id_from_time(family->family,
											idgen_timestamptz_to_unix_ms(PG_GETARG_TIMESTAMPTZ(1), function),
											epoch_of(family), &id),
						 function);
	PG_RETURN_INT64(id);
}
