/*
 * dropped_databases.c: a dropped database's layout slots (dropped_databases.h).
 */
#include "shared_state.h"

#include "access/xact.h"
#include "catalog/objectaccess.h"
#include "catalog/pg_database.h"

#include "dropped_databases.h"

static object_access_hook_type previous_hook = NULL;

/*
 * The database DROP DATABASE is dropping, forgotten once it commits: the
 * hook runs before the drop's own checks (other sessions, a template),
 * and a drop refused there leaves the database, and its slots, as they were
 */
static Oid	dropping = InvalidOid;
static bool at_end_registered = false;

static void
at_end(XactEvent event, void *arg)
{
	Oid			database = dropping;
	IdgenSharedState *state;

	if (event != XACT_EVENT_COMMIT && event != XACT_EVENT_ABORT)
		return;
	dropping = InvalidOid;
	if (event == XACT_EVENT_COMMIT && OidIsValid(database) &&
		(state = idgen_state_if_any()) != NULL)
	{
		LWLockAcquire(idgen_state_lock(), LW_EXCLUSIVE);
		idgen_layout_slots_forget_rows(&state->layouts, database);
		LWLockRelease(idgen_state_lock());
	}
}

static void
on_object_access(ObjectAccessType access, Oid class_id, Oid object_id, int sub_id, void *arg)
{
	if (previous_hook != NULL)
		previous_hook(access, class_id, object_id, sub_id, arg);
	if (access == OAT_DROP && class_id == DatabaseRelationId)
	{
		if (!at_end_registered)
		{
			RegisterXactCallback(at_end, NULL);
			at_end_registered = true;
		}
		dropping = object_id;
	}
}

void
idgen_watch_dropped_databases(void)
{
	previous_hook = object_access_hook;
	object_access_hook = on_object_access;
}
