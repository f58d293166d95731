# The C++ core's sources: the one list every build of the core reads (the
# Makefile for the extension and idgen-decode, test/unit/CMakeLists.txt,
# test/fuzz/run.sh). One file name per line.
IDGEN_CORE_SOURCES = \
	brin_distance.cpp \
	cuid2.cpp \
	family.cpp \
	fork_reset.cpp \
	generator.cpp \
	id_codec.cpp \
	ksuid.cpp \
	ksuid_ms.cpp \
	layout_def.cpp \
	layout_generator.cpp \
	nanoid.cpp \
	objectid.cpp \
	permute.cpp \
	pushid.cpp \
	random_pool.cpp \
	reservation_text.cpp \
	scru128.cpp \
	siphash.cpp \
	slot_claim.cpp \
	sqids.cpp \
	tally.cpp \
	table_type.cpp \
	timeflake.cpp \
	tsid.cpp \
	typeid.cpp \
	ulid.cpp \
	ulid_monotonic.cpp \
	uuid.cpp \
	uuid_text.cpp \
	uuid_v47.cpp \
	wall_clock.cpp \
	xid12.cpp
