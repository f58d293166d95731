/*
 * scru128.c: the scru128 type over core/scru128.cpp. Its 16 big-endian
 * bytes sort like uuid's: comparison, hashing, sortsupport and binary I/O are
 * uuid's own internal functions (sql/idgen.sql binds them).
 */
#include "report.h"

#include "utils/uuid.h"

#include "settings.h"
#include "../core/scru128.h"
#include "fixed_size_type.h"

StaticAssertDecl(sizeof(idgen_scru128) == UUID_LEN, "a scru128 has a uuid's bytes");

IDGEN_FIXED_SIZE_TYPE(scru128, IDGEN_FAMILY_SCRU128)
IDGEN_FIXED_SIZE_TEXT_AND_BYTES(scru128)
IDGEN_FIXED_SIZE_MILLISECONDS(scru128)

PG_FUNCTION_INFO_V1(sql_scru128_generate);

/*
 * scru128(): the spec's generator, one per session, strictly increasing; a
 * clock set back further than idgen.max_clock_lead is refused.
 */
Datum
sql_scru128_generate(PG_FUNCTION_ARGS)
{
	idgen_scru128 id;

	return scru128_or_raise(idgen_scru128_now((int64) idgen_max_clock_lead_ms, &id), &id, "scru128()");
}
