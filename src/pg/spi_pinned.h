/*
 * spi_pinned.h: SPI with search_path pinned to pg_catalog, pg_temp, so that
 * whatever path the caller has, the queries idgen runs resolve nothing on
 * it (a planted function or operator never runs as idgen's owner).
 */
#ifndef IDGEN_SPI_PINNED_H
#define IDGEN_SPI_PINNED_H

/* connects SPI with the path pinned; returns the level idgen_spi_pinned_end takes */
extern int	idgen_spi_pinned_begin(void);

/* SPI_finish, and the caller's search_path back */
extern void idgen_spi_pinned_end(int path_level);

#endif
