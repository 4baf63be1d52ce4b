/* SPDX-License-Identifier: MIT */
/*
 * What several files of libintel_oa share internally; not public API
 * (nothing under include/ includes this).
 *
 * Copyright (c) 2025 The intel-oa authors
 */
#ifndef INTEL_OA_LIB_UTIL_H
#define INTEL_OA_LIB_UTIL_H

#include <stddef.h>
#include <stdint.h>

/**
 * intel_oa_read_file() - read a whole file into memory
 * @path: the file
 * @data: set to a malloc()ed buffer the caller frees (non-NULL on
 *        success, even for an empty file)
 * @len: set to the number of bytes read
 *
 * Return: 0, or -errno (-EIO on a read error, -ENOMEM); on error
 * nothing is left allocated.
 */
int intel_oa_read_file(const char *path, void **data, size_t *len);

/**
 * intel_oa_shortest() - the shortest decimal that reads back as a double
 * @v: a finite, positive double (callers handle sign, 0, inf and NaN)
 * @digits: set to the decimal digits, d (at most 17 of them)
 * @exp10: set to q: @v is the double nearest d * 10^q, and no decimal with
 *         fewer digits is; among the shortest, d * 10^q is the nearest @v
 *
 * Thread-safe; the first call computes the method's tables (shortest.c).
 */
void intel_oa_shortest(double v, uint64_t *digits, int *exp10);

/**
 * intel_oa_shortest_init() - compute intel_oa_shortest()'s tables now
 *
 * Optional: the first intel_oa_shortest() does it otherwise.
 */
void intel_oa_shortest_init(void);

#endif /* INTEL_OA_LIB_UTIL_H */
