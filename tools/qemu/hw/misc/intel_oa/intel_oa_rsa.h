/*
 * intel-oa-gpu: RSA signature check of the GuC boot ROM model
 * (Documentation/guc-firmware.rst "Authentication").
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_INTEL_OA_RSA_H
#define HW_MISC_INTEL_OA_RSA_H

/* Largest modulus the check handles: 4096 bits. */
#define INTEL_OA_RSA_MAX_BYTES  512

/*
 * Is @sig (big-endian, @len bytes) an RSASSA-PKCS1-v1_5 signature of
 * SHA-256 @digest under the public key (@modulus, big-endian, @len bytes;
 * @exponent)? @len must be a multiple of 4, at most INTEL_OA_RSA_MAX_BYTES
 * and at least 64; the modulus must be odd.
 */
bool intel_oa_rsa_verify(const uint8_t *modulus, uint32_t exponent,
                         const uint8_t *sig, size_t len,
                         const uint8_t digest[32]);

#endif /* HW_MISC_INTEL_OA_RSA_H */
