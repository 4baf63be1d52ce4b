// SPDX-License-Identifier: MIT
/*
 * Metric file loader tests: a good file and its accessors, evaluation
 * (deltas with 32-, 40- and 64-bit wraps, constants, metrics using
 * metrics, built-ins), every malformed construct with its exact
 * FILE:LINE:COLUMN message, directory loading.
 *
 * Copyright (c) 2025 The intel-oa authors
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "drm/intel_oa_drm.h"
#include "intel_oa/intel_oa.h"
#include "intel_oa/metrics.h"
#include "unit.h"

static const char good_file[] =
	"# a test file\n"
	"family test-family.1\n"
	"\n"
	"const K = 0x10 * 2   # 32\n"
	"const HALF = K / 2\n"
	"const NOVAL\n"
	"set First\n"
	"  description \"the \\\"first\\\" set\"\n"
	"  counter c32 slot 2 width 32 \"a 32-bit counter\"\n"
	"  counter c40 width 40 slot 0\n"
	"  counter c64\n"
	"  mux 0x9888 = 0x14150001\n"
	"  boolean 0x2770 = 0\n"
	"  mux 39048 = 4294967295\n"
	"  flex 0xe458 = 0x00000005\n"
	"  metric sum \"events\" = c32 + c40\n"
	"  metric twice = sum * 2 + K - HALF - 16   # 2 * sum\n"
	"  metric per_s \"1/s\" = sum / SECONDS\n"
	"  metric a0_rate = A0 / TIMESTAMP * TS_FREQ\n"
	"  metric eus = EU_COUNT\n"
	"  metric noval = NOVAL + 1\n"
	"  metric uses_noval = noval * 0\n"
	"end\n"
	"\tset Second\n"
	"\tmetric one = 1\n"
	"\tend\n";

struct bi_ctx {
	double seconds, a0, timestamp, ts_freq, eus;
};

static int t_builtin(void *ctx, int id, double *value)
{
	const struct bi_ctx *b = ctx;

	switch (id) {
	case INTEL_OA_BI_SECONDS: *value = b->seconds; return 0;
	case INTEL_OA_BI_A + 0: *value = b->a0; return 0;
	case INTEL_OA_BI_TIMESTAMP: *value = b->timestamp; return 0;
	case INTEL_OA_BI_TS_FREQ: *value = b->ts_freq; return 0;
	case INTEL_OA_BI_EU_COUNT: *value = b->eus; return 0;
	default: return -1;
	}
}

static void good_file_accessors(const void *arg UNIT_UNUSED)
{
	struct intel_oa_metrics *m = intel_oa_metrics_new();
	struct intel_oa_parse_error err;
	const struct intel_oa_metric_set *s;
	const struct intel_oa_metric_reg *r;
	const char *unit;
	unsigned int w = 0;
	size_t n;
	int ret;

	UNIT_CHECK(m, "new");
	ret = intel_oa_metrics_load_string(m, "good.metrics", good_file,
					   strlen(good_file), &err);
	if (ret) {
		intel_oa_metrics_free(m);
		UNIT_CHECK(0, "load: %d %s", ret, err.text);
	}
	UNIT_EQ(intel_oa_metrics_set_count(m), 2, "sets");
	s = intel_oa_metrics_find(m, "First");
	UNIT_CHECK(s && s == intel_oa_metrics_set_at(m, 0), "First");
	UNIT_CHECK(intel_oa_metrics_find(m, "Second") ==
		   intel_oa_metrics_set_at(m, 1), "Second");
	UNIT_CHECK(!intel_oa_metrics_find(m, "first"), "case sensitive");
	UNIT_CHECK(!intel_oa_metrics_set_at(m, 2), "past the end");
	UNIT_CHECK(!strcmp(intel_oa_metric_set_name(s), "First"), "name");
	UNIT_CHECK(!strcmp(intel_oa_metric_set_family(s), "test-family.1"),
		   "family %s", intel_oa_metric_set_family(s));
	UNIT_CHECK(!strcmp(intel_oa_metric_set_description(s),
			   "the \"first\" set"), "description '%s'",
		   intel_oa_metric_set_description(s));
	UNIT_CHECK(!strcmp(intel_oa_metric_set_description(
				   intel_oa_metrics_find(m, "Second")), ""),
		   "no description");
	/* slots: c40 at 0, c32 at 2, c64 the next after 2 */
	UNIT_EQ(intel_oa_metric_set_counter_count(s), 4, "slots");
	UNIT_CHECK(!strcmp(intel_oa_metric_set_counter(s, 0, &w), "c40") &&
		   w == 40, "slot 0");
	UNIT_CHECK(!intel_oa_metric_set_counter(s, 1, &w), "slot 1 empty");
	UNIT_CHECK(!strcmp(intel_oa_metric_set_counter(s, 2, &w), "c32") &&
		   w == 32, "slot 2");
	UNIT_CHECK(!strcmp(intel_oa_metric_set_counter(s, 3, &w), "c64") &&
		   w == 64, "slot 3 default width");
	UNIT_CHECK(!intel_oa_metric_set_counter(s, 4, &w), "slot 4");
	r = intel_oa_metric_set_regs(s, INTEL_OA_REG_MUX, &n);
	UNIT_EQ(n, 2, "mux count");
	UNIT_CHECK(r[0].addr == 0x9888 && r[0].value == 0x14150001 &&
		   r[1].addr == 39048 && r[1].value == 0xffffffffu, "mux");
	r = intel_oa_metric_set_regs(s, INTEL_OA_REG_BOOLEAN, &n);
	UNIT_CHECK(n == 1 && r[0].addr == 0x2770 && r[0].value == 0,
		   "boolean");
	r = intel_oa_metric_set_regs(s, INTEL_OA_REG_FLEX, &n);
	UNIT_CHECK(n == 1 && r[0].addr == 0xe458 && r[0].value == 5, "flex");
	r = intel_oa_metric_set_regs(s, 7, &n);
	UNIT_CHECK(!r && !n, "bad kind");
	r = intel_oa_metric_set_regs(intel_oa_metrics_find(m, "Second"),
				     INTEL_OA_REG_MUX, &n);
	UNIT_CHECK(!r && !n, "no registers");
	UNIT_EQ(intel_oa_metric_set_metric_count(s), 7, "metrics");
	UNIT_CHECK(!strcmp(intel_oa_metric_set_metric(s, 0, &unit), "sum") &&
		   !strcmp(unit, "events"), "metric 0");
	UNIT_CHECK(!strcmp(intel_oa_metric_set_metric(s, 1, &unit), "twice") &&
		   !strcmp(unit, ""), "metric 1");
	UNIT_CHECK(!strcmp(intel_oa_metric_set_metric(s, 2, &unit), "per_s") &&
		   !strcmp(unit, "1/s"), "metric 2");
	UNIT_CHECK(!intel_oa_metric_set_metric(s, 7, &unit), "metric 7");
	intel_oa_metrics_free(m);
}

static void eval_and_wraps(const void *arg UNIT_UNUSED)
{
	struct intel_oa_metrics *m = intel_oa_metrics_new();
	struct intel_oa_parse_error err;
	const struct intel_oa_metric_set *s;
	struct bi_ctx b = { 2.0, 600, 1200, 12e6, 24 };
	/* slots: 0 = c40, 1 = empty, 2 = c32, 3 = c64 */
	uint64_t prev[4] = { 0xfffffffff0ull, 0, 0xfffffff0u, 5 };
	uint64_t cur[4] = { 0x10, 0, 0x10, 3 };
	double d[4], v[7];
	unsigned int fl[7];
	size_t nan;

	UNIT_CHECK(m, "new");
	if (intel_oa_metrics_load_string(m, "good.metrics", good_file,
					 strlen(good_file), &err)) {
		intel_oa_metrics_free(m);
		UNIT_CHECK(0, "%s", err.text);
	}
	s = intel_oa_metrics_find(m, "First");
	intel_oa_metric_counter_deltas(s, prev, cur, d);
	/* 40-bit: 0xfffffffff0 -> 0x10 is 0x20; 32-bit likewise */
	UNIT_CHECK(d[0] == 32.0, "40-bit wrap: %g", d[0]);
	UNIT_CHECK(d[2] == 32.0, "32-bit wrap: %g", d[2]);
	/* 64-bit: 5 -> 3 is 2^64 - 2 */
	UNIT_CHECK(d[3] == 18446744073709551614.0, "64-bit wrap: %g", d[3]);
	/* a 32-bit counter does not see bits above 31 of a 40-bit jump */
	prev[2] = 0x1fffffff0ull;
	cur[2] = 0x200000010ull;
	prev[0] = 0x10;
	cur[0] = 0x10000000010ull;	/* bit 40 is outside 40 bits */
	intel_oa_metric_counter_deltas(s, prev, cur, d);
	UNIT_CHECK(d[2] == 32.0 && d[0] == 0.0, "widths: %g %g", d[2], d[0]);
	prev[0] = 0xffffffff00ull;
	cur[0] = 0x0000000100ull;	/* 40-bit carry out of the low dword */
	prev[2] = 100;
	cur[2] = 100;
	intel_oa_metric_counter_deltas(s, prev, cur, d);
	UNIT_CHECK(d[0] == 512.0 && d[2] == 0.0, "40-bit: %g", d[0]);

	d[0] = 30;
	d[2] = 12;
	nan = intel_oa_metric_set_eval(s, d, t_builtin, &b, v, fl);
	UNIT_EQ(nan, 2, "NaN metrics");
	UNIT_CHECK(v[0] == 42.0 && !fl[0], "sum %g", v[0]);
	UNIT_CHECK(v[1] == 84.0 && !fl[1], "twice %g", v[1]);
	UNIT_CHECK(v[2] == 21.0 && !fl[2], "per_s %g", v[2]);
	UNIT_CHECK(v[3] == 600.0 / 1200 * 12e6, "a0_rate %g", v[3]);
	UNIT_CHECK(v[4] == 24.0, "eus %g", v[4]);
	UNIT_CHECK(isnan(v[5]) && fl[5] == INTEL_OA_EVAL_UNDEFINED, "noval");
	UNIT_CHECK(isnan(v[6]) && fl[6] == INTEL_OA_EVAL_UNDEFINED,
		   "a metric of a NaN metric inherits its flags");

	/* no built-ins: SECONDS, A0, EU_COUNT... are undefined */
	nan = intel_oa_metric_set_eval(s, d, NULL, NULL, v, NULL);
	UNIT_EQ(nan, 5, "NaN metrics without built-ins");
	UNIT_CHECK(v[0] == 42.0 && isnan(v[2]), "no built-ins");

	/* zero period: division by zero, flagged, no trap */
	b.seconds = 0;
	b.timestamp = 0;
	intel_oa_metric_set_eval(s, d, t_builtin, &b, v, fl);
	UNIT_CHECK(isnan(v[2]) && fl[2] == INTEL_OA_EVAL_DIV_ZERO, "per_s/0");
	UNIT_CHECK(isnan(v[3]) && fl[3] == INTEL_OA_EVAL_DIV_ZERO, "a0/0");

	/* constants: a value for NOVAL; K overridden (HALF stays 16) */
	UNIT_EQ(intel_oa_metrics_set_const(m, "NOVAL", 9), 1, "NOVAL");
	UNIT_EQ(intel_oa_metrics_set_const(m, "K", 40), 1, "K");
	UNIT_EQ(intel_oa_metrics_set_const(m, "NONE", 1), 0, "NONE");
	b.seconds = 2;
	b.timestamp = 1200;
	intel_oa_metric_set_eval(s, d, t_builtin, &b, v, fl);
	UNIT_CHECK(v[1] == 84.0 + 8 && v[5] == 10.0 && v[6] == 0.0 && !fl[6],
		   "constants: %g %g %g", v[1], v[5], v[6]);
	intel_oa_metrics_free(m);
}

static void oa_builtins(const void *arg UNIT_UNUSED)
{
	struct intel_oa_accumulator acc;
	struct intel_oa_oa_period op;
	const struct intel_oa_platform *skl = intel_oa_platform_by_name("skl");
	char name[16];
	double v = 0;

	UNIT_CHECK(skl, "skl row");
	memset(&acc, 0, sizeof(acc));
	memset(&op, 0, sizeof(op));
	acc.timestamp = 6000000;	/* half a second at 12 MHz */
	acc.gpu_ticks = 7;
	acc.a[0] = 100;
	acc.a[44] = 44;
	acc.b[7] = 8;
	acc.c[3] = 4;
	op.acc = &acc;
	op.has_a = 1ull | 1ull << 44;
	op.has_b = 1u << 7;
	op.has_c = 1u << 3;
	op.platform = skl;
	UNIT_CHECK(!intel_oa_oa_builtin(&op, INTEL_OA_BI_A, &v) && v == 100,
		   "A0");
	UNIT_CHECK(!intel_oa_oa_builtin(&op, INTEL_OA_BI_A + 44, &v) &&
		   v == 44, "A44");
	UNIT_CHECK(intel_oa_oa_builtin(&op, INTEL_OA_BI_A + 1, &v) == -1,
		   "A1 not in the format");
	UNIT_CHECK(!intel_oa_oa_builtin(&op, INTEL_OA_BI_B + 7, &v) && v == 8,
		   "B7");
	UNIT_CHECK(!intel_oa_oa_builtin(&op, INTEL_OA_BI_C + 3, &v) && v == 4,
		   "C3");
	UNIT_CHECK(intel_oa_oa_builtin(&op, INTEL_OA_BI_GPU_TICKS, &v) == -1,
		   "no GPU_TICKS");
	op.has_gpu_ticks = true;
	UNIT_CHECK(!intel_oa_oa_builtin(&op, INTEL_OA_BI_GPU_TICKS, &v) &&
		   v == 7, "GPU_TICKS");
	UNIT_CHECK(!intel_oa_oa_builtin(&op, INTEL_OA_BI_SECONDS, &v) &&
		   v == 0.5, "SECONDS %g", v);
	UNIT_CHECK(!intel_oa_oa_builtin(&op, INTEL_OA_BI_TS_FREQ, &v) &&
		   v == 12e6, "TS_FREQ");
	/* Skylake GT2: 1 slice x 3 subslices x 8 EUs (platforms.rst) */
	UNIT_CHECK(!intel_oa_oa_builtin(&op, INTEL_OA_BI_EU_COUNT, &v) &&
		   v == 24, "EU_COUNT %g", v);
	UNIT_CHECK(!intel_oa_oa_builtin(&op, INTEL_OA_BI_SUBSLICE_COUNT, &v) &&
		   v == 3, "SUBSLICE_COUNT");
	UNIT_CHECK(!intel_oa_oa_builtin(&op, INTEL_OA_BI_SLICE_COUNT, &v) &&
		   v == 1, "SLICE_COUNT");
	UNIT_CHECK(intel_oa_oa_builtin(&op, INTEL_OA_BI_GPU_FREQ_MAX, &v) == -1,
		   "no GPU_FREQ_MAX");
	op.gpu_freq_max = 1.15e9;
	UNIT_CHECK(!intel_oa_oa_builtin(&op, INTEL_OA_BI_GPU_FREQ_MAX, &v) &&
		   v == 1.15e9, "GPU_FREQ_MAX");
	op.ts_freq = 24000000;
	UNIT_CHECK(!intel_oa_oa_builtin(&op, INTEL_OA_BI_SECONDS, &v) &&
		   v == 0.25, "SECONDS with ts_freq");
	op.platform = NULL;
	op.ts_freq = 0;
	UNIT_CHECK(intel_oa_oa_builtin(&op, INTEL_OA_BI_SECONDS, &v) == -1 &&
		   intel_oa_oa_builtin(&op, INTEL_OA_BI_EU_COUNT, &v) == -1,
		   "no platform");
	/* names */
	UNIT_EQ(intel_oa_builtin_by_name("A0", 2), INTEL_OA_BI_A, "A0");
	UNIT_EQ(intel_oa_builtin_by_name("A44", 3), INTEL_OA_BI_A + 44, "A44");
	UNIT_EQ(intel_oa_builtin_by_name("A45", 3), -1, "A45");
	UNIT_EQ(intel_oa_builtin_by_name("A01", 3), -1, "A01");
	UNIT_EQ(intel_oa_builtin_by_name("B7", 2), INTEL_OA_BI_B + 7, "B7");
	UNIT_EQ(intel_oa_builtin_by_name("B8", 2), -1, "B8");
	UNIT_EQ(intel_oa_builtin_by_name("C7", 2), INTEL_OA_BI_C + 7, "C7");
	UNIT_EQ(intel_oa_builtin_by_name("C", 1), -1, "C");
	UNIT_EQ(intel_oa_builtin_by_name("TIMESTAMP", 9), INTEL_OA_BI_TIMESTAMP,
		"TIMESTAMP");
	UNIT_EQ(intel_oa_builtin_by_name("TIMESTAMPS", 10), -1, "TIMESTAMPS");
	UNIT_CHECK(!strcmp(intel_oa_builtin_name(INTEL_OA_BI_C + 5, name,
						 sizeof(name)), "C5"), "C5");
	UNIT_CHECK(!strcmp(intel_oa_builtin_name(INTEL_OA_BI_GPU_FREQ_MAX, name,
						 sizeof(name)), "GPU_FREQ_MAX"),
		   "GPU_FREQ_MAX name");
	UNIT_CHECK(!strcmp(intel_oa_builtin_name(INTEL_OA_BI_COUNT, name,
						 sizeof(name)), ""), "unknown");
}

/*
 * From two Skylake reports (format A32u40_A4u32_B8_C8, written by the
 * reference builder) through intel_oa_accumulate() and
 * intel_oa_oa_builtin() to a set: A0 (40 bits) and A32 (32 bits) wrap,
 * TIMESTAMP (32 bits) wraps.
 */
static const char oa_file[] =
	"family gen9\n"
	"set Pipeline\n"
	"  boolean 0x2770 = 0\n"
	"  metric a0 = A0\n"
	"  metric a32 = A32\n"
	"  metric b7 = B7\n"
	"  metric ticks = GPU_TICKS\n"
	"  metric per_eu_per_s = A0 / EU_COUNT / SECONDS\n"
	"  metric busy_pct \"%\" = 100 * A32 / GPU_TICKS\n"
	"  metric a40 = A40   # not in this format\n"
	"end\n";

static void oa_reports_end_to_end(const void *arg UNIT_UNUSED)
{
	const struct ref_format *rf = NULL;
	struct intel_oa_metrics *m;
	struct intel_oa_parse_error err;
	struct intel_oa_format fmt;
	struct intel_oa_accumulator acc;
	struct intel_oa_oa_period op;
	struct ref_header h0 = { 0, 0xffffff00u, 1, 0xfffffff0u };
	struct ref_header h1 = { 0, 0x00000200u, 1, 0x00000010u };
	struct ref_counter a0 = { REF_A, 0, 40 }, a32 = { REF_A, 32, 32 };
	struct ref_counter b7 = { REF_B, 7, 32 };
	uint8_t r0[REF_MAX_REPORT], r1[REF_MAX_REPORT];
	const struct intel_oa_metric_set *s;
	double v[7];
	unsigned int fl[7];
	size_t i;

	for (i = 0; i < ref_formats_count; i++)
		if (ref_formats[i].id == I915_OA_FORMAT_A32u40_A4u32_B8_C8 &&
		    ref_formats[i].ver == 900)
			rf = &ref_formats[i];
	UNIT_CHECK(rf, "reference format");
	memset(r0, 0, sizeof(r0));
	memset(r1, 0, sizeof(r1));
	ref_place_header(rf->hdr, &h0, r0);
	ref_place_header(rf->hdr, &h1, r1);
	UNIT_CHECK(!ref_place(rf, &a0, 0xfffffffff0ull, r0) &&
		   !ref_place(rf, &a0, 0x0000000310ull, r1) &&
		   !ref_place(rf, &a32, 0xfffffff0u, r0) &&
		   !ref_place(rf, &a32, 0x00000010u, r1) &&
		   !ref_place(rf, &b7, 7, r0) && !ref_place(rf, &b7, 70, r1),
		   "place");
	UNIT_CHECK(!intel_oa_format_init(&fmt, I915_OA_FORMAT_A32u40_A4u32_B8_C8,
					 intel_oa_gen_by_devid(0x1912)),
		   "format");
	memset(&acc, 0, sizeof(acc));
	UNIT_CHECK(!intel_oa_accumulate(&fmt, r0, r1, &acc), "accumulate");
	memset(&op, 0, sizeof(op));
	op.acc = &acc;
	op.has_a = (1ull << 36) - 1;		/* A0..A35 */
	op.has_b = 0xff;
	op.has_c = 0xff;
	op.has_gpu_ticks = true;
	op.platform = intel_oa_platform_by_name("skl");

	m = intel_oa_metrics_new();
	UNIT_CHECK(m, "new");
	if (intel_oa_metrics_load_string(m, "gen9.metrics", oa_file,
					 strlen(oa_file), &err)) {
		intel_oa_metrics_free(m);
		UNIT_CHECK(0, "%s", err.text);
	}
	s = intel_oa_metrics_find(m, "Pipeline");
	intel_oa_metric_set_eval(s, NULL, intel_oa_oa_builtin, &op, v, fl);
	intel_oa_metrics_free(m);
	/* 0xfffffffff0 -> 0x310 in 40 bits: 0x320 = 800 */
	UNIT_CHECK(v[0] == 800.0, "a0 %g", v[0]);
	/* 0xfffffff0 -> 0x10 in 32 bits: 0x20 = 32 */
	UNIT_CHECK(v[1] == 32.0, "a32 %g", v[1]);
	UNIT_CHECK(v[2] == 63.0, "b7 %g", v[2]);
	UNIT_CHECK(v[3] == 32.0, "ticks %g", v[3]);
	/* TIMESTAMP 0xffffff00 -> 0x200: 0x300 = 768 ticks at 12 MHz = 64 us;
	 * 800 / 24 EUs / 64e-6 s */
	UNIT_CHECK(fabs(v[4] - 800.0 / 24 / (768.0 / 12e6)) < 1e-6,
		   "per_eu_per_s %g", v[4]);
	UNIT_CHECK(v[5] == 100.0, "busy_pct %g", v[5]);
	UNIT_CHECK(isnan(v[6]) && fl[6] == INTEL_OA_EVAL_UNDEFINED, "A40");
}

#define F "family f\n"
#define S "family f\nset a\n"

static const struct {
	const char *text;
	const char *msg;
} bad[] = {
	{ "", "t.metrics:1:1: expected 'family NAME' before any other directive" },
	{ "# only a comment\n",
	  "t.metrics:1:1: expected 'family NAME' before any other directive" },
	{ "set a\nend\n",
	  "t.metrics:1:1: expected 'family NAME' before any other directive" },
	{ F "metrc m = 1\n",
	  "t.metrics:2:1: expected a directive (family, platforms, const, set, "
	  "description, format, counter, mux, boolean, flex, metric, end), found 'metrc'" },
	{ F "  = 1\n",
	  "t.metrics:2:3: expected a directive (family, platforms, const, set, "
	  "description, format, counter, mux, boolean, flex, metric, end), found '='" },
	/* a directive's prefix or part is no directive */
	{ F "platform skl\n",
	  "t.metrics:2:1: expected a directive (family, platforms, const, set, "
	  "description, format, counter, mux, boolean, flex, metric, end), found 'platform'" },
	{ F "form x\n",
	  "t.metrics:2:1: expected a directive (family, platforms, const, set, "
	  "description, format, counter, mux, boolean, flex, metric, end), found 'form'" },
	{ F "family g\n", "t.metrics:2:1: family is already set at line 1" },
	{ "family\n", "t.metrics:1:7: expected a name, found end of line" },
	{ "family f g\n",
	  "t.metrics:1:10: unexpected 'g' at the end of the line" },
	{ F "metric m = 1\n", "t.metrics:2:1: 'metric' outside a set" },
	{ F "counter c\n", "t.metrics:2:1: 'counter' outside a set" },
	{ F "mux 1 = 2\n", "t.metrics:2:1: 'mux' outside a set" },
	{ F "description \"x\"\n", "t.metrics:2:1: 'description' outside a set" },
	{ F "end\n", "t.metrics:2:1: 'end' outside a set" },
	{ S "set b\n", "t.metrics:3:1: 'set' inside set 'a' (missing 'end')" },
	{ S "const K = 1\n",
	  "t.metrics:3:1: 'const' inside set 'a' (missing 'end')" },
	{ F "\n  set a\n  metric m = 1\n",
	  "t.metrics:3:3: set 'a' has no 'end'" },
	{ F "set 1a\nend\n", "t.metrics:2:5: expected a name, found '1a'" },
	{ F "set a b\nend\n",
	  "t.metrics:2:7: unexpected 'b' at the end of the line" },
	{ F "set a\nend\nset a\nend\n",
	  "t.metrics:4:5: set 'a' is already defined at t.metrics:2" },
	{ F "set "
	  "a234567890123456789012345678901234567890123456789012345678901234\n",
	  "t.metrics:2:5: name too long (at most 63 characters)" },
	{ S "  counter c\n  metric c = 1\nend\n",
	  "t.metrics:4:10: counter 'c' is already defined at line 3" },
	{ S "  metric m = 1\n  metric m = 2\nend\n",
	  "t.metrics:4:10: metric 'm' is already defined at line 3" },
	{ S "  metric m = 1\n  counter m\nend\n",
	  "t.metrics:4:11: metric 'm' is already defined at line 3" },
	{ F "const K = 1\nset a\n  counter K\nend\n",
	  "t.metrics:4:11: constant 'K' is already defined at line 2" },
	{ S "  counter A0\nend\n", "t.metrics:3:11: 'A0' is a built-in name" },
	{ S "  metric SECONDS = 1\nend\n",
	  "t.metrics:3:10: 'SECONDS' is a built-in name" },
	{ F "const K = 1\nconst K = 2\n",
	  "t.metrics:3:7: constant 'K' is already defined at line 2" },
	{ F "const TS_FREQ = 2\n", "t.metrics:2:7: 'TS_FREQ' is a built-in name" },
	{ F "const K = 1 / 0\n",
	  "t.metrics:2:9: constant 'K' is not a number (division by zero)" },
	{ F "const A\nconst K = A + 1\n",
	  "t.metrics:3:9: constant 'K' is not a number (undefined input)" },
	{ F "const K = EU_COUNT\n", "t.metrics:2:11: unknown name 'EU_COUNT'" },
	{ F "const K 1\n", "t.metrics:2:9: expected '=', found '1'" },
	{ F "const K =\n",
	  "t.metrics:2:10: expected an operand, found end of line" },
	{ S "  metric m = 1 + * 2\nend\n",
	  "t.metrics:3:18: expected an operand, found '*'" },
	{ S "  metric m = A45\nend\n", "t.metrics:3:14: unknown name 'A45'" },
	{ S "  metric m = n\n  metric n = 1\nend\n",
	  "t.metrics:3:14: unknown name 'n'" },
	{ S "  metric m = m + 1\nend\n", "t.metrics:3:14: unknown name 'm'" },
	{ S "  metric m = (1\nend\n",
	  "t.metrics:3:16: expected ')', found end of line" },
	{ S "  metric m = 1 # (\nend\n", NULL },	/* a comment: fine */
	{ S "  metric m \"MB/s\" 1\nend\n",
	  "t.metrics:3:19: expected '=', found '1'" },
	{ S "  metric m \"MB/s\nend\n", "t.metrics:3:12: unterminated string" },
	{ S "  metric = 1\nend\n", "t.metrics:3:10: expected a name, found '='" },
	{ S "  mux 0x9888 0\nend\n", "t.metrics:3:14: expected '=', found '0'" },
	{ S "  boolean 0x2770 = 0x100000000\nend\n",
	  "t.metrics:3:20: value does not fit in 32 bits" },
	{ S "  boolean 0x100000000 = 0\nend\n",
	  "t.metrics:3:11: address does not fit in 32 bits" },
	{ S "  flex zz = 1\nend\n",
	  "t.metrics:3:8: expected a number, found 'zz'" },
	{ S "  flex 0x = 1\nend\n",
	  "t.metrics:3:8: expected a number, found '0x'" },
	{ S "  flex 12ab = 1\nend\n",
	  "t.metrics:3:8: expected a number, found '12ab'" },
	{ S "  mux 1 = 1 + 1\nend\n",
	  "t.metrics:3:13: unexpected '+' at the end of the line" },
	{ S "  mux 1 =\nend\n",
	  "t.metrics:3:10: expected a number, found end of line" },
	{ S "  counter c width 65\nend\n", "t.metrics:3:19: width must be 1..64" },
	{ S "  counter c width 0\nend\n", "t.metrics:3:19: width must be 1..64" },
	{ S "  counter c width 99999999999999999999\nend\n",
	  "t.metrics:3:19: width must be 1..64" },
	{ S "  counter c slot 256\nend\n", "t.metrics:3:18: slot must be 0..255" },
	{ S "  counter c slot 0\n  counter d slot 0\nend\n",
	  "t.metrics:4:18: slot 0 is already used by 'c'" },
	{ S "  counter c slot 1 slot 2\nend\n",
	  "t.metrics:3:20: unexpected 'slot' at the end of the line" },
	{ S "  counter c colour 2\nend\n",
	  "t.metrics:3:13: unexpected 'colour' at the end of the line" },
	{ S "  counter c \"x\" \"y\"\nend\n",
	  "t.metrics:3:17: unexpected '\"y\"' at the end of the line" },
	{ S "  description \"abc\nend\n", "t.metrics:3:15: unterminated string" },
	{ S "  description abc\nend\n",
	  "t.metrics:3:15: expected a string, found 'abc'" },
	{ S "  description \"a\"\n  description \"b\"\nend\n",
	  "t.metrics:4:3: set 'a' already has a description" },
	{ S "  end x\n", "t.metrics:3:7: unexpected 'x' at the end of the line" },
};

static void malformed(const void *arg UNIT_UNUSED)
{
	struct intel_oa_parse_error err;
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct intel_oa_metrics *m = intel_oa_metrics_new();
		int ret;

		UNIT_CHECK(m, "new");
		ret = intel_oa_metrics_load_string(m, "t.metrics", bad[i].text,
						   strlen(bad[i].text), &err);
		if (!bad[i].msg) {
			intel_oa_metrics_free(m);
			UNIT_CHECK(!ret, "entry %zu: %s", i, err.text);
			continue;
		}
		if (ret != -EINVAL || intel_oa_metrics_set_count(m)) {
			intel_oa_metrics_free(m);
			UNIT_CHECK(0, "entry %zu loaded (%d)", i, ret);
		}
		intel_oa_metrics_free(m);
		UNIT_CHECK(!strcmp(err.text, bad[i].msg),
			   "entry %zu: got \"%s\", expected \"%s\"", i,
			   err.text, bad[i].msg);
	}
}

static void nul_byte_and_cross_file(const void *arg UNIT_UNUSED)
{
	static const char nul[] = "family f\nset a\n  metric m = 1\0 + 1\nend\n";
	struct intel_oa_metrics *m = intel_oa_metrics_new();
	struct intel_oa_parse_error err;
	int ret;

	UNIT_CHECK(m, "new");
	ret = intel_oa_metrics_load_string(m, "n.metrics", nul,
					   sizeof(nul) - 1, &err);
	if (ret != -EINVAL ||
	    strcmp(err.text, "n.metrics:3:15: NUL byte in the file")) {
		intel_oa_metrics_free(m);
		UNIT_CHECK(0, "NUL: %d %s", ret, err.text);
	}
	/* a set name is unique over everything loaded */
	ret = intel_oa_metrics_load_string(m, "u.metrics", S "end\n",
					   strlen(S "end\n"), &err);
	if (ret) {
		intel_oa_metrics_free(m);
		UNIT_CHECK(0, "u: %s", err.text);
	}
	ret = intel_oa_metrics_load_string(m, "t.metrics",
					   F "set b\nend\n\nset a\nend\n",
					   strlen(F "set b\nend\n\nset a\nend\n"),
					   &err);
	UNIT_EQ(intel_oa_metrics_set_count(m), 1, "the failed file added nothing");
	intel_oa_metrics_free(m);
	UNIT_EQ(ret, -EINVAL, "duplicate across files");
	UNIT_CHECK(!strcmp(err.text,
			   "t.metrics:5:5: set 'a' is already defined at u.metrics:2"),
		   "%s", err.text);
}

static int write_file(const char *dir, const char *name, const char *text)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	if (!f)
		return -1;
	fputs(text, f);
	return fclose(f);
}

static void remove_file(const char *dir, const char *name)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	unlink(path);
}

static void load_dir(const void *arg UNIT_UNUSED)
{
	char dir[] = "/tmp/intel-oa-unit-XXXXXX";
	struct intel_oa_metrics *m;
	struct intel_oa_parse_error err;
	char path[600];
	int ret, ok;

	UNIT_CHECK(mkdtemp(dir), "mkdtemp");
	ok = !write_file(dir, "b.metrics", "family b\nset InB\nend\n") &&
	     !write_file(dir, "a.metrics", "family a\nset InA\nend\n") &&
	     !write_file(dir, "c.txt", "not a metric file\n") &&
	     !write_file(dir, ".d.metrics", "hidden\n");
	m = intel_oa_metrics_new();
	ret = ok && m ? intel_oa_metrics_load_dir(m, dir, &err) : -1;
	ok = ok && ret == 2 && intel_oa_metrics_set_count(m) == 2 &&
	     !strcmp(intel_oa_metric_set_name(intel_oa_metrics_set_at(m, 0)),
		     "InA") &&
	     !strcmp(intel_oa_metric_set_family(intel_oa_metrics_find(m, "InB")),
		     "b");
	intel_oa_metrics_free(m);
	/* a bad file stops the load with its path in the message */
	ok = ok && !write_file(dir, "e.metrics", "family e\nbad\n");
	m = intel_oa_metrics_new();
	ret = ok && m ? intel_oa_metrics_load_dir(m, dir, &err) : 0;
	snprintf(path, sizeof(path), "%s/e.metrics:2:1: expected a directive", dir);
	ok = ok && ret == -EINVAL && !strncmp(err.text, path, strlen(path)) &&
	     intel_oa_metrics_set_count(m) == 2;
	intel_oa_metrics_free(m);
	remove_file(dir, "a.metrics");
	remove_file(dir, "b.metrics");
	remove_file(dir, "c.txt");
	remove_file(dir, ".d.metrics");
	remove_file(dir, "e.metrics");
	rmdir(dir);
	UNIT_CHECK(ok, "load_dir: ret %d, %s", ret, err.text);
	m = intel_oa_metrics_new();
	ret = intel_oa_metrics_load_dir(m, "/nonexistent-intel-oa", &err);
	intel_oa_metrics_free(m);
	UNIT_EQ(ret, -ENOENT, "missing directory");
	m = intel_oa_metrics_new();
	ret = intel_oa_metrics_load_file(m, "/nonexistent-intel-oa.metrics",
					 &err);
	intel_oa_metrics_free(m);
	UNIT_EQ(ret, -ENOENT, "missing file");
}

/* Two sets of Intel's format, one per chipset, and their uuids. */
#define OA_XML(chip, sym, guid)						\
	"<metrics><set chipset=\"" chip "\" symbol_name=\"" sym "\"\n"	\
	" hw_config_guid=\"" guid "\">\n"				\
	"<counter symbol_name=\"X\" data_type=\"uint64\" units=\"events\"\n" \
	" equation=\"A 0 READ\"/></set></metrics>\n"

static void load_oa_xml_dir(const void *arg UNIT_UNUSED)
{
	char dir[] = "/tmp/intel-oa-unit-XXXXXX";
	struct intel_oa_metrics *m;
	struct intel_oa_parse_error err;
	int ret, ok;

	UNIT_CHECK(mkdtemp(dir), "mkdtemp");
	m = intel_oa_metrics_new();
	ret = m ? intel_oa_metrics_load_oa_xml_dir(m, dir, &err) : 0;
	intel_oa_metrics_free(m);
	UNIT_EQ(ret, -ENOENT, "no oa-*.xml");
	ok = !write_file(dir, "oa-tgl.xml",
			 OA_XML("TGLGT2", "B", "11111111-89ab-4def-8123-456789abcdef")) &&
	     !write_file(dir, "oa-skl.xml",
			 OA_XML("SKLGT2", "A", "22222222-89ab-4def-8123-456789abcdef")) &&
	     !write_file(dir, "skl.xml", "<not read/>") &&
	     !write_file(dir, ".oa-x.xml", "<not read/>") &&
	     !write_file(dir, "oa-.xml", "<not read/>");
	m = intel_oa_metrics_new();
	ret = ok && m ? intel_oa_metrics_load_oa_xml_dir(m, dir, &err) : -1;
	ok = ok && ret == 2 && intel_oa_metrics_set_count(m) == 2 &&
	     intel_oa_metrics_find_for(m, "A", "skl") &&
	     intel_oa_metrics_find_for(m, "B", "tgl");
	intel_oa_metrics_free(m);
	remove_file(dir, "oa-tgl.xml");
	remove_file(dir, "oa-skl.xml");
	remove_file(dir, "skl.xml");
	remove_file(dir, ".oa-x.xml");
	remove_file(dir, "oa-.xml");
	rmdir(dir);
	UNIT_CHECK(ok, "load_oa_xml_dir: ret %d, %s", ret, err.text);
	m = intel_oa_metrics_new();
	ret = intel_oa_metrics_load_oa_xml_dir(m, "/nonexistent-intel-oa", &err);
	intel_oa_metrics_free(m);
	UNIT_EQ(ret, -ENOENT, "missing directory");
}

static const struct unit_test tests[] = {
	{ "metricset-good-file-accessors", good_file_accessors, NULL },
	{ "metricset-eval-and-wraps", eval_and_wraps, NULL },
	{ "metricset-oa-builtins", oa_builtins, NULL },
	{ "metricset-oa-reports-end-to-end", oa_reports_end_to_end, NULL },
	{ "metricset-malformed", malformed, NULL },
	{ "metricset-nul-byte-and-cross-file", nul_byte_and_cross_file, NULL },
	{ "metricset-load-dir", load_dir, NULL },
	{ "metricset-load-oa-xml-dir", load_oa_xml_dir, NULL },
};

UNIT_SUITE(metricset_suite, tests);
