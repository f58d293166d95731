/*
 * brin_distance.c: the distance functions of the minmax-multi BRIN opclasses
 * of ksuid and objectid (PostgreSQL 14 and later use them). ulid needs none
 * of its own: it has uuid's bytes and order, so brin_minmax_multi_distance_uuid
 * measures it as it is.
 */
#include "postgres.h"

#include "fmgr.h"

#include "../core/brin_distance.h"
#include "../core/ksuid.h"
#include "../core/objectid.h"

PG_FUNCTION_INFO_V1(sql_ksuid_brin_distance);
PG_FUNCTION_INFO_V1(sql_objectid_brin_distance);

/* (internal, internal): two values of the range, the smaller first */
#define BRIN_DISTANCE(len) \
	PG_RETURN_FLOAT8(idgen_brin_distance((const uint8 *) PG_GETARG_POINTER(0), \
										 (const uint8 *) PG_GETARG_POINTER(1), (len)))

Datum
sql_ksuid_brin_distance(PG_FUNCTION_ARGS)
{
	BRIN_DISTANCE(IDGEN_KSUID_LEN);
}

Datum
sql_objectid_brin_distance(PG_FUNCTION_ARGS)
{
	BRIN_DISTANCE(IDGEN_OBJECTID_LEN);
}
