// SPDX-License-Identifier: MIT
/*
 * Host-side self-check of the suite's own reference code: the workload
 * formula against hand-computed values and the report layout tables
 * against a report built independently from the contract's layout text
 * (including that every single flipped bit of a report is detected).
 */
#include <stdio.h>

#include "oa_hw.h"
#include "workload.h"

int main(void)
{
	int bad = workload_selftest() + oa_hw_selftest();

	printf("oa_selftest: %s (%d problem%s)\n", bad ? "FAIL" : "PASS", bad,
	       bad == 1 ? "" : "s");
	return bad ? 1 : 0;
}
