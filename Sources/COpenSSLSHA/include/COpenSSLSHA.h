#ifndef FRAMEBUDGET_OPENSSL_SHA_H
#define FRAMEBUDGET_OPENSSL_SHA_H
// SHA-256 through the system's OpenSSL (libcrypto), for the hash chain's optimized variant.
//
// swift-crypto's BoringSSL has no AVX2 + BMI2 SHA-256: on a CPU without the SHA extensions it runs its AVX code,
// 5-10% behind OpenSSL's AVX2 + BMI2 code on the same bytes. OpenSSL picks SHA-NI, AVX2 + BMI2, AVX or SSSE3 at
// run time (and honours OPENSSL_ia32cap). The context lives on the stack: no allocation per link.
#include <stddef.h>
#include <stdint.h>

/// SHA-256 of `previous` (32 bytes) ‖ `first` (`first_count` bytes) ‖ `second` (`second_count` bytes; NULL and 0
/// for none) into `digest` (32 bytes).
void fb_sha256_link(const uint8_t *previous, const void *first, size_t first_count, const void *second,
                    size_t second_count, uint8_t *digest);

/// SHA-256 of `count` bytes into `digest` (32 bytes).
void fb_sha256(const void *data, size_t count, uint8_t *digest);

/// 1 when the CPU has AVX2, BMI1 and BMI2 (where OpenSSL runs its AVX2 SHA-256 code), else 0.
int fb_cpu_has_avx2_bmi(void);

#endif
