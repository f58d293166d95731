/*
 * cluster_node.c: the node id a server generates with when idgen.node_id is
 * unset and the database is a node of a Citus cluster: its Citus group id.
 * Group ids are unique across the cluster's primaries, never reused, and a
 * streaming standby carries its primary's, so a promoted standby goes on
 * with its primary's node id above the promotion margin (reservation.c).
 *
 * Read once per backend through SPI, and kept only once the node is in the
 * cluster: a node not added yet reads group 0, the coordinator's, and would
 * hand out the coordinator's IDs. citus_add_node assigns the group; a backend
 * that asked before is refused and asks again next time.
 */
#include "settings.h"

#include "access/xact.h"
#include "executor/spi.h"
#include "spi_pinned.h"
#include "fmgr.h"
#include "funcapi.h"
#include "utils/builtins.h"
#include "utils/guc.h"

PG_FUNCTION_INFO_V1(sql_idgen_node_id);

int			idgen_cluster_node_id = IDGEN_NODE_ID_UNSET;

/* The group and whether the cluster knows it, or false outside Citus. */
static bool
read_citus_group(int *group, bool *in_cluster)
{
	int			path_level;
	bool		found = false;

	/* outside a transaction (a background worker's start) there is no catalog */
	if (!IsTransactionState())
		return false;

	/* whatever path the caller has, the queries resolve nothing on it */
	path_level = idgen_spi_pinned_begin();
	if (SPI_execute("SELECT pg_catalog.to_regclass('pg_catalog.pg_dist_local_group') IS NOT NULL "
					"AND pg_catalog.to_regclass('pg_catalog.pg_dist_node') IS NOT NULL",
					true, 1) == SPI_OK_SELECT && SPI_processed == 1)
	{
		bool		isnull;

		found = DatumGetBool(SPI_getbinval(SPI_tuptable->vals[0], SPI_tuptable->tupdesc, 1, &isnull));
	}
	if (found &&
		SPI_execute("SELECT l.groupid, EXISTS (SELECT FROM pg_catalog.pg_dist_node n "
					"WHERE n.groupid OPERATOR(pg_catalog.=) l.groupid "
					"AND n.noderole OPERATOR(pg_catalog.=) 'primary') "
					"FROM pg_catalog.pg_dist_local_group l", true, 1) == SPI_OK_SELECT &&
		SPI_processed == 1)
	{
		bool		isnull;

		*group = DatumGetInt32(SPI_getbinval(SPI_tuptable->vals[0], SPI_tuptable->tupdesc, 1, &isnull));
		*in_cluster = DatumGetBool(SPI_getbinval(SPI_tuptable->vals[0], SPI_tuptable->tupdesc, 2, &isnull));
	}
	else
		found = false;
	idgen_spi_pinned_end(path_level);
	return found;
}

typedef enum ClusterNode
{
	CLUSTER_NONE,				/* no Citus here, or idgen.node_id is set */
	CLUSTER_NODE,				/* the group is the node id */
	CLUSTER_NOT_ADDED,			/* group 0 of a node not in the cluster yet */
	CLUSTER_TOO_LARGE			/* a group past the node ids */
} ClusterNode;

static ClusterNode
cluster_node(int *group)
{
	bool		in_cluster = false;

	if (idgen_node_id != IDGEN_NODE_ID_UNSET)
		return CLUSTER_NONE;
	if (idgen_cluster_node_id != IDGEN_NODE_ID_UNSET)
	{
		*group = idgen_cluster_node_id;
		return CLUSTER_NODE;
	}
	if (!read_citus_group(group, &in_cluster))
		return CLUSTER_NONE;
	if (!in_cluster)
		return CLUSTER_NOT_ADDED;
	if (*group < 0 || *group > idgen_max_node_id())
		return CLUSTER_TOO_LARGE;
	/* kept: the group of a node in the cluster changes only by its removal */
	idgen_cluster_node_id = *group;
	return CLUSTER_NODE;
}

/*
 * Sets idgen_cluster_node_id where idgen.node_id is unset and Citus gives a
 * group; refuses a group that is not a node id yet or does not fit one.
 * Outside Citus it leaves it unset: the caller's own refusal names the
 * setting.
 */
void
idgen_resolve_node_id(const char *function)
{
	int			group = 0;

	switch (cluster_node(&group))
	{
		case CLUSTER_NONE:
		case CLUSTER_NODE:
			return;
		case CLUSTER_NOT_ADDED:
			ereport(ERROR,
					(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
					 errmsg("%s: this server is not a node of its Citus cluster yet", function),
					 errdetail("idgen.node_id is unset, so the node id is the Citus group id, "
							   "and group %d has no primary in pg_dist_node: a node not added "
							   "yet reads the coordinator's group 0.", group),
					 errhint("Add the node with citus_add_node() on the coordinator (or "
							 "citus_set_coordinator_host() on the coordinator itself); on a "
							 "worker added without its metadata, start_metadata_sync_to_node(); "
							 "or set idgen.node_id.")));
			break;
		case CLUSTER_TOO_LARGE:
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("%s: Citus group id %d is not a node id", function, group),
					 errdetail("idgen.node_id is unset, so the node id is the Citus group id, "
							   "and node ids run from 0 to %d.", idgen_max_node_id()),
					 errhint("Set idgen.node_id on this node to a number from 0 to %d that no "
							 "other node uses.", idgen_max_node_id())));
			break;
	}
}

/*
 * idgen_node_id(): the node id this server generates with and where it comes
 * from, or NULL and why not. Never raises: idgen_cluster_node_ids() reads it
 * from every node.
 */
Datum
sql_idgen_node_id(PG_FUNCTION_ARGS)
{
	TupleDesc	desc;
	Datum		values[2];
	bool		nulls[2] = {false, false};
	int			group = 0;

	if (get_call_result_type(fcinfo, NULL, &desc) != TYPEFUNC_COMPOSITE)
		elog(ERROR, "idgen_node_id: return type must be a row type");
	switch (cluster_node(&group))
	{
		case CLUSTER_NONE:
			nulls[0] = idgen_node_id == IDGEN_NODE_ID_UNSET;
			values[0] = Int32GetDatum(idgen_node_id);
			values[1] = CStringGetTextDatum(idgen_node_id == IDGEN_NODE_ID_UNSET ?
											"unset" : "idgen.node_id");
			break;
		case CLUSTER_NODE:
			values[0] = Int32GetDatum(group);
			values[1] = CStringGetTextDatum("citus group");
			break;
		case CLUSTER_NOT_ADDED:
			nulls[0] = true;
			values[1] = CStringGetTextDatum(psprintf("citus group %d, not in the cluster yet", group));
			break;
		case CLUSTER_TOO_LARGE:
			nulls[0] = true;
			values[1] = CStringGetTextDatum(psprintf("citus group %d, above %d", group,
													 idgen_max_node_id()));
			break;
	}
	PG_RETURN_DATUM(HeapTupleGetDatum(heap_form_tuple(BlessTupleDesc(desc), values, nulls)));
}
