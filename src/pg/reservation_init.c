/*
 * reservation_init.c: idgen_reservation_init(), run by CREATE EXTENSION and
 * updates, and by a superuser whose server lost its reservation file or was
 * promoted without the reservation in WAL (the refusals' hints say when
 * that is safe): the shared generators start from the clock, or from their
 * reservation if it is later. A server whose reservation holds keeps it.
 */
#include "shared_state.h"

#include "access/xlog.h"
#include "miscadmin.h"

#include "settings.h"
#include "../core/wall_clock.h"

PG_FUNCTION_INFO_V1(sql_idgen_reservation_init);

/*
 * Bound to the epochs in force; to this cluster and timeline at first use
 * (0: unknown), with no promotion to apply.
 */
static IdgenReservation
started_from(int64 floor_unix_ms)
{
	IdgenReservation r = {0};

	r.reserved_unix_ms = Max(idgen_wall_clock_ms(), floor_unix_ms);
	r.snowflake_epoch_ms = idgen_snowflake_epoch_ms;
	r.shard_epoch_ms = idgen_shard_epoch_ms;
	return r;
}

void
idgen_reservation_init(void)
{
	IdgenSharedState *state;
	IdgenReservation next;

	/* a standby's reservation comes from its primary's WAL only */
	if (RecoveryInProgress())
		ereport(ERROR,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("idgen_reservation_init() cannot run on a server in recovery"),
				 errdetail("A standby takes its reservation from its primary's WAL.")));
	state = idgen_state_if_any();
	if (state == NULL)
	{
		/* not preloaded before 17: only the file, read at the next start */
		bool		from_replay;
		char		problem[160];

		if (idgen_reservation_read(&next, &from_replay, problem, sizeof(problem)) !=
			IDGEN_FILE_OK)
		{
			next = started_from(0);
			idgen_reservation_write(&next);
		}
		return;
	}
	LWLockAcquire(idgen_state_lock(), LW_EXCLUSIVE);
	if (!state->mark_known || state->bound.pending != 0 ||
		state->coarse.file_state != IDGEN_FILE_OK || state->coarse.without_file)
	{
		if (state->mark_known)
		{
			next = state->bound;
			next.reserved_unix_ms = Max(idgen_wall_clock_ms(), next.reserved_unix_ms);
			next.pending = 0;
		}
		else
			next = started_from(state->bound.reserved_unix_ms);
		idgen_state_resume_after(state, &next);
		/* the clock is past every ID: coarse layouts' too, where their table is not known */
		idgen_coarse_layouts_init(state, next.reserved_unix_ms);
		idgen_state_set_reservation(state, &next);
		state->mark_known = true;
		state->file_state = IDGEN_FILE_OK;
		state->file_problem[0] = '\0';
	}
	LWLockRelease(idgen_state_lock());
}

Datum
sql_idgen_reservation_init(PG_FUNCTION_ARGS)
{
	if (!superuser())
		ereport(ERROR,
				(errcode(ERRCODE_INSUFFICIENT_PRIVILEGE),
				 errmsg("permission denied for idgen_reservation_init()"),
				 errdetail("Only a superuser may start the shared generators from the clock.")));
	idgen_reservation_init();
	PG_RETURN_VOID();
}
