// SPDX-License-Identifier: MIT
/*
 * Host-side self-check of the suite's own reference code: the workload
 * formula against hand-computed values and the report layout tables
 * against a report built independently from the contract's layout text
 * (including that every single flipped bit of a report is detected), and
 * the recovery of the full GPU timestamp from 32-bit report timestamps,
 * and the activity model (lib/activity.c) against the tables and the
 * worked examples of Documentation/counters.rst.
 * Given scripts/platforms as argument, it also checks that file (what
 * scripts/vm-run and scripts/check boot) against the suite's platform
 * rows: two transcriptions of Documentation/platforms.rst (and of
 * gen6-gen7.rst and dg2.rst) must agree; "12.5" is graphics_ver 12,
 * release 5.
 */
#include <stdio.h>
#include <stdlib.h>

#include "activity.h"
#include "oa_hw.h"
#include "workload.h"

static int platforms_file_check(void);

static const struct {
	const char *name;
	int (*run)(void);
} checks[] = {
	{ "workload-formula", workload_selftest },
	{ "report-layouts", oa_hw_selftest },
	{ "timestamp-unwrap", oa_ts_unwrap_selftest },
	{ "activity-model", activity_selftest },
	{ "platform-rows", platforms_file_check },
};

static const char *platforms_file;

/* Every row of scripts/platforms has an oa_platforms[] row, and back. */
static int platforms_file_check(void)
{
	unsigned int gen, rel, found[64] = { 0 };
	unsigned long long hz;
	char line[512], name[32], ver[16];
	unsigned int devid;
	int bad = 0;
	size_t i;
	FILE *f;

	if (!platforms_file)
		return 0;
	f = fopen(platforms_file, "r");
	if (!f) {
		perror(platforms_file);
		return 1;
	}
	while (fgets(line, sizeof(line), f)) {
		const struct oa_platform *p;

		if (line[0] == '#' || sscanf(line, "%31s %x %15s %llu", name, &devid, ver, &hz) != 4)
			continue;
		/* "7.5" is Haswell's Gen7.5: graphics_ver 7, graphics_rel 5 */
		rel = 0;
		if (sscanf(ver, "%u.%u", &gen, &rel) < 1) {
			fprintf(stderr, "scripts/platforms row %s: generation '%s'\n", name, ver);
			bad++;
			continue;
		}
		p = oa_platform_by_name(name);
		if (!p)		/* an alias: a name of its own, an existing id */
			p = oa_platform_for_devid(devid);
		if (!p || p->devid != devid || p->graphics_ver != gen ||
		    p->graphics_rel != rel || p->timestamp_hz != hz) {
			fprintf(stderr, "scripts/platforms row %s %#x gen %s %llu Hz: %s\n",
				name, devid, ver, hz,
				p ? "differs from oa_platforms[]" : "no oa_platforms[] row");
			bad++;
			continue;
		}
		found[p - oa_platforms]++;
	}
	fclose(f);
	for (i = 0; i < oa_n_platforms; i++)
		if (!found[i]) {
			fprintf(stderr, "oa_platforms[] row %s missing from %s\n",
				oa_platforms[i].name, platforms_file);
			bad++;
		}
	return bad;
}

int main(int argc, char **argv)
{
	unsigned int i, passed = 0, failed = 0;

	if (argc > 1)
		platforms_file = argv[1];

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
