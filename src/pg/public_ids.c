/*
 * public_ids.c: uuidv47 faces of UUIDv7s and the keyed bigint permutation
 * (core/uuid_v47.cpp, core/permute.cpp), with named keys (keys.c). Each
 * function runs as its caller, who uses only the keys granted to it.
 */
#include "bigint_id.h"
#include "pg_time.h"
#include "report.h"
#include "keys.h"

#include "catalog/pg_type.h"
#include "miscadmin.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"
#include "utils/uuid.h"

#include "../core/permute.h"
#include "../core/uuid_v47.h"

#define DEFAULT_PERMUTE_BITS IDGEN_PERMUTE_MAX_BITS

pg_noreturn static void
refuse_version(const idgen_uuid *uuid, int wanted, const char *function)
{
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("%s takes a version %d UUID, not %s", function, wanted,
					DatumGetCString(DirectFunctionCall1(uuid_out, PointerGetDatum(uuid)))),
			 errdetail("Its version is %d and its variant bits are %d%d; a version %d UUID of RFC 9562 "
					   "has version %d and variant bits 10.",
					   uuid->bytes[6] >> 4, uuid->bytes[8] >> 7, (uuid->bytes[8] >> 6) & 1,
					   wanted, wanted),
			 wanted == 7 ? errhint("Faces are made of UUIDv7s, such as uuid_v7()'s.") :
			 errhint("uuid_v47_encode() makes faces, which are version 4.")));
}

/* An array of the candidates (the catalog says how the type is stored: int8 is by value or not) */
static ArrayType *
array_of(Datum *values, int count, Oid type)
{
	int16		len;
	bool		byval;
	char		align;

	get_typlenbyvalalign(type, &len, &byval, &align);
	return construct_array(values, count, type, len, byval, align);
}

static Datum
uuid_datum(const idgen_uuid *uuid)
{
	idgen_uuid *copy = palloc(sizeof(idgen_uuid));

	*copy = *uuid;
	return PointerGetDatum(copy);
}

/* uuid_v47_encode's face of a v7 under the key, or uuid_v47_decode's v7 behind a face */
static Datum
uuid_v47_under_key(FunctionCallInfo fcinfo, bool decode, const idgen_sip_key *key, const char *function)
{
	const idgen_uuid *in = (const idgen_uuid *) PG_GETARG_UUID_P(0);
	idgen_uuid	out;

	if (!(decode ? idgen_uuid_v47_decode(in, key, &out) : idgen_uuid_v47_encode(in, key, &out)))
		refuse_version(in, decode ? 4 : 7, function);
	return uuid_datum(&out);
}

pg_noreturn static void
refuse_permute(idgen_permute_status status, int64 id, int32 bits, const char *function)
{
	if (status == IDGEN_PERMUTE_BITS_OUT_OF_RANGE)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("bits %d is out of range for %s", bits, function),
				 errdetail("Valid widths are %d to %d bits.", IDGEN_PERMUTE_MIN_BITS, IDGEN_PERMUTE_MAX_BITS)));
	ereport(ERROR,
			(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
			 errmsg("ID " INT64_FORMAT " is out of range for %s", id, function),
			 errdetail("Valid IDs are 0 to " INT64_FORMAT " (%d bits).",
					   (int64) ((UINT64CONST(1) << bits) - 1), bits),
			 status == IDGEN_PERMUTE_NEGATIVE ? 0 :
			 errhint("A wider bits argument takes it; every ID of a column needs the same width.")));
}

/* idgen_permute's or idgen_unpermute's ID under the key; bits, when given, is argument bits_at */
static Datum
permute_under_key(FunctionCallInfo fcinfo, bool inverse, const idgen_sip_key *key, int bits_at,
				  const char *function)
{
	int64		id = PG_GETARG_INT64(0);
	int32		bits = PG_NARGS() > bits_at ? PG_GETARG_INT32(bits_at) : DEFAULT_PERMUTE_BITS;
	int64		out;
	idgen_permute_status status = inverse ? idgen_unpermute(id, key, bits, &out) :
		idgen_permute(id, key, bits, &out);

	if (status != IDGEN_PERMUTE_OK)
		refuse_permute(status, id, bits, function);
	PG_RETURN_INT64(out);
}

/* What a public-ID function does with its first argument under a key */
typedef enum
{
	V47_ENCODE,
	V47_DECODE,
	PERMUTE,
	UNPERMUTE,
} keyed_op;

/*
 * op of the first argument under one key, or its refusal for `function`;
 * a bits argument, where op takes one, is argument bits_at.
 */
static Datum
under_key(FunctionCallInfo fcinfo, keyed_op op, const idgen_sip_key *key, int bits_at,
		  const char *function)
{
	if (op == V47_ENCODE || op == V47_DECODE)
		return uuid_v47_under_key(fcinfo, op == V47_DECODE, key, function);
	return permute_under_key(fcinfo, op == UNPERMUTE, key, bits_at, function);
}

/*
 * An array of `type`: op under each kept key, newest key first. The refusals
 * do not depend on the key: checked even with no key kept.
 */
static Datum
under_every_kept_key(FunctionCallInfo fcinfo, keyed_op op, Oid type, const char *function)
{
	int			count;
	const idgen_sip_key *keys = idgen_all_keys(fcinfo, GetUserId(), &count);
	Datum	   *values = palloc(sizeof(Datum) * (count + 1));
	const idgen_sip_key none = {0, 0};

	(void) under_key(fcinfo, op, &none, 1, function);
	for (int i = 0; i < count; i++)
		values[i] = under_key(fcinfo, op, &keys[i], 1, function);
	PG_RETURN_ARRAYTYPE_P(array_of(values, count, type));
}

/* sql_<name>(input, key text [, bits int]): op under the key of that name, if granted */
#define WITH_NAMED_KEY(name, op) \
PG_FUNCTION_INFO_V1(sql_##name); \
Datum \
sql_##name(PG_FUNCTION_ARGS) \
{ \
	return under_key(fcinfo, op, idgen_named_key(fcinfo, PG_GETARG_TEXT_PP(1), GetUserId(), #name), 2, #name); \
}

/* sql_<name>(input [, bits int]): op under each kept key granted, as an array of `type` */
#define UNDER_EVERY_KEPT_KEY(name, op, type) \
PG_FUNCTION_INFO_V1(sql_##name); \
Datum \
sql_##name(PG_FUNCTION_ARGS) \
{ \
	return under_every_kept_key(fcinfo, op, type, #name); \
}

WITH_NAMED_KEY(uuid_v47_encode, V47_ENCODE)
WITH_NAMED_KEY(uuid_v47_decode, V47_DECODE)
UNDER_EVERY_KEPT_KEY(uuid_v47_decode_candidates, V47_DECODE, UUIDOID)
WITH_NAMED_KEY(idgen_permute, PERMUTE)
WITH_NAMED_KEY(idgen_unpermute, UNPERMUTE)
UNDER_EVERY_KEPT_KEY(idgen_unpermute_candidates, UNPERMUTE, INT8OID)
