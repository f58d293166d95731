/*
 * partition_bounds.c: partitioning by the time inside an ID.
 *
 * pg_partman 5 partitions a text or uuid key by time through a pair of
 * functions it takes by name: an encoder, timestamptz -> key, whose result
 * becomes a partition's bound, and a decoder, text -> timestamptz, that it
 * calls on bounds and on keys cast to text. Each encoder here returns the
 * smallest key of its time (the ID family's *_from_time), so every ID of
 * [t1, t2) falls between encoder(t1) and encoder(t2); each decoder reads the
 * time back. They are IMMUTABLE and STRICT, as pg_partman checks.
 *
 * Also the range bounds of the native types that had none (xid_from_time,
 * scru128_from_time, timeflake_from_time), for declarative partitioning
 * where pg_partman refuses the type.
 */
#include "bigint_id.h"
#include "pg_time.h"
#include "report.h"

#include "utils/builtins.h"
#include "utils/uuid.h"

#include "../core/ksuid.h"
#include "../core/pushid.h"
#include "../core/scru128.h"
#include "../core/timeflake.h"
#include "../core/tsid.h"
#include "../core/ulid.h"
#include "../core/uuid.h"
#include "../core/xid12.h"

/* the types' own text input and decoders, called below */
extern Datum sql_ulid_in(PG_FUNCTION_ARGS);
extern Datum sql_ksuid_in(PG_FUNCTION_ARGS);
extern Datum sql_ksuid_timestamp(PG_FUNCTION_ARGS);
extern Datum sql_xid12_in(PG_FUNCTION_ARGS);
extern Datum sql_xid12_timestamp(PG_FUNCTION_ARGS);
extern Datum sql_scru128_in(PG_FUNCTION_ARGS);
extern Datum sql_scru128_timestamp(PG_FUNCTION_ARGS);
extern Datum sql_timeflake_in(PG_FUNCTION_ARGS);
extern Datum sql_timeflake_timestamp(PG_FUNCTION_ARGS);
extern Datum sql_tsid_parse(PG_FUNCTION_ARGS);
extern Datum sql_tsid_timestamp(PG_FUNCTION_ARGS);
extern Datum sql_pushid_timestamp(PG_FUNCTION_ARGS);
extern Datum sql_typeid_in(PG_FUNCTION_ARGS);
extern Datum sql_typeid_uuid(PG_FUNCTION_ARGS);
extern Datum sql_typeid_from_time(PG_FUNCTION_ARGS);
extern Datum sql_typeid_text(PG_FUNCTION_ARGS);
extern Datum sql_ulid_timestamp(PG_FUNCTION_ARGS);
extern Datum sql_uuid_timestamp(PG_FUNCTION_ARGS);

#define ARG_TIME PG_GETARG_TIMESTAMPTZ(0)

static Datum
text_datum(const char *s, int len)
{
	PG_RETURN_TEXT_P(cstring_to_text_with_len(s, len));
}

/* A decoder's key: the text pg_partman passes, read by the type's input. */
static Datum
key_of_text(FunctionCallInfo fcinfo, PGFunction input)
{
	return DirectFunctionCall1(input, CStringGetDatum(text_to_cstring(PG_GETARG_TEXT_PP(0))));
}

/* --- the native types' range bounds */

PG_FUNCTION_INFO_V1(sql_xid12_from_time);
PG_FUNCTION_INFO_V1(sql_scru128_from_time);
PG_FUNCTION_INFO_V1(sql_timeflake_from_time);

/* xid_from_time(ts): the smallest xid of that second */
Datum
sql_xid12_from_time(PG_FUNCTION_ARGS)
{
	idgen_xid12 id;

	return idgen_copy_or_raise(idgen_xid12_from_time(idgen_timestamptz_to_unix_s(ARG_TIME, "xid_from_time"), &id),
							   &id, sizeof id, "xid_from_time");
}

/* scru128_from_time(ts): the smallest SCRU128 of that millisecond */
Datum
sql_scru128_from_time(PG_FUNCTION_ARGS)
{
	idgen_scru128 id;

	return idgen_copy_or_raise(idgen_scru128_from_time(idgen_timestamptz_to_unix_ms(ARG_TIME, "scru128_from_time"), &id),
							   &id, sizeof id, "scru128_from_time");
}

/* timeflake_from_time(ts): the smallest Timeflake of that millisecond */
Datum
sql_timeflake_from_time(PG_FUNCTION_ARGS)
{
	idgen_timeflake id;

	return idgen_copy_or_raise(idgen_timeflake_from_time(idgen_timestamptz_to_unix_ms(ARG_TIME, "timeflake_from_time"), &id),
							   &id, sizeof id, "timeflake_from_time");
}

/* --- text keys: <family>_text_time_encoder and _decoder */

/*
 * The encoder of a fixed-size family: its smallest ID of the time (floored
 * to the unit its time counts, by to_unix) in its canonical text.
 */
#define TEXT_TIME_ENCODER(family, type, to_unix, text_len) \
PG_FUNCTION_INFO_V1(sql_##family##_text_time_encoder); \
Datum \
sql_##family##_text_time_encoder(PG_FUNCTION_ARGS) \
{ \
	const char *function = #family "_text_time_encoder"; \
	idgen_##type id; \
	char		out[(text_len) + 1]; \
	idgen_raise_if_fault(idgen_##type##_from_time(to_unix(ARG_TIME, function), &id), function); \
	idgen_##type##_to_text(&id, out); \
	return text_datum(out, (text_len)); \
}

/* The decoder of a family whose type reads the text and has a decoder. */
#define TEXT_TIME_DECODER(family, input, time_of) \
PG_FUNCTION_INFO_V1(sql_##family##_text_time_decoder); \
Datum \
sql_##family##_text_time_decoder(PG_FUNCTION_ARGS) \
{ \
	return DirectFunctionCall1(time_of, key_of_text(fcinfo, input)); \
}

TEXT_TIME_ENCODER(ulid, ulid, idgen_timestamptz_to_unix_ms, IDGEN_ULID_TEXT_LEN)
TEXT_TIME_DECODER(ulid, sql_ulid_in, sql_ulid_timestamp)
TEXT_TIME_ENCODER(ksuid, ksuid, idgen_timestamptz_to_unix_s, IDGEN_KSUID_TEXT_LEN)
TEXT_TIME_DECODER(ksuid, sql_ksuid_in, sql_ksuid_timestamp)
TEXT_TIME_ENCODER(xid, xid12, idgen_timestamptz_to_unix_s, IDGEN_XID12_TEXT_LEN)
TEXT_TIME_DECODER(xid, sql_xid12_in, sql_xid12_timestamp)
TEXT_TIME_ENCODER(scru128, scru128, idgen_timestamptz_to_unix_ms, IDGEN_SCRU128_TEXT_LEN)
TEXT_TIME_DECODER(scru128, sql_scru128_in, sql_scru128_timestamp)
TEXT_TIME_ENCODER(timeflake, timeflake, idgen_timestamptz_to_unix_ms, IDGEN_TIMEFLAKE_TEXT_LEN)
TEXT_TIME_DECODER(timeflake, sql_timeflake_in, sql_timeflake_timestamp)

PG_FUNCTION_INFO_V1(sql_tsid_text_time_encoder);
PG_FUNCTION_INFO_V1(sql_tsid_text_time_decoder);
PG_FUNCTION_INFO_V1(sql_pushid_text_time_encoder);
PG_FUNCTION_INFO_V1(sql_pushid_text_time_decoder);
PG_FUNCTION_INFO_V1(sql_typeid_text_time_encoder);
PG_FUNCTION_INFO_V1(sql_typeid_text_time_encoder_prefix);
PG_FUNCTION_INFO_V1(sql_typeid_text_time_decoder);

/* tsid_text_time_encoder(ts): the smallest TSID of that millisecond, as its 13 characters */
Datum
sql_tsid_text_time_encoder(PG_FUNCTION_ARGS)
{
	const char *function = "tsid_text_time_encoder";
	int64		id;
	char		out[IDGEN_TSID_TEXT_LEN];

	idgen_raise_if_fault(idgen_id_from_time(IDGEN_FAMILY_TSID, idgen_timestamptz_to_unix_ms(ARG_TIME, function),
											idgen_family_of(IDGEN_FAMILY_TSID)->default_epoch_ms, &id),
						 function);
	idgen_tsid_to_text(id, out);
	return text_datum(out, IDGEN_TSID_TEXT_LEN);
}

Datum
sql_tsid_text_time_decoder(PG_FUNCTION_ARGS)
{
	return DirectFunctionCall1(sql_tsid_timestamp, DirectFunctionCall1(sql_tsid_parse, PG_GETARG_DATUM(0)));
}

/* pushid_text_time_encoder(ts): that millisecond's 8 characters, then 12 '-' */
Datum
sql_pushid_text_time_encoder(PG_FUNCTION_ARGS)
{
	const char *function = "pushid_text_time_encoder";
	char		out[IDGEN_PUSHID_TEXT_LEN + 1];

	idgen_raise_if_fault(idgen_pushid_from_time(idgen_timestamptz_to_unix_ms(ARG_TIME, function), out), function);
	return text_datum(out, IDGEN_PUSHID_TEXT_LEN);
}

Datum
sql_pushid_text_time_decoder(PG_FUNCTION_ARGS)
{
	return DirectFunctionCall1(sql_pushid_timestamp, PG_GETARG_DATUM(0));
}

/*
 * A TypeID's text sorts by its prefix first: one prefix's keys lie between
 * that prefix's bounds. The time is checked here, so that its refusal names
 * the encoder; the prefix is checked by typeid_from_time.
 */
static Datum
typeid_text_bound(Datum prefix, TimestampTz ts)
{
	const char *function = "typeid_text_time_encoder";
	idgen_uuid	uuid;

	idgen_raise_if_fault(idgen_uuid_v7_from_time(idgen_timestamptz_to_unix_ms(ts, function), &uuid), function);
	return DirectFunctionCall1(sql_typeid_text,
							   DirectFunctionCall2(sql_typeid_from_time, prefix, TimestampTzGetDatum(ts)));
}

/* typeid_text_time_encoder(ts): the bound of TypeIDs without a prefix */
Datum
sql_typeid_text_time_encoder(PG_FUNCTION_ARGS)
{
	return typeid_text_bound(PointerGetDatum(cstring_to_text("")), ARG_TIME);
}

/* typeid_text_time_encoder(prefix, ts): the bound of one prefix's TypeIDs */
Datum
sql_typeid_text_time_encoder_prefix(PG_FUNCTION_ARGS)
{
	return typeid_text_bound(PG_GETARG_DATUM(0), PG_GETARG_TIMESTAMPTZ(1));
}

/*
 * typeid_text_time_decoder(text): the time of a TypeID of any prefix. Its
 * UUID must be a v7: another's time is no time at all, and a partition
 * bound made from it would be wrong.
 */
Datum
sql_typeid_text_time_decoder(PG_FUNCTION_ARGS)
{
	char	   *key = text_to_cstring(PG_GETARG_TEXT_PP(0));
	Datum		uuid = DirectFunctionCall1(sql_typeid_uuid, DirectFunctionCall1(sql_typeid_in, CStringGetDatum(key)));
	int64		unix_ms;

	if (!idgen_uuid_v7_unix_ms((const idgen_uuid *) DatumGetUUIDP(uuid), &unix_ms))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("TypeID \"%s\" carries no time", key),
				 errdetail("Its UUID is not a version 7 UUID; typeid_text_time_decoder reads the time of those only.")));
	PG_RETURN_TIMESTAMPTZ(idgen_unix_ms_to_timestamptz(unix_ms));
}

/* --- uuid keys: <family>_uuid_time_encoder and _decoder */

PG_FUNCTION_INFO_V1(sql_ulid_uuid_time_encoder);

/* ulid_uuid_time_encoder(ts): ulid_from_time's 16 bytes as a uuid */
Datum
sql_ulid_uuid_time_encoder(PG_FUNCTION_ARGS)
{
	const char *function = "ulid_uuid_time_encoder";
	idgen_ulid	ulid;

	StaticAssertStmt(sizeof ulid == UUID_LEN, "a ulid has a uuid's bytes");
	return idgen_copy_or_raise(idgen_ulid_from_time(idgen_timestamptz_to_unix_ms(ARG_TIME, function), &ulid),
							   &ulid, sizeof ulid, function);
}

/* A ULID kept as uuid: its first 48 bits are its ms, whatever its version bits say. */
static Datum
ulid_uuid_time(Datum uuid)
{
	PG_RETURN_TIMESTAMPTZ(idgen_unix_ms_to_timestamptz(idgen_ulid_unix_ms((const idgen_ulid *) DatumGetUUIDP(uuid))));
}

/* A v6's time to the microsecond (its 100 ns units floored); other UUIDs are refused. */
static Datum
uuid_v6_time(Datum uuid)
{
	if (idgen_uuid_version((const idgen_uuid *) DatumGetUUIDP(uuid)) != 6)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("UUID \"%s\" is not a version 6 UUID", DatumGetCString(DirectFunctionCall1(uuid_out, uuid))),
				 errdetail("uuid_v6_time_decoder reads the time of version 6 UUIDs only.")));
	return DirectFunctionCall1(sql_uuid_timestamp, uuid);
}

/*
 * A uuid key's decoder: pg_partman 5.2 calls it with text, a later one may
 * look for one of the key's own type; both give time_of(uuid).
 */
#define UUID_TIME_DECODER(family, time_of) \
PG_FUNCTION_INFO_V1(sql_##family##_time_decoder); \
PG_FUNCTION_INFO_V1(sql_##family##_time_decoder_uuid); \
Datum \
sql_##family##_time_decoder(PG_FUNCTION_ARGS) \
{ \
	return time_of(key_of_text(fcinfo, uuid_in)); \
} \
Datum \
sql_##family##_time_decoder_uuid(PG_FUNCTION_ARGS) \
{ \
	return time_of(PG_GETARG_DATUM(0)); \
}

UUID_TIME_DECODER(ulid_uuid, ulid_uuid_time)
UUID_TIME_DECODER(uuid_v6, uuid_v6_time)
