// table_type.cpp: the codec and generator of every table type (table_type.h),
// one instance of radix_text.hpp per such row, chosen by the row at run time.
#include "table_type.h"

#include <array>
#include <utility>

#include "bytes.hpp"
#include "radix_text.hpp"
#include "random_pool.h"
#include "wall_clock.h"

using namespace idgen;

namespace {

struct Codec {
    void (*encode)(const uint8_t* bytes, char* out) = nullptr;
    idgen_fault (*decode)(const char* text, size_t len, uint8_t* bytes) = nullptr;
};

// A table type's, and a row with fields' (family.h: a type with a codec of
// its own whose text is its value in its digits, which it reads through here).
template <int F>
constexpr Codec codec_of() {
    if constexpr (kFamilies[F].table_type || kFamilies[F].fields != nullptr) {
        static_assert(!kFamilies[F].table_type ||
                          (kFamilies[F].value_bytes <= IDGEN_TABLE_TYPE_MAX_BYTES && kFamilies[F].time_bytes > 0 &&
                           kFamilies[F].time_bytes <= 6 && kFamilies[F].time_bytes < kFamilies[F].value_bytes),
                      "a table type's value holds its time field and random bits");
        static_assert(kFamilies[F].value_bytes <= IDGEN_TABLE_TYPE_MAX_BYTES, "at most 16 bytes");
        using Text = RadixText<static_cast<idgen_family>(F)>;
        return {Text::encode, Text::decode};
    } else {
        return {};
    }
}

template <int... F>
constexpr std::array<Codec, IDGEN_FAMILY_ROWS> codecs(std::integer_sequence<int, F...>) {
    return {codec_of<F>()...};
}

constexpr auto kCodecs = codecs(std::make_integer_sequence<int, IDGEN_FAMILY_ROWS>{});

int64_t unit_ms(const idgen_family_info& f) { return f.time_unit_ms > 0 ? f.time_unit_ms : 1; }

}  // namespace

extern "C" void idgen_table_type_to_text(idgen_family family, const uint8_t* bytes, char* out) {
    if (kCodecs[family].encode != nullptr) kCodecs[family].encode(bytes, out);
}

extern "C" idgen_fault idgen_table_type_from_text(idgen_family family, const char* text, size_t len,
                                                  uint8_t* bytes) {
    if (kCodecs[family].decode == nullptr) return {IDGEN_TEXT_LENGTH, static_cast<int64_t>(len), 0, 0};
    return kCodecs[family].decode(text, len, bytes);
}

extern "C" idgen_fault idgen_table_type_now(idgen_family family, uint8_t* bytes) {
    const idgen_family_info& f = family_info(family);
    const int64_t ms = idgen_wall_clock_ms();
    if (ms < 0 || ms > f.max_time_ms) return {IDGEN_TIME_OUT_OF_RANGE, ms, 0, f.max_time_ms};
    put_be(bytes, f.time_bytes, static_cast<uint64_t>(ms / unit_ms(f)));
    return idgen_random_bytes(bytes + f.time_bytes, f.value_bytes - f.time_bytes);
}

extern "C" int64_t idgen_table_type_unix_ms(idgen_family family, const uint8_t* bytes) {
    const idgen_family_info& f = family_info(family);
    return get_be<int64_t>(bytes, f.time_bytes) * unit_ms(f);
}
