/*
 * coarse_layouts.c: the word reservations of layouts of units longer than a
 * second (coarse_layouts.h): read at start, reserved a block at a time,
 * raised by a promotion's skip (its refusal said as such), replayed from WAL.
 */
#include "shared_state.h"
#include "pg_time.h"

#include <fcntl.h>
#include <unistd.h>

#include "miscadmin.h"

#include "coarse_layouts.h"
#include "reservation_wal.h"
#include "settings.h"
#include "../core/layout_generator.h"
#include "../core/wall_clock.h"

#define COARSE_FILE IDGEN_LAYOUT_RESERVATIONS_FILE
#define COARSE_TEMP IDGEN_LAYOUT_RESERVATIONS_FILE ".tmp"

/* the text's buffer: too large for the stack of every caller */
static char table_text[IDGEN_LAYOUT_RESERVATIONS_TEXT_MAX];

/* Durable when it returns true; aside and renamed: a crash leaves one whole text */
static bool
store_table(const idgen_layout_reservations *t, const char **failed)
{
	size_t		len = idgen_layout_reservations_to_text(t, table_text);

	return idgen_file_store(COARSE_FILE, COARSE_TEMP, false, table_text, (int) len, true, failed);
}

static void
write_table(const idgen_layout_reservations *t)
{
	const char *failed;

	if (!store_table(t, &failed))
		ereport(ERROR,
				(errcode_for_file_access(),
				 errmsg("could not write and fsync file \"%s\": %m", failed)));
}

void
idgen_coarse_layouts_start(IdgenSharedState *state, bool mark_known)
{
	IdgenCoarseLayouts *c = &state->coarse;
	int			fd = open(COARSE_FILE, O_RDONLY | PG_BINARY, 0);
	ssize_t		len = 0;
	idgen_layout_reservations_state read_state = IDGEN_LAYOUT_RESERVATIONS_MISSING;

	memset(&c->table, 0, sizeof(c->table));
	c->file_state = IDGEN_FILE_OK;
	c->problem[0] = '\0';
	c->replay_file_behind = false;
	c->without_file = false;
	if (fd < 0 && errno != ENOENT)
		snprintf(c->problem, sizeof(c->problem), "could not open it: %s", strerror(errno));
	else if (fd >= 0)
	{
		len = read(fd, table_text, sizeof(table_text));
		if (len < 0)
			snprintf(c->problem, sizeof(c->problem), "could not read it: %s", strerror(errno));
		close(fd);
		if (len >= 0)
			read_state = idgen_layout_reservations_from_text(table_text, len, &c->table);
	}
	if (c->problem[0] != '\0')
		read_state = IDGEN_LAYOUT_RESERVATIONS_DAMAGED;
	switch (read_state)
	{
		case IDGEN_LAYOUT_RESERVATIONS_OK:
			return;
		case IDGEN_LAYOUT_RESERVATIONS_MISSING:
			memset(&c->table, 0, sizeof(c->table));
			c->without_file = true;
			/* what an older release handed out lies in the units up to here */
			if (mark_known)
			{
				const char *failed;

				int64		now_ms = idgen_wall_clock_ms();
				idgen_layout_skip unknown = {now_ms, (int64) idgen_max_clock_lead_ms};

				/*
				 * Up to idgen.max_clock_lead ahead of the clock, as a
				 * promotion's old primary may have run: skipped the same way,
				 * by every layout (one declared since may be one of before,
				 * dropped with DROP EXTENSION)
				 */
				c->table.floor_unix_ms = Max(state->bound.reserved_unix_ms, now_ms);
				idgen_layout_reservations_promote(&c->table, &unknown);
				/*
				 * Kept now, or the next start would raise it again over
				 * layouts declared meanwhile; unwritten, that is all it costs
				 */
				c->without_file = !store_table(&c->table, &failed);
			}
			return;
		case IDGEN_LAYOUT_RESERVATIONS_LATER:
			snprintf(c->problem, sizeof(c->problem), "a later idgen wrote it");
			break;
		default:
			if (c->problem[0] == '\0')
				snprintf(c->problem, sizeof(c->problem),
						 "it holds %zd%s bytes that are not a whole table", len,
						 len == (ssize_t) sizeof(table_text) ? " or more" : "");
			break;
	}
	memset(&c->table, 0, sizeof(c->table));
	c->file_state = IDGEN_FILE_DAMAGED;
	ereport(WARNING,
			(errcode(ERRCODE_DATA_CORRUPTED),
			 errmsg("idgen: the file \"%s\" is damaged: %s", COARSE_FILE, c->problem),
			 errdetail("The server runs; layout_id() of layouts whose unit is longer than "
					   "a second refuses until idgen_reservation_init() is run.")));
}

uint64
idgen_coarse_layouts_resume_word(IdgenSharedState *state, const IdgenLayout *layout,
								 const char *function)
{
	int64		created_us = idgen_timestamptz_to_unix_us(layout->created, "created", function);

	return idgen_layout_resume_word(&state->coarse.table, MyDatabaseId, layout->name,
									&layout->def, created_us);
}

/* The table's floor and promotion, and one record (NULL: none), in WAL */
static void
log_table(const idgen_layout_reservations *t, const idgen_layout_reservation *record)
{
	IdgenCoarseLayoutsRecord wal;

	memset(&wal, 0, sizeof(wal));
	wal.floor_unix_ms = t->floor_unix_ms;
	wal.promoted = t->promoted;
	if (record != NULL)
		wal.record = *record;
	idgen_coarse_layouts_log(&wal);
}

pg_noreturn static void
refuse_damaged(const char *problem, const char *function)
{
	ereport(ERROR,
			(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
			 errmsg("%s: the file \"%s\" is damaged", function, COARSE_FILE),
			 errdetail("%s. It holds how far each layout of units longer than a second "
					   "went in its unit; without it they could repeat IDs issued before.",
					   problem),
			 errhint("Restore it as it was when the server stopped; an older copy would "
					 "give back IDs issued since. If the system clock "
					 "is past every ID these layouts issued, run SELECT "
					 "idgen_reservation_init(); to start them from the clock.")));
}

pg_noreturn static void
refuse_full(const char *function)
{
	ereport(ERROR,
			(errcode(ERRCODE_CONFIGURATION_LIMIT_EXCEEDED),
			 errmsg("%s: %d layouts of units longer than a second are in their units already",
					function, IDGEN_LAYOUT_RESERVATION_COUNT),
			 errdetail("The server keeps where each such layout stands in its unit while "
					   "that unit lasts, for %d layouts at a time.",
					   IDGEN_LAYOUT_RESERVATION_COUNT),
			 errhint("Wait until the unit of one of them ends, or use layouts of 1 second "
					 "or finer.")));
}

void
idgen_coarse_layouts_reserve(IdgenSharedState *state, IdgenLayoutSlot *slot,
							 const IdgenLayout *layout, uint64 needed, const char *function)
{
	LWLock	   *lock = idgen_state_lock();
	IdgenCoarseLayouts *c = &state->coarse;
	int64		created_us = idgen_timestamptz_to_unix_us(layout->created, "created", function);
	idgen_layout_reservations next;
	idgen_layout_reservation record;
	uint64		end;
	uint64		block;

	/* as reserve() in shared_run.c: waiters wake together, and most need nothing */
	while (!LWLockAcquireOrWait(lock, LW_EXCLUSIVE))
	{
		if (pg_atomic_read_u64(&slot->word_end) > needed)
			return;
	}
	idgen_refuse_if_mark_unknown(state, function);
	if (c->file_state != IDGEN_FILE_OK)
	{
		char	   *problem = pstrdup(c->problem);

		LWLockRelease(lock);
		refuse_damaged(problem, function);
	}
	end = pg_atomic_read_u64(&slot->word_end);
	if (end > needed)
	{
		LWLockRelease(lock);
		return;
	}
	block = idgen_layout_next_block(&slot->def, slot->block,
									end > 1 && idgen_layout_same_unit(&slot->def, end - 1, needed));
	record = idgen_layout_reservation_of(slot->database, slot->name, &slot->def, created_us,
										 idgen_layout_reserve_through(&slot->def, needed, block));
	/* the table the row was read from: a start can tell a record of rows since replaced */
	record.catalog = layout->catalog;
	next = c->table;
	if (!idgen_layout_reservations_put(&next, &record, idgen_wall_clock_ms()))
	{
		LWLockRelease(lock);
		refuse_full(function);
	}
	/* in the file, in WAL, then in force (an ERROR leaves all as it was) */
	write_table(&next);
	log_table(&next, &record);
	c->table = next;
	slot->block = block;
	pg_atomic_write_u64(&slot->word_end, record.word + 1);
	LWLockRelease(lock);
}

/*
 * Caller holds the lock: `next` (the table, its floor raised) durable and in
 * force. A promotion's skip moves every bound slot (each was declared before
 * it: C of apply_promotion is no earlier than the clock); after
 * idgen_reservation_init() the slots bound since that skip already met it.
 */
static void
put_floor(IdgenSharedState *state, idgen_layout_reservations *next, int64 floor_unix_ms,
		  bool promoted)
{
	IdgenCoarseLayouts *c = &state->coarse;
	/* declared at 0: at or before any floor and promotion; PG_INT64_MAX: after */
	int64		created_us = promoted ? 0 : PG_INT64_MAX;

	idgen_layout_reservations_raise_floor(next, floor_unix_ms);
	write_table(next);
	log_table(next, NULL);
	c->table = *next;
	c->file_state = IDGEN_FILE_OK;
	c->problem[0] = '\0';
	c->without_file = false;
	for (int i = 0; i < IDGEN_LAYOUT_SLOTS; i++)
	{
		IdgenLayoutSlot *slot = &state->layouts.slots[i];

		if (slot->bound && slot->coarse)
			idgen_generator_raise(&slot->word.gen,
								  Max(idgen_layout_resume_word(next, slot->database, slot->name,
															   &slot->def, created_us),
									  idgen_layout_mark_used_up(&slot->def, floor_unix_ms)));
	}
}

void
idgen_coarse_layouts_promote(IdgenSharedState *state, const idgen_layout_skip *promoted)
{
	idgen_layout_reservations next = state->coarse.table;

	/* a damaged table is refused at every layout's first reservation anyway */
	if (state->coarse.file_state == IDGEN_FILE_OK)
	{
		idgen_layout_reservations_promote(&next, promoted);
		put_floor(state, &next, promoted->unix_ms, true);
		ereport(LOG,
				(errmsg("idgen: promoted: layouts of units longer than a second declared by %s "
						"resume past its unit plus the whole units of " INT64_FORMAT
						" ms (idgen.max_clock_lead)",
						timestamptz_to_str(idgen_unix_ms_to_timestamptz(promoted->unix_ms)),
						promoted->lead_ms)));
	}
}

void
idgen_coarse_layouts_init(IdgenSharedState *state, int64 now_unix_ms)
{
	idgen_layout_reservations next;

	if (state->coarse.file_state == IDGEN_FILE_OK && !state->coarse.without_file)
		return;
	memset(&next, 0, sizeof(next));
	if (state->coarse.file_state == IDGEN_FILE_OK)
		next = state->coarse.table;
	put_floor(state, &next, now_unix_ms, false);
}

void
idgen_coarse_layouts_refuse_if_skipped(IdgenSharedState *state, IdgenLayoutSlot *slot,
									   idgen_fault fault, const char *function)
{
	int64		unit_ms = slot->def.unit_us / 1000;
	idgen_layout_skip promoted;
	uint64		skipped;
	int64		next_unit_ms;

	LWLockAcquire(idgen_state_lock(), LW_SHARED);
	promoted = state->coarse.table.promoted;
	LWLockRelease(idgen_state_lock());
	skipped = idgen_layout_skipped_word(&promoted, &slot->def);
	/* gone on past the skip since: its unit's sequence ran out, the usual refusal */
	if (skipped == 0 || idgen_generator_snapshot(&slot->word.gen).word > skipped)
		return;
	next_unit_ms = idgen_layout_word_last_ms(&slot->def, skipped) + 1;
	idgen_raise_layout_skip(function, slot->name, fault.value, fault.max, promoted.unix_ms,
							next_unit_ms - unit_ms, next_unit_ms - fault.max / unit_ms * unit_ms);
}

/* Caller holds the lock; never raises */
static void
store_replayed(IdgenCoarseLayouts *c)
{
	const char *failed;

	if (store_table(&c->table, &failed))
	{
		c->replay_file_behind = false;
		return;
	}
	if (!c->replay_file_behind)
		ereport(WARNING,
				(errcode_for_file_access(),
				 errmsg("idgen: could not write file \"%s\" during recovery: %m", failed),
				 errdetail("Recovery goes on; the table replayed so far is kept in shared "
						   "memory and written at the next record.")));
	c->replay_file_behind = true;
}

void
idgen_coarse_layouts_replay(const IdgenCoarseLayoutsRecord *r)
{
	IdgenSharedState *state = idgen_state_if_any();
	IdgenCoarseLayouts *c;

	if (state == NULL)
		elog(PANIC, "idgen: WAL replay without idgen's shared memory");
	c = &state->coarse;
	LWLockAcquire(idgen_state_lock(), LW_EXCLUSIVE);
	/* a damaged table stays refused: a record does not make it whole */
	if (c->file_state == IDGEN_FILE_OK)
	{
		idgen_layout_reservations_merge(&c->table, r->floor_unix_ms, &r->promoted, &r->record);
		store_replayed(c);
	}
	LWLockRelease(idgen_state_lock());
}

void
idgen_coarse_layouts_replay_done(void)
{
	IdgenSharedState *state = idgen_state_if_any();

	if (state == NULL)
		return;
	LWLockAcquire(idgen_state_lock(), LW_EXCLUSIVE);
	if (state->coarse.file_state == IDGEN_FILE_OK && state->coarse.replay_file_behind)
		store_replayed(&state->coarse);
	LWLockRelease(idgen_state_lock());
}
