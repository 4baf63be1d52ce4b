// SPDX-License-Identifier: MIT
/*
 * Host unit test runner for libintel_oa.
 *
 * Copyright (c) 2025 The intel-oa authors
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "unit.h"

static char fail_msg[512];
static int fail_flag;

void unit_fail(const char *file, int line, const char *fmt, ...)
{
	const char *base = strrchr(file, '/');
	int n;
	va_list ap;

	if (fail_flag)
		return;
	fail_flag = 1;
	n = snprintf(fail_msg, sizeof(fail_msg), "%s:%d: ",
		     base ? base + 1 : file, line);
	if (n < 0 || (size_t)n >= sizeof(fail_msg))
		return;
	va_start(ap, fmt);
	vsnprintf(fail_msg + n, sizeof(fail_msg) - (size_t)n, fmt, ap);
	va_end(ap);
}

int unit_failed(void)
{
	return fail_flag;
}

int main(int argc, char **argv)
{
	const struct unit_suite *suites[] = {
		&formats_suite, &decode_suite, &accumulate_suite,
		&records_suite, &helpers_suite, &platforms_suite,
		&stats_suite, &gen67_suite, &dg2_suite, &expr_suite,
		&metricset_suite, &baytrail_suite, &mali_suite,
		&output_suite,
		&intel_sets_suite, &recording_suite, &oa_xml_suite,
		&uapi_abi_suite,
	};
	unsigned int passed = 0, failed = 0;
	size_t s, t;

	for (s = 0; s < sizeof(suites) / sizeof(suites[0]); s++) {
		for (t = 0; t < suites[s]->count; t++) {
			const struct unit_test *ut = &suites[s]->tests[t];

			/* optional filter: run only tests containing argv[1] */
			if (argc > 1 && !strstr(ut->name, argv[1]))
				continue;
			fail_flag = 0;
			fail_msg[0] = '\0';
			ut->fn(ut->arg);
			if (fail_flag) {
				printf("FAIL %s: %s\n", ut->name, fail_msg);
				failed++;
			} else {
				printf("ok %s\n", ut->name);
				passed++;
			}
		}
	}
	printf("%u passed, %u failed\n", passed, failed);
	return failed ? 1 : 0;
}
