/*
 * keys.h: the named keys of idgen_key_store, as the functions that use them
 * read them: from a per-backend copy that a change to the table (its
 * trigger sends a relcache invalidation) throws away. No key ever goes into
 * a message: errors name the key's name only.
 *
 * A key is used only by a role granted it (idgen_key_grant: the role, one
 * it has the privileges of, or PUBLIC) or by one with the privileges of the
 * table's owner; the functions run as their caller, and only the reading
 * of the table runs as its owner.
 */
#ifndef IDGEN_PG_KEYS_H
#define IDGEN_PG_KEYS_H

#include "postgres.h"

#include "fmgr.h"

#include "../core/siphash.h"

/*
 * The key named by `name` (a text) for `role`, or an error naming it for
 * `function`: 42704 when there is none, 42501 when role may not use it.
 */
extern const idgen_sip_key *idgen_named_key(FunctionCallInfo fcinfo, text *name, Oid role,
											const char *function);

/* Every kept key that role may use, newest first; *count of them. */
extern const idgen_sip_key *idgen_all_keys(FunctionCallInfo fcinfo, Oid role, int *count);

/* Runs the schema's own SQL (search_path pinned), the function's schema's name in %s */
extern const char *idgen_keys_schema(FunctionCallInfo fcinfo);

#endif
