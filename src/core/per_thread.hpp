// per_thread.hpp: the storage of the core's per-process state (what a
// process last saw of each shared word, and its counts for idgen_status).
//
// The unit tests run many threads, each standing for a backend: there it is
// thread_local. The server runs each backend as a process of one thread,
// and in a library PostgreSQL loads with dlopen() a thread_local costs a
// call to __tls_get_addr at every use (twice an ID): the extension's build
// defines IDGEN_ONE_THREAD_PER_PROCESS (the Makefile) and keeps it as plain
// process storage.
#pragma once

#ifdef IDGEN_ONE_THREAD_PER_PROCESS
#define IDGEN_PER_THREAD
#else
#define IDGEN_PER_THREAD thread_local
#endif
