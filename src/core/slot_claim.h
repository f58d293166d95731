/*
 * slot_claim.h: a shared word that may be bound to another definition while
 * calls run on it (a declared layout's slot, dropped and declared again):
 * every call claims it before it steps, and a rebind goes ahead only where
 * no call has (C API for the shim).
 *
 * Each side writes its flag, then reads the other's, all in one order every
 * process agrees on: at least one of them sees the other. A call that sees its slot
 * unbound looks it up again; a rebind that sees it claimed binds it back and
 * is refused. So no call steps on a word rebound under it, and a claim made
 * in flight is never lost: a claimed slot keeps its definition. A claim is
 * never cleared (until the server starts again): one made by a call that
 * then found the slot unbound may stay on the slot's next binding, which is
 * then refused a rebind too, as if it had run.
 */
#ifndef IDGEN_CORE_SLOT_CLAIM_H
#define IDGEN_CORE_SLOT_CLAIM_H

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Marks the slot as run (*claimed), once: the caller then checks the slot is
 * still bound to its definition (reading *bound first) before it steps.
 */
extern void idgen_slot_claim(bool *claimed);

/* Whether *bound is set, read after the claim (and before the definition). */
extern bool idgen_slot_bound(const bool *bound);

/*
 * Under the lock that serialises rebinds: unbinds the slot unless a call
 * claimed it; then false, and the slot stays bound as it was.
 */
extern bool idgen_slot_unbind_unclaimed(bool *bound, const bool *claimed);

#ifdef __cplusplus
}
#endif

#endif
