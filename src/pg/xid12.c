/*
 * xid12.c: the xid12 type (rs/xid's xid, 12 bytes) over core/xid12.cpp.
 * Its bytes are an ObjectId's: comparison, hashing, sortsupport and binary
 * I/O are objectid's own functions (sql/idgen.sql binds them).
 *
 * xid_generate() is server-wide: it draws from the shared monotonic word that
 * ulid_monotonic() runs on (shared memory with idgen preloaded, or the DSM
 * registry on 17+), so no two backends, and no restart, crash or failover,
 * hand out the same (second, counter); its machine id is idgen.node_id and
 * its pid field the postmaster's pid (informative: uniqueness does not rest
 * on it), or the top pid in the second of the last reservation of the server
 * before (core/xid12.h), so that no restart brings a lower xid.
 */
#include "shared_state.h"
#include "pg_time.h"

#include "miscadmin.h"

#include "settings.h"
#include "../core/objectid.h"
#include "../core/xid12.h"
#include "fixed_size_type.h"

StaticAssertDecl(sizeof(idgen_xid12) == sizeof(idgen_objectid), "an xid has an ObjectId's bytes");

IDGEN_FIXED_SIZE_TYPE(xid12, IDGEN_FAMILY_XID12)
IDGEN_FIXED_SIZE_TEXT_AND_BYTES(xid12)

PG_FUNCTION_INFO_V1(sql_xid12_generate);
PG_FUNCTION_INFO_V1(sql_xid12_timestamp);
PG_FUNCTION_INFO_V1(sql_xid12_machine);
PG_FUNCTION_INFO_V1(sql_xid12_pid);
PG_FUNCTION_INFO_V1(sql_xid12_counter);

/*
 * The resume point is read before and after the xid is taken: one that
 * moved meanwhile (WAL replay, a promotion) may lie past it, and the xid
 * is taken again under the new one (a pair skipped, none repeated).
 */
static idgen_fault
xid12_step(IdgenSharedState *state, const idgen_clock_bounds *bounds, void *xid)
{
	const uint8 *key;
	idgen_fault fault;
	int64		resumed_after;

	do
	{
		resumed_after = idgen_state_resumed_after_unix_ms(state);
		fault = idgen_xid12_shared_next(idgen_state_ulid(state, &key), bounds, idgen_node(),
										PostmasterPid & 0xFFFF, resumed_after,
										(idgen_xid12 *) xid);
		pg_read_barrier();
	} while (fault.code == IDGEN_OK &&
			 resumed_after != idgen_state_resumed_after_unix_ms(state));
	return fault;
}

/* xid_generate(): unique and increasing across the server */
Datum
sql_xid12_generate(PG_FUNCTION_ARGS)
{
	idgen_xid12 xid;
	idgen_fault none = {IDGEN_OK, 0, 0, 0};	/* idgen_run_shared raised any */

	/* without preload (or 17's registry) first: the node id alone would not do */
	(void) idgen_attached_state("xid_generate()");
	idgen_resolve_node_id("xid_generate()");
	if (idgen_node() == IDGEN_NODE_ID_UNSET)
		idgen_refuse_unset_node_id("xid_generate()", "xids");
	idgen_run_shared(IDGEN_SHARED_ULID, "xid_generate()", xid12_step, &xid);
	return xid12_or_raise(none, &xid, "xid_generate()");
}

#define XID12_ARG ((const idgen_xid12 *) PG_GETARG_POINTER(0))

Datum
sql_xid12_timestamp(PG_FUNCTION_ARGS)
{
	PG_RETURN_TIMESTAMPTZ(idgen_unix_ms_to_timestamptz(idgen_xid12_unix_s(XID12_ARG) * 1000));
}

Datum
sql_xid12_machine(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32(idgen_xid12_machine(XID12_ARG));
}

Datum
sql_xid12_pid(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32(idgen_xid12_pid(XID12_ARG));
}

Datum
sql_xid12_counter(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32(idgen_xid12_counter(XID12_ARG));
}
