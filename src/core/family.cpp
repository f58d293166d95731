// family.cpp: the family table (families.hpp) for C callers.
#include "family.h"

#include <string.h>

#include "families.hpp"

using namespace idgen;

extern "C" const idgen_family_info* idgen_family_of(idgen_family family) {
    return &family_info(family);
}

extern "C" const idgen_family_info* idgen_family_named(const char* name, size_t len) {
    for (int k = 0; k < IDGEN_FAMILY_COUNT; ++k)
        if (strlen(kFamilies[k].name) == len && memcmp(kFamilies[k].name, name, len) == 0)
            return &kFamilies[k];
    return nullptr;
}
