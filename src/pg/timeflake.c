/*
 * timeflake.c: the timeflake type over core/timeflake.cpp. Its 16 bytes are
 * a ULID's and sort like uuid's: comparison, hashing, sortsupport and binary
 * I/O are uuid's own internal functions (sql/idgen.sql binds them).
 */
#include "report.h"

#include "utils/uuid.h"

#include "../core/timeflake.h"
#include "fixed_size_type.h"

StaticAssertDecl(sizeof(idgen_timeflake) == UUID_LEN, "a timeflake has a uuid's bytes");

IDGEN_FIXED_SIZE_TYPE(timeflake, IDGEN_FAMILY_TIMEFLAKE)
IDGEN_FIXED_SIZE_TEXT_AND_BYTES(timeflake)
IDGEN_FIXED_SIZE_MILLISECONDS(timeflake)

PG_FUNCTION_INFO_V1(sql_timeflake_generate);

/* timeflake(): ulid()'s bits, strictly increasing within a session */
Datum
sql_timeflake_generate(PG_FUNCTION_ARGS)
{
	idgen_timeflake id;

	return timeflake_or_raise(idgen_timeflake_now(&id), &id, "timeflake()");
}
