/*
 * idgen.c: the module's entry point.
 */
#include "idgen.h"
#include "dropped_databases.h"
#include "reservation_wal.h"
#include "settings.h"
#include "shared_state.h"

#include "miscadmin.h"

/* 18+ names the module and its version (pg_get_loaded_modules()) */
#ifdef PG_MODULE_MAGIC_EXT
PG_MODULE_MAGIC_EXT(.name = "idgen", .version = IDGEN_VERSION);
#else
PG_MODULE_MAGIC;
#endif

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
	{
		idgen_request_shared_state();
		idgen_register_reservation_rmgr();
		idgen_watch_dropped_databases();
	}
}
