/*
 * objectid.c: the objectid type (MongoDB's ObjectId, 12 bytes) over
 * core/objectid.cpp: a fixed-size type (fixed_size_type.h) whose time is
 * whole seconds.
 */
#include "report.h"

#include "../core/objectid.h"
#include "../core/wall_clock.h"
#include "fixed_size_type.h"

IDGEN_FIXED_SIZE_TYPE(objectid, IDGEN_FAMILY_OBJECTID)
IDGEN_FIXED_SIZE_OPERATORS(objectid)

static idgen_fault
objectid_now(idgen_objectid *oid)
{
	return idgen_objectid_next(idgen_wall_clock_ms() / 1000, oid);
}

/* objectid() and objectid(at): that second, this backend's random part and counter */
IDGEN_FIXED_SIZE_SECONDS(objectid, objectid_now, idgen_objectid_next)

PG_FUNCTION_INFO_V1(sql_objectid_counter);

/* objectid_counter(objectid) */
Datum
sql_objectid_counter(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32(idgen_objectid_counter((const idgen_objectid *) PG_GETARG_POINTER(0)));
}
