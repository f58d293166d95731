/*
 * fault.h: how the core reports a refused input or state to the shim.
 *
 * The core never throws and never calls into PostgreSQL: every entry point
 * returns an idgen_fault, and the shim turns a non-OK one into ereport(ERROR)
 * with a SQLSTATE and a message that names `value` and the range [min, max].
 */
#ifndef IDGEN_CORE_FAULT_H
#define IDGEN_CORE_FAULT_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum idgen_fault_code
{
	IDGEN_OK = 0,
	IDGEN_SHARD_OUT_OF_RANGE,	/* value: shard */
	IDGEN_SEQ_OUT_OF_RANGE,		/* value: sequence value */
	IDGEN_TIME_OUT_OF_RANGE,	/* value, min, max: Unix milliseconds */
	IDGEN_ID_OUT_OF_RANGE,		/* value: the ID (negative) */
	IDGEN_EPOCH_OUT_OF_RANGE,	/* value: epoch in Unix milliseconds */
	IDGEN_NODE_OUT_OF_RANGE,	/* value: node id */
	IDGEN_CLOCK_LEAD_EXCEEDED,	/* value: lead in ms; max: the allowed lead */
	IDGEN_RESERVATION_NEEDED,	/* value: the Unix ms to reserve; max: the reservation; min: the word to reserve, where words are reserved */
	IDGEN_RANDOM_UNAVAILABLE,	/* the CSPRNG failed */
	IDGEN_HASH_UNAVAILABLE,		/* value 3: MD5, 5: SHA-1, 512: SHA3-512 failed (FIPS, or no SHA3) */
	IDGEN_TEXT_LENGTH,			/* value: length of the text; min = max: the length */
	IDGEN_TEXT_CHARACTER,		/* value: 0-based position of the bad character */
	IDGEN_TEXT_OVERFLOW,		/* the text's value needs more bits than the type */
	IDGEN_TEXT_PADDING,			/* value: 0-based position of a character whose padding
								 * bits are set (xid's last) */
	IDGEN_SIZE_OUT_OF_RANGE,	/* value: a requested text length (nanoid, cuid2); min, max */
	IDGEN_ALPHABET_SIZE,		/* value: symbols in an alphabet; min, max: the range */
	IDGEN_ALPHABET_REPEAT		/* value: 0-based symbol that repeats; min: its first */
} idgen_fault_code;

typedef struct idgen_fault
{
	idgen_fault_code code;
	int64_t		value;
	int64_t		min;
	int64_t		max;
} idgen_fault;

#ifdef __cplusplus
}
#endif

#endif
