// SPDX-License-Identifier: MIT
/*
 * The uAPI ABI list (scripts/uapi-abi-list) evaluated against i915's
 * own header, libdrm's i915_drm.h.
 *
 * Copyright (c) 2026 The intel-oa authors
 */
#include <stddef.h>

#include <i915_drm.h>

#include "uapi_abi.h"

const struct uapi_abi_value uapi_abi_i915[] = {
#include "uapi_abi_list.h"
};
const size_t uapi_abi_i915_count = sizeof(uapi_abi_i915) / sizeof(uapi_abi_i915[0]);
