/*
 * idgen.c: the module's entry point.
 */
#include "idgen.h"

#include "miscadmin.h"

PG_MODULE_MAGIC;

void		_PG_init(void);

/*
 * Loaded from shared_preload_libraries, idgen reserves shared memory for the
 * server-wide generators and fixes its settings for the server's lifetime.
 * Loaded on first use instead, only the stateless functions work.
 */
void
_PG_init(void)
{
	bool		preloading = process_shared_preload_libraries_in_progress;

	idgen_define_settings(preloading);
	if (preloading)
		idgen_request_shared_state();
}
