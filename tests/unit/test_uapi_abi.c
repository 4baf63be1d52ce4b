// SPDX-License-Identifier: MIT
/*
 * intel_oa_drm.h is binary identical to i915's uAPI where both declare a
 * name: every struct size, member offset, constant and ioctl number of
 * the list scripts/uapi-abi-list makes from the two headers is the same
 * when compiled against each (uapi_abi_ours.c, uapi_abi_i915.c).
 *
 * Copyright (c) 2026 The intel-oa authors
 */
#include <string.h>

#include "uapi_abi.h"
#include "unit.h"

static void test_abi_matches_i915(const void *arg UNIT_UNUSED)
{
	size_t i;

	UNIT_EQ(uapi_abi_ours_count, uapi_abi_i915_count, "entries");
	/* Fewer would mean the script found little to compare. */
	UNIT_CHECK(uapi_abi_ours_count > 300, "only %zu entries", uapi_abi_ours_count);
	for (i = 0; i < uapi_abi_ours_count; i++) {
		UNIT_CHECK(!strcmp(uapi_abi_ours[i].name, uapi_abi_i915[i].name),
			   "entry %zu: %s vs %s", i, uapi_abi_ours[i].name,
			   uapi_abi_i915[i].name);
		UNIT_CHECK(uapi_abi_ours[i].value == uapi_abi_i915[i].value,
			   "%s: intel_oa_drm.h %" PRId64 ", i915_drm.h %" PRId64,
			   uapi_abi_ours[i].name, uapi_abi_ours[i].value,
			   uapi_abi_i915[i].value);
	}
}

static const struct unit_test uapi_abi_tests[] = {
	{ "uapi-abi-matches-i915", test_abi_matches_i915, NULL },
};

const struct unit_suite uapi_abi_suite = {
	uapi_abi_tests, sizeof(uapi_abi_tests) / sizeof(uapi_abi_tests[0]),
};
