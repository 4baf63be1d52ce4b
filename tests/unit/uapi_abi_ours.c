// SPDX-License-Identifier: MIT
/*
 * The uAPI ABI list (scripts/uapi-abi-list) evaluated against the
 * project's header, include/uapi/drm/intel_oa_drm.h.
 *
 * Copyright (c) 2026 The intel-oa authors
 */
#include <stddef.h>

#include <drm/intel_oa_drm.h>

#include "uapi_abi.h"

const struct uapi_abi_value uapi_abi_ours[] = {
#include "uapi_abi_list.h"
};
const size_t uapi_abi_ours_count = sizeof(uapi_abi_ours) / sizeof(uapi_abi_ours[0]);
