/*
 * layout_origin.c: where a declared layout was declared, as its row's
 * created_in says: this server's system identifier and the database's OID.
 * The row travels with a copy of the database (CREATE DATABASE ... TEMPLATE,
 * a restored dump); where the layout stood in its unit (the server's
 * reservation table, keyed by database OID) does not. The system identifier
 * is one a streaming standby and a PITR copy share: there the table is
 * the one the row was made with.
 */
#include "layouts.h"

#include <inttypes.h>

#include "access/xlog.h"
#include "miscadmin.h"
#include "utils/builtins.h"

PG_FUNCTION_INFO_V1(sql_idgen_layout_origin);

char *
idgen_layout_origin_here(void)
{
	return psprintf(UINT64_FORMAT "/%u", GetSystemIdentifier(), MyDatabaseId);
}

IdgenLayoutOrigin
idgen_layout_origin_of(const char *created_in, Oid *database)
{
	uint64_t	system;
	unsigned int oid;
	int			used = 0;

	*database = InvalidOid;
	/* none (a row from before 0.7.0's dump, or written by hand), or not ours to read */
	if (created_in == NULL ||
		sscanf(created_in, "%" SCNu64 "/%u%n", &system, &oid, &used) != 2 ||
		created_in[used] != '\0' || system != GetSystemIdentifier())
		return IDGEN_LAYOUT_ORIGIN_ELSEWHERE;
	if (oid == MyDatabaseId)
		return IDGEN_LAYOUT_ORIGIN_HERE;
	*database = (Oid) oid;
	return IDGEN_LAYOUT_ORIGIN_THIS_SERVER;
}

/* idgen_layout_origin(): the created_in of a layout declared here now */
Datum
sql_idgen_layout_origin(PG_FUNCTION_ARGS)
{
	PG_RETURN_TEXT_P(cstring_to_text(idgen_layout_origin_here()));
}
