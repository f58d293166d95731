/*
 * The benchmark's "trivial C function" floor: what a generator costs with
 * nothing to generate. int8 comes back by value; uuid is palloc'd like
 * every generator's uuid, so the difference to a generator is its own work.
 */
#include "postgres.h"

#include "fmgr.h"
#include "utils/uuid.h"

PG_MODULE_MAGIC;

PG_FUNCTION_INFO_V1(idgen_bench_floor_int8);
Datum
idgen_bench_floor_int8(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT64(1);
}

PG_FUNCTION_INFO_V1(idgen_bench_floor_uuid);
Datum
idgen_bench_floor_uuid(PG_FUNCTION_ARGS)
{
	pg_uuid_t  *result = palloc0(sizeof(pg_uuid_t));

	result->data[6] = 0x70;		/* a nil-ish v7 shape; the value never matters */
	PG_RETURN_UUID_P(result);
}
