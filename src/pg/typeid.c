/*
 * typeid.c: the typeid type (jetify's TypeID) over core/typeid.cpp: a
 * variable-length value, the prefix's bytes then the UUID's 16, that sorts
 * by prefix, then UUID (so by time within a prefix).
 *
 * Variable length, so not fixed_size_type.h's pattern: its text and binary
 * I/O are here, its text faults reported through report.c; its comparisons,
 * hashing, sortsupport and min/max are type_order.h's, as the fixed-size
 * types' are. typeid_has_prefix(id, prefix) has a planner support function
 * that turns it into the index range from the smallest to the largest
 * TypeID of the prefix.
 */
#include "report.h"
#include "pg_time.h"

#include "access/stratnum.h"
#include "catalog/pg_type_d.h"
#include "libpq/pqformat.h"
#include "nodes/makefuncs.h"
#include "nodes/nodeFuncs.h"
#include "nodes/supportnodes.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"
#include "utils/uuid.h"
#if PG_VERSION_NUM >= 160000
#include "varatt.h"			/* VARDATA_ANY: postgres.h no longer has it */
#endif

#include "../core/family.h"
#include "../core/typeid.h"
#include "type_order.h"

StaticAssertDecl(sizeof(idgen_uuid) == UUID_LEN, "idgen_uuid is a pg_uuid_t");

#define TYPEID_FAMILY() idgen_family_of(IDGEN_FAMILY_TYPEID)

/* a stored TypeID: its bytes (prefix, then UUID) and their length */
#define TYPEID_BYTES(v) ((const uint8 *) VARDATA_ANY(v))
#define TYPEID_LEN(v) VARSIZE_ANY_EXHDR(v)
#define TYPEID_PREFIX_LEN(v) (TYPEID_LEN(v) - UUID_LEN)
#define TYPEID_UUID(v) ((const idgen_uuid *) (TYPEID_BYTES(v) + TYPEID_PREFIX_LEN(v)))
#define ARG_TYPEID(n) ((struct varlena *) PG_DETOAST_DATUM_PACKED(PG_GETARG_DATUM(n)))

static struct varlena *
make_typeid(const char *prefix, size_t prefix_len, const idgen_uuid *uuid)
{
	struct varlena *v = palloc(VARHDRSZ + prefix_len + UUID_LEN);

	SET_VARSIZE(v, VARHDRSZ + prefix_len + UUID_LEN);
	memcpy(VARDATA(v), prefix, prefix_len);
	memcpy(VARDATA(v) + prefix_len, uuid->bytes, UUID_LEN);
	return v;
}

/* What is wrong with a prefix (a fault of idgen_typeid_check_prefix), for a detail. */
static char *
prefix_fault_detail(idgen_fault fault, const char *text)
{
	if (fault.code == IDGEN_TEXT_LENGTH)
		return psprintf("The prefix is " INT64_FORMAT " characters, more than " INT64_FORMAT ".",
						fault.value, fault.max);
	if (text[fault.value] == '_')
		return psprintf("%s, starts or ends the prefix.", idgen_character_name(text, fault.value));
	return psprintf("%s, is not a lower-case letter or \"_\".",
					idgen_character_name(text, fault.value));
}

/* A prefix argument, checked: 22023 naming it and the rule. */
static text *
checked_prefix(text *prefix, const char *function)
{
	idgen_fault fault = idgen_typeid_check_prefix(VARDATA_ANY(prefix), VARSIZE_ANY_EXHDR(prefix));

	if (fault.code != IDGEN_OK)
	{
		char	   *p = text_to_cstring(prefix);

		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("invalid TypeID prefix for %s: \"%s\"", function, p),
				 errdetail("%s", prefix_fault_detail(fault, p)),
				 errhint("%s", TYPEID_FAMILY()->prefix_rule)));
	}
	return prefix;
}

#define ARG_PREFIX(n, function) checked_prefix(PG_GETARG_TEXT_PP(n), (function))

/* A TypeID of a checked prefix and a UUID. */
static Datum
typeid_of(text *prefix, const idgen_uuid *uuid)
{
	return PointerGetDatum(make_typeid(VARDATA_ANY(prefix), VARSIZE_ANY_EXHDR(prefix), uuid));
}

/*
 * Text to a TypeID; NULL after a soft error (16+, when escontext asks).
 * The prefix's faults and the suffix's length are TypeID's own messages;
 * the suffix's bad character and overflow read like ulid's.
 */
static struct varlena *
typeid_from_cstring(const char *text, struct Node *escontext)
{
	size_t		prefix_len;
	idgen_uuid	uuid;
	int			in_prefix;
	idgen_fault fault = idgen_typeid_from_text(text, strlen(text), &prefix_len, &uuid, &in_prefix);
	const idgen_family_info *family = TYPEID_FAMILY();

	if (fault.code == IDGEN_OK)
		return make_typeid(text, prefix_len, &uuid);
	if (in_prefix)
		idgen_report_text_detail(family, text, escontext, prefix_fault_detail(fault, text),
								 family->prefix_rule);
	else if (fault.code == IDGEN_TEXT_LENGTH)
		idgen_report_text_detail(family, text, escontext,
								 psprintf("The suffix after the last \"_\" is " INT64_FORMAT
										  " characters; a TypeID's is %d.",
										  fault.value, family->text_len),
								 NULL);
	else
		idgen_report_text_fault(fault, family, text, escontext);
	return NULL;
}

/* The text of a stored TypeID, palloc'd and NUL-terminated. */
static char *
typeid_cstring(const struct varlena *v)
{
	char	   *out = palloc(TYPEID_PREFIX_LEN(v) + 1 + IDGEN_TYPEID_SUFFIX_LEN + 1);

	idgen_typeid_to_text((const char *) TYPEID_BYTES(v), TYPEID_PREFIX_LEN(v), TYPEID_UUID(v), out);
	return out;
}

PG_FUNCTION_INFO_V1(sql_typeid_in);
PG_FUNCTION_INFO_V1(sql_typeid_out);
PG_FUNCTION_INFO_V1(sql_typeid_recv);
PG_FUNCTION_INFO_V1(sql_typeid_send);
PG_FUNCTION_INFO_V1(sql_typeid_parse);
PG_FUNCTION_INFO_V1(sql_typeid_text);

/* typeid_in(cstring): bad text is a soft error on 16+ when the caller asks */
Datum
sql_typeid_in(PG_FUNCTION_ARGS)
{
	struct varlena *v = typeid_from_cstring(PG_GETARG_CSTRING(0), fcinfo->context);

	if (v == NULL)
		return (Datum) 0;		/* a soft error, saved in the context */
	PG_RETURN_POINTER(v);
}

Datum
sql_typeid_out(PG_FUNCTION_ARGS)
{
	PG_RETURN_CSTRING(typeid_cstring(ARG_TYPEID(0)));
}

/* binary: the stored bytes, the prefix checked on the way in */
Datum
sql_typeid_recv(PG_FUNCTION_ARGS)
{
	StringInfo	buf = (StringInfo) PG_GETARG_POINTER(0);
	int			prefix_len = buf->len - buf->cursor - UUID_LEN;
	const char *prefix;
	idgen_uuid	uuid;
	idgen_fault fault;

	if (prefix_len < 0 || prefix_len > IDGEN_TYPEID_PREFIX_MAX)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("invalid binary TypeID of %d bytes", buf->len - buf->cursor),
				 errdetail("A binary TypeID is its prefix (0 to %d bytes), then 16 bytes of UUID.",
						   IDGEN_TYPEID_PREFIX_MAX)));
	prefix = pq_getmsgbytes(buf, prefix_len);
	fault = idgen_typeid_check_prefix(prefix, prefix_len);
	if (fault.code != IDGEN_OK)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("invalid binary TypeID: its prefix is not a TypeID prefix"),
				 errhint("%s", TYPEID_FAMILY()->prefix_rule)));
	memcpy(uuid.bytes, pq_getmsgbytes(buf, UUID_LEN), UUID_LEN);
	PG_RETURN_POINTER(make_typeid(prefix, prefix_len, &uuid));
}

Datum
sql_typeid_send(PG_FUNCTION_ARGS)
{
	struct varlena *v = ARG_TYPEID(0);
	StringInfoData buf;

	pq_begintypsend(&buf);
	pq_sendbytes(&buf, (const char *) TYPEID_BYTES(v), TYPEID_LEN(v));
	PG_RETURN_BYTEA_P(pq_endtypsend(&buf));
}

/* typeid_parse(text): the cast from text; bad text always an error */
Datum
sql_typeid_parse(PG_FUNCTION_ARGS)
{
	PG_RETURN_POINTER(typeid_from_cstring(text_to_cstring(PG_GETARG_TEXT_PP(0)), NULL));
}

/* typeid_text(typeid): the cast to text */
Datum
sql_typeid_text(PG_FUNCTION_ARGS)
{
	PG_RETURN_TEXT_P(cstring_to_text(typeid_cstring(ARG_TYPEID(0))));
}

/* --- order: prefix, then UUID (core's idgen_typeid_compare); type_order.h's functions */

static inline int
typeid_compare(Datum a, Datum b)
{
	struct varlena *va = (struct varlena *) PG_DETOAST_DATUM_PACKED(a);
	struct varlena *vb = (struct varlena *) PG_DETOAST_DATUM_PACKED(b);

	return idgen_typeid_compare(TYPEID_BYTES(va), TYPEID_LEN(va), TYPEID_BYTES(vb), TYPEID_LEN(vb));
}

/* equal TypeIDs are equal bytes: hash the bytes */
static inline size_t
typeid_bytes(Datum d, const uint8 **bytes)
{
	struct varlena *v = (struct varlena *) PG_DETOAST_DATUM_PACKED(d);

	*bytes = TYPEID_BYTES(v);
	return TYPEID_LEN(v);
}

IDGEN_TYPE_OPERATORS(typeid)
IDGEN_TYPE_MIN_MAX(typeid)

/* --- generators and decoders */

PG_FUNCTION_INFO_V1(sql_typeid_generate);
PG_FUNCTION_INFO_V1(sql_typeid_generate_at);
PG_FUNCTION_INFO_V1(sql_typeid_from_uuid);
PG_FUNCTION_INFO_V1(sql_typeid_from_time);
PG_FUNCTION_INFO_V1(sql_typeid_prefix);
PG_FUNCTION_INFO_V1(sql_typeid_uuid);
PG_FUNCTION_INFO_V1(sql_typeid_timestamp);

/* typeid_generate(prefix): a UUIDv7 of uuid_v7(), strictly increasing within the session */
Datum
sql_typeid_generate(PG_FUNCTION_ARGS)
{
	text	   *prefix = ARG_PREFIX(0, "typeid_generate");
	idgen_uuid	uuid;

	idgen_raise_if_fault(idgen_uuid_v7_now(&uuid), "typeid_generate");
	return typeid_of(prefix, &uuid);
}

/* typeid_generate(prefix, at): uuid_v7(at)'s UUID, for backfills */
Datum
sql_typeid_generate_at(PG_FUNCTION_ARGS)
{
	text	   *prefix = ARG_PREFIX(0, "typeid_generate");
	TimestampTz at = PG_GETARG_TIMESTAMPTZ(1);
	int64		unix_ms = idgen_timestamptz_to_unix_ms(at, "typeid_generate");
	int64		us_in_ms = ((at % 1000) + 1000) % 1000;
	idgen_uuid	uuid;

	idgen_raise_if_fault(idgen_uuid_v7_at(unix_ms, (int32) (us_in_ms * 4096 / 1000), &uuid),
						 "typeid_generate");
	return typeid_of(prefix, &uuid);
}

Datum
sql_typeid_from_uuid(PG_FUNCTION_ARGS)
{
	text	   *prefix = ARG_PREFIX(0, "typeid_from_uuid");

	return typeid_of(prefix, (const idgen_uuid *) PG_GETARG_UUID_P(1));
}

/* typeid_from_time(prefix, ts): the prefix's smallest TypeID of that millisecond (a UUIDv7's) */
Datum
sql_typeid_from_time(PG_FUNCTION_ARGS)
{
	text	   *prefix = ARG_PREFIX(0, "typeid_from_time");
	int64		unix_ms = idgen_timestamptz_to_unix_ms(PG_GETARG_TIMESTAMPTZ(1), "typeid_from_time");
	idgen_uuid	uuid;

	idgen_raise_if_fault(idgen_uuid_v7_from_time(unix_ms, &uuid), "typeid_from_time");
	return typeid_of(prefix, &uuid);
}

Datum
sql_typeid_prefix(PG_FUNCTION_ARGS)
{
	struct varlena *v = ARG_TYPEID(0);

	PG_RETURN_TEXT_P(cstring_to_text_with_len((const char *) TYPEID_BYTES(v), TYPEID_PREFIX_LEN(v)));
}

Datum
sql_typeid_uuid(PG_FUNCTION_ARGS)
{
	struct varlena *v = ARG_TYPEID(0);
	pg_uuid_t  *uuid = palloc(UUID_LEN);

	memcpy(uuid->data, TYPEID_UUID(v)->bytes, UUID_LEN);
	PG_RETURN_UUID_P(uuid);
}

/* typeid_timestamp(typeid): a UUIDv7's time; NULL for other UUIDs, as uuid_v7_timestamp */
Datum
sql_typeid_timestamp(PG_FUNCTION_ARGS)
{
	int64		unix_ms;

	if (!idgen_uuid_v7_unix_ms(TYPEID_UUID(ARG_TYPEID(0)), &unix_ms))
		PG_RETURN_NULL();
	PG_RETURN_TIMESTAMPTZ(idgen_unix_ms_to_timestamptz(unix_ms));
}

/* --- typeid_has_prefix(id, prefix) and its index range */

PG_FUNCTION_INFO_V1(sql_typeid_has_prefix);
PG_FUNCTION_INFO_V1(sql_typeid_has_prefix_support);

Datum
sql_typeid_has_prefix(PG_FUNCTION_ARGS)
{
	struct varlena *v = ARG_TYPEID(0);
	text	   *prefix = ARG_PREFIX(1, "typeid_has_prefix");
	size_t		len = VARSIZE_ANY_EXHDR(prefix);

	PG_RETURN_BOOL(TYPEID_PREFIX_LEN(v) == len &&
				   memcmp(TYPEID_BYTES(v), VARDATA_ANY(prefix), len) == 0);
}

/* id OP the prefix's TypeID of uuid (all 0x00 or 0xff bytes) */
static Expr *
prefix_bound(Oid opfamily, StrategyNumber strategy, Node *id, text *prefix, uint8 fill)
{
	Oid			type = exprType(id);
	Oid			op = get_opfamily_member(opfamily, type, type, strategy);
	idgen_uuid	uuid;
	Const	   *bound;

	if (!OidIsValid(op))
		return NULL;
	memset(uuid.bytes, fill, UUID_LEN);
	bound = makeConst(type, -1, InvalidOid, -1, typeid_of(prefix, &uuid), false, false);
	return make_opclause(op, BOOLOID, false, (Expr *) id, (Expr *) bound, InvalidOid, InvalidOid);
}

/*
 * For an index on id (btree, or BRIN minmax: both answer >= and <=),
 * typeid_has_prefix(id, 'p') is exactly id BETWEEN typeid_from_uuid('p',
 * uuid_min()) AND typeid_from_uuid('p', uuid_max()): one prefix's TypeIDs
 * sort together. Only for a constant, valid prefix (as LIKE 'p%' does);
 * else the call stays a filter, and a bad prefix is refused when it runs.
 */
Datum
sql_typeid_has_prefix_support(PG_FUNCTION_ARGS)
{
	Node	   *raw = (Node *) PG_GETARG_POINTER(0);
	SupportRequestIndexCondition *req;
	FuncExpr   *call;
	Const	   *prefix;
	Expr	   *lower;
	Expr	   *upper;

	if (!IsA(raw, SupportRequestIndexCondition))
		PG_RETURN_POINTER(NULL);
	req = (SupportRequestIndexCondition *) raw;
	if (!is_funcclause(req->node) || req->indexarg != 0)
		PG_RETURN_POINTER(NULL);
	call = (FuncExpr *) req->node;
	if (list_length(call->args) != 2 || !IsA(lsecond(call->args), Const))
		PG_RETURN_POINTER(NULL);
	prefix = (Const *) lsecond(call->args);
	if (prefix->constisnull ||
		idgen_typeid_check_prefix(VARDATA_ANY(DatumGetTextPP(prefix->constvalue)),
								  VARSIZE_ANY_EXHDR(DatumGetTextPP(prefix->constvalue))).code != IDGEN_OK)
		PG_RETURN_POINTER(NULL);
	lower = prefix_bound(req->opfamily, BTGreaterEqualStrategyNumber, linitial(call->args),
						 DatumGetTextPP(prefix->constvalue), 0x00);
	upper = prefix_bound(req->opfamily, BTLessEqualStrategyNumber, linitial(call->args),
						 DatumGetTextPP(prefix->constvalue), 0xff);
	if (lower == NULL || upper == NULL)
		PG_RETURN_POINTER(NULL);
	req->lossy = false;
	PG_RETURN_POINTER(list_make2(lower, upper));
}
