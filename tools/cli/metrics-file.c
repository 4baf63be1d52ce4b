// SPDX-License-Identifier: MIT
/*
 * intel-oa-metrics csv and mali: a metric file evaluated over counts that
 * were not recorded from an OA stream, CSV readings (metrics-csv.c) or
 * Mali counter dumps (metrics-mali.c); Documentation/metrics.rst.
 *
 * Copyright (c) 2025 The intel-oa authors
 */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "metrics-cli.h"

static const char csv_use[] =
	"usage: " PROG " csv --metrics FILE|DIR IN [--set NAME] [--deltas]\n"
	"                        [-D NAME=VALUE]...\n"
	"       " PROG " csv --metrics FILE|DIR --list\n"
	"\n"
	"Evaluates the metric sets of a metric file over counter readings in a\n"
	"CSV file (Documentation/metrics.rst, \"CSV input\").\n"
	"\n"
	"  IN                      readings: a 'seconds' column and one column per\n"
	"                          counter; each pair of lines is one period\n"
	"  -m, --metrics FILE|DIR  metric file, or a directory of *.metrics\n"
	"  -s, --set NAME          evaluate only this set (default: every set\n"
	"                          whose counters are all columns of IN)\n"
	"      --deltas            each CSV line is one period's counts, and\n"
	"                          'seconds' its length\n"
	"  -D NAME=VALUE           give a file constant a value\n"
	"  -l, --list              list the sets, counters and metrics\n"
	"  -h, --help              this help\n";

static const char mali_use[] =
	"usage: " PROG " mali --metrics FILE|DIR DUMP [DUMP2] --core-mask MASK\n"
	"                         --l2-slices N [--seconds S] [--set NAME]\n"
	"                         [-D NAME=VALUE]...\n"
	"\n"
	"Evaluates a Mali metric file over Panfrost counter dumps\n"
	"(Documentation/metrics.rst, \"Mali Bifrost\").\n"
	"\n"
	"  DUMP [DUMP2]            a counter dump as DRM_IOCTL_PANFROST_PERFCNT_DUMP\n"
	"                          returns it; one: counts since the counters were\n"
	"                          enabled; two: the period between them\n"
	"  -m, --metrics FILE|DIR  metric file, or a directory of *.metrics\n"
	"      --core-mask MASK    the GPU's SHADER_PRESENT (e.g. 0x3, 0x5)\n"
	"      --l2-slices N       the GPU's L2 slices (1..16)\n"
	"      --seconds S         length of the period (for SECONDS)\n"
	"  -s, --set NAME          evaluate only this set\n"
	"  -D NAME=VALUE           give a file constant a value\n"
	"  -h, --help              this help\n";

int seconds_builtin(void *ctx, int id, double *value)
{
	if (id != INTEL_OA_BI_SECONDS)
		return -1;
	*value = *(const double *)ctx;
	return 0;
}

void print_value(double v, unsigned int flags, const char *unit)
{
	if (isnan(v)) {
		char buf[64];

		snprintf(buf, sizeof(buf), "n/a (%s)",
			 intel_oa_eval_flags_string(flags));
		printf("  %-16s", buf);
	} else if (v == floor(v) && fabs(v) < 1e15) {
		printf("  %16.0f", v);
	} else {
		printf("  %16.6f", v);
	}
	printf("  %s\n", unit);
}

static int eval_set(const struct intel_oa_metric_set *s,
		    const struct csv *c, int deltas)
{
	size_t n_slots = intel_oa_metric_set_counter_count(s);
	size_t n_m = intel_oa_metric_set_metric_count(s);
	int *map = calloc(n_slots + 1, sizeof(*map));
	uint64_t *prev = calloc(n_slots + 1, sizeof(*prev));
	uint64_t *cur = calloc(n_slots + 1, sizeof(*cur));
	double *d = calloc(n_slots + 1, sizeof(*d));
	double *vals = calloc(n_m + 1, sizeof(*vals));
	unsigned int *fl = calloc(n_m + 1, sizeof(*fl));
	size_t slot, r, i, first = deltas ? 0 : 1;
	int ret = -1;

	if (!map || !prev || !cur || !d || !vals || !fl) {
		fprintf(stderr, PROG ": out of memory\n");
		goto out;
	}
	for (slot = 0; slot < n_slots; slot++) {
		const char *name = intel_oa_metric_set_counter(s, slot, NULL);

		map[slot] = name ? find_col(c, name) : -1;
		if (name && map[slot] < 0) {
			fprintf(stderr,
				PROG ": set %s needs the column '%s', which %s lacks\n",
				intel_oa_metric_set_name(s), name, c->path);
			goto out;
		}
	}
	printf("set %s (%s): %s\n", intel_oa_metric_set_name(s),
	       intel_oa_metric_set_family(s),
	       intel_oa_metric_set_description(s));
	printf("%6s  %12s  %-24s  %16s  %s\n", "period", "seconds", "metric",
	       "value", "unit");
	for (r = first; r < c->n_rows; r++) {
		double secs;

		for (slot = 0; slot < n_slots; slot++) {
			if (map[slot] < 0) {
				d[slot] = NAN;
				continue;
			}
			cur[slot] = c->vals[r * c->n_cols + (size_t)map[slot]];
			prev[slot] = deltas ? 0 :
				c->vals[(r - 1) * c->n_cols + (size_t)map[slot]];
			if (deltas)
				d[slot] = (double)cur[slot];
		}
		if (!deltas)
			intel_oa_metric_counter_deltas(s, prev, cur, d);
		secs = deltas ? c->secs[r] : c->secs[r] - c->secs[r - 1];
		intel_oa_metric_set_eval(s, d, seconds_builtin, &secs, vals, fl);
		for (i = 0; i < n_m; i++) {
			const char *unit;
			const char *name = intel_oa_metric_set_metric(s, i, &unit);

			printf("%6zu  %12.6f  %-24s", r + 1 - first, secs, name);
			print_value(vals[i], fl[i], unit);
		}
	}
	printf("\n");
	ret = 0;
out:
	free(map);
	free(prev);
	free(cur);
	free(d);
	free(vals);
	free(fl);
	return ret;
}

static int covers(const struct intel_oa_metric_set *s, const struct csv *c)
{
	size_t slot, n = intel_oa_metric_set_counter_count(s);

	if (!n)
		return 0;
	for (slot = 0; slot < n; slot++) {
		const char *name = intel_oa_metric_set_counter(s, slot, NULL);

		if (name && find_col(c, name) < 0)
			return 0;
	}
	return 1;
}

static void list_sets(const struct intel_oa_metrics *m)
{
	size_t i, j;

	for (i = 0; i < intel_oa_metrics_set_count(m); i++) {
		const struct intel_oa_metric_set *s = intel_oa_metrics_set_at(m, i);
		size_t k;

		printf("%s (%s): %s\n", intel_oa_metric_set_name(s),
		       intel_oa_metric_set_family(s),
		       intel_oa_metric_set_description(s));
		for (j = 0; j < intel_oa_metric_set_counter_count(s); j++) {
			unsigned int w;
			const char *name = intel_oa_metric_set_counter(s, j, &w);

			if (name)
				printf("  counter %2zu  %-32s %u bits\n", j, name,
				       w);
		}
		for (k = 0; k < INTEL_OA_REG_KINDS; k++) {
			static const char *const kinds[] = { "mux", "boolean",
							     "flex" };
			size_t n;
			const struct intel_oa_metric_reg *r =
				intel_oa_metric_set_regs(s, (int)k, &n);

			for (j = 0; j < n; j++)
				printf("  %-7s 0x%08x = 0x%08x\n", kinds[k],
				       r[j].addr, r[j].value);
		}
		for (j = 0; j < intel_oa_metric_set_metric_count(s); j++) {
			const char *unit;
			const char *name = intel_oa_metric_set_metric(s, j, &unit);

			printf("  metric      %-32s %s\n", name, unit);
		}
	}
}

/* csv (mali 0) or mali (mali 1): the two share options and set-up. */
static int file_main(int argc, char **argv, int mali)
{
	static const struct option opts[] = {
		{ "metrics", required_argument, NULL, 'm' },
		{ "set", required_argument, NULL, 's' },
		{ "deltas", no_argument, NULL, 'd' },
		{ "list", no_argument, NULL, 'l' },
		{ "help", no_argument, NULL, 'h' },
		{ "core-mask", required_argument, NULL, 'K' },
		{ "l2-slices", required_argument, NULL, 'L' },
		{ "seconds", required_argument, NULL, 'S' },
		{ NULL, 0, NULL, 0 },
	};
	const char *use = mali ? mali_use : csv_use;
	const char *mpath = NULL, *cpath = NULL, *setname = NULL;
	const char *dumps[2] = { NULL, NULL }, *mask_s = NULL, *l2_s = NULL;
	const char *secs_s = NULL;
	int n_dumps = 0;
	char **defs = NULL;
	int n_defs = 0, deltas = 0, list = 0, opt, ret, status = 1, done = 0;
	struct intel_oa_parse_error err;
	struct intel_oa_metrics *m = NULL;
	struct csv c;
	size_t i;

	memset(&c, 0, sizeof(c));
	defs = calloc((size_t)argc, sizeof(*defs));
	if (!defs)
		return 1;
	while ((opt = getopt_long(argc, argv, "m:s:D:lh", opts, NULL)) != -1) {
		switch (opt) {
		case 'm': mpath = optarg; break;
		case 's': setname = optarg; break;
		case 'd': deltas = 1; break;
		case 'D': defs[n_defs++] = optarg; break;
		case 'l': list = 1; break;
		case 'h': fputs(use, stdout); free(defs); return 0;
		case 'K': mask_s = optarg; break;
		case 'L': l2_s = optarg; break;
		case 'S': secs_s = optarg; break;
		default: fputs(use, stderr); free(defs); return 2;
		}
	}
	if (mali) {
		while (optind < argc && n_dumps < 2)
			dumps[n_dumps++] = argv[optind++];
	} else if (optind < argc) {
		cpath = argv[optind++];
	}
	if (!mpath) {
		fprintf(stderr, PROG " %s: --metrics FILE|DIR names the metric file ('" PROG " %s --help')\n",
			mali ? "mali" : "csv", mali ? "mali" : "csv");
		free(defs);
		return 2;
	}
	if (optind < argc || (mali && (deltas || list)) ||
	    (!mali && (mask_s || l2_s || secs_s)) ||
	    (mali ? !n_dumps || !mask_s || !l2_s : !cpath && !list)) {
		fputs(use, stderr);
		free(defs);
		return 2;
	}
	m = intel_oa_metrics_new();
	if (!m)
		goto out;
	ret = load_metrics_path(m, mpath, &err);
	if (ret == -EINVAL) {
		fprintf(stderr, PROG ": %s\n", err.text);
		goto out;
	}
	if (ret < 0) {
		fprintf(stderr, PROG ": %s: %s\n", mpath, strerror(-ret));
		goto out;
	}
	for (i = 0; i < (size_t)n_defs; i++) {
		char *eq = strchr(defs[i], '='), *end;
		double v;

		if (!eq || eq == defs[i]) {
			fprintf(stderr, PROG ": -D %s: expected NAME=VALUE\n",
				defs[i]);
			goto out;
		}
		*eq = '\0';
		errno = 0;
		v = strtod(eq + 1, &end);
		if (!eq[1] || *end || errno || !isfinite(v)) {
			fprintf(stderr, PROG ": -D %s: '%s' is not a number\n",
				defs[i], eq + 1);
			goto out;
		}
		if (!intel_oa_metrics_set_const(m, defs[i], v)) {
			fprintf(stderr, PROG ": -D %s: no constant of that name\n",
				defs[i]);
			goto out;
		}
	}
	if (list) {
		list_sets(m);
		if (!cpath) {
			status = 0;
			goto out;
		}
	}
	if (setname && !intel_oa_metrics_find(m, setname)) {
		fprintf(stderr, PROG ": no set named %s in %s\n", setname, mpath);
		goto out;
	}
	if (n_dumps) {
		status = run_mali(m, mpath, setname, dumps, n_dumps, mask_s, l2_s,
				  secs_s);
		goto out;
	}
	if (csv_load(&c, cpath, deltas))
		goto out;
	if (!deltas && c.n_rows < 2) {
		fprintf(stderr, PROG ": %s: need at least two readings (one period)\n",
			cpath);
		goto out;
	}
	for (i = 0; i < intel_oa_metrics_set_count(m); i++) {
		const struct intel_oa_metric_set *s = intel_oa_metrics_set_at(m, i);

		if (setname ? strcmp(setname, intel_oa_metric_set_name(s)) :
		    !covers(s, &c))
			continue;
		if (eval_set(s, &c, deltas))
			goto out;
		done++;
	}
	if (!done) {
		fprintf(stderr, PROG ": no set of %s has all its counters in %s\n",
			mpath, cpath);
		goto out;
	}
	status = 0;
out:
	csv_free(&c);
	intel_oa_metrics_free(m);
	free(defs);
	return status;
}

int cmd_csv(int argc, char **argv)
{
	return file_main(argc, argv, 0);
}

int cmd_mali(int argc, char **argv)
{
	return file_main(argc, argv, 1);
}

/* ---- subcommands: list, record, print, top ----------------------------- */
