/*
 * key_grants.c: idgen_key_grant(key_name, role) and idgen_key_revoke: who
 * besides the owner of idgen_key_store may use a key (keys.c checks it at
 * each use). A role is kept by OID (a regrole, dumped by name); PUBLIC as 0.
 */
#include "keys.h"

#include "catalog/pg_type.h"
#include "executor/spi.h"
#include "lib/stringinfo.h"
#include "utils/acl.h"
#include "utils/builtins.h"
#include "utils/guc.h"

PG_FUNCTION_INFO_V1(sql_idgen_key_grant);
PG_FUNCTION_INFO_V1(sql_idgen_key_revoke);

static Datum
change_grant(FunctionCallInfo fcinfo, bool grant, const char *function)
{
	text	   *key_name = PG_GETARG_TEXT_PP(0);
	char	   *role = text_to_cstring(PG_GETARG_TEXT_PP(1));
	Oid			grantee = pg_strcasecmp(role, "public") == 0 ? InvalidOid : get_role_oid(role, false);
	const char *schema = idgen_keys_schema(fcinfo);
	StringInfoData query;
	Oid			types[3] = {TEXTOID, REGROLEOID, BOOLOID};
	Datum		values[3] = {PointerGetDatum(key_name), ObjectIdGetDatum(grantee), BoolGetDatum(grant)};
	int			path_level = NewGUCNestLevel();

	(void) set_config_option("search_path", "pg_catalog, pg_temp", PGC_USERSET, PGC_S_SESSION,
							 GUC_ACTION_SAVE, true, 0, false);
	if (SPI_connect() != SPI_OK_CONNECT)
		elog(ERROR, "idgen: SPI_connect failed");
	initStringInfo(&query);
	appendStringInfo(&query,
					 "UPDATE %s.idgen_key_store SET granted_to = CASE "
					 "WHEN NOT $3 THEN pg_catalog.array_remove(granted_to, $2) "
					 "WHEN $2 OPERATOR(pg_catalog.=) ANY (granted_to) THEN granted_to "
					 "ELSE pg_catalog.array_append(granted_to, $2) END "
					 "WHERE name OPERATOR(pg_catalog.=) $1", schema);
	if (SPI_execute_with_args(query.data, 3, types, values, NULL, false, 0) != SPI_OK_UPDATE)
		elog(ERROR, "idgen: could not write idgen_key_store");
	if (SPI_processed == 0)
		ereport(ERROR,
				(errcode(ERRCODE_UNDEFINED_OBJECT),
				 errmsg("%s: there is no key named \"%s\"", function, text_to_cstring(key_name)),
				 errhint("The view idgen_keys lists the keys.")));
	SPI_finish();
	AtEOXact_GUC(true, path_level);
	PG_RETURN_VOID();
}

/* idgen_key_grant(key_name, role): role (or PUBLIC) may use the key */
Datum
sql_idgen_key_grant(PG_FUNCTION_ARGS)
{
	return change_grant(fcinfo, true, "idgen_key_grant");
}

/* idgen_key_revoke(key_name, role): what idgen_key_grant gave, taken back */
Datum
sql_idgen_key_revoke(PG_FUNCTION_ARGS)
{
	return change_grant(fcinfo, false, "idgen_key_revoke");
}
