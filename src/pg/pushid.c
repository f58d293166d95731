/*
 * pushid.c: Firebase push IDs over core/pushid.cpp, as text.
 */
#include "report.h"
#include "pg_time.h"

#include "../core/family.h"
#include "../core/pushid.h"
#include "utils/builtins.h"

PG_FUNCTION_INFO_V1(sql_pushid_generate);
PG_FUNCTION_INFO_V1(sql_pushid_timestamp);

/* pushid(): now, strictly increasing within the session */
Datum
sql_pushid_generate(PG_FUNCTION_ARGS)
{
	char		out[IDGEN_PUSHID_TEXT_LEN + 1];

	idgen_raise_if_fault(idgen_pushid_now(out), "pushid");
	PG_RETURN_TEXT_P(cstring_to_text_with_len(out, IDGEN_PUSHID_TEXT_LEN));
}

/*
 * pushid_timestamp(text): its first 8 characters' ms. The text is a
 * function's argument, not a type's input: its refusal says "push ID".
 */
Datum
sql_pushid_timestamp(PG_FUNCTION_ARGS)
{
	char	   *id = text_to_cstring(PG_GETARG_TEXT_PP(0));
	const idgen_family_info *family = idgen_family_of(IDGEN_FAMILY_PUSHID);
	int64_t		unix_ms;
	idgen_fault fault = idgen_pushid_unix_ms(id, strlen(id), &unix_ms);
	unsigned char bad;

	switch (fault.code)
	{
		case IDGEN_OK:
			PG_RETURN_TIMESTAMPTZ(idgen_unix_ms_to_timestamptz(unix_ms));
		case IDGEN_TEXT_LENGTH:
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
					 errmsg("invalid input syntax for a %s: \"%s\"", family->display_name, id),
					 errdetail("A push ID's text is " INT64_FORMAT " characters; this is " INT64_FORMAT ".",
							   fault.min, fault.value)));
			break;
		case IDGEN_TEXT_CHARACTER:
			bad = (unsigned char) id[fault.value];
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
					 errmsg("invalid input syntax for a %s: \"%s\"", family->display_name, id),
					 bad >= ' ' && bad < 127 ?
					 errdetail("Character %d, \"%c\", is not in %s.",
							   (int) fault.value + 1, bad, family->alphabet) :
					 errdetail("Byte %d, 0x%02X, is not in %s.",
							   (int) fault.value + 1, bad, family->alphabet)));
			break;
		default:
			break;
	}
	idgen_raise_fault(fault, "pushid_timestamp");
}
