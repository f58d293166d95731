/*
 * key_store.c: idgen_key_import and idgen_key_create, which write a key into
 * idgen_key_store without its bytes ever being a constant or a parameter of
 * a statement: a plan dump (debug_print_plan with client_min_messages = log)
 * or auto_explain (log_nested_statements, log_verbose, and 16's parameter
 * logging) would print them. The INSERT reads the bytes from
 * idgen_key_pending(), which hands them over once, inside the call only.
 */
#include "keys.h"

#include "catalog/pg_type.h"
#include "executor/spi.h"
#include "spi_pinned.h"
#include "lib/stringinfo.h"
#include "utils/builtins.h"
#include "utils/guc.h"
#if PG_VERSION_NUM >= 160000
#include "varatt.h"
#endif

PG_FUNCTION_INFO_V1(sql_idgen_key_import);
PG_FUNCTION_INFO_V1(sql_idgen_key_create);
PG_FUNCTION_INFO_V1(sql_idgen_key_pending);

static bool pending = false;
static uint8 pending_key[IDGEN_SIP_KEY_BYTES];

static void
refuse_name(text *name)
{
	if (name == NULL || VARSIZE_ANY_EXHDR(name) == 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("a key's name may not be empty")));
}

/* Keeps key (16 bytes) under name: a new name only. */
static void
keep_key(FunctionCallInfo fcinfo, text *name, const uint8 *key)
{
	const char *schema = idgen_keys_schema(fcinfo);
	StringInfoData query;
	Oid			type = TEXTOID;
	Datum		value = PointerGetDatum(name);
	int			path_level = idgen_spi_pinned_begin();

	initStringInfo(&query);
	appendStringInfo(&query, "SELECT FROM %s.idgen_key_store WHERE name OPERATOR(pg_catalog.=) $1", schema);
	if (SPI_execute_with_args(query.data, 1, &type, &value, NULL, true, 0) != SPI_OK_SELECT)
		elog(ERROR, "idgen: could not read idgen_key_store");
	if (SPI_processed > 0)
		ereport(ERROR,
				(errcode(ERRCODE_DUPLICATE_OBJECT),
				 errmsg("there is a key named \"%s\" already", text_to_cstring(name)),
				 errhint("Keys are never replaced: what was made with one is read with it. Rotate with a new name.")));
	resetStringInfo(&query);
	appendStringInfo(&query, "INSERT INTO %s.idgen_key_store (name, key) VALUES ($1, %s.idgen_key_pending())",
					 schema, schema);
	memcpy(pending_key, key, IDGEN_SIP_KEY_BYTES);
	pending = true;
	PG_TRY();
	{
		if (SPI_execute_with_args(query.data, 1, &type, &value, NULL, false, 0) != SPI_OK_INSERT)
			elog(ERROR, "idgen: could not write idgen_key_store");
	}
	PG_FINALLY();
	{
		pending = false;
		explicit_bzero(pending_key, sizeof pending_key);
	}
	PG_END_TRY();
	idgen_spi_pinned_end(path_level);
}

/* idgen_key_import(name, key bytea) */
Datum
sql_idgen_key_import(PG_FUNCTION_ARGS)
{
	bytea	   *key = PG_ARGISNULL(1) ? NULL : PG_GETARG_BYTEA_PP(1);
	text	   *name = PG_ARGISNULL(0) ? NULL : PG_GETARG_TEXT_PP(0);

	/* checked here: the table's own refusals would print the row, key and all */
	if (key == NULL || VARSIZE_ANY_EXHDR(key) != IDGEN_SIP_KEY_BYTES)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("idgen_key_import takes a key of %d bytes, not %s", IDGEN_SIP_KEY_BYTES,
						key == NULL ? "NULL" : psprintf("%d", (int) VARSIZE_ANY_EXHDR(key))),
				 errdetail("A key is 128 bits as SipHash takes them: k0 is bytes 0-7 little-endian, k1 bytes 8-15.")));
	refuse_name(name);
	keep_key(fcinfo, name, (const uint8 *) VARDATA_ANY(key));
	PG_RETURN_VOID();
}

/* idgen_key_create(name): 16 bytes of the server's strong random source */
Datum
sql_idgen_key_create(PG_FUNCTION_ARGS)
{
	text	   *name = PG_ARGISNULL(0) ? NULL : PG_GETARG_TEXT_PP(0);
	uint8		key[IDGEN_SIP_KEY_BYTES];

	refuse_name(name);
	if (!pg_strong_random(key, sizeof key))
		ereport(ERROR,
				(errcode(ERRCODE_INTERNAL_ERROR),
				 errmsg("idgen_key_create: the server's strong random source failed")));
	keep_key(fcinfo, name, key);
	explicit_bzero(key, sizeof key);
	PG_RETURN_VOID();
}

/* The key being kept, once; nothing is pending outside keep_key's INSERT. */
Datum
sql_idgen_key_pending(PG_FUNCTION_ARGS)
{
	bytea	   *out;

	if (!pending)
		ereport(ERROR,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("idgen_key_pending() runs only inside idgen_key_import and idgen_key_create")));
	pending = false;
	out = palloc(VARHDRSZ + IDGEN_SIP_KEY_BYTES);
	SET_VARSIZE(out, VARHDRSZ + IDGEN_SIP_KEY_BYTES);
	memcpy(VARDATA(out), pending_key, IDGEN_SIP_KEY_BYTES);
	PG_RETURN_BYTEA_P(out);
}
