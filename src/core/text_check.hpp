// text_check.hpp: the order in which the parsers of fixed-length text report
// what is wrong with it.
#pragma once

#include <cstddef>
#include <cstdint>

#include "fault.h"

namespace idgen {

// The first character outside the alphabet, then a wrong length: a stray
// character is the likelier mistake, its position says more than a length,
// and it names text with multibyte characters by its bad byte.
// in_alphabet: callable unsigned char -> bool.
template <class InAlphabet>
idgen_fault check_text(const char* text, size_t len, size_t expected_len, InAlphabet&& in_alphabet) {
    for (size_t i = 0; i < len; ++i)
        if (!in_alphabet(static_cast<unsigned char>(text[i])))
            return {IDGEN_TEXT_CHARACTER, static_cast<int64_t>(i), 0, 0};
    if (len != expected_len)
        return {IDGEN_TEXT_LENGTH, static_cast<int64_t>(len), static_cast<int64_t>(expected_len),
                static_cast<int64_t>(expected_len)};
    return {IDGEN_OK, 0, 0, 0};
}

}  // namespace idgen
