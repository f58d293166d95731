// family.cpp: the family table (families.hpp) for C callers.
#include "family.h"

#include <string.h>

#include "families.hpp"

using namespace idgen;

extern "C" const idgen_family_info* idgen_family_of(idgen_family family) {
    return &family_info(family);
}

extern "C" const idgen_family_info* idgen_family_named(const char* name, size_t len) {
    for (const idgen_family_info& f : kFamilies)
        if (strlen(f.name) == len && memcmp(f.name, name, len) == 0) return &f;
    return nullptr;
}
