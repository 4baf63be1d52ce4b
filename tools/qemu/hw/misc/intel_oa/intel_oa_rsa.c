/*
 * intel-oa-gpu: RSASSA-PKCS1-v1_5 / SHA-256 verification (RFC 8017
 * section 8.2.2) with a public key, for the GuC boot ROM model. Plain
 * Montgomery arithmetic on 32-bit limbs: a public-key operation only, so
 * no constant-time concerns.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/bswap.h"
#include "qemu/host-utils.h"
#include "intel_oa_rsa.h"

#define LIMBS_MAX   (INTEL_OA_RSA_MAX_BYTES / 4)

/* RFC 8017 section 9.2 note 1: the DigestInfo prefix of SHA-256 */
static const uint8_t sha256_prefix[] = {
    0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01,
    0x65, 0x03, 0x04, 0x02, 0x01, 0x05, 0x00, 0x04, 0x20,
};

typedef struct Mont {
    unsigned int n;             /* limbs */
    uint32_t m[LIMBS_MAX];      /* modulus, least significant limb first */
    uint32_t m0inv;             /* -m^-1 mod 2^32 */
} Mont;

static void from_be(uint32_t *x, const uint8_t *be, unsigned int n)
{
    unsigned int i;

    for (i = 0; i < n; i++) {
        x[i] = ldl_be_p(be + 4 * (n - 1 - i));
    }
}

static void to_be(uint8_t *be, const uint32_t *x, unsigned int n)
{
    unsigned int i;

    for (i = 0; i < n; i++) {
        stl_be_p(be + 4 * (n - 1 - i), x[i]);
    }
}

/* a >= b */
static bool ge(const uint32_t *a, const uint32_t *b, unsigned int n)
{
    unsigned int i = n;

    while (i--) {
        if (a[i] != b[i]) {
            return a[i] > b[i];
        }
    }
    return true;
}

/* a -= b, returns the borrow */
static uint32_t sub(uint32_t *a, const uint32_t *b, unsigned int n)
{
    uint64_t borrow = 0;
    unsigned int i;

    for (i = 0; i < n; i++) {
        uint64_t d = (uint64_t)a[i] - b[i] - borrow;

        a[i] = d;
        borrow = (d >> 32) & 1;
    }
    return borrow;
}

/* r = a * b / 2^(32n) mod m (CIOS); r may alias a or b */
static void mont_mul(const Mont *mt, uint32_t *r, const uint32_t *a,
                     const uint32_t *b)
{
    uint32_t t[LIMBS_MAX + 2] = { 0 };
    unsigned int n = mt->n, i, j;

    for (i = 0; i < n; i++) {
        uint64_t c = 0;
        uint32_t q;

        for (j = 0; j < n; j++) {
            c += (uint64_t)t[j] + (uint64_t)a[j] * b[i];
            t[j] = c;
            c >>= 32;
        }
        c += t[n];
        t[n] = c;
        t[n + 1] = c >> 32;

        q = t[0] * mt->m0inv;
        c = ((uint64_t)t[0] + (uint64_t)q * mt->m[0]) >> 32;
        for (j = 1; j < n; j++) {
            c += (uint64_t)t[j] + (uint64_t)q * mt->m[j];
            t[j - 1] = c;
            c >>= 32;
        }
        c += t[n];
        t[n - 1] = c;
        t[n] = t[n + 1] + (c >> 32);
    }
    if (t[n] || ge(t, mt->m, n)) {
        sub(t, mt->m, n);
    }
    memcpy(r, t, n * 4);
}

/* 2^(64n) mod m, by doubling: the factor into Montgomery form */
static void mont_r2(const Mont *mt, uint32_t *r2)
{
    unsigned int n = mt->n, i, k;

    memset(r2, 0, n * 4);
    r2[0] = 1;
    for (k = 0; k < 64 * n; k++) {
        uint32_t top = r2[n - 1] >> 31;

        for (i = n - 1; i > 0; i--) {
            r2[i] = (r2[i] << 1) | (r2[i - 1] >> 31);
        }
        r2[0] <<= 1;
        if (top || ge(r2, mt->m, n)) {
            sub(r2, mt->m, n);
        }
    }
}

/* out = s^e mod m; false if s >= m */
static bool mod_exp(const Mont *mt, uint32_t *out, const uint32_t *s,
                    uint32_t e)
{
    uint32_t r2[LIMBS_MAX], base[LIMBS_MAX], acc[LIMBS_MAX];
    uint32_t one[LIMBS_MAX] = { 1 };
    unsigned int n = mt->n;
    int bit;

    if (ge(s, mt->m, n)) {
        return false;
    }
    mont_r2(mt, r2);
    mont_mul(mt, base, s, r2);
    memcpy(acc, base, n * 4);
    /* left to right from below the top set bit of e */
    for (bit = 31 - clz32(e) - 1; bit >= 0; bit--) {
        mont_mul(mt, acc, acc, acc);
        if (e & (1u << bit)) {
            mont_mul(mt, acc, acc, base);
        }
    }
    mont_mul(mt, out, acc, one);
    return true;
}

bool intel_oa_rsa_verify(const uint8_t *modulus, uint32_t exponent,
                         const uint8_t *sig, size_t len,
                         const uint8_t digest[32])
{
    uint8_t em[INTEL_OA_RSA_MAX_BYTES], want[INTEL_OA_RSA_MAX_BYTES];
    uint32_t s[LIMBS_MAX], m[LIMBS_MAX];
    size_t pad = len - 3 - sizeof(sha256_prefix) - 32;
    Mont mt;
    uint32_t inv;
    int i;

    if (len % 4 || len < 64 || len > INTEL_OA_RSA_MAX_BYTES ||
        !(modulus[len - 1] & 1) || !exponent) {
        return false;
    }
    mt.n = len / 4;
    from_be(mt.m, modulus, mt.n);
    /* Newton's iteration doubles the correct low bits each step */
    inv = mt.m[0];
    for (i = 0; i < 5; i++) {
        inv *= 2 - mt.m[0] * inv;
    }
    mt.m0inv = -inv;

    from_be(s, sig, mt.n);
    if (!mod_exp(&mt, m, s, exponent)) {
        return false;
    }
    to_be(em, m, mt.n);

    /* EM = 0x00 || 0x01 || PS (0xff) || 0x00 || DigestInfo */
    want[0] = 0x00;
    want[1] = 0x01;
    memset(want + 2, 0xff, pad);
    want[2 + pad] = 0x00;
    memcpy(want + 3 + pad, sha256_prefix, sizeof(sha256_prefix));
    memcpy(want + 3 + pad + sizeof(sha256_prefix), digest, 32);
    return !memcmp(em, want, len);
}
