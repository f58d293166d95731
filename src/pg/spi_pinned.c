/*
 * spi_pinned.c: SPI with search_path pinned (spi_pinned.h), the one way the
 * shim's queries of idgen's own tables and of the catalog are run.
 */
#include "postgres.h"

#include "spi_pinned.h"
#include "executor/spi.h"
#include "storage/procarray.h"
#include "utils/guc.h"
#include "utils/snapshot.h"

int
idgen_spi_pinned_begin(void)
{
	int			path_level = NewGUCNestLevel();

	(void) set_config_option("search_path", "pg_catalog, pg_temp", PGC_USERSET, PGC_S_SESSION,
							 GUC_ACTION_SAVE, true, 0, false);
	if (SPI_connect() != SPI_OK_CONNECT)
		elog(ERROR, "idgen: SPI_connect failed");
	return path_level;
}

void
idgen_spi_pinned_end(int path_level)
{
	SPI_finish();
	AtEOXact_GUC(true, path_level);
}

Snapshot
idgen_spi_fresh_snapshot(void)
{
	static SnapshotData snapshot = {SNAPSHOT_MVCC};

	return GetSnapshotData(&snapshot);
}
