/*
 * bigint_id.h: a bigint family's ID read by its layout (id_codec.c), for
 * the decoders and *_resume_after, and the row the decoders return.
 */
#ifndef IDGEN_PG_BIGINT_ID_H
#define IDGEN_PG_BIGINT_ID_H

#include "postgres.h"

#include "fmgr.h"
#include "utils/timestamp.h"

#include "../core/id_codec.h"

/* A bigint ID's fields, or an error with its family's hints */
extern idgen_id_parts idgen_decode_id(idgen_family family, int64 id, int64 epoch_ms,
									  const char *function);

/*
 * A decoder's row (ts timestamptz, int, int) as `function` declares it:
 * (ts, shard or node, seq), or Sonyflake's (ts, sequence, machine)
 */
extern Datum idgen_decoded_row(FunctionCallInfo fcinfo, TimestampTz ts, int32 second, int32 third,
							   const char *function);

#endif
