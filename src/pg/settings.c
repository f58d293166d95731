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
#include "idgen.h"

#include <limits.h>

#include "utils/guc.h"

int			idgen_node_id = 0;
int64		idgen_snowflake_epoch_ms = INT64CONST(1288834974657);
int64		idgen_shard_epoch_ms = INT64CONST(1314220021721);
int			idgen_max_clock_lead_ms = 10 * 60 * 1000;

/* GUC has no 64-bit integers: the epochs are strings checked as int64. */
static char *snowflake_epoch_text;
static char *shard_epoch_text;

static bool
check_epoch(char **newval, void **extra, GucSource source)
{
	char	   *end;
	long long	parsed;
	int64	   *result;

	errno = 0;
	parsed = strtoll(*newval, &end, 10);
	if (errno != 0 || end == *newval || *end != '\0' ||
		idgen_check_epoch(parsed).code != IDGEN_OK)
	{
		GUC_check_errdetail("An epoch is an integer number of Unix milliseconds "
							"from 0 to " INT64_FORMAT ".",
							(int64) idgen_check_epoch(-1).max);
		return false;
	}
	result = (int64 *) malloc(sizeof(int64));
	if (result == NULL)
		return false;
	*result = parsed;
	*extra = result;
	return true;
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

	DefineCustomIntVariable("idgen.node_id",
							"This server's node in snowflake_id() (10 bits).",
							"Every server that generates Snowflakes for the same "
							"tables needs its own node id.",
							&idgen_node_id, 0, 0, 1023,
							fixed, 0, NULL, NULL, NULL);
	DefineCustomStringVariable("idgen.snowflake_epoch",
							   "Epoch of snowflake_id(), in Unix milliseconds.",
							   "The default is Twitter's, 2010-11-04 01:42:54.657 UTC.",
							   &snowflake_epoch_text, "1288834974657",
							   fixed, 0, check_epoch, assign_snowflake_epoch, NULL);
	DefineCustomStringVariable("idgen.shard_epoch",
							   "Epoch of next_shard_id(), in Unix milliseconds.",
							   "The default is Instagram's, 2011-08-24 21:07:01.721 UTC.",
							   &shard_epoch_text, "1314220021721",
							   fixed, 0, check_epoch, assign_shard_epoch, NULL);
	DefineCustomIntVariable("idgen.max_clock_lead",
							"How far a shared generator may run ahead of the system clock.",
							"When the clock steps back, generators go on from their "
							"last millisecond; past this lead they raise an error.",
							&idgen_max_clock_lead_ms, 10 * 60 * 1000, 0, INT_MAX,
							PGC_SIGHUP, GUC_UNIT_MS, NULL, NULL, NULL);
	MarkGUCPrefixReserved("idgen");
}
