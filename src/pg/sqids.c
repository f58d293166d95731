/*
 * sqids.c: sqids_encode, sqids_decode and sqids_default_blocklist over
 * core/sqids.cpp. The options (alphabet, min_length, blocklist) are
 * checked and set up once per call site and kept in fn_extra while they
 * stay the same; the refusals say what the SQL edition says, in its order.
 */
#include "bigint_id.h"
#include "pg_time.h"
#include "report.h"

#include "catalog/pg_type.h"
#include "mb/pg_wchar.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"
#if PG_VERSION_NUM >= 160000
#include "varatt.h"			/* VARDATA_ANY: postgres.h no longer has it */
#endif

#include "../core/sqids.h"

PG_FUNCTION_INFO_V1(sql_sqids_encode);
PG_FUNCTION_INFO_V1(sql_sqids_decode);
PG_FUNCTION_INFO_V1(sql_sqids_default_blocklist);

#define SQIDS_ALPHABET_RULE "A Sqids alphabet has 3 to 255 distinct single-byte characters."

/* The options a setup was made from (its key), and the setup. */
typedef struct SqidsOptions
{
	int32		min_length;
	int			alphabet_len;
	char	   *alphabet;		/* NUL-terminated, for messages */
	Size		blocklist_size;
	char	   *blocklist;		/* the array's bytes */
	void	   *arena;			/* the setup's words */
	idgen_sqids setup;
} SqidsOptions;

static bool
same_options(const SqidsOptions *o, const text *alphabet, int32 min_length, const ArrayType *blocklist)
{
	return o->min_length == min_length
		&& o->alphabet_len == VARSIZE_ANY_EXHDR(alphabet)
		&& memcmp(o->alphabet, VARDATA_ANY(alphabet), o->alphabet_len) == 0
		&& o->blocklist_size == VARSIZE(blocklist)
		&& memcmp(o->blocklist, blocklist, o->blocklist_size) == 0;
}

/* A multibyte character of the alphabet refused, naming the first. */
static void
refuse_multibyte(const char *alphabet, int len, const char *function)
{
	for (int at = 0; at < len;)
	{
		int			width = pg_mblen(alphabet + at);

		if (width > 1)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("alphabet \"%s\" has a multibyte character, \"%s\", for %s",
							alphabet, pnstrdup(alphabet + at, width), function),
					 errdetail(SQIDS_ALPHABET_RULE)));
		at += width;
	}
}

static void
refuse_setup(idgen_sqids_fault f, const char *alphabet, const char *function)
{
	switch (f.status)
	{
		case IDGEN_SQIDS_ALPHABET_LENGTH:
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("alphabet \"%s\" is out of range for %s", alphabet, function),
					 errdetail("It has " INT64_FORMAT " characters; a Sqids alphabet has 3 to 255 "
							   "distinct single-byte characters.", f.value)));
			break;
		case IDGEN_SQIDS_ALPHABET_REPEAT:
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("alphabet \"%s\" repeats \"%c\" for %s", alphabet, alphabet[f.value], function),
					 errdetail("Character " INT64_FORMAT " is character " INT64_FORMAT
							   " again; a Sqids alphabet has 3 to 255 distinct single-byte characters.",
							   f.value + 1, f.at + 1)));
			break;
		case IDGEN_SQIDS_MIN_LENGTH_RANGE:
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("min_length " INT64_FORMAT " is out of range for %s", f.value, function),
					 errdetail("Valid minimum lengths are 0 to %d.", IDGEN_SQIDS_MAX_MIN_LENGTH)));
			break;
		default:
			elog(ERROR, "%s: unexpected Sqids setup status %d", function, (int) f.status);
	}
}

/* The call site's setup for these options: the kept one, or a new one. */
static const idgen_sqids *
sqids_setup(FunctionCallInfo fcinfo, const char *function)
{
	text	   *alphabet = PG_GETARG_TEXT_PP(1);
	int32		min_length = PG_GETARG_INT32(2);
	ArrayType  *blocklist = PG_GETARG_ARRAYTYPE_P(3);
	SqidsOptions *o = (SqidsOptions *) fcinfo->flinfo->fn_extra;
	MemoryContext cxt = fcinfo->flinfo->fn_mcxt;
	int			alphabet_len = VARSIZE_ANY_EXHDR(alphabet);
	char	   *alphabet_str;
	Datum	   *elems;
	bool	   *nulls;
	int			count;
	int			kept = 0;
	int			first_null = 0;
	const char **words;
	size_t	   *lens;
	size_t		total = 0;
	idgen_sqids_fault f;

	if (o != NULL && same_options(o, alphabet, min_length, blocklist))
		return &o->setup;

	alphabet_str = text_to_cstring(alphabet);
	if (pg_mbstrlen_with_len(alphabet_str, alphabet_len) != alphabet_len)
		refuse_multibyte(alphabet_str, alphabet_len, function);

	deconstruct_array(blocklist, TEXTOID, -1, false, TYPALIGN_INT, &elems, &nulls, &count);
	words = palloc(sizeof(char *) * (count + 1));
	lens = palloc(sizeof(size_t) * (count + 1));
	for (int i = 0; i < count; i++)
	{
		if (nulls[i])
		{
			if (first_null == 0)
				first_null = i + 1;
			continue;
		}
		words[kept] = VARDATA_ANY(DatumGetPointer(elems[i]));
		lens[kept] = VARSIZE_ANY_EXHDR(DatumGetPointer(elems[i]));
		total += lens[kept++];
	}

	/* the kept setup goes: no key matches until the new one is whole */
	if (o == NULL)
		o = MemoryContextAllocZero(cxt, sizeof(SqidsOptions));
	fcinfo->flinfo->fn_extra = o;
	o->alphabet_len = -1;
	if (o->alphabet)
		pfree(o->alphabet);
	if (o->blocklist)
		pfree(o->blocklist);
	if (o->arena)
		pfree(o->arena);
	o->alphabet = o->blocklist = NULL;
	o->arena = MemoryContextAlloc(cxt, idgen_sqids_arena_size(kept, total) + 1);
	f = idgen_sqids_setup(&o->setup, alphabet_str, alphabet_len, min_length, words, lens, kept, o->arena);
	if (f.status != IDGEN_SQIDS_OK)
		refuse_setup(f, alphabet_str, function);
	if (first_null > 0)
		ereport(ERROR,
				(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
				 errmsg("the blocklist of %s holds a NULL", function),
				 errdetail("Word %d is NULL; a blocklist is an array of words.", first_null)));

	o->alphabet = MemoryContextStrdup(cxt, alphabet_str);
	o->blocklist = MemoryContextAlloc(cxt, VARSIZE(blocklist));
	memcpy(o->blocklist, blocklist, VARSIZE(blocklist));
	o->blocklist_size = VARSIZE(blocklist);
	o->min_length = min_length;
	o->alphabet_len = alphabet_len;
	return &o->setup;
}

/* sqids_encode(numbers bigint[], alphabet, min_length, blocklist) */
Datum
sql_sqids_encode(PG_FUNCTION_ARGS)
{
	const idgen_sqids *s = sqids_setup(fcinfo, "sqids_encode");
	ArrayType  *numbers = PG_GETARG_ARRAYTYPE_P(0);
	Datum	   *elems;
	bool	   *nulls;
	int			count;
	int64	   *values;
	text	   *result;
	size_t		len;
	idgen_sqids_fault f;

	if (ARR_NDIM(numbers) > 1)
		ereport(ERROR,
				(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
				 errmsg("sqids_encode takes a one-dimensional array, not %d dimensions", ARR_NDIM(numbers))));
	deconstruct_array(numbers, INT8OID, sizeof(int64), FLOAT8PASSBYVAL, TYPALIGN_DOUBLE,
					  &elems, &nulls, &count);
	values = palloc(sizeof(int64) * (count + 1));
	for (int i = 0; i < count; i++)
	{
		/* the first NULL or negative element is the one refused */
		if (nulls[i])
			ereport(ERROR,
					(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
					 errmsg("sqids_encode cannot encode NULL"),
					 errdetail("Element %d of the array is NULL.", i + 1)));
		values[i] = DatumGetInt64(elems[i]);
		if (values[i] < 0)
			break;
	}

	result = palloc(VARHDRSZ + idgen_sqids_encoded_max(s, count));
	f = idgen_sqids_encode(s, values, count, VARDATA(result), &len);
	if (f.status == IDGEN_SQIDS_NEGATIVE)
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("number " INT64_FORMAT " is out of range for sqids_encode", f.value),
				 errdetail("Valid numbers are 0 to " INT64_FORMAT "; it is element " INT64_FORMAT
						   " of the array.", PG_INT64_MAX, f.at + 1)));
	if (f.status == IDGEN_SQIDS_ALL_BLOCKED)
	{
		Oid			out;
		bool		varlena;

		getTypeOutputInfo(INT8ARRAYOID, &out, &varlena);
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("sqids_encode cannot encode %s: every text it can make holds a blocklist word",
						OidOutputFunctionCall(out, PointerGetDatum(numbers))),
				 errdetail("All " INT64_FORMAT " attempts (the alphabet's length plus one) hold a word "
						   "of the blocklist.", f.value),
				 errhint("Use a longer alphabet or a shorter blocklist.")));
	}
	if (f.status != IDGEN_SQIDS_OK)
		elog(ERROR, "sqids_encode: unexpected Sqids status %d", (int) f.status);
	SET_VARSIZE(result, VARHDRSZ + len);
	PG_RETURN_TEXT_P(result);
}

/* sqids_decode(id text, alphabet, min_length, blocklist): '{}' unless canonical */
Datum
sql_sqids_decode(PG_FUNCTION_ARGS)
{
	const idgen_sqids *s = sqids_setup(fcinfo, "sqids_decode");
	text	   *id = PG_GETARG_TEXT_PP(0);
	size_t		len = VARSIZE_ANY_EXHDR(id);
	/* any text up to text's 1 GB: HUGE, as 8 bytes a number can pass it */
	int64	   *numbers = palloc_extended(sizeof(int64) * (len / 2 + 1), MCXT_ALLOC_HUGE);
	char	   *scratch = palloc_extended(len + 1, MCXT_ALLOC_HUGE);
	size_t		count = idgen_sqids_decode(s, VARDATA_ANY(id), len, numbers, scratch);
	Datum	   *elems;

	if (count == 0)
		PG_RETURN_ARRAYTYPE_P(construct_empty_array(INT8OID));
	elems = palloc(sizeof(Datum) * count);
	for (size_t i = 0; i < count; i++)
		elems[i] = Int64GetDatum(numbers[i]);
	PG_RETURN_ARRAYTYPE_P(construct_array(elems, count, INT8OID, sizeof(int64), FLOAT8PASSBYVAL,
										  TYPALIGN_DOUBLE));
}

/* sqids_default_blocklist(): the reference's words */
Datum
sql_sqids_default_blocklist(PG_FUNCTION_ARGS)
{
	size_t		count;
	const char *const *words = idgen_sqids_default_blocklist(&count);
	Datum	   *elems = palloc(sizeof(Datum) * count);

	for (size_t i = 0; i < count; i++)
		elems[i] = CStringGetTextDatum(words[i]);
	PG_RETURN_ARRAYTYPE_P(construct_array(elems, count, TEXTOID, -1, false, TYPALIGN_INT));
}
