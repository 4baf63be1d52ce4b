// SPDX-License-Identifier: MIT
/*
 * Host-side self-check of the suite's own reference code: the workload
 * formula against hand-computed values and the report layout tables
 * against a report built independently from the contract's layout text
 * (including that every single flipped bit of a report is detected), and
 * the recovery of the full GPU timestamp from 32-bit report timestamps.
 */
#include <stdio.h>

#include "oa_hw.h"
#include "workload.h"

static const struct {
	const char *name;
	int (*run)(void);
} checks[] = {
	{ "workload-formula", workload_selftest },
	{ "report-layouts", oa_hw_selftest },
	{ "timestamp-unwrap", oa_ts_unwrap_selftest },
};

int main(void)
{
	unsigned int i, passed = 0, failed = 0;

	for (i = 0; i < sizeof(checks) / sizeof(checks[0]); i++) {
		int bad = checks[i].run();

		printf("%s %s (%d problem%s)\n", bad ? "FAIL" : "ok",
		       checks[i].name, bad, bad == 1 ? "" : "s");
		if (bad)
			failed++;
		else
			passed++;
	}
	printf("%u passed, %u failed\n", passed, failed);
	return failed ? 1 : 0;
}
