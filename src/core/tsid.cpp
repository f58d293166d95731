// tsid.cpp: TSID's text, Crockford base32 over a 64-bit value (65 bits in
// 13 characters: the first carries 4).
#include "tsid.h"

#include <initializer_list>

#include "crockford.hpp"

namespace idgen {
namespace {

// Crockford's alphabet in either case, plus his decoding rule that
// tsid-creator follows (Tsid.ALPHABET_VALUES): I and L read as 1, O as 0.
// U stays out, as in tsid-creator.
struct TsidTable {
    int8_t value[256];
    constexpr TsidTable() : value{} {
        for (int c = 0; c < 256; ++c) value[c] = kCrockfordTable.value[c];
        for (const char c : {'I', 'i', 'L', 'l'}) value[static_cast<unsigned char>(c)] = 1;
        for (const char c : {'O', 'o'}) value[static_cast<unsigned char>(c)] = 0;
    }
};
constexpr TsidTable kTsidTable{};

}  // namespace
}  // namespace idgen

using namespace idgen;

extern "C" void idgen_tsid_to_text(int64_t id, char out[IDGEN_TSID_TEXT_LEN]) {
    uint64_t v = static_cast<uint64_t>(id);
    for (int i = IDGEN_TSID_TEXT_LEN - 1; i >= 0; --i) {
        out[i] = kCrockfordAlphabet[v & 31];
        v >>= 5;
    }
}

// As crockford_decode: a bad character is named before a wrong length.
extern "C" idgen_fault idgen_tsid_from_text(const char* text, size_t len, int64_t* id) {
    uint64_t v = 0;
    for (size_t i = 0; i < len; ++i) {
        const int8_t digit = kTsidTable.value[static_cast<unsigned char>(text[i])];
        if (digit < 0) return {IDGEN_TEXT_CHARACTER, static_cast<int64_t>(i), 0, IDGEN_TSID_TEXT_LEN - 1};
        v = (v << 5) | static_cast<unsigned>(digit);
    }
    if (len != IDGEN_TSID_TEXT_LEN)
        return {IDGEN_TEXT_LENGTH, static_cast<int64_t>(len), IDGEN_TSID_TEXT_LEN, IDGEN_TSID_TEXT_LEN};
    // 13 characters hold 65 bits: a first character above F needs the 65th.
    if (kTsidTable.value[static_cast<unsigned char>(text[0])] > 15) return {IDGEN_TEXT_OVERFLOW, 0, 0, 0};
    *id = static_cast<int64_t>(v);
    return {IDGEN_OK, 0, 0, 0};
}
