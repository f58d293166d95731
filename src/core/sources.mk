# The C++ core's sources: every src/core/*.cpp, so that a new codec is its
# file and nothing else. Every build of the core takes the same glob (the
# Makefile through this file, test/unit/CMakeLists.txt, test/fuzz/run.sh,
# test/bench/word_hot_path.sh).
IDGEN_CORE_SOURCES = $(notdir $(sort $(wildcard src/core/*.cpp)))
