/*
 * spi_pinned.h: SPI with search_path pinned to pg_catalog, pg_temp, so that
 * whatever path the caller has, the queries idgen runs resolve nothing on
 * it (a planted function or operator never runs as idgen's owner); and a
 * snapshot of now to run them in.
 */
#ifndef IDGEN_SPI_PINNED_H
#define IDGEN_SPI_PINNED_H

/* connects SPI with the path pinned; returns the level idgen_spi_pinned_end takes */
extern int	idgen_spi_pinned_begin(void);

/* SPI_finish, and the caller's search_path back */
extern void idgen_spi_pinned_end(int path_level);

/*
 * A snapshot taken now, as GetLatestSnapshot() takes one, in parallel mode
 * too (where that refuses): for SPI_execute_snapshot, reading idgen's
 * tables as they are now from PARALLEL SAFE functions, in a parallel
 * query's leader and workers as in any backend. Valid until the next call.
 */
extern struct SnapshotData *idgen_spi_fresh_snapshot(void);

#endif
