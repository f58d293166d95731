/*
 * public_ids.c: uuidv47 faces of UUIDv7s and the keyed bigint permutation
 * (core/uuid_v47.cpp, core/permute.cpp), with named keys (keys.c). Each
 * function's SQL runs it as its owner, who alone reads the keys.
 */
#include "bigint_id.h"
#include "pg_time.h"
#include "report.h"
#include "keys.h"

#include "catalog/pg_type.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"
#include "utils/uuid.h"

#include "../core/permute.h"
#include "../core/uuid_v47.h"

PG_FUNCTION_INFO_V1(sql_uuid_v47_encode);
PG_FUNCTION_INFO_V1(sql_uuid_v47_decode);
PG_FUNCTION_INFO_V1(sql_uuid_v47_decode_candidates);
PG_FUNCTION_INFO_V1(sql_idgen_permute);
PG_FUNCTION_INFO_V1(sql_idgen_unpermute);
PG_FUNCTION_INFO_V1(sql_idgen_unpermute_candidates);

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

/* uuid_v47_encode(v7 uuid, key text), the face, and uuid_v47_decode(face uuid, key text) */
static Datum
uuid_v47_with_named_key(FunctionCallInfo fcinfo, bool decode, const char *function)
{
	const idgen_uuid *in = (const idgen_uuid *) PG_GETARG_UUID_P(0);
	const idgen_sip_key *key = idgen_named_key(fcinfo, PG_GETARG_TEXT_PP(1), function);
	idgen_uuid	out;

	if (!(decode ? idgen_uuid_v47_decode(in, key, &out) : idgen_uuid_v47_encode(in, key, &out)))
		refuse_version(in, decode ? 4 : 7, function);
	return uuid_datum(&out);
}

Datum
sql_uuid_v47_encode(PG_FUNCTION_ARGS)
{
	return uuid_v47_with_named_key(fcinfo, false, "uuid_v47_encode");
}

Datum
sql_uuid_v47_decode(PG_FUNCTION_ARGS)
{
	return uuid_v47_with_named_key(fcinfo, true, "uuid_v47_decode");
}

/* uuid_v47_decode_candidates(face uuid): its v7 under each kept key, newest key first */
Datum
sql_uuid_v47_decode_candidates(PG_FUNCTION_ARGS)
{
	const idgen_uuid *face = (const idgen_uuid *) PG_GETARG_UUID_P(0);
	int			count;
	const idgen_sip_key *keys = idgen_all_keys(fcinfo, &count);
	Datum	   *values = palloc(sizeof(Datum) * (count + 1));
	idgen_sip_key none = {0, 0};
	idgen_uuid	v7;
	int			i;

	/* the refusal does not depend on the key: checked even with no key kept */
	if (!idgen_uuid_v47_decode(face, &none, &v7))
		refuse_version(face, 4, "uuid_v47_decode_candidates");
	for (i = 0; i < count; i++)
	{
		(void) idgen_uuid_v47_decode(face, &keys[i], &v7);
		values[i] = uuid_datum(&v7);
	}
	PG_RETURN_ARRAYTYPE_P(array_of(values, count, UUIDOID));
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

static int32
bits_argument(FunctionCallInfo fcinfo)
{
	return PG_NARGS() > 2 ? PG_GETARG_INT32(2) : DEFAULT_PERMUTE_BITS;
}

/* idgen_permute(id bigint, key text [, bits int]) and idgen_unpermute(...) */
static Datum
permute_with_named_key(FunctionCallInfo fcinfo, bool inverse, const char *function)
{
	int64		id = PG_GETARG_INT64(0);
	int32		bits = bits_argument(fcinfo);
	const idgen_sip_key *key = idgen_named_key(fcinfo, PG_GETARG_TEXT_PP(1), function);
	int64		out;
	idgen_permute_status status = inverse ? idgen_unpermute(id, key, bits, &out) :
		idgen_permute(id, key, bits, &out);

	if (status != IDGEN_PERMUTE_OK)
		refuse_permute(status, id, bits, function);
	PG_RETURN_INT64(out);
}

Datum
sql_idgen_permute(PG_FUNCTION_ARGS)
{
	return permute_with_named_key(fcinfo, false, "idgen_permute");
}

Datum
sql_idgen_unpermute(PG_FUNCTION_ARGS)
{
	return permute_with_named_key(fcinfo, true, "idgen_unpermute");
}

/* idgen_unpermute_candidates(id bigint [, bits int]): under each kept key, newest first */
Datum
sql_idgen_unpermute_candidates(PG_FUNCTION_ARGS)
{
	int64		id = PG_GETARG_INT64(0);
	int32		bits = PG_NARGS() > 1 ? PG_GETARG_INT32(1) : DEFAULT_PERMUTE_BITS;
	int			count;
	const idgen_sip_key *keys = idgen_all_keys(fcinfo, &count);
	Datum	   *values = palloc(sizeof(Datum) * (count + 1));
	idgen_sip_key none = {0, 0};
	idgen_permute_status status;
	int64		out;
	int			i;

	/* the refusals do not depend on the key: checked even with no key kept */
	status = idgen_unpermute(id, &none, bits, &out);
	if (status != IDGEN_PERMUTE_OK)
		refuse_permute(status, id, bits, "idgen_unpermute_candidates");
	for (i = 0; i < count; i++)
	{
		(void) idgen_unpermute(id, &keys[i], bits, &out);
		values[i] = Int64GetDatum(out);
	}
	PG_RETURN_ARRAYTYPE_P(array_of(values, count, INT8OID));
}
