/*
 * cuid2.c: @paralleldrive/cuid2 over core/cuid2.cpp, as text.
 */
#include "report.h"

#include "../core/cuid2.h"
#include "text_size.h"
#include "utils/builtins.h"
#if PG_VERSION_NUM >= 160000
#include "varatt.h"			/* VARDATA_ANY: postgres.h no longer has it */
#endif

PG_FUNCTION_INFO_V1(sql_cuid2_is_valid);

static Datum
cuid2_of_length(int64 length)
{
	char		out[IDGEN_CUID2_MAX_LEN + 1];

	idgen_raise_if_size_fault(idgen_cuid2_check_length(length), "cuid2", "length");
	idgen_raise_if_fault(idgen_cuid2((int) length, out), "cuid2");
	PG_RETURN_TEXT_P(cstring_to_text_with_len(out, (int) length));
}

/* cuid2(): 24 characters; cuid2(length): 2 to 32 */
IDGEN_SIZED_TEXT(cuid2, IDGEN_FAMILY_CUID2, length)

/* cuid2_is_valid(text): the reference's isCuid */
Datum
sql_cuid2_is_valid(PG_FUNCTION_ARGS)
{
	text	   *t = PG_GETARG_TEXT_PP(0);

	PG_RETURN_BOOL(idgen_cuid2_is_valid(VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t)));
}
