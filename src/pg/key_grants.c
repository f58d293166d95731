/*
 * key_grants.c: idgen_key_grant(key_name, role) and idgen_key_revoke: who
 * besides the owner of idgen_key_store may use a key (keys.c checks it at
 * each use). A role is kept by OID (a regrole, dumped by name); PUBLIC as 0.
 */
#include "keys.h"
#include "spi_pinned.h"

#include "access/xact.h"
#include "catalog/dependency.h"
#include "catalog/pg_class.h"
#include "catalog/pg_type.h"
#include "executor/spi.h"
#include "lib/stringinfo.h"
#include "miscadmin.h"
#include "storage/lmgr.h"
#include "utils/acl.h"
#include "utils/builtins.h"
#include "utils/guc.h"
#include "utils/lsyscache.h"
#include "utils/rel.h"

PG_FUNCTION_INFO_V1(sql_idgen_key_grant);
PG_FUNCTION_INFO_V1(sql_idgen_key_revoke);

/*
 * The grantee role names: 'public' or 'PUBLIC' is every role, as GRANT's
 * keyword; any other spelling ("Public") a role's exact name. A role may be
 * named "PUBLIC": then that spelling is refused rather than taken either way.
 */
static Oid
grantee_of(const char *role, const char *function)
{
	if (strcmp(role, "public") == 0)
		return InvalidOid;
	if (strcmp(role, "PUBLIC") == 0)
	{
		if (OidIsValid(get_role_oid(role, true)))
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("%s: \"PUBLIC\" names both every role and a role of that name", function),
					 errhint("Write 'public' for every role.")));
		return InvalidOid;
	}
	return get_role_oid(role, false);
}

static Datum
change_grant(FunctionCallInfo fcinfo, bool grant, const char *function)
{
	text	   *key_name = PG_GETARG_TEXT_PP(0);
	char	   *role = text_to_cstring(PG_GETARG_TEXT_PP(1));
	Oid			grantee = grantee_of(role, function);
	const char *schema = idgen_keys_schema(fcinfo);
	StringInfoData query;
	Oid			types[3] = {TEXTOID, REGROLEOID, BOOLOID};
	Datum		values[3] = {PointerGetDatum(key_name), ObjectIdGetDatum(grantee), BoolGetDatum(grant)};
	int			path_level = idgen_spi_pinned_begin();

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
	idgen_spi_pinned_end(path_level);
	PG_RETURN_VOID();
}

/*
 * idgen_key_grant(key_name, role): role (or PUBLIC) may use the key;
 * idgen_key_revoke(key_name, role): what idgen_key_grant gave, taken back
 */
#define KEY_GRANT_ENTRY(function, grant) \
	Datum sql_##function(PG_FUNCTION_ARGS) { return change_grant(fcinfo, grant, #function); }
KEY_GRANT_ENTRY(idgen_key_grant, true)
KEY_GRANT_ENTRY(idgen_key_revoke, false)

/* The OIDs the query returns, ascending and distinct, allocated outside SPI */
static Oid *
role_list(const char *query, Datum *values, int *count)
{
	Oid			types[3] = {OIDOID, OIDOID, INT4OID};
	Oid		   *roles;

	/* not read-only: the trigger reads what its statement wrote */
	if (SPI_execute_with_args(query, 3, types, values, NULL, false, 0) != SPI_OK_SELECT)
		elog(ERROR, "idgen: could not read the grants of idgen_key_store");
	*count = (int) SPI_processed;
	roles = SPI_palloc(sizeof(Oid) * Max(*count, 1));
	for (int i = 0; i < *count; i++)
	{
		bool		isnull;

		roles[i] = DatumGetObjectId(SPI_getbinval(SPI_tuptable->vals[i], SPI_tuptable->tupdesc, 1, &isnull));
	}
	return roles;
}

/*
 * Each role a key is granted to depends on the column granted_to, as on a
 * column privilege: DROP ROLE refuses it ("privileges for column granted_to
 * of table idgen_key_store") until idgen_key_revoke, and no grant outlives
 * its role as a bare OID, which a dump would hand to whichever role has that
 * OID where it is restored. Made anew after every change of the table (the
 * statement trigger: a grant, a drop, a restore's COPY). The column's own
 * privileges keep their dependencies: their roles are left out here.
 */
void
idgen_key_grants_depend(Relation store)
{
	Oid			relid = RelationGetRelid(store);
	AttrNumber	attnum = get_attnum(relid, "granted_to");
	Datum		values[3] = {ObjectIdGetDatum(MyDatabaseId), ObjectIdGetDatum(relid), Int32GetDatum(attnum)};
	const char *column_roles =
		"ARRAY(SELECT a.grantee FROM pg_catalog.pg_attribute t "
		"CROSS JOIN LATERAL pg_catalog.aclexplode(t.attacl) a "
		"WHERE t.attrelid OPERATOR(pg_catalog.=) $2 AND t.attnum OPERATOR(pg_catalog.=) $3)";
	StringInfoData query;
	Oid		   *old_roles;
	Oid		   *new_roles;
	int			old_count;
	int			new_count;
	int			path_level;

	if (attnum == InvalidAttrNumber)
		return;					/* 0.6.0's table, before the update adds it */

	/*
	 * One transaction's reading at a time, each after the last one's commit
	 * (under READ COMMITTED each reading below takes a new snapshot): two
	 * that grant and revoke one role on two keys at once would each read
	 * the other's change as not made, and leave the grant without its
	 * dependency. The lock lets rows change meanwhile (it is not
	 * RowExclusiveLock's conflict). A transaction that waited under an older
	 * snapshot (REPEATABLE READ) would read as before: refused.
	 */
	if (!ConditionalLockRelationOid(relid, ShareUpdateExclusiveLock))
	{
		LockRelationOid(relid, ShareUpdateExclusiveLock);
		if (IsolationUsesXactSnapshot())
			ereport(ERROR,
					(errcode(ERRCODE_T_R_SERIALIZATION_FAILURE),
					 errmsg("could not serialize access due to a concurrent change of the keys' grants"),
					 errhint("Run it again in a new transaction.")));
	}
	path_level = idgen_spi_pinned_begin();
	initStringInfo(&query);
	appendStringInfo(&query,
					 "SELECT d.refobjid FROM pg_catalog.pg_shdepend d "
					 "WHERE d.dbid OPERATOR(pg_catalog.=) $1 AND d.classid OPERATOR(pg_catalog.=) 'pg_catalog.pg_class'::pg_catalog.regclass "
					 "AND d.objid OPERATOR(pg_catalog.=) $2 AND d.objsubid OPERATOR(pg_catalog.=) $3 "
					 "AND d.refclassid OPERATOR(pg_catalog.=) 'pg_catalog.pg_authid'::pg_catalog.regclass "
					 "AND d.deptype OPERATOR(pg_catalog.=) 'a' "
					 "AND NOT d.refobjid OPERATOR(pg_catalog.=) ANY (%s) ORDER BY 1", column_roles);
	old_roles = role_list(query.data, values, &old_count);
	resetStringInfo(&query);
	/* a role dropped before 0.6.1 recorded them is left out, never locked */
	appendStringInfo(&query,
					 "SELECT DISTINCT g::pg_catalog.oid FROM %s s CROSS JOIN LATERAL pg_catalog.unnest(s.granted_to) g "
					 "WHERE g::pg_catalog.oid OPERATOR(pg_catalog.<>) 0 "
					 "AND g::pg_catalog.oid OPERATOR(pg_catalog.=) ANY (SELECT r.oid FROM pg_catalog.pg_roles r) "
					 "AND NOT g::pg_catalog.oid OPERATOR(pg_catalog.=) ANY (%s) ORDER BY 1",
					 quote_qualified_identifier(get_namespace_name(RelationGetNamespace(store)),
												RelationGetRelationName(store)),
					 column_roles);
	new_roles = role_list(query.data, values, &new_count);
	idgen_spi_pinned_end(path_level);
	updateAclDependencies(RelationRelationId, relid, attnum, store->rd_rel->relowner,
						  old_count, old_roles, new_count, new_roles);
}
