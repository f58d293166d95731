/*
 * reservation_wal.h: the reservation in WAL (PostgreSQL 15 and later, with
 * idgen preloaded), under idgen's own custom resource manager id.
 */
#ifndef IDGEN_PG_RESERVATION_WAL_H
#define IDGEN_PG_RESERVATION_WAL_H

#include "coarse_layouts.h"
#include "reservation.h"

/*
 * idgen's custom WAL resource manager id: free on the PostgreSQL wiki's list
 * (CustomWALResourceManagers: 128 to 140 and 241 taken; 144, 149, 151 and
 * 161 stated by extensions), where a release adds it. The one place it is
 * written: tests and docs read it here or from the server.
 */
#define IDGEN_RMGR_ID 173

extern void idgen_register_reservation_rmgr(void);
/* whether reservations travel in WAL on this server */
extern bool idgen_reservation_in_wal(void);
/* durable in WAL when it returns; nothing where reservations are not in WAL */
extern void idgen_reservation_log(const IdgenReservation *reservation);
/* the same for a coarse layout's record (coarse_layouts.h) */
extern void idgen_coarse_layouts_log(const IdgenCoarseLayoutsRecord *record);

#endif
