// uuid_v47.cpp: the face is an XOR of the time with a mask that depends on
// bits the face shows unchanged, so the same mask undoes it.
#include "uuid_v47.h"

#include <cstring>

namespace {

constexpr uint64_t kTimeMask = (uint64_t{1} << 48) - 1;

bool is_rfc(const idgen_uuid& u, int version) {
    return (u.bytes[6] >> 4) == version && (u.bytes[8] & 0xC0) == 0x80;
}

// SipHash of the 74 random bits as uuidv47 lays them out in 10 bytes:
// rand_a's 12 bits as byte 6's low nibble and byte 7, then rand_b's 62 as
// byte 8's low 6 bits and bytes 9-15.
uint64_t time_mask(const idgen_uuid& u, const idgen_sip_key& key) {
    uint8_t msg[10];
    msg[0] = u.bytes[6] & 0x0F;
    msg[1] = u.bytes[7];
    msg[2] = u.bytes[8] & 0x3F;
    std::memcpy(msg + 3, u.bytes + 9, 7);
    return idgen_siphash24(&key, msg, sizeof msg) & kTimeMask;
}

idgen_uuid with_time_xored(const idgen_uuid& in, uint64_t mask, int version) {
    idgen_uuid out = in;
    for (int i = 0; i < 6; ++i) out.bytes[i] ^= static_cast<uint8_t>(mask >> (8 * (5 - i)));
    out.bytes[6] = static_cast<uint8_t>((in.bytes[6] & 0x0F) | (version << 4));
    return out;
}

}  // namespace

extern "C" bool idgen_uuid_v47_encode(const idgen_uuid* v7, const idgen_sip_key* key, idgen_uuid* face) {
    if (!is_rfc(*v7, 7)) return false;
    *face = with_time_xored(*v7, time_mask(*v7, *key), 4);
    return true;
}

extern "C" bool idgen_uuid_v47_decode(const idgen_uuid* face, const idgen_sip_key* key, idgen_uuid* v7) {
    if (!is_rfc(*face, 4)) return false;
    *v7 = with_time_xored(*face, time_mask(*face, *key), 7);
    return true;
}
