// sqids.hpp: the pieces of Sqids that the unit tests check one by one
// against the specification's own tests.
#pragma once

#include <cstddef>
#include <cstdint>

#include "sqids.h"

namespace idgen {

// The specification's shuffle: the same alphabet always gives the same order.
void sqids_shuffle(unsigned char* chars, int n);

// The specification's isBlockedId: id (len bytes, any case) holds one of the
// setup's words by the rule (ID or word of 3 characters or fewer: the whole
// ID; a word with a digit: at either end; else anywhere).
bool sqids_blocked(const idgen_sqids& s, const char* id, size_t len);

// The specification's decode, without the canonical check: the numbers
// read up to the first empty chunk. Returns their count; 0 for a character
// outside the alphabet, and *overflow set for a number past 2^63 - 1.
size_t sqids_decode_raw(const idgen_sqids& s, const char* id, size_t len, int64_t* numbers, bool* overflow);

}  // namespace idgen
