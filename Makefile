# idgen: PGXS build. The C++ core (src/core) has no PostgreSQL headers; the
# C shim (src/pg) is the only code that includes them.
EXTENSION = idgen
MODULE_big = idgen
EXTVERSION = $(shell sed -n "s/^default_version = '\(.*\)'/\1/p" idgen.control)

include src/core/sources.mk
CORE_OBJS = $(patsubst %.cpp,src/core/%.o,$(IDGEN_CORE_SOURCES))
# The shim: every src/pg/*.c. A file that wraps a core file has its name
# (pg/ulid.c wraps core/ulid.cpp). table_types.c, the C functions of the
# table types, is written by idgen-native-types (below).
SHIM_OBJS = $(patsubst %.c,%.o,$(sort $(wildcard src/pg/*.c) src/pg/table_types.c))
OBJS = $(CORE_OBJS) $(SHIM_OBJS)

# idgen-decode: decodes IDs on the command line with the same core, linked
# without PostgreSQL's library (only OpenSSL, which the core uses).
CLI_OBJS = src/cli/main.o src/cli/options.o src/cli/kind.o src/cli/decode.o \
           src/cli/fault_message.o src/cli/format.o

# sql/idgen.sql is the current interface, installed as idgen--$(EXTVERSION).sql
# with the native types' SQL (sql/generated/native_types.sql, written from the
# family table by idgen-native-types) at its marker line; sql/idgen--*.sql are
# the first release and the upgrade scripts since. An update script with a
# marker line gets the native types new in its target version there
# (idgen-native-types --since), whichever release is current: the update to
# 0.6.0 keeps its types when 0.6.1 is the newest.
UPDATE_SCRIPTS = $(notdir $(shell grep -l '^-- native types new in ' sql/idgen--*--*.sql))
DATA = $(filter-out $(addprefix sql/,$(UPDATE_SCRIPTS)),$(wildcard sql/idgen--*.sql))
DATA_built = idgen--$(EXTVERSION).sql $(UPDATE_SCRIPTS)

# pg_regress: every sql/<name>.sql but the extension scripts. without_preload
# needs a server without idgen preloaded; test/run-regress.sh runs it apart.
REGRESS = $(filter-out idgen idgen--% without_preload,$(basename $(notdir $(wildcard sql/*.sql))))
REGRESS_OPTS = --load-extension=$(EXTENSION)

PG_CPPFLAGS = -DIDGEN_VERSION='"$(EXTVERSION)"'
PG_CXXFLAGS = -std=c++20 -fno-exceptions -fno-rtti
# a backend is a process of one thread (src/core/per_thread.hpp)
PG_CXXFLAGS += -DIDGEN_ONE_THREAD_PER_PROCESS
# The tests and CI build with `make IDGEN_WERROR=1`: a warning fails their
# build, never a user's or a packager's whose compiler is newer.
ifeq ($(IDGEN_WERROR),1)
PG_CPPFLAGS += -Werror
endif
SHLIB_LINK = -lstdc++ -lcrypto
EXTRA_CLEAN = results regression.diffs regression.out idgen-decode $(CLI_OBJS) idgen-native-types \
              src/pg/table_types.c idgen-family-constants src/gen/family_constants.o

# Rebuild what includes a changed header (the core's headers are shared).
# PGXS names a dependency file after the object's base name, and the shim's
# files share theirs with the core files they wrap: the shim's go apart.
override autodepend = yes
src/pg/%.o: DEPDIR = .deps/pg

# No JIT bitcode: PGXS would compile the C++ core with clang and its own
# flags; the shim's functions are too small for inlining to pay. (override:
# Makefile.global sets it again.)
override with_llvm = no

PG_CONFIG ?= pg_config
PGXS := $(shell $(PG_CONFIG) --pgxs)
include $(PGXS)

-include $(wildcard .deps/pg/*.Po)

NATIVE_TYPES_SQL = sql/generated/native_types.sql
idgen--$(EXTVERSION).sql: sql/idgen.sql $(NATIVE_TYPES_SQL)
	sed -e '\|^-- native types: $(NATIVE_TYPES_SQL)$$|{r $(NATIVE_TYPES_SQL)' -e 'd;}' sql/idgen.sql >$@

# The generated SQL is committed (a build needs no generator) and written
# again whenever the table or the generator changes; test/generated_sql.sh
# fails when the committed copy is stale.
idgen-native-types: src/gen/native_types.cpp src/core/family.h src/core/families.hpp src/core/shared_generators.h src/gen/samples.hpp \
                    src/core/family_fields.hpp src/core/family_fields.h
	$(CXX) $(PG_CPPFLAGS) $(CXXFLAGS) $(PG_CXXFLAGS) -o $@ $<

$(NATIVE_TYPES_SQL): idgen-native-types
	./idgen-native-types >$@.new && mv $@.new $@

# idgen--A--B.sql from sql/idgen--A--B.sql: B's new types at its marker
$(UPDATE_SCRIPTS): idgen--%.sql: sql/idgen--%.sql idgen-native-types
	v=$(lastword $(subst --, ,$*)); ./idgen-native-types --since $$v >$@.types && \
	sed -e "\|^-- native types new in $$v: idgen-native-types --since $$v\$$|{r $@.types" -e 'd;}' $< >$@
	rm -f $@.types

src/pg/table_types.c: idgen-native-types
	./idgen-native-types --c >$@.new && mv $@.new $@

all: idgen-decode idgen-family-constants

idgen-decode: $(CLI_OBJS) $(CORE_OBJS)
	$(CXX) $(CXXFLAGS) $(PG_CXXFLAGS) $(LDFLAGS) -o $@ $^ -lcrypto

# docs/idgen-decode.md shows idgen-decode --help, whose kinds are the family
# table's: written again whenever idgen-decode is built (test/cli/run.sh
# fails while the page differs from the program)
all: docs/idgen-decode.md
docs/idgen-decode.md: idgen-decode src/gen/write_decode_help.sh
	sh src/gen/write_decode_help.sh ./idgen-decode $@

# idgen-family-constants: the family table's facts for the editions that
# cannot link the core (the SQL edition, the Python and Node clients). The
# default target writes its files again whenever it is built again, so a
# changed row never leaves a stale copy; make family-constants writes them
# at once. test/family_constants.sh fails while a committed copy is stale.
idgen-family-constants: src/gen/family_constants.o $(CORE_OBJS)
	$(CXX) $(CXXFLAGS) $(PG_CXXFLAGS) $(LDFLAGS) -o $@ $^ -lcrypto

FAMILY_CONSTANTS = clients/python/src/idgen/families.py clients/node/lib/families.js \
                   sql-edition/src/05-family-constants.sql
all: $(FAMILY_CONSTANTS)
$(FAMILY_CONSTANTS) &: idgen-family-constants src/gen/write_family_constants.sh
	sh src/gen/write_family_constants.sh ./idgen-family-constants .

.PHONY: family-constants
family-constants: idgen-family-constants
	sh src/gen/write_family_constants.sh ./idgen-family-constants .

# The SQL edition: one file users install with psql -f (committed, so that
# they need no build), joined from its pieces, one per topic, in the order
# of their names (sql-edition/src/NN-topic.sql). test/generated_sql.sh fails
# while the committed file is not the committed pieces joined.
SQL_EDITION_SOURCES = $(sort $(wildcard sql-edition/src/*.sql) sql-edition/src/05-family-constants.sql)
all: sql-edition/idgen.sql
sql-edition/idgen.sql: $(SQL_EDITION_SOURCES) src/gen/join_sql_edition.sh
	sh src/gen/join_sql_edition.sh sql-edition/src >$@.new && mv $@.new $@

install: install-idgen-decode
uninstall: uninstall-idgen-decode
.PHONY: install-idgen-decode uninstall-idgen-decode

install-idgen-decode: idgen-decode
	$(MKDIR_P) '$(DESTDIR)$(bindir)'
	$(INSTALL_PROGRAM) idgen-decode '$(DESTDIR)$(bindir)/idgen-decode'

uninstall-idgen-decode:
	rm -f '$(DESTDIR)$(bindir)/idgen-decode'

# PGXN release: the files committed at HEAD, under idgen-<version>/, with
# META.json at the top (test/package/pgxn.sh checks it). DIST_ZIP may point
# elsewhere: make dist DIST_ZIP=/tmp/idgen.zip
DIST_ZIP ?= $(EXTENSION)-$(EXTVERSION).zip
.PHONY: dist
dist:
	git archive --format zip --prefix=$(EXTENSION)-$(EXTVERSION)/ -o $(DIST_ZIP) HEAD

# An extension image's layout (CloudNativePG, PostgreSQL 18+): the control
# file and SQL scripts in IMAGE_ROOT/share/extension, idgen.so in
# IMAGE_ROOT/lib, and nothing in the server's own directories. A server
# finds them with extension_control_path = '$$system:IMAGE_ROOT/share' and
# dynamic_library_path = '$$libdir:IMAGE_ROOT/lib' (docs/install.md;
# test/package/extension_image.sh checks it).
.PHONY: install-image
install-image: all
	@test -n '$(IMAGE_ROOT)' || { echo 'make install-image IMAGE_ROOT=DIR: DIR is missing' >&2; exit 1; }
	$(MKDIR_P) '$(IMAGE_ROOT)/share/extension' '$(IMAGE_ROOT)/lib'
	$(INSTALL_DATA) $(EXTENSION).control $(DATA_built) $(DATA) '$(IMAGE_ROOT)/share/extension/'
	$(INSTALL_SHLIB) $(shlib) '$(IMAGE_ROOT)/lib/'
