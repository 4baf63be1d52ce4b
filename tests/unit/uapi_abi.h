/* SPDX-License-Identifier: MIT */
/*
 * One value of the uAPI ABI list: a struct's size, a member's offset or
 * a constant, named as scripts/uapi-abi-list names it. The list is
 * evaluated twice, against intel_oa_drm.h and against i915_drm.h, which
 * cannot be included in one file.
 *
 * Copyright (c) 2026 The intel-oa authors
 */
#ifndef INTEL_OA_UAPI_ABI_H
#define INTEL_OA_UAPI_ABI_H

#include <stddef.h>
#include <stdint.h>

/**
 * struct uapi_abi_value - one evaluated entry
 * @name: "sizeof(struct x)", "offsetof(struct x, m)" or the constant's
 * @value: its value
 */
struct uapi_abi_value {
	const char *name;
	int64_t value;
};

#define ABI_STRUCT(s)	{ "sizeof(struct " #s ")", (int64_t)sizeof(struct s) },
#define ABI_FIELD(s, m)	{ "offsetof(struct " #s ", " #m ")", \
			  (int64_t)offsetof(struct s, m) },
#define ABI_CONST(c)	{ #c, (int64_t)(c) },

extern const struct uapi_abi_value uapi_abi_ours[];
extern const size_t uapi_abi_ours_count;
extern const struct uapi_abi_value uapi_abi_i915[];
extern const size_t uapi_abi_i915_count;

#endif
