/*
 * idgen.h: what the shim's files share: settings, shared memory, errors and
 * the conversion between PostgreSQL timestamps and the core's Unix ms.
 *
 * The shim is plain C: it calls the core's extern "C" API, which returns
 * faults instead of throwing, so no exception and no longjmp crosses.
 */
#ifndef IDGEN_PG_IDGEN_H
#define IDGEN_PG_IDGEN_H

#include "postgres.h"

#include "fmgr.h"
#include "utils/timestamp.h"

#include "../core/clock_bounds.h"
#include "../core/fault.h"
#include "../core/id_codec.h"

/* settings.c */
#define IDGEN_NODE_ID_UNSET (-1)	/* idgen.node_id's default: none */
extern int	idgen_node_id;
extern int64 idgen_snowflake_epoch_ms;
extern int64 idgen_shard_epoch_ms;
extern int	idgen_max_clock_lead_ms;
extern void idgen_define_settings(bool preloading);

/* shared_state.c */
typedef struct IdgenSharedState IdgenSharedState;
extern void idgen_request_shared_state(void);

/*
 * One try of a shared generator: the core's call on the shared state, within
 * the bounds (clock lead, reservation) in force.
 */
typedef idgen_fault (*idgen_shared_step) (IdgenSharedState *state,
										  const idgen_clock_bounds *bounds, void *arg);

/* Which shared generator a call runs: each counts from its own settings. */
typedef enum IdgenSharedGenerator
{
	IDGEN_SHARED_SNOWFLAKE,		/* idgen.node_id, idgen.snowflake_epoch */
	IDGEN_SHARED_SHARD_ID,		/* idgen.shard_epoch */
	IDGEN_SHARED_ULID			/* none */
} IdgenSharedGenerator;

/*
 * Runs a shared generator in a primary with idgen preloaded, reserving on
 * disk whenever it needs to pass the reservation; raises any other fault.
 */
extern void idgen_run_shared(IdgenSharedGenerator generator, const char *function,
							 idgen_shared_step step, void *arg);
/*
 * Moves a shared generator past an ID of unix_ms that it did not hand out
 * (another server's, before a failover or a shard move): `resume` raises the
 * generator's word, once the reservation covers unix_ms. Refuses an ID
 * further ahead of the clock than idgen.max_clock_lead.
 */
typedef void (*idgen_shared_resume) (IdgenSharedState *state, void *arg);
extern void idgen_resume_shared(IdgenSharedGenerator generator, const char *function,
								int64 unix_ms, idgen_shared_resume resume, void *arg);
/* The shared state, or an error whose hint says to preload idgen. */
extern IdgenSharedState *idgen_attached_state(const char *function);
extern idgen_generator *idgen_state_snowflake(IdgenSharedState *state);
extern idgen_generator *idgen_state_shards(IdgenSharedState *state);
extern idgen_generator *idgen_state_ulid(IdgenSharedState *state, const uint8 **key);
extern int64 idgen_state_reserved_unix_ms(IdgenSharedState *state);

/* reservation.c; elevel for a missing key or corrupt file: FATAL or ERROR */
#define IDGEN_RESERVATION_FILE "idgen.reservation"
#define IDGEN_RESERVATION_MISSING (-1)	/* no file, or an empty one */
extern int64 idgen_reservation_read(int elevel);
extern void idgen_reservation_write(int64 unix_ms);

/* reservation_wal.c: the reservation in WAL (15+, preloaded) */
extern void idgen_register_reservation_rmgr(void);
extern void idgen_reservation_log(int64 reserved);
/* shared_state.c: WAL replay of a reservation; CREATE EXTENSION's start */
extern void idgen_reservation_replay(int64 reserved);
extern void idgen_reservation_init(void);

/* report.c: ereport(ERROR) for a fault that is not IDGEN_OK. */
/*
 * 18 replaced the suffix pg_attribute_noreturn() with this prefix; it leads
 * the declaration, where C23's [[noreturn]] (19 under gcc 15) must stand.
 */
#ifndef pg_noreturn
#define pg_noreturn pg_attribute_noreturn()
#endif
pg_noreturn extern void idgen_raise_fault(idgen_fault fault, const char *function);

/* Inline: the generators call it once per ID and it almost never raises. */
static inline void
idgen_raise_if_fault(idgen_fault fault, const char *function)
{
	if (unlikely(fault.code != IDGEN_OK))
		idgen_raise_fault(fault, function);
}
/* With the family a decoder read, for its hints. */
pg_noreturn extern void idgen_raise_family_fault(idgen_fault fault, const char *function,
												 const idgen_family_info *family);
/* A type's text input refused; a soft error on 16+ when escontext asks for one. */
extern void idgen_report_text_fault(idgen_fault fault, const idgen_family_info *family,
									const char *text, struct Node *escontext);

/* pg_time.c */
extern int64 idgen_timestamptz_to_unix_ms(TimestampTz ts, const char *function);
extern int64 idgen_timestamptz_to_unix_s(TimestampTz ts, const char *function);
extern TimestampTz idgen_unix_ms_to_timestamptz(int64 unix_ms);
extern bool idgen_text_is_timestamptz(const char *text);

/* id_codec.c: a bigint ID's fields, or an error with its family's hints */
extern idgen_id_parts idgen_decode_id(idgen_family family, int64 id, int64 epoch_ms,
									  const char *function);

/*
 * A by-reference ID the core made into `id`: raises its fault, or returns a
 * palloc'd copy of its len bytes.
 */
static inline Datum
idgen_copy_or_raise(idgen_fault fault, const void *id, size_t len, const char *function)
{
	void	   *copy;

	idgen_raise_if_fault(fault, function);
	copy = palloc(len);
	memcpy(copy, id, len);
	return PointerGetDatum(copy);
}

#endif
