// SPDX-License-Identifier: MIT
/*
 * intel-oa-metrics: what list, record, print and top share: signals, clocks,
 * the metric files, config uuids and set names, option values.
 *
 * Copyright (c) 2025 The intel-oa authors
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "metrics-cli.h"

volatile sig_atomic_t stop_requested;

static void on_signal(int sig)
{
	(void)sig;
	stop_requested = 1;
}

void catch_signals(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
}

uint64_t now_ns(clockid_t clk)
{
	struct timespec ts;

	clock_gettime(clk, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* @path: a metric file, or a directory of them. */
int load_metrics_path(struct intel_oa_metrics *m, const char *path,
		      struct intel_oa_parse_error *err)
{
	struct stat st;

	if (!stat(path, &st) && S_ISDIR(st.st_mode))
		return intel_oa_metrics_load_dir(m, path, err);
	return intel_oa_metrics_load_file(m, path, err);
}

/* An OA metric XML file to load next to the metric files (--oa-xml). */
static const char *oa_xml;

void use_oa_xml(const char *path)
{
	oa_xml = path;
}

/* One OA metric XML file, or every oa-*.xml of a directory. */
static int load_oa_xml(struct intel_oa_metrics *m, const char *path,
		       struct intel_oa_parse_error *err)
{
	struct stat st;

	if (!stat(path, &st) && S_ISDIR(st.st_mode))
		return intel_oa_metrics_load_oa_xml_dir(m, path, err);
	return intel_oa_metrics_load_file(m, path, err);
}

struct intel_oa_metrics *load_metrics(const char *path)
{
	struct intel_oa_metrics *m = intel_oa_metrics_new();
	struct intel_oa_parse_error err;
	int ret;

	if (!path)
		path = intel_oa_metrics_default_dir();
	if (!m) {
		fprintf(stderr, PROG ": out of memory\n");
		return NULL;
	}
	ret = load_metrics_path(m, path, &err);
	if (ret == -EINVAL)
		fprintf(stderr, PROG ": %s\n", err.text);
	else if (ret < 0)
		fprintf(stderr, PROG ": metric files %s: %s (set INTEL_OA_METRICS_DIR or pass --metrics-dir DIR)\n",
			path, strerror(-ret));
	if (ret >= 0 && oa_xml) {
		ret = load_oa_xml(m, oa_xml, &err);
		if (ret == -EINVAL)
			fprintf(stderr, PROG ": %s\n", err.text);
		else if (ret < 0)
			fprintf(stderr, PROG ": OA metric files %s: %s (IGT's lib/i915/perf-configs/oa-*.xml or Mesa's src/intel/perf/oa-*.xml, or their directory)\n",
				oa_xml, strerror(-ret));
	}
	if (ret < 0) {
		intel_oa_metrics_free(m);
		return NULL;
	}
	return m;
}

/*
 * The config uuid of a set: a hash of its name, so every run (and every
 * machine) names the same set's configuration alike and a config left
 * behind by a killed run is found again instead of piling up.
 */
/* The uuid an OA metric XML set names, else set_uuid() of its name. */
void set_uuid_of(const struct intel_oa_metric_set *s, char out[40])
{
	const char *u = intel_oa_metric_set_uuid(s);

	if (u)
		snprintf(out, 40, "%s", u);
	else
		set_uuid(intel_oa_metric_set_name(s), out);
}

void set_uuid(const char *name, char out[40])
{
	uint64_t h[2] = { 0xcbf29ce484222325ull, 0x84222325cbf29ce4ull };
	const unsigned char *p;
	int k;

	for (k = 0; k < 2; k++)
		for (p = (const unsigned char *)name; *p; p++) {
			h[k] ^= *p;
			h[k] *= 0x100000001b3ull;
			h[k] ^= h[k] >> (29 + k);
		}
	/* RFC 9562 version 8 (custom), variant 10 */
	h[0] = (h[0] & ~0xf000ull) | 0x8000ull;
	h[1] = (h[1] & ~(3ull << 62)) | (2ull << 62);
	snprintf(out, 40, "%08" PRIx64 "-%04" PRIx64 "-%04" PRIx64 "-%04" PRIx64
		 "-%012" PRIx64, h[0] >> 32, (h[0] >> 16) & 0xffff,
		 h[0] & 0xffff, h[1] >> 48,
		 (uint64_t)(h[1] & 0xffffffffffffull));
}

/*
 * i915-perf-reader finds the recording's set by name in IGT's own tables
 * (and crashes on a name it lacks), so a set IGT also has is recorded
 * under IGT's name; print maps it back.
 */
static const struct {
	const char *ours;
	const char *igt;
} igt_names[] = {
	{ "Render", "RenderBasic" },
	{ "Compute", "ComputeBasic" },
};

const char *igt_name(const char *ours)
{
	size_t i;

	for (i = 0; i < sizeof(igt_names) / sizeof(igt_names[0]); i++)
		if (!strcmp(ours, igt_names[i].ours))
			return igt_names[i].igt;
	return ours;
}

const char *our_name(const char *recorded)
{
	size_t i;

	for (i = 0; i < sizeof(igt_names) / sizeof(igt_names[0]); i++)
		if (!strcmp(recorded, igt_names[i].igt))
			return igt_names[i].ours;
	return recorded;
}

/* The platform row a PCI id runs as (siblings take their row's name). */
const struct intel_oa_platform *platform_of(uint32_t devid)
{
	return intel_oa_platform_for_devid((uint16_t)devid);
}

int parse_kind(const char *s, int *kind)
{
	*kind = intel_oa_output_kind_by_name(s);
	if (*kind < 0) {
		fprintf(stderr, PROG ": --output %s: expected table, csv, json or trace\n",
			s);
		return -1;
	}
	return 0;
}

int parse_positive(const char *opt, const char *s, double *out)
{
	char *end;

	errno = 0;
	*out = strtod(s, &end);
	if (!*s || *end || errno || !isfinite(*out) || *out <= 0) {
		fprintf(stderr, PROG ": %s %s: expected a positive number\n",
			opt, s);
		return -1;
	}
	return 0;
}

/* @opt: 'e' (--exponent) or 'p' (--period-us), as getopt returns it. */
int parse_sampling(int opt, const char *arg, struct sampling *smp)
{
	char *end;
	long v;

	if (opt == 'T') {
		smp->timer = 1;
		return 0;
	}
	if (opt == 'D') {
		smp->device = arg;
		return 0;
	}
	if (opt == 'p')
		return parse_positive("--period-us", arg, &smp->period_us);
	v = strtol(arg, &end, 10);
	if (!*arg || *end || v < 0 || v > 31) {
		fprintf(stderr, PROG ": --exponent %s: expected 0..31\n", arg);
		return -1;
	}
	smp->exponent = (int)v;
	return 0;
}
