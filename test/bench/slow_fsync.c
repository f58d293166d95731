/*
 * slow_fsync.c: LD_PRELOAD for the stalls benchmark: fsync() and fdatasync()
 * of the file idgen.reservation take IDGEN_SLOW_FSYNC_MS longer, as on a
 * busy or slow disk, so that what waits behind the reservation shows.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static void
delay_if_reservation(int fd)
{
	char		link[64], path[4096];
	const char *ms = getenv("IDGEN_SLOW_FSYNC_MS");
	ssize_t		n;

	snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
	n = readlink(link, path, sizeof path - 1);
	if (n <= 0 || ms == NULL)
		return;
	path[n] = '\0';
	if (strstr(path, "idgen.reservation") != NULL)
	{
		struct timespec ts = {atoi(ms) / 1000, (atoi(ms) % 1000) * 1000000L};

		nanosleep(&ts, NULL);
	}
}

int
fsync(int fd)
{
	int			(*real) (int) = (int (*) (int)) dlsym(RTLD_NEXT, "fsync");

	delay_if_reservation(fd);
	return real(fd);
}

int
fdatasync(int fd)
{
	int			(*real) (int) = (int (*) (int)) dlsym(RTLD_NEXT, "fdatasync");

	delay_if_reservation(fd);
	return real(fd);
}
