// The low-level SHA256_* calls are deprecated in OpenSSL 3 in favour of EVP, whose context is heap-allocated; they
// run the same assembly, with the context on the stack.
#define OPENSSL_SUPPRESS_DEPRECATED
#include "COpenSSLSHA.h"
#include <openssl/sha.h>

void fb_sha256_link(const uint8_t *previous, const void *first, size_t first_count, const void *second,
                    size_t second_count, uint8_t *digest) {
    SHA256_CTX context;
    SHA256_Init(&context);
    SHA256_Update(&context, previous, 32);
    if (first_count > 0) SHA256_Update(&context, first, first_count);
    if (second_count > 0) SHA256_Update(&context, second, second_count);
    SHA256_Final(digest, &context);
}

void fb_sha256(const void *data, size_t count, uint8_t *digest) {
    SHA256_CTX context;
    SHA256_Init(&context);
    if (count > 0) SHA256_Update(&context, data, count);
    SHA256_Final(digest, &context);
}

int fb_cpu_has_avx2_bmi(void) {
#if defined(__x86_64__)
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2");
#else
    return 0;
#endif
}
