/*
 * nanoid.c: nanoid over core/nanoid.cpp, as text. A custom alphabet's
 * symbols are the characters of the database's encoding (multibyte ones
 * too); it is split and checked once per query and kept in fn_extra.
 */
#include "report.h"

#include "../core/nanoid.h"
#include "mb/pg_wchar.h"
#include "text_size.h"
#include "utils/builtins.h"
#if PG_VERSION_NUM >= 160000
#include "varatt.h"			/* VARDATA_ANY: postgres.h no longer has it */
#endif

PG_FUNCTION_INFO_V1(sql_nanoid_generate_alphabet);

/* An alphabet split into symbols: symbol i is bytes[bounds[i] .. bounds[i + 1]). */
typedef struct NanoidAlphabet
{
	int			len;			/* bytes */
	int			symbols;
	size_t		bounds[IDGEN_NANOID_MAX_SYMBOLS + 1];
	int			widest;			/* the longest symbol's bytes */
	char		bytes[FLEXIBLE_ARRAY_MEMBER];
} NanoidAlphabet;

static Datum
nanoid_of_size(int64 size)
{
	text	   *result;

	idgen_raise_if_size_fault(idgen_nanoid_check_size(size), "nanoid", "size");
	result = palloc(VARHDRSZ + size);
	SET_VARSIZE(result, VARHDRSZ + size);
	idgen_raise_if_fault(idgen_nanoid_default((int) size, VARDATA(result)), "nanoid");
	PG_RETURN_TEXT_P(result);
}

/* nanoid(): 21 symbols of the URL-safe alphabet; nanoid(size) */
IDGEN_SIZED_TEXT(nanoid, IDGEN_FAMILY_NANOID, size)

/* The symbol of a 0-based index, quoted into a message. */
static char *
symbol_text(const NanoidAlphabet *a, int i)
{
	return pnstrdup(a->bytes + a->bounds[i], a->bounds[i + 1] - a->bounds[i]);
}

/* The alphabet of text t, split and checked; refused with 22023. */
static NanoidAlphabet *
nanoid_alphabet(MemoryContext context, const char *text, int len)
{
	NanoidAlphabet *a = MemoryContextAlloc(context, offsetof(NanoidAlphabet, bytes) + len + 1);
	int			at = 0;
	idgen_fault fault;

	memcpy(a->bytes, text, len);
	a->bytes[len] = '\0';
	a->len = len;
	a->symbols = 0;
	a->widest = 1;
	while (at < len)
	{
		int			width = pg_mblen(a->bytes + at);

		if (a->symbols <= IDGEN_NANOID_MAX_SYMBOLS)
			a->bounds[a->symbols] = at;
		a->widest = Max(a->widest, width);
		a->symbols++;
		at += width;
	}
	if (a->symbols <= IDGEN_NANOID_MAX_SYMBOLS)
		a->bounds[a->symbols] = len;

	fault = idgen_nanoid_check_alphabet(a->bytes, a->bounds, a->symbols);
	if (fault.code == IDGEN_ALPHABET_SIZE)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("alphabet \"%s\" is out of range for nanoid", a->bytes),
				 errdetail("It has " INT64_FORMAT " characters; an alphabet has " INT64_FORMAT
						   " to " INT64_FORMAT " distinct characters.",
						   fault.value, fault.min, fault.max)));
	if (fault.code == IDGEN_ALPHABET_REPEAT)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("alphabet \"%s\" repeats \"%s\" for nanoid", a->bytes,
						symbol_text(a, (int) fault.value)),
				 errdetail("Character " INT64_FORMAT " is character " INT64_FORMAT
						   " again; a repeated character would come up more often than the others.",
						   fault.value + 1, fault.min + 1)));
	idgen_raise_if_fault(fault, "nanoid");
	return a;
}

/* nanoid(size, alphabet) */
Datum
sql_nanoid_generate_alphabet(PG_FUNCTION_ARGS)
{
	int64		size = PG_GETARG_INT32(0);
	text	   *t = PG_GETARG_TEXT_PP(1);
	const char *given = VARDATA_ANY(t);
	int			given_len = VARSIZE_ANY_EXHDR(t);
	NanoidAlphabet *a = (NanoidAlphabet *) fcinfo->flinfo->fn_extra;
	uint8	   *indices;
	text	   *result;
	char	   *out;

	idgen_raise_if_size_fault(idgen_nanoid_check_size(size), "nanoid", "size");
	if (a == NULL || a->len != given_len || memcmp(a->bytes, given, given_len) != 0)
	{
		NanoidAlphabet *fresh = nanoid_alphabet(fcinfo->flinfo->fn_mcxt, given, given_len);

		if (a != NULL)
			pfree(a);
		fcinfo->flinfo->fn_extra = a = fresh;
	}

	indices = palloc(size);
	idgen_raise_if_fault(idgen_nanoid_indices((int) size, a->symbols, indices), "nanoid");
	result = palloc(VARHDRSZ + size * a->widest);
	out = VARDATA(result);
	for (int i = 0; i < size; i++)
	{
		size_t		from = a->bounds[indices[i]];
		size_t		n = a->bounds[indices[i] + 1] - from;

		memcpy(out, a->bytes + from, n);
		out += n;
	}
	SET_VARSIZE(result, out - (char *) result);
	pfree(indices);
	PG_RETURN_TEXT_P(result);
}
