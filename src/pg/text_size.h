/*
 * text_size.h: the generators of text of a requested length (nanoid's size,
 * cuid2's length): the refusal of a length, naming the argument and its
 * range, and the two functions of every such family.
 */
#ifndef IDGEN_PG_TEXT_SIZE_H
#define IDGEN_PG_TEXT_SIZE_H

#include "report.h"

/* IDGEN_SIZE_OUT_OF_RANGE as 22023; any other fault as idgen_raise_if_fault. */
static inline void
idgen_raise_if_size_fault(idgen_fault fault, const char *function, const char *argument)
{
	if (fault.code == IDGEN_SIZE_OUT_OF_RANGE)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("%s " INT64_FORMAT " is out of range for %s", argument, fault.value, function),
				 errdetail("Valid %ss are " INT64_FORMAT " to " INT64_FORMAT " characters.",
						   argument, fault.min, fault.max)));
	idgen_raise_if_fault(fault, function);
}

/*
 * IDGEN_SIZED_TEXT(cuid2, IDGEN_FAMILY_CUID2, length), over the file's
 * cuid2_of_length(int64), defines sql_cuid2_generate() (the row's
 * default_len) and sql_cuid2_generate_length(int).
 */
#define IDGEN_SIZED_TEXT(name, family, argument) \
PG_FUNCTION_INFO_V1(sql_##name##_generate); \
PG_FUNCTION_INFO_V1(sql_##name##_generate_##argument); \
Datum \
sql_##name##_generate(PG_FUNCTION_ARGS) \
{ \
	return name##_of_##argument(idgen_family_of(family)->default_len); \
} \
Datum \
sql_##name##_generate_##argument(PG_FUNCTION_ARGS) \
{ \
	return name##_of_##argument(PG_GETARG_INT32(0)); \
}

#endif
