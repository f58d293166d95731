/*
 * keys.c: the backend's copy of idgen_key_store, read once through SPI by
 * the calling function (which runs as its owner) and kept until the table
 * changes. The table is found beside the function that asks, so the copy
 * follows the extension into any schema.
 */
#include "keys.h"

#include "commands/trigger.h"
#include "executor/spi.h"
#include "lib/stringinfo.h"
#include "utils/builtins.h"
#include "utils/guc.h"
#include "utils/inval.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"
#include "utils/rel.h"
#if PG_VERSION_NUM >= 160000
#include "varatt.h"
#endif

PG_FUNCTION_INFO_V1(sql_idgen_key_store_changed);

typedef struct named_key
{
	char	   *name;
	int			name_len;
	idgen_sip_key key;
} named_key;

static MemoryContext keys_context = NULL;
static named_key *keys = NULL;	/* newest first */
static idgen_sip_key *keys_only = NULL;
static int	key_count = 0;
static bool keys_valid = false;
static Oid	keys_table = InvalidOid;
static bool callback_registered = false;

static void
forget_keys(Datum arg, Oid relid)
{
	if (relid == InvalidOid || relid == keys_table)
		keys_valid = false;
}

/* Reads the table beside the function fcinfo calls, newest key first. */
static void
load_keys(FunctionCallInfo fcinfo)
{
	Oid			schema = get_func_namespace(fcinfo->flinfo->fn_oid);
	char	   *schema_name = get_namespace_name(schema);
	StringInfoData query;
	uint64		i;
	int			path_level;

	if (!callback_registered)
	{
		CacheRegisterRelcacheCallback(forget_keys, (Datum) 0);
		callback_registered = true;
	}
	if (keys_context == NULL)
		keys_context = AllocSetContextCreate(CacheMemoryContext, "idgen keys", ALLOCSET_SMALL_SIZES);
	MemoryContextReset(keys_context);
	keys = NULL;
	keys_only = NULL;
	key_count = 0;
	keys_table = get_relname_relid("idgen_key_store", schema);

	initStringInfo(&query);
	appendStringInfo(&query, "SELECT name, key FROM %s.idgen_key_store ORDER BY created_at DESC, name",
					 quote_identifier(schema_name));
	/* whatever path the caller has, the query resolves nothing on it */
	path_level = NewGUCNestLevel();
	(void) set_config_option("search_path", "pg_catalog, pg_temp", PGC_USERSET, PGC_S_SESSION,
							 GUC_ACTION_SAVE, true, 0, false);
	if (SPI_connect() != SPI_OK_CONNECT)
		elog(ERROR, "idgen: SPI_connect failed");
	if (SPI_execute(query.data, true, 0) != SPI_OK_SELECT)
		elog(ERROR, "idgen: could not read idgen_key_store");
	keys = MemoryContextAllocZero(keys_context, sizeof(named_key) * (SPI_processed + 1));
	keys_only = MemoryContextAllocZero(keys_context, sizeof(idgen_sip_key) * (SPI_processed + 1));
	for (i = 0; i < SPI_processed; i++)
	{
		HeapTuple	row = SPI_tuptable->vals[i];
		TupleDesc	desc = SPI_tuptable->tupdesc;
		bool		isnull;
		text	   *name = DatumGetTextPP(SPI_getbinval(row, desc, 1, &isnull));
		bytea	   *key = DatumGetByteaPP(SPI_getbinval(row, desc, 2, &isnull));

		/* the table's CHECK keeps each key at 16 bytes */
		if (VARSIZE_ANY_EXHDR(key) != IDGEN_SIP_KEY_BYTES)
			elog(ERROR, "idgen: a key of idgen_key_store is not %d bytes", IDGEN_SIP_KEY_BYTES);
		keys[i].name_len = VARSIZE_ANY_EXHDR(name);
		keys[i].name = MemoryContextAlloc(keys_context, keys[i].name_len + 1);
		memcpy(keys[i].name, VARDATA_ANY(name), keys[i].name_len);
		keys[i].key = idgen_sip_key_from_bytes((const uint8 *) VARDATA_ANY(key));
		keys_only[i] = keys[i].key;
	}
	key_count = (int) SPI_processed;
	SPI_finish();
	AtEOXact_GUC(true, path_level);
	keys_valid = true;
}

static void
ensure_keys(FunctionCallInfo fcinfo)
{
	if (!keys_valid)
		load_keys(fcinfo);
}

const idgen_sip_key *
idgen_named_key(FunctionCallInfo fcinfo, text *name, const char *function)
{
	int			len = VARSIZE_ANY_EXHDR(name);
	int			i;

	ensure_keys(fcinfo);
	for (i = 0; i < key_count; i++)
		if (keys[i].name_len == len && memcmp(keys[i].name, VARDATA_ANY(name), len) == 0)
			return &keys[i].key;
	ereport(ERROR,
			(errcode(ERRCODE_UNDEFINED_OBJECT),
			 errmsg("%s: there is no key named \"%s\"", function, text_to_cstring(name)),
			 errhint("The view idgen_keys lists the keys; idgen_key_create(name) makes one.")));
	pg_unreachable();
}

const idgen_sip_key *
idgen_all_keys(FunctionCallInfo fcinfo, int *count)
{
	ensure_keys(fcinfo);
	*count = key_count;
	return keys_only;
}

/*
 * The statement trigger of idgen_key_store: every backend drops its copy
 * when the change commits (this one at its next command).
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
	return PointerGetDatum(NULL);
}
