/*
 * generator.h: the shared generators, snowflake_id() and next_shard_id(shard),
 * over a word the shim keeps in shared memory (C API for the shim).
 *
 * The generators must be aligned as declared, start at zero, and be shared by
 * every process of the server: one for snowflake_id(), and IDGEN_SHARD_COUNT
 * for next_shard_id(shard), one per shard.
 */
#ifndef IDGEN_CORE_GENERATOR_H
#define IDGEN_CORE_GENERATOR_H

#include <stdbool.h>
#include <stdint.h>

#include "clock_bounds.h"
#include "fault.h"
#include "id_codec.h"

#ifdef __cplusplus
extern "C" {
#endif

extern idgen_fault idgen_snowflake_next(idgen_generator *gen, int64_t epoch_ms,
										int32_t node, const idgen_clock_bounds *bounds,
										int64_t *id);

/*
 * tsid() and sonyflake_id(): the generator of a family whose epoch is fixed
 * (its row's) and whose mid field is idgen.node_id (0 to 1023, the
 * Snowflake's range: Sonyflake's 16-bit machine id takes the same value).
 */
extern idgen_fault idgen_node_id_next(idgen_family family, idgen_generator *gen, int32_t node,
									  const idgen_clock_bounds *bounds, int64_t *id);

#define IDGEN_SHARD_COUNT 8192

extern idgen_fault idgen_shard_id_next(idgen_generator *shards, int64_t epoch_ms,
									   int32_t shard, const idgen_clock_bounds *bounds,
									   int64_t *id);

/*
 * The word of a generator whose last ID was (ms since the family's epoch,
 * seq): its next ID comes after that one. For a family that counts longer
 * units (Sonyflake), ms is in the unit that holds it.
 */
extern uint64_t idgen_mark_at(idgen_family family, int64_t ms, int64_t seq);

/*
 * The word of a generator that has used up the millisecond ms: what it
 * resumes from after a restart.
 */
extern uint64_t idgen_mark_used_up(idgen_family family, int64_t ms);

/*
 * Moves a generator's word up to `word`, never down (another backend may be
 * moving it too). Returns whether it moved.
 */
extern bool idgen_generator_raise(idgen_generator *gen, uint64_t word);

/*
 * A consistent-enough copy of a generator that others keep changing. Its
 * counters hold what every process has flushed (idgen_generator_flush_counts).
 */
extern idgen_generator idgen_generator_snapshot(const idgen_generator *gen);

/*
 * Adds the counts this process (thread) keeps for the generators it ran to
 * their shared counters: at each transaction's end, before the process
 * detaches from shared memory, and before the counters are read or reset.
 */
extern void idgen_generator_flush_counts(void);

/* Drops those counts instead (the counters are being zeroed). */
extern void idgen_generator_discard_counts(void);

/*
 * The most processes that may run one generator at once (the server's
 * process slots). A generator adds to its word without a retry only where
 * its counter has room for one add past its sequence's end from each.
 */
extern void idgen_generator_set_max_processes(int64_t processes);

/* Zeroes the counters (not the word: that would break the order). */
extern void idgen_generator_reset_counters(idgen_generator *gen);

/*
 * The reservation a generator needs once it is bound to a later epoch: a
 * call that checked the binding just before may still step under the old
 * epoch, up to the reservation it read, which the new epoch reads as
 * (new - old) ms later. After a crash the generator must resume above that.
 */
extern int64_t idgen_reservation_after_rebind(int64_t reserved_unix_ms, int64_t old_epoch_ms,
											  int64_t new_epoch_ms);

/* The Unix ms of the last ID a family's generator handed out. */
extern int64_t idgen_word_unix_ms(idgen_family family, uint64_t word, int64_t epoch_ms);

#ifdef __cplusplus
}
#endif

#endif
