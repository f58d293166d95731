/*
 * shared_state.c: the shared generators' words in the server's shared memory.
 *
 * One 64-bit word per generator, advanced by the core with compare-and-swap:
 * no lock, and every backend and parallel worker sees the same word.
 */
#include "idgen.h"

#include "miscadmin.h"
#include "port.h"
#include "storage/ipc.h"
#include "storage/lwlock.h"
#include "storage/shmem.h"

#include "../core/generator.h"

struct IdgenSharedState
{
	uint64		snowflake_word;
	/* keeps the busiest word off the shards' cache lines */
	char		padding[PG_CACHE_LINE_SIZE - sizeof(uint64)];
	uint64		shard_words[IDGEN_SHARD_COUNT];
	uint64		ulid_monotonic_word;
	/* the server's secret for ulid_monotonic()'s random parts */
	uint8		ulid_key[16];
};

static IdgenSharedState *shared_state = NULL;

#if PG_VERSION_NUM >= 150000
static shmem_request_hook_type prev_shmem_request_hook = NULL;
#endif
static shmem_startup_hook_type prev_shmem_startup_hook = NULL;

#if PG_VERSION_NUM >= 150000
static void
request_shared_memory(void)
{
	if (prev_shmem_request_hook)
		prev_shmem_request_hook();
	RequestAddinShmemSpace(sizeof(IdgenSharedState));
}
#endif

static void
attach_shared_memory(void)
{
	bool		found;

	if (prev_shmem_startup_hook)
		prev_shmem_startup_hook();

	LWLockAcquire(AddinShmemInitLock, LW_EXCLUSIVE);
	shared_state = ShmemInitStruct("idgen", sizeof(IdgenSharedState), &found);
	if (!found)
	{
		memset(shared_state, 0, sizeof(IdgenSharedState));
		if (!pg_strong_random(shared_state->ulid_key, sizeof(shared_state->ulid_key)))
			ereport(FATAL,
					(errmsg("idgen: could not generate a random key for ulid_monotonic()")));
	}
	LWLockRelease(AddinShmemInitLock);
}

void
idgen_request_shared_state(void)
{
#if PG_VERSION_NUM >= 150000
	prev_shmem_request_hook = shmem_request_hook;
	shmem_request_hook = request_shared_memory;
#else
	RequestAddinShmemSpace(sizeof(IdgenSharedState));
#endif
	prev_shmem_startup_hook = shmem_startup_hook;
	shmem_startup_hook = attach_shared_memory;
}

static IdgenSharedState *
attached_state(const char *function)
{
	if (shared_state == NULL)
		ereport(ERROR,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("%s needs idgen in shared_preload_libraries", function),
				 errdetail("Its state is shared by every session of the server."),
				 errhint("Add idgen to shared_preload_libraries in postgresql.conf "
						 "and restart the server.")));
	return shared_state;
}

uint64 *
idgen_snowflake_word(const char *function)
{
	return &attached_state(function)->snowflake_word;
}

uint64 *
idgen_shard_words(const char *function)
{
	return attached_state(function)->shard_words;
}

uint64 *
idgen_ulid_monotonic_word(const char *function, const uint8 **key)
{
	IdgenSharedState *state = attached_state(function);

	*key = state->ulid_key;
	return &state->ulid_monotonic_word;
}
