/*
 * xid12.h: rs/xid's xid, 12 bytes: 4-byte big-endian Unix seconds, 3-byte
 * machine id, 2-byte process id, 3-byte counter (MongoDB ObjectId's bytes);
 * written as 20 lower-case base32hex characters. The SQL type is xid12:
 * PostgreSQL's xid is the transaction ID. C API for the shim.
 */
#ifndef IDGEN_CORE_XID12_H
#define IDGEN_CORE_XID12_H

#include <stddef.h>
#include <stdint.h>

#include "clock_bounds.h"
#include "fault.h"
#include "fixed_size_id.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Its text: 20 characters of 0-9a-v (lower case, as rs/xid), the last
 * one's 4 low bits zero.
 */
IDGEN_FIXED_SIZE_ID(xid12, IDGEN_XID12_LEN)

/*
 * The server-wide xid: it takes the next (ms, n) of the shared monotonic
 * word that ulid_monotonic() runs on (gen; ms << 16 | n), n below
 * IDGEN_XID12_PER_MS, and writes the second of ms and the counter
 * (ms % 1000) * IDGEN_XID12_PER_MS + n: distinct (ms, n) give distinct xids,
 * and the word hands each out once, across restarts too (its reservation).
 * The counter stays below 2^24 (16,384,000 a second), so it never wraps.
 *
 * resumed_after_unix_ms: the last reservation of the server that ran before
 * this one (read at start, raised by WAL replay). Its xids may lie in that
 * reservation's second under another pid, a higher one perhaps; this
 * server's xids of that second (or earlier) carry IDGEN_XID12_RESUMED_PID
 * instead of pid, which no pid sorts above, and a later millisecond, so a
 * higher counter: xids increase across a restart whatever the pids.
 */
#define IDGEN_XID12_PER_MS 16384
#define IDGEN_XID12_RESUMED_PID 0xFFFF
extern idgen_fault idgen_xid12_shared_next(idgen_generator *gen, const idgen_clock_bounds *bounds,
										   int32_t machine, int32_t pid,
										   int64_t resumed_after_unix_ms, idgen_xid12 *xid);

/* The xid of these fields; machine and counter 24 bits, pid 16 (the shim checks). */
extern idgen_fault idgen_xid12_make(int64_t unix_s, int32_t machine, int32_t pid, int32_t counter,
									idgen_xid12 *xid);

extern int64_t idgen_xid12_unix_s(const idgen_xid12 *xid);

/* The smallest xid of unix_s: machine, pid and counter zero (a range bound). */
extern idgen_fault idgen_xid12_from_time(int64_t unix_s, idgen_xid12 *xid);
extern int32_t idgen_xid12_machine(const idgen_xid12 *xid);
extern int32_t idgen_xid12_pid(const idgen_xid12 *xid);
extern int32_t idgen_xid12_counter(const idgen_xid12 *xid);

#ifdef __cplusplus
}
#endif

#endif
