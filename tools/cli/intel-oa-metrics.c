// SPDX-License-Identifier: MIT
/*
 * intel-oa-metrics: evaluate a metric file over counts from a CSV
 * (Documentation/metrics.rst, "CSV input"), or over Mali counter dumps
 * as panfrost returns them ("Mali Bifrost").
 *
 * Copyright (c) 2025 The intel-oa authors
 */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "intel_oa/intel_oa.h"
#include "intel_oa/mali.h"
#include "intel_oa/metrics.h"

#define PROG "intel-oa-metrics"

struct csv {
	const char *path;
	char **cols;
	size_t n_cols;
	size_t seconds_col;
	/* rows: n_rows x n_cols values; seconds separately */
	uint64_t *vals;
	double *secs;
	size_t n_rows;
	unsigned int *lines;	/* file line of each row */
};

static void usage(FILE *f)
{
	fprintf(f,
		"usage: " PROG " --metrics FILE|DIR [--csv IN [--set NAME] [--deltas]]\n"
		"                        [-D NAME=VALUE]... [--list] [--help]\n"
		"       " PROG " --metrics FILE|DIR --mali-dump DUMP [--mali-dump DUMP2]\n"
		"                        --core-mask MASK --l2-slices N [--seconds S]\n"
		"                        [--set NAME] [-D NAME=VALUE]...\n"
		"\n"
		"  -m, --metrics FILE|DIR  metric file, or a directory of *.metrics\n"
		"  -c, --csv IN            readings: a 'seconds' column and one column per\n"
		"                          counter; each pair of lines is one period\n"
		"  -s, --set NAME          evaluate only this set (default: every set\n"
		"                          whose counters are all columns of IN)\n"
		"      --deltas            each CSV line is one period's counts, and\n"
		"                          'seconds' its length\n"
		"      --mali-dump DUMP    a Mali counter dump as DRM_IOCTL_PANFROST_PERFCNT_DUMP\n"
		"                          returns it; one: counts since the counters were\n"
		"                          enabled; two: the period between them\n"
		"      --core-mask MASK    the GPU's SHADER_PRESENT (e.g. 0x3, 0x5)\n"
		"      --l2-slices N       the GPU's L2 slices (1..16)\n"
		"      --seconds S         length of the period (for SECONDS)\n"
		"  -D NAME=VALUE           give a file constant a value\n"
		"  -l, --list              list the sets, counters and metrics\n"
		"  -h, --help              this help\n");
}

static void csv_free(struct csv *c)
{
	size_t i;

	for (i = 0; i < c->n_cols; i++)
		free(c->cols[i]);
	free(c->cols);
	free(c->vals);
	free(c->secs);
	free(c->lines);
}

/* Split one line at commas in place; blanks around fields are dropped. */
static size_t split(char *line, char **fields, size_t *cols, size_t max)
{
	size_t n = 0;
	char *p = line;

	for (;;) {
		char *start = p, *end;

		while (*start == ' ' || *start == '\t')
			start++;
		end = strchr(start, ',');
		if (!end)
			end = start + strlen(start);
		if (n < max) {
			char *e = end;

			while (e > start && (e[-1] == ' ' || e[-1] == '\t' ||
					     e[-1] == '\r'))
				e--;
			fields[n] = start;
			cols[n] = (size_t)(start - line) + 1;
			if (*end == ',') {
				*e = '\0';
				p = end + 1;
			} else {
				*e = '\0';
				p = NULL;
			}
		} else {
			p = *end == ',' ? end + 1 : NULL;
		}
		n++;
		if (!p)
			return n;
	}
}

static int parse_u64(const char *s, uint64_t *out)
{
	uint64_t v = 0;
	int hex = 0, digits = 0;

	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		hex = 1;
		s += 2;
	}
	for (; *s; s++) {
		int d;

		if (*s >= '0' && *s <= '9')
			d = *s - '0';
		else if (hex && *s >= 'a' && *s <= 'f')
			d = *s - 'a' + 10;
		else if (hex && *s >= 'A' && *s <= 'F')
			d = *s - 'A' + 10;
		else
			return -1;
		if (v > (UINT64_MAX - (uint64_t)d) / (hex ? 16u : 10u))
			return -1;
		v = v * (hex ? 16u : 10u) + (uint64_t)d;
		digits++;
	}
	if (!digits)
		return -1;
	*out = v;
	return 0;
}

static int parse_seconds(const char *s, double *out)
{
	char *end;

	if (!*s)
		return -1;
	errno = 0;
	*out = strtod(s, &end);
	if (*end || errno || !isfinite(*out))
		return -1;
	return 0;
}

static int csv_load(struct csv *c, const char *path, int deltas)
{
	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0, i;
	ssize_t n;
	unsigned int lineno = 0;
	char **fields = NULL;
	size_t *fcols = NULL;
	int ret = -1;

	memset(c, 0, sizeof(*c));
	c->path = path;
	c->seconds_col = (size_t)-1;
	if (!f) {
		fprintf(stderr, PROG ": %s: %s\n", path, strerror(errno));
		return -1;
	}
	while ((n = getline(&line, &cap, f)) >= 0) {
		size_t nf;

		lineno++;
		if (n && line[n - 1] == '\n')
			line[--n] = '\0';
		if (n && line[n - 1] == '\r')
			line[--n] = '\0';
		if (!c->cols) {
			nf = split(line, NULL, NULL, 0);
			fields = calloc(nf, sizeof(*fields));
			fcols = calloc(nf, sizeof(*fcols));
			c->cols = calloc(nf, sizeof(*c->cols));
			if (!fields || !fcols || !c->cols)
				goto oom;
			split(line, fields, fcols, nf);
			c->n_cols = nf;
			for (i = 0; i < nf; i++) {
				c->cols[i] = strdup(fields[i]);
				if (!c->cols[i])
					goto oom;
				if (!strcmp(fields[i], "seconds"))
					c->seconds_col = i;
			}
			if (c->seconds_col == (size_t)-1) {
				fprintf(stderr,
					PROG ": %s:1:1: expected a 'seconds' column in the header\n",
					path);
				goto out;
			}
			continue;
		}
		if (!n)
			continue;
		nf = split(line, fields, fcols, c->n_cols);
		if (nf != c->n_cols) {
			fprintf(stderr,
				PROG ": %s:%u:1: expected %zu fields, found %zu\n",
				path, lineno, c->n_cols, nf);
			goto out;
		}
		{
			uint64_t *nv = realloc(c->vals, (c->n_rows + 1) *
					       c->n_cols * sizeof(*nv));
			double *ns;
			unsigned int *nl;

			if (!nv)
				goto oom;
			c->vals = nv;
			ns = realloc(c->secs, (c->n_rows + 1) * sizeof(*ns));
			if (!ns)
				goto oom;
			c->secs = ns;
			nl = realloc(c->lines, (c->n_rows + 1) * sizeof(*nl));
			if (!nl)
				goto oom;
			c->lines = nl;
		}
		for (i = 0; i < nf; i++) {
			uint64_t *v = &c->vals[c->n_rows * c->n_cols + i];

			*v = 0;
			if (i == c->seconds_col) {
				double s;

				if (parse_seconds(fields[i], &s)) {
					fprintf(stderr,
						PROG ": %s:%u:%zu: expected a number of seconds, found '%s'\n",
						path, lineno, fcols[i], fields[i]);
					goto out;
				}
				if (deltas ? s <= 0 :
				    c->n_rows && s <= c->secs[c->n_rows - 1]) {
					fprintf(stderr,
						PROG ": %s:%u:%zu: expected %s, found '%s'\n",
						path, lineno, fcols[i],
						deltas ? "a period longer than 0 s" :
						"a time later than the previous line's",
						fields[i]);
					goto out;
				}
				c->secs[c->n_rows] = s;
			} else if (parse_u64(fields[i], v)) {
				fprintf(stderr,
					PROG ": %s:%u:%zu: expected an unsigned integer, found '%s'\n",
					path, lineno, fcols[i], fields[i]);
				goto out;
			}
		}
		c->lines[c->n_rows] = lineno;
		c->n_rows++;
	}
	if (!c->cols) {
		fprintf(stderr, PROG ": %s:1:1: expected a header line\n", path);
		goto out;
	}
	ret = 0;
	goto out;
oom:
	fprintf(stderr, PROG ": out of memory\n");
out:
	free(line);
	free(fields);
	free(fcols);
	fclose(f);
	return ret;
}

static int find_col(const struct csv *c, const char *name)
{
	size_t i;

	for (i = 0; i < c->n_cols; i++)
		if (!strcmp(c->cols[i], name))
			return (int)i;
	return -1;
}

static int seconds_builtin(void *ctx, int id, double *value)
{
	if (id != INTEL_OA_BI_SECONDS)
		return -1;
	*value = *(const double *)ctx;
	return 0;
}

static void print_value(double v, unsigned int flags, const char *unit)
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

static int parse_mask(const char *s, uint64_t *out)
{
	char *end;

	errno = 0;
	*out = strtoull(s, &end, 0);
	return (!*s || *end || errno || s[0] == '-') ? -1 : 0;
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

static int run_mali(struct intel_oa_metrics *m, const char *mpath,
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

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "metrics", required_argument, NULL, 'm' },
		{ "csv", required_argument, NULL, 'c' },
		{ "set", required_argument, NULL, 's' },
		{ "deltas", no_argument, NULL, 'd' },
		{ "list", no_argument, NULL, 'l' },
		{ "help", no_argument, NULL, 'h' },
		{ "mali-dump", required_argument, NULL, 'M' },
		{ "core-mask", required_argument, NULL, 'K' },
		{ "l2-slices", required_argument, NULL, 'L' },
		{ "seconds", required_argument, NULL, 'S' },
		{ NULL, 0, NULL, 0 },
	};
	const char *mpath = NULL, *cpath = NULL, *setname = NULL;
	const char *dumps[2] = { NULL, NULL }, *mask_s = NULL, *l2_s = NULL;
	const char *secs_s = NULL;
	int n_dumps = 0;
	char **defs = NULL;
	int n_defs = 0, deltas = 0, list = 0, opt, ret, status = 1, done = 0;
	struct intel_oa_parse_error err;
	struct intel_oa_metrics *m = NULL;
	struct csv c;
	struct stat st;
	size_t i;

	memset(&c, 0, sizeof(c));
	defs = calloc((size_t)argc, sizeof(*defs));
	if (!defs)
		return 1;
	while ((opt = getopt_long(argc, argv, "m:c:s:D:lh", opts, NULL)) != -1) {
		switch (opt) {
		case 'm': mpath = optarg; break;
		case 'c': cpath = optarg; break;
		case 's': setname = optarg; break;
		case 'd': deltas = 1; break;
		case 'D': defs[n_defs++] = optarg; break;
		case 'l': list = 1; break;
		case 'h': usage(stdout); free(defs); return 0;
		case 'M':
			if (n_dumps == 2) {
				fprintf(stderr, PROG ": at most two --mali-dump\n");
				free(defs);
				return 1;
			}
			dumps[n_dumps++] = optarg;
			break;
		case 'K': mask_s = optarg; break;
		case 'L': l2_s = optarg; break;
		case 'S': secs_s = optarg; break;
		default: usage(stderr); free(defs); return 1;
		}
	}
	if (!mpath || optind < argc || (!cpath && !n_dumps && !list) ||
	    (cpath && n_dumps) ||
	    (n_dumps && (!mask_s || !l2_s)) ||
	    (!n_dumps && (mask_s || l2_s || secs_s))) {
		usage(stderr);
		free(defs);
		return 1;
	}
	m = intel_oa_metrics_new();
	if (!m)
		goto out;
	if (!stat(mpath, &st) && S_ISDIR(st.st_mode))
		ret = intel_oa_metrics_load_dir(m, mpath, &err);
	else
		ret = intel_oa_metrics_load_file(m, mpath, &err);
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
