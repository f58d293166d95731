/*
 * keys.c: the backend's copy of idgen_key_store, read through SPI as the
 * table's owner and kept until the table changes. The table is found beside
 * the function that asks, so the copy follows the extension into any schema.
 *
 * The copy never outlives a change that committed before it is used:
 *   - each use first takes the invalidations already sent (a statement that
 *     opens no table would otherwise take none, in a transaction begun
 *     before the change);
 *   - the table is read under a snapshot taken now, not the caller's (a
 *     REPEATABLE READ transaction's snapshot may predate a drop);
 *   - the snapshot is taken once the reading holds its lock on the table,
 *     which takes the invalidations sent until then: a change they tell of
 *     committed before, so the snapshot sees it;
 *   - an invalidation taken later in the reading (a lock on the table's
 *     TOAST table, say) makes it read again, rather than be lost. No test
 *     can time a commit into that window: a defence, without a mutant;
 *   - the trigger that sends the invalidation fires ALWAYS, under
 *     session_replication_role = replica too; a row trigger (REPLICA)
 *     sends it from a logical replication subscriber's apply, which fires
 *     no statement trigger.
 */
#include "keys.h"

#include "access/htup_details.h"
#include "catalog/pg_class.h"
#include "catalog/pg_type.h"
#include "commands/trigger.h"
#include "executor/spi.h"
#include "spi_pinned.h"
#include "lib/stringinfo.h"
#include "miscadmin.h"
#include "utils/acl.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/guc.h"
#include "utils/inval.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"
#include "utils/rel.h"
#include "storage/procarray.h"
#include "utils/snapmgr.h"
#include "utils/syscache.h"
#if PG_VERSION_NUM >= 160000
#include "varatt.h"
#endif

PG_FUNCTION_INFO_V1(sql_idgen_key_store_changed);

typedef struct named_key
{
	char	   *name;
	int			name_len;
	idgen_sip_key key;
	Oid		   *grantees;		/* InvalidOid: PUBLIC */
	int			grantee_count;
} named_key;

static MemoryContext keys_context = NULL;
static named_key *keys = NULL;	/* newest first */
static int	key_count = 0;
static Oid	keys_owner = InvalidOid;
static bool keys_valid = false;
static uint64 keys_generation = 0;	/* one more at each invalidation */
static Oid	keys_table = InvalidOid;
static bool callback_registered = false;

static void
forget_keys(Datum arg, Oid relid)
{
	if (relid == InvalidOid || relid == keys_table)
	{
		keys_valid = false;
		keys_generation++;
	}
}

const char *
idgen_keys_schema(FunctionCallInfo fcinfo)
{
	return quote_identifier(get_namespace_name(get_func_namespace(fcinfo->flinfo->fn_oid)));
}

static Oid
owner_of(Oid relid)
{
	HeapTuple	tuple = SearchSysCache1(RELOID, ObjectIdGetDatum(relid));
	Oid			owner;

	if (!HeapTupleIsValid(tuple))
		elog(ERROR, "idgen: cache lookup failed for relation %u", relid);
	owner = ((Form_pg_class) GETSTRUCT(tuple))->relowner;
	ReleaseSysCache(tuple);
	return owner;
}

/* Copies the rows of an open SPI reading into keys_context. */
static void
copy_rows(void)
{
	TupleDesc	desc = SPI_tuptable->tupdesc;

	keys = MemoryContextAllocZero(keys_context, sizeof(named_key) * (SPI_processed + 1));
	for (uint64 i = 0; i < SPI_processed; i++)
	{
		HeapTuple	row = SPI_tuptable->vals[i];
		bool		isnull;
		text	   *name = DatumGetTextPP(SPI_getbinval(row, desc, 1, &isnull));
		bytea	   *key = DatumGetByteaPP(SPI_getbinval(row, desc, 2, &isnull));
		ArrayType  *grantees = DatumGetArrayTypeP(SPI_getbinval(row, desc, 3, &isnull));
		Datum	   *oids;
		int			n;

		/* the table's CHECK keeps each key at 16 bytes */
		if (VARSIZE_ANY_EXHDR(key) != IDGEN_SIP_KEY_BYTES)
			elog(ERROR, "idgen: a key of idgen_key_store is not %d bytes", IDGEN_SIP_KEY_BYTES);
		keys[i].name_len = VARSIZE_ANY_EXHDR(name);
		keys[i].name = MemoryContextAlloc(keys_context, keys[i].name_len + 1);
		memcpy(keys[i].name, VARDATA_ANY(name), keys[i].name_len);
		keys[i].key = idgen_sip_key_from_bytes((const uint8 *) VARDATA_ANY(key));
		deconstruct_array(grantees, REGROLEOID, sizeof(Oid), true, TYPALIGN_INT, &oids, NULL, &n);
		keys[i].grantees = MemoryContextAlloc(keys_context, sizeof(Oid) * (n + 1));
		for (int g = 0; g < n; g++)
			keys[i].grantees[g] = DatumGetObjectId(oids[g]);
		keys[i].grantee_count = n;
	}
	key_count = (int) SPI_processed;
}

/* Reads the table beside the function fcinfo calls, newest key first, as its owner. */
static void
load_keys(FunctionCallInfo fcinfo)
{
	Oid			schema = get_func_namespace(fcinfo->flinfo->fn_oid);
	StringInfoData query;
	int			path_level;
	Oid			caller;
	int			caller_context;
	SPIPlanPtr	plan;

	if (!callback_registered)
	{
		CacheRegisterRelcacheCallback(forget_keys, (Datum) 0);
		callback_registered = true;
	}
	if (keys_context == NULL)
		keys_context = AllocSetContextCreate(CacheMemoryContext, "idgen keys", ALLOCSET_SMALL_SIZES);
	MemoryContextReset(keys_context);
	keys = NULL;
	key_count = 0;
	keys_table = get_relname_relid("idgen_key_store", schema);
	if (!OidIsValid(keys_table))
		elog(ERROR, "idgen: there is no idgen_key_store in schema %s", get_namespace_name(schema));
	keys_owner = owner_of(keys_table);

	/*
	 * Before ALTER EXTENSION idgen UPDATE to 0.6.1 the table has no grants:
	 * its functions ran as the owner, who used every key, as PUBLIC now may.
	 */
	initStringInfo(&query);
	appendStringInfo(&query, "SELECT name, key, %s FROM %s.idgen_key_store ORDER BY created_at DESC, name",
					 get_attnum(keys_table, "granted_to") == InvalidAttrNumber ?
					 "ARRAY[0::pg_catalog.oid::pg_catalog.regrole]" : "granted_to",
					 idgen_keys_schema(fcinfo));
	/* whatever path and role the caller has, the reading is the owner's own */
	GetUserIdAndSecContext(&caller, &caller_context);
	SetUserIdAndSecContext(keys_owner, caller_context | SECURITY_LOCAL_USERID_CHANGE |
						   SECURITY_RESTRICTED_OPERATION);
	path_level = idgen_spi_pinned_begin();
	plan = SPI_prepare(query.data, 0, NULL);
	if (plan == NULL)
		elog(ERROR, "idgen: could not read idgen_key_store");
	/* prepared (the table locked, invalidations taken) before the snapshot */
	if (SPI_execute_snapshot(plan, NULL, NULL, idgen_spi_fresh_snapshot(), InvalidSnapshot,
							 true, false, 0) != SPI_OK_SELECT)
		elog(ERROR, "idgen: could not read idgen_key_store");
	copy_rows();
	idgen_spi_pinned_end(path_level);
	SetUserIdAndSecContext(caller, caller_context);
}

static void
ensure_keys(FunctionCallInfo fcinfo)
{
	AcceptInvalidationMessages();
	while (!keys_valid)
	{
		uint64		generation = keys_generation;

		load_keys(fcinfo);
		keys_valid = keys_generation == generation;
	}
}

/* May role use the key: granted it (or PUBLIC is), or one with the owner's privileges? */
static bool
may_use(const named_key *key, Oid role)
{
	if (has_privs_of_role(role, keys_owner))
		return true;
	for (int g = 0; g < key->grantee_count; g++)
		if (key->grantees[g] == InvalidOid || has_privs_of_role(role, key->grantees[g]))
			return true;
	return false;
}

const idgen_sip_key *
idgen_named_key(FunctionCallInfo fcinfo, text *name, Oid role, const char *function)
{
	int			len = VARSIZE_ANY_EXHDR(name);

	ensure_keys(fcinfo);
	for (int i = 0; i < key_count; i++)
		if (keys[i].name_len == len && memcmp(keys[i].name, VARDATA_ANY(name), len) == 0)
		{
			if (!may_use(&keys[i], role))
				ereport(ERROR,
						(errcode(ERRCODE_INSUFFICIENT_PRIVILEGE),
						 errmsg("%s: permission denied for key \"%s\"", function, text_to_cstring(name)),
						 errdetail("Role %s was not granted the key.", GetUserNameFromId(role, false)),
						 errhint("Its owner grants it: idgen_key_grant(key_name, role).")));
			return &keys[i].key;
		}
	ereport(ERROR,
			(errcode(ERRCODE_UNDEFINED_OBJECT),
			 errmsg("%s: there is no key named \"%s\"", function, text_to_cstring(name)),
			 errhint("The view idgen_keys lists the keys; idgen_key_create(name) makes one.")));
	pg_unreachable();
}

const idgen_sip_key *
idgen_all_keys(FunctionCallInfo fcinfo, Oid role, int *count)
{
	idgen_sip_key *usable;
	int			n = 0;

	ensure_keys(fcinfo);
	usable = palloc(sizeof(idgen_sip_key) * (key_count + 1));
	for (int i = 0; i < key_count; i++)
		if (may_use(&keys[i], role))
			usable[n++] = keys[i].key;
	*count = n;
	return usable;
}

/*
 * The triggers of idgen_key_store (the statement one, and the row one that
 * a subscriber's apply fires): every backend drops its copy when the change
 * commits (this one at its next use).
 */
Datum
sql_idgen_key_store_changed(PG_FUNCTION_ARGS)
{
	TriggerData *trigger = (TriggerData *) fcinfo->context;

	if (!CALLED_AS_TRIGGER(fcinfo))
		ereport(ERROR,
				(errcode(ERRCODE_E_R_I_E_TRIGGER_PROTOCOL_VIOLATED),
				 errmsg("idgen_key_store_changed() runs only as idgen_key_store's trigger")));
	CacheInvalidateRelcacheByRelid(RelationGetRelid(trigger->tg_relation));
	idgen_key_grants_depend(trigger->tg_relation);
	return PointerGetDatum(NULL);
}
