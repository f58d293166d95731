// SipHash-2-4 against its authors' 64 published tags (vectors.h: key 00 to
// 0f, the message of each length 0 to 63 its octets 00, 01, ...), and
// against OpenSSL's where it has one (3.x), on other keys and lengths.
#include <gtest/gtest.h>

#include <cinttypes>
#include <cstdio>
#include <random>
#include <string>

#include <openssl/opensslv.h>
#if OPENSSL_VERSION_MAJOR >= 3
#include <openssl/evp.h>
#include <openssl/params.h>
#endif

#include "siphash.h"

namespace {

// Each tag as the paper prints it, octet by octet: the 64-bit value's little-endian bytes.
const char* const kTags[64] = {
    "310e0edd47db6f72", "fd67dc93c539f874", "5a4fa9d909806c0d", "2d7efbd796666785",
    "b7877127e09427cf", "8da699cd64557618", "cee3fe586e46c9cb", "37d1018bf50002ab",
    "6224939a79f5f593", "b0e4a90bdf82009e", "f3b9dd94c5bb5d7a", "a7ad6b22462fb3f4",
    "fbe50e86bc8f1e75", "903d84c02756ea14", "eef27a8e90ca23f7", "e545be4961ca29a1",
    "db9bc2577fcc2a3f", "9447be2cf5e99a69", "9cd38d96f0b3c14b", "bd6179a71dc96dbb",
    "98eea21af25cd6be", "c7673b2eb0cbf2d0", "883ea3e395675393", "c8ce5ccd8c030ca8",
    "94af49f6c650adb8", "eab8858ade92e1bc", "f315bb5bb835d817", "adcf6b0763612e2f",
    "a5c91da7acaa4dde", "716595876650a2a6", "28ef495c53a387ad", "42c341d8fa92d832",
    "ce7cf2722f512771", "e37859f94623f3a7", "381205bb1ab0e012", "ae97a10fd434e015",
    "b4a31508beff4d31", "81396229f0907902", "4d0cf49ee5d4dcca", "5c73336a76d8bf9a",
    "d0a704536ba93e0e", "925958fcd6420cad", "a915c29bc8067318", "952b79f3bc0aa6d4",
    "f21df2e41d4535f9", "87577519048f53a9", "10a56cf5dfcd9adb", "eb75095ccd986cd0",
    "51a9cb9ecba312e6", "96afadfc2ce666c7", "72fe52975a4364ee", "5a1645b276d592a1",
    "b274cb8ebf87870a", "6f9bb4203de7b381", "eaecb2a30b22a87f", "9924a43cc1315724",
    "bd838d3aafbf8db7", "0b1a2a3265d51aea", "135079a3231ce660", "932b2846e4d70666",
    "e1915f5cb1eca46c", "f325965ca16d629f", "575ff28e60381be5", "724506eb4c328a95",
};

std::string le_hex(uint64_t v) {
    std::string out;
    char two[3];
    for (int i = 0; i < 8; ++i) {
        std::snprintf(two, sizeof two, "%02x", static_cast<unsigned>((v >> (8 * i)) & 0xFF));
        out += two;
    }
    return out;
}

idgen_sip_key key_00_to_0f() {
    uint8_t bytes[16];
    for (int i = 0; i < 16; ++i) bytes[i] = static_cast<uint8_t>(i);
    return idgen_sip_key_from_bytes(bytes);
}

TEST(SipHash, KeyBytesAreTwoLittleEndianWords) {
    const idgen_sip_key key = key_00_to_0f();
    EXPECT_EQ(key.k0, 0x0706050403020100ULL);
    EXPECT_EQ(key.k1, 0x0f0e0d0c0b0a0908ULL);
}

TEST(SipHash, PublishedVectors) {
    const idgen_sip_key key = key_00_to_0f();
    uint8_t msg[64];
    for (int i = 0; i < 64; ++i) msg[i] = static_cast<uint8_t>(i);
    for (size_t len = 0; len < 64; ++len)
        EXPECT_EQ(le_hex(idgen_siphash24(&key, msg, len)), kTags[len]) << "length " << len;
}

#if OPENSSL_VERSION_MAJOR >= 3
uint64_t openssl_siphash(const uint8_t key[16], const uint8_t* msg, size_t len) {
    EVP_MAC* mac = EVP_MAC_fetch(nullptr, "SIPHASH", nullptr);
    EVP_MAC_CTX* ctx = EVP_MAC_CTX_new(mac);
    size_t size = 8;
    OSSL_PARAM params[] = {OSSL_PARAM_construct_size_t("size", &size), OSSL_PARAM_construct_end()};
    uint8_t out[8] = {};
    size_t out_len = 0;
    EXPECT_EQ(EVP_MAC_init(ctx, key, 16, params), 1);
    EXPECT_EQ(EVP_MAC_update(ctx, msg, len), 1);
    EXPECT_EQ(EVP_MAC_final(ctx, out, &out_len, sizeof out), 1);
    EVP_MAC_CTX_free(ctx);
    EVP_MAC_free(mac);
    uint64_t v = 0;
    for (int i = 0; i < 8; ++i) v |= static_cast<uint64_t>(out[i]) << (8 * i);
    return v;
}

TEST(SipHash, SameAsOpenSslOnRandomKeysAndMessages) {
    std::mt19937_64 rng(47);
    for (int n = 0; n < 2000; ++n) {
        uint8_t key_bytes[16], msg[40];
        for (auto& b : key_bytes) b = static_cast<uint8_t>(rng());
        for (auto& b : msg) b = static_cast<uint8_t>(rng());
        const size_t len = rng() % sizeof msg;
        const idgen_sip_key key = idgen_sip_key_from_bytes(key_bytes);
        ASSERT_EQ(idgen_siphash24(&key, msg, len), openssl_siphash(key_bytes, msg, len)) << "case " << n;
    }
}
#endif

}  // namespace
