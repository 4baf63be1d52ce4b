// SPDX-License-Identifier: MIT
/*
 * intel-oa-metrics mali: Mali counter dumps as panfrost returns them
 * (Documentation/metrics.rst, "Mali Bifrost").
 *
 * Copyright (c) 2025 The intel-oa authors
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "intel_oa/mali.h"
#include "metrics-cli.h"

static int parse_mask(const char *s, uint64_t *out)
{
	char *end;

	errno = 0;
	*out = strtoull(s, &end, 0);
	return (!*s || *end || errno || s[0] == '-') ? -1 : 0;
}

static int read_dump(const char *path, uint64_t mask, unsigned int l2,
		     struct intel_oa_mali_dump *d)
{
	FILE *f = fopen(path, "rb");
	size_t cap = intel_oa_mali_dump_size(mask, l2) + 1, len;
	unsigned char *buf;
	char err[256];
	int ret;

	if (!f) {
		fprintf(stderr, PROG ": %s: %s\n", path, strerror(errno));
		return -1;
	}
	buf = malloc(cap);
	if (!buf) {
		fclose(f);
		fprintf(stderr, PROG ": out of memory\n");
		return -1;
	}
	/* one byte more than a dump: a longer file is refused, not cut */
	len = fread(buf, 1, cap, f);
	if (ferror(f)) {
		fprintf(stderr, PROG ": %s: read error\n", path);
		free(buf);
		fclose(f);
		return -1;
	}
	fclose(f);
	if (len == cap) {
		fprintf(stderr,
			PROG ": %s: dump is longer than the %zu bytes core mask 0x%llx and %u L2 slices make\n",
			path, cap - 1, (unsigned long long)mask, l2);
		free(buf);
		return -1;
	}
	ret = intel_oa_mali_parse(buf, len, mask, l2, d, err, sizeof(err));
	free(buf);
	if (ret) {
		fprintf(stderr, PROG ": %s: %s\n", path, err);
		return -1;
	}
	return 0;
}

/* A set evaluates over a dump when every counter is a Mali counter. */
static int mali_covers(const struct intel_oa_metric_set *s)
{
	size_t slot, n = intel_oa_metric_set_counter_count(s);

	if (!n)
		return 0;
	for (slot = 0; slot < n; slot++) {
		const char *name = intel_oa_metric_set_counter(s, slot, NULL);

		if (name && intel_oa_mali_counter_find(name, NULL, NULL))
			return 0;
	}
	return 1;
}

static int eval_mali_set(const struct intel_oa_metric_set *s,
			 const struct intel_oa_mali_sums *sums, double secs)
{
	size_t n_slots = intel_oa_metric_set_counter_count(s);
	size_t n_m = intel_oa_metric_set_metric_count(s);
	double *d = calloc(n_slots + 1, sizeof(*d));
	double *vals = calloc(n_m + 1, sizeof(*vals));
	unsigned int *fl = calloc(n_m + 1, sizeof(*fl));
	size_t slot, i;
	int ret = -1;

	if (!d || !vals || !fl) {
		fprintf(stderr, PROG ": out of memory\n");
		goto out;
	}
	for (slot = 0; slot < n_slots; slot++) {
		const char *name = intel_oa_metric_set_counter(s, slot, NULL);
		uint64_t v;

		if (!name)
			continue;
		if (intel_oa_mali_value(sums, name, &v)) {
			fprintf(stderr,
				PROG ": set %s needs '%s', which is not a Mali counter\n",
				intel_oa_metric_set_name(s), name);
			goto out;
		}
		d[slot] = (double)v;
	}
	printf("set %s (%s): %s\n", intel_oa_metric_set_name(s),
	       intel_oa_metric_set_family(s),
	       intel_oa_metric_set_description(s));
	printf("%-32s  %16s  %s\n", "metric", "value", "unit");
	intel_oa_metric_set_eval(s, d, isnan(secs) ? NULL : seconds_builtin,
				 &secs, vals, fl);
	for (i = 0; i < n_m; i++) {
		const char *unit;
		const char *name = intel_oa_metric_set_metric(s, i, &unit);

		printf("%-32s", name);
		print_value(vals[i], fl[i], unit);
	}
	printf("\n");
	ret = 0;
out:
	free(d);
	free(vals);
	free(fl);
	return ret;
}

int run_mali(struct intel_oa_metrics *m, const char *mpath,
	     const char *setname, const char *const *dumps, int n_dumps,
	     const char *mask_s, const char *l2_s, const char *secs_s)
{
	struct intel_oa_mali_dump *d = calloc(2, sizeof(*d));
	struct intel_oa_mali_sums sums;
	uint64_t mask, l2;
	double secs = NAN;
	size_t i;
	int done = 0, status = 1;

	if (!d) {
		fprintf(stderr, PROG ": out of memory\n");
		return 1;
	}
	if (parse_mask(mask_s, &mask) || !mask) {
		fprintf(stderr, PROG ": --core-mask %s: expected a non-zero 64-bit mask\n",
			mask_s);
		goto out;
	}
	if (parse_mask(l2_s, &l2) || !l2 || l2 > INTEL_OA_MALI_MAX_L2) {
		fprintf(stderr, PROG ": --l2-slices %s: expected 1..%d\n", l2_s,
			INTEL_OA_MALI_MAX_L2);
		goto out;
	}
	if (secs_s) {
		char *end;

		errno = 0;
		secs = strtod(secs_s, &end);
		if (!*secs_s || *end || errno || !isfinite(secs) || secs <= 0) {
			fprintf(stderr, PROG ": --seconds %s: expected a positive number\n",
				secs_s);
			goto out;
		}
	}
	for (i = 0; i < (size_t)n_dumps; i++)
		if (read_dump(dumps[i], mask, (unsigned int)l2, &d[i]))
			goto out;
	if (n_dumps == 2)
		intel_oa_mali_sum(&d[1], &d[0], &sums);
	else
		intel_oa_mali_sum(&d[0], NULL, &sums);
	intel_oa_metrics_set_const(m, "SHADER_CORES", sums.n_cores);
	intel_oa_metrics_set_const(m, "L2_SLICES", sums.l2_slices);
	for (i = 0; i < intel_oa_metrics_set_count(m); i++) {
		const struct intel_oa_metric_set *s = intel_oa_metrics_set_at(m, i);

		if (setname ? strcmp(setname, intel_oa_metric_set_name(s)) :
		    !mali_covers(s))
			continue;
		if (eval_mali_set(s, &sums, secs))
			goto out;
		done++;
	}
	if (!done) {
		fprintf(stderr, PROG ": no set of %s counts only Mali counters\n",
			mpath);
		goto out;
	}
	status = 0;
out:
	free(d);
	return status;
}
