/*
 * bigint_id.h: a bigint family's ID read by its layout (id_codec.c), for
 * the decoders and *_resume_after.
 */
#ifndef IDGEN_PG_BIGINT_ID_H
#define IDGEN_PG_BIGINT_ID_H

#include "postgres.h"

#include "../core/id_codec.h"

/* A bigint ID's fields, or an error with its family's hints */
extern idgen_id_parts idgen_decode_id(idgen_family family, int64 id, int64 epoch_ms,
									  const char *function);

#endif
