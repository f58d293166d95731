/*
 * settings.c: the idgen.* configuration parameters.
 *
 * Whatever decides uniqueness (node id, epochs) is set in postgresql.conf
 * only: SET in a session is refused. With idgen preloaded they are fixed for
 * the server's lifetime (PGC_POSTMASTER), because the shared generators'
 * state is counted from the epoch. PostgreSQL refuses new PGC_POSTMASTER
 * parameters after start-up, so when idgen is loaded on first use they are
 * PGC_SIGHUP instead: only the stateless functions read them then.
 */
#include "postgres.h"

#include "fmgr.h"
#include "settings.h"
#include "../core/id_codec.h"

#include <limits.h>

#include "utils/guc.h"

int			idgen_node_id = IDGEN_NODE_ID_UNSET;
int64		idgen_snowflake_epoch_ms;
int64		idgen_shard_epoch_ms;
double		idgen_max_clock_lead_ms = 10 * 60 * 1000;
/*
 * A century: a clock set years ahead (a dead RTC battery, a bad NTP answer)
 * still has a way out. A bare number is milliseconds, as when the setting
 * was an integer.
 */
#define MAX_CLOCK_LEAD_MAX_MS (100.0 * 366 * 24 * 60 * 60 * 1000)
/*
 * A minute: an asynchronous standby a minute behind is far behind, and a
 * minute of a 41-bit millisecond field is nothing. It costs a promoted
 * server IDs that run up to a minute ahead of its clock, until it catches up.
 */
#define PROMOTION_MARGIN_DEFAULT_MS (60 * 1000)
int			idgen_promotion_margin_ms = PROMOTION_MARGIN_DEFAULT_MS;

/*
 * GUC has no 64-bit integers: the epochs are strings checked as int64. Their
 * defaults are the family table's, written out once when idgen loads.
 */
static char *snowflake_epoch_text;
static char *shard_epoch_text;
static char snowflake_epoch_default[24];
static char shard_epoch_default[24];

#define EPOCH_RANGE_FORMAT "an integer number of Unix milliseconds from 0 to " INT64_FORMAT

/* The largest node id: the node field of a Snowflake is full. */
int
idgen_max_node_id(void)
{
	return (1 << idgen_family_of(IDGEN_FAMILY_SNOWFLAKE)->mid_bits) - 1;
}

static bool
parse_epoch(const char *text, int64 *epoch_ms)
{
	char	   *end;
	long long	parsed;

	errno = 0;
	parsed = strtoll(text, &end, 10);
	if (errno != 0 || end == text || *end != '\0' ||
		idgen_check_epoch(parsed).code != IDGEN_OK)
		return false;
	*epoch_ms = parsed;
	return true;
}

static bool
check_epoch(char **newval, void **extra, GucSource source)
{
	int64	   *result;

	result = (int64 *) malloc(sizeof(int64));
	if (result == NULL)
		return false;
	if (!parse_epoch(*newval, result))
	{
		free(result);
		GUC_check_errdetail("An epoch is " EPOCH_RANGE_FORMAT ".", IDGEN_MAX_EPOCH_MS);
		return false;
	}
	*extra = result;
	return true;
}

/*
 * -1 is the default only: it means "no node id", on which snowflake_id()
 * refuses to run. Set from anywhere (ALTER SYSTEM, the command line), it is
 * refused like any value outside 0..1023.
 */
static bool
check_node_id(int *newval, void **extra, GucSource source)
{
	if (*newval == IDGEN_NODE_ID_UNSET && source != PGC_S_DEFAULT)
	{
		GUC_check_errdetail("Valid values are integers from 0 to %d.", idgen_max_node_id());
		return false;
	}
	return true;
}

static bool
int_in_range(const char *text, int flags, int min, int max)
{
	int			value;

	return parse_int(text, &value, flags, NULL) && value >= min && value <= max;
}

/*
 * For a bad value of a custom parameter in postgresql.conf, PostgreSQL only
 * logs a WARNING and keeps the default: a typo in idgen.node_id would put the
 * server on node 0, handing out another server's IDs, and a typo in an epoch
 * would decode IDs to the wrong time. So idgen checks the values before
 * defining them: a server that preloads it refuses to start, and without
 * preloading every call that loads idgen fails (the library is not kept when
 * _PG_init fails) until postgresql.conf is fixed.
 */
static void
refuse_invalid(const char *name, bool (*valid) (const char *), const char *range)
{
	const char *text = GetConfigOption(name, true, false);

	/*
	 * An empty value is no setting: a placeholder whose line was removed
	 * (ALTER SYSTEM RESET, then a reload) reads "" until the next restart,
	 * and refusing it would stop every session that loads idgen. Unset, the
	 * node id refuses snowflake_id(), and an epoch is bound to the
	 * reservation: neither can hand out an ID twice.
	 */
	if (text != NULL && text[0] != '\0' && !valid(text))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("invalid value for parameter \"%s\": \"%s\"", name, text),
				 errdetail("Valid values are %s.", range),
				 errhint("idgen does not run on a default in place of a setting "
						 "that decides which IDs this server hands out.")));
}

static bool
valid_node_id(const char *text)
{
	return int_in_range(text, 0, 0, idgen_max_node_id());
}

static bool
valid_max_clock_lead(const char *text)
{
	double		value;

	return parse_real(text, &value, GUC_UNIT_MS, NULL) && value >= 0 &&
		value <= MAX_CLOCK_LEAD_MAX_MS;
}

static bool
valid_promotion_margin(const char *text)
{
	return int_in_range(text, GUC_UNIT_MS, 0, INT_MAX);
}

static bool
valid_epoch(const char *text)
{
	int64		epoch_ms;

	return parse_epoch(text, &epoch_ms);
}

static void
assign_snowflake_epoch(const char *newval, void *extra)
{
	idgen_snowflake_epoch_ms = *(int64 *) extra;
}

static void
assign_shard_epoch(const char *newval, void *extra)
{
	idgen_shard_epoch_ms = *(int64 *) extra;
}

void
idgen_define_settings(bool preloading)
{
	GucContext	fixed = preloading ? PGC_POSTMASTER : PGC_SIGHUP;
	const char *epoch_range = psprintf(EPOCH_RANGE_FORMAT, IDGEN_MAX_EPOCH_MS);

	idgen_snowflake_epoch_ms = idgen_family_of(IDGEN_FAMILY_SNOWFLAKE)->default_epoch_ms;
	idgen_shard_epoch_ms = idgen_family_of(IDGEN_FAMILY_SHARD_ID)->default_epoch_ms;
	snprintf(snowflake_epoch_default, sizeof snowflake_epoch_default, INT64_FORMAT,
			 idgen_snowflake_epoch_ms);
	snprintf(shard_epoch_default, sizeof shard_epoch_default, INT64_FORMAT, idgen_shard_epoch_ms);

	refuse_invalid("idgen.node_id", valid_node_id, psprintf("integers from 0 to %d", idgen_max_node_id()));
	refuse_invalid("idgen.snowflake_epoch", valid_epoch, epoch_range);
	refuse_invalid("idgen.shard_epoch", valid_epoch, epoch_range);
	refuse_invalid("idgen.max_clock_lead", valid_max_clock_lead,
				   "durations from 0 to 3162240000000 ms (100 years)");
	refuse_invalid("idgen.promotion_margin", valid_promotion_margin,
				   "durations from 0 to 2147483647 ms");

	DefineCustomIntVariable("idgen.node_id",
							"This server's node in snowflake_id() (10 bits).",
							"Every server that generates Snowflakes needs its own "
							"node id; unset (-1), snowflake_id() refuses to run.",
							&idgen_node_id, IDGEN_NODE_ID_UNSET,
							IDGEN_NODE_ID_UNSET, idgen_max_node_id(),
							fixed, 0, check_node_id, NULL, NULL);
	DefineCustomStringVariable("idgen.snowflake_epoch",
							   "Epoch of snowflake_id(), in Unix milliseconds.",
							   "The default is Twitter's, 2010-11-04 01:42:54.657 UTC.",
							   &snowflake_epoch_text, snowflake_epoch_default,
							   fixed, 0, check_epoch, assign_snowflake_epoch, NULL);
	DefineCustomStringVariable("idgen.shard_epoch",
							   "Epoch of next_shard_id(), in Unix milliseconds.",
							   "The default is Instagram's, 2011-08-24 21:07:01.721 UTC.",
							   &shard_epoch_text, shard_epoch_default,
							   fixed, 0, check_epoch, assign_shard_epoch, NULL);
	DefineCustomRealVariable("idgen.max_clock_lead",
							 "How far a shared generator may run ahead of the system clock.",
							 "When the clock steps back, generators go on from their "
							 "last millisecond; past this lead they raise an error.",
							 &idgen_max_clock_lead_ms, 10 * 60 * 1000, 0, MAX_CLOCK_LEAD_MAX_MS,
							 PGC_SIGHUP, GUC_UNIT_MS, NULL, NULL, NULL);
	DefineCustomIntVariable("idgen.promotion_margin",
							"How far past the last reservation it received a promoted "
							"server's shared generators resume.",
							"It covers the WAL an asynchronous standby had not received "
							"when it was promoted: IDs the old primary handed out in "
							"that time are never handed out again.",
							&idgen_promotion_margin_ms, PROMOTION_MARGIN_DEFAULT_MS, 0, INT_MAX,
							PGC_SIGHUP, GUC_UNIT_MS, NULL, NULL, NULL);
#if PG_VERSION_NUM >= 150000
	MarkGUCPrefixReserved("idgen");
#else
	EmitWarningsOnPlaceholders("idgen");
#endif
}
