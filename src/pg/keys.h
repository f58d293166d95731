/*
 * keys.h: the named keys of idgen_key_store, as the functions that use them
 * read them: from a per-backend copy that a change to the table (its
 * trigger sends a relcache invalidation) throws away. No key ever goes into
 * a message: errors name the key's name only.
 */
#ifndef IDGEN_PG_KEYS_H
#define IDGEN_PG_KEYS_H

#include "postgres.h"

#include "fmgr.h"

#include "../core/siphash.h"

/* The key named by `name` (a text), or an error naming it for `function`. */
extern const idgen_sip_key *idgen_named_key(FunctionCallInfo fcinfo, text *name, const char *function);

/* Every kept key, newest first; *count of them. */
extern const idgen_sip_key *idgen_all_keys(FunctionCallInfo fcinfo, int *count);

#endif
