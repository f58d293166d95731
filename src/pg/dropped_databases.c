/*
 * dropped_databases.c: a dropped database's layout slots (dropped_databases.h).
 */
#include "shared_state.h"

#include "catalog/objectaccess.h"
#include "catalog/pg_database.h"

#include "dropped_databases.h"

static object_access_hook_type previous_hook = NULL;

static void
on_object_access(ObjectAccessType access, Oid class_id, Oid object_id, int sub_id, void *arg)
{
	IdgenSharedState *state;

	if (previous_hook != NULL)
		previous_hook(access, class_id, object_id, sub_id, arg);
	if (access == OAT_DROP && class_id == DatabaseRelationId &&
		(state = idgen_state_if_any()) != NULL)
	{
		LWLockAcquire(idgen_state_lock(), LW_EXCLUSIVE);
		idgen_layout_slots_forget_rows(&state->layouts, object_id);
		LWLockRelease(idgen_state_lock());
	}
}

void
idgen_watch_dropped_databases(void)
{
	previous_hook = object_access_hook;
	object_access_hook = on_object_access;
}
