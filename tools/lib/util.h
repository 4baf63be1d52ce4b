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

#endif /* INTEL_OA_LIB_UTIL_H */
