/*
 * text_size.h: the refusal of a requested text length (nanoid's size,
 * cuid2's length), naming the argument and its range.
 */
#ifndef IDGEN_PG_TEXT_SIZE_H
#define IDGEN_PG_TEXT_SIZE_H

#include "idgen.h"

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

#endif
