// SPDX-License-Identifier: MIT
/*
 * Bay Trail SoC uncore metrics (tools/metrics/baytrail-uncore.metrics)
 * against the formulas of seed 003, computed here by hand on made-up
 * counts (Documentation/metrics.rst, "Bay Trail SoC uncore").
 *
 * Copyright (c) 2025 The intel-oa authors
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "intel_oa/metrics.h"
#include "unit.h"

#ifndef INTEL_OA_SRC_DIR
#define INTEL_OA_SRC_DIR "."
#endif
#define BYT_FILE INTEL_OA_SRC_DIR "/tools/metrics/baytrail-uncore.metrics"

/* The seed's groups, their counters in counter-number order. */
static const struct {
	const char *set;
	const char *counters[9];
} groups[] = {
	{ "UNC_SOC_Memory_DDR_BW",
	  { "DDR_Chan0_Rank0_Read64B", "DDR_Chan0_Rank1_Read64B",
	    "DDR_Chan0_Rank0_Write64B", "DDR_Chan0_Rank1_Write64B",
	    "DDR_Chan1_Rank0_Read64B", "DDR_Chan1_Rank1_Read64B",
	    "DDR_Chan1_Rank0_Write64B", "DDR_Chan1_Rank1_Write64B" } },
	{ "UNC_SOC_Memory_DDR0_BW",
	  { "DDR_Chan0_Rank0_Read64B", "DDR_Chan0_Rank1_Read64B",
	    "DDR_Chan0_Rank0_Write64B", "DDR_Chan0_Rank1_Write64B",
	    "Clock_Counter" } },
	{ "UNC_SOC_Memory_DDR1_BW",
	  { "DDR_Chan1_Rank0_Read64B", "DDR_Chan1_Rank1_Read64B",
	    "DDR_Chan1_Rank0_Write64B", "DDR_Chan1_Rank1_Write64B",
	    "Clock_Counter" } },
	{ "UNC_SOC_DDR_Self_Refresh",
	  { "DDR_Chan0_Self_Refresh", "DDR_Chan1_Self_Refresh",
	    "Clock_Counter" } },
	{ "UNC_SOC_All_Reqs",
	  { "Mod0_Reqs", "Mod1_Reqs", "GFX_Reqs", "Disp_Reqs", "Imaging_Reqs",
	    "VED_Reqs", "LowSpeedPF_Reqs", "Clock_Counter" } },
	{ "UNC_SOC_Module0_BW",
	  { "Mod0_ReadPartial", "Mod0_Read32B", "Mod0_Read64B",
	    "Mod0_WritePartial", "Mod0_Write32B", "Mod0_Write64B",
	    "Clock_Counter" } },
	{ "UNC_SOC_Module1_BW",
	  { "Mod1_ReadPartial", "Mod1_Read32B", "Mod1_Read64B",
	    "Mod1_WritePartial", "Mod1_Write32B", "Mod1_Write64B",
	    "Clock_Counter" } },
	{ "UNC_SOC_Module0_1_BW",
	  { "Mod0_Read32B", "Mod0_Read64B", "Mod0_Write32B", "Mod0_Write64B",
	    "Mod1_Read32B", "Mod1_Read64B", "Mod1_Write32B",
	    "Mod1_Write64B" } },
	{ "UNC_SOC_Module0_1_Snoops",
	  { "Mod0_Snoop_Replies", "Mod0_Snoop_Reqs", "Mod1_Snoop_Replies",
	    "Mod1_Snoop_Reqs", "Clock_Counter" } },
	{ "UNC_SOC_Graphics_BW",
	  { "GFX_ReadPartial", "GFX_Read32B", "GFX_Read64B", "GFX_WritePartial",
	    "GFX_Write32B", "GFX_Write64B", "Clock_Counter" } },
	{ "UNC_SOC_Display_BW",
	  { "Disp_ReadPartial", "Disp_Read32B", "Disp_Read64B",
	    "Disp_WritePartial", "Disp_Write32B", "Disp_Write64B",
	    "Clock_Counter" } },
	{ "UNC_SOC_Imaging_BW",
	  { "Imaging_ReadPartial", "Imaging_Read32B", "Imaging_Read64B",
	    "Imaging_WritePartial", "Imaging_Write32B", "Imaging_Write64B",
	    "Clock_Counter" } },
	{ "UNC_SOC_LowSpeedPF_BW",
	  { "LowSpeedPF_ReadPartial", "LowSpeedPF_Read32B",
	    "LowSpeedPF_Read64B", "LowSpeedPF_WritePartial",
	    "LowSpeedPF_Write32B", "LowSpeedPF_Write64B", "Clock_Counter" } },
	{ "UNC_SOC_VED_BW",
	  { "VED_ReadPartial", "VED_Read32B", "VED_Read64B", "VED_WritePartial",
	    "VED_Write32B", "VED_Write64B", "Clock_Counter" } },
};

#define N_GROUPS (sizeof(groups) / sizeof(groups[0]))

struct kv {
	const char *name;
	double value;
};

struct result {
	double v[64];
	unsigned int fl[64];
	const struct intel_oa_metric_set *s;
};

static struct intel_oa_metrics *load(void)
{
	struct intel_oa_metrics *m = intel_oa_metrics_new();
	struct intel_oa_parse_error err;
	int ret;

	if (!m)
		return NULL;
	ret = intel_oa_metrics_load_file(m, BYT_FILE, &err);
	if (ret) {
		unit_fail(__FILE__, __LINE__, "%s: %d %s", BYT_FILE, ret,
			  ret == -EINVAL ? err.text : "");
		intel_oa_metrics_free(m);
		return NULL;
	}
	return m;
}

static int sec_builtin(void *ctx, int id, double *value)
{
	if (id != INTEL_OA_BI_SECONDS)
		return -1;
	*value = *(const double *)ctx;
	return 0;
}

/* Evaluate @set over @n counts (by counter name) in @seconds. */
static int eval(const struct intel_oa_metrics *m, const char *set,
		const struct kv *counts, size_t n, double seconds,
		struct result *r)
{
	double d[16];
	size_t i, slot;

	r->s = intel_oa_metrics_find(m, set);
	if (!r->s || intel_oa_metric_set_counter_count(r->s) > 16 ||
	    intel_oa_metric_set_metric_count(r->s) > 64)
		return -1;
	for (slot = 0; slot < 16; slot++)
		d[slot] = 0;
	for (i = 0; i < n; i++) {
		for (slot = 0; slot < intel_oa_metric_set_counter_count(r->s);
		     slot++) {
			const char *c = intel_oa_metric_set_counter(r->s, slot,
								    NULL);

			if (c && !strcmp(c, counts[i].name))
				break;
		}
		if (slot == intel_oa_metric_set_counter_count(r->s))
			return -1;
		d[slot] = counts[i].value;
	}
	intel_oa_metric_set_eval(r->s, d, sec_builtin, &seconds, r->v, r->fl);
	return 0;
}

/* The value of metric @name; NaN when there is none. */
static double val(const struct result *r, const char *name,
		  unsigned int *flags)
{
	size_t i;

	for (i = 0; i < intel_oa_metric_set_metric_count(r->s); i++)
		if (!strcmp(intel_oa_metric_set_metric(r->s, i, NULL), name)) {
			if (flags)
				*flags = r->fl[i];
			return r->v[i];
		}
	if (flags)
		*flags = ~0u;
	return NAN;
}

static int near(double a, double b)
{
	return fabs(a - b) <= 1e-9 * fmax(1.0, fabs(b));
}

#define EXPECT(r, name, want) \
	do { \
		unsigned int f_; \
		double g_ = val((r), (name), &f_); \
		if (!near(g_, (want)) || f_) { \
			intel_oa_metrics_free(m); \
			UNIT_CHECK(0, "%s.%s = %.12g (flags %u), expected %.12g", \
				   intel_oa_metric_set_name((r)->s), (name), g_, \
				   f_, (double)(want)); \
		} \
	} while (0)

static void groups_and_counters(const void *arg UNIT_UNUSED)
{
	struct intel_oa_metrics *m = load();
	size_t g, c, regs = 0, k;

	if (!m)
		return;
	if (intel_oa_metrics_set_count(m) != N_GROUPS) {
		intel_oa_metrics_free(m);
		UNIT_CHECK(0, "sets %zu, expected %zu",
			   intel_oa_metrics_set_count(m), N_GROUPS);
	}
	for (g = 0; g < N_GROUPS; g++) {
		const struct intel_oa_metric_set *s =
			intel_oa_metrics_find(m, groups[g].set);
		size_t n = 0;

		while (n < 9 && groups[g].counters[n])
			n++;
		if (!s || intel_oa_metric_set_counter_count(s) != n ||
		    strcmp(intel_oa_metric_set_family(s), "baytrail-uncore")) {
			intel_oa_metrics_free(m);
			UNIT_CHECK(0, "%s: missing or %zu counters",
				   groups[g].set, s ?
				   intel_oa_metric_set_counter_count(s) : 0);
		}
		for (c = 0; c < n; c++) {
			unsigned int w = 0;
			const char *name = intel_oa_metric_set_counter(s, c, &w);

			if (!name || strcmp(name, groups[g].counters[c]) ||
			    w != 64) {
				intel_oa_metrics_free(m);
				UNIT_CHECK(0, "%s counter %zu: %s (%u bits)",
					   groups[g].set, c, name ? name : "-",
					   w);
			}
		}
		for (k = 0; k < INTEL_OA_REG_KINDS; k++) {
			size_t nr;

			intel_oa_metric_set_regs(s, (int)k, &nr);
			regs += nr;
		}
	}
	intel_oa_metrics_free(m);
	UNIT_EQ(regs, 0, "uncore sets program no OA registers");
}

/* event_count / seconds * 64 bytes / 1000000 = MB/s (the seed) */
static double ddr_mbps(double count, double seconds, double bytes)
{
	return count / seconds * bytes / 1000000;
}

static void ddr_bandwidth(const void *arg UNIT_UNUSED)
{
	static const struct kv counts[] = {
		{ "DDR_Chan0_Rank0_Read64B", 1000000 },
		{ "DDR_Chan0_Rank1_Read64B", 500000 },
		{ "DDR_Chan0_Rank0_Write64B", 250000 },
		{ "DDR_Chan0_Rank1_Write64B", 125000 },
		{ "DDR_Chan1_Rank0_Read64B", 2000000 },
		{ "DDR_Chan1_Rank1_Read64B", 0 },
		{ "DDR_Chan1_Rank0_Write64B", 750000 },
		{ "DDR_Chan1_Rank1_Write64B", 0 },
	};
	struct intel_oa_metrics *m = load();
	struct result r;
	int pass;

	if (!m)
		return;
	for (pass = 0; pass < 2; pass++) {
		/* pass 1: one channel, 32 bytes per request (behaviour 3) */
		double b = pass ? 32 : 64;

		if (eval(m, "UNC_SOC_Memory_DDR_BW", counts, 8, 2.0, &r)) {
			intel_oa_metrics_free(m);
			UNIT_CHECK(0, "eval");
		}
		EXPECT(&r, "bytes_per_request", b);
		/* by hand, 2 s, 64 B: 32, 16, 8, 4, 64, 0, 24, 0 MB/s */
		EXPECT(&r, "chan0_rank0_read_mbps", ddr_mbps(1000000, 2, b));
		EXPECT(&r, "chan0_rank0_read_mbps", pass ? 16 : 32);
		EXPECT(&r, "chan0_rank1_read_mbps", ddr_mbps(500000, 2, b));
		EXPECT(&r, "chan0_rank0_write_mbps", ddr_mbps(250000, 2, b));
		EXPECT(&r, "chan0_rank1_write_mbps", ddr_mbps(125000, 2, b));
		EXPECT(&r, "chan1_rank0_read_mbps", ddr_mbps(2000000, 2, b));
		EXPECT(&r, "chan1_rank1_read_mbps", 0);
		EXPECT(&r, "chan1_rank0_write_mbps", ddr_mbps(750000, 2, b));
		EXPECT(&r, "chan1_rank1_write_mbps", 0);
		EXPECT(&r, "chan0_rank0_mbps", ddr_mbps(1250000, 2, b));
		EXPECT(&r, "chan0_rank1_mbps", ddr_mbps(625000, 2, b));
		EXPECT(&r, "chan1_rank0_mbps", ddr_mbps(2750000, 2, b));
		EXPECT(&r, "chan1_rank1_mbps", 0);	/* single rank */
		EXPECT(&r, "chan0_mbps", ddr_mbps(1875000, 2, b));
		EXPECT(&r, "chan1_mbps", ddr_mbps(2750000, 2, b));
		EXPECT(&r, "rank0_mbps", ddr_mbps(4000000, 2, b));
		EXPECT(&r, "rank1_mbps", ddr_mbps(625000, 2, b));
		EXPECT(&r, "read_mbps", ddr_mbps(3500000, 2, b));
		EXPECT(&r, "write_mbps", ddr_mbps(1125000, 2, b));
		EXPECT(&r, "total_mbps", ddr_mbps(4625000, 2, b));
		EXPECT(&r, "total_mbps", pass ? 74 : 148);

		/* the per-channel groups: channel 0 and channel 1 alone */
		if (eval(m, "UNC_SOC_Memory_DDR0_BW", counts, 4, 0.5, &r)) {
			intel_oa_metrics_free(m);
			UNIT_CHECK(0, "eval DDR0");
		}
		EXPECT(&r, "chan0_rank1_read_mbps", ddr_mbps(500000, 0.5, b));
		EXPECT(&r, "rank0_mbps", ddr_mbps(1250000, 0.5, b));
		EXPECT(&r, "rank1_mbps", ddr_mbps(625000, 0.5, b));
		EXPECT(&r, "read_mbps", ddr_mbps(1500000, 0.5, b));
		EXPECT(&r, "write_mbps", ddr_mbps(375000, 0.5, b));
		EXPECT(&r, "chan0_mbps", ddr_mbps(1875000, 0.5, b));
		if (eval(m, "UNC_SOC_Memory_DDR1_BW", counts + 4, 4, 0.5, &r)) {
			intel_oa_metrics_free(m);
			UNIT_CHECK(0, "eval DDR1");
		}
		EXPECT(&r, "chan1_rank0_write_mbps", ddr_mbps(750000, 0.5, b));
		EXPECT(&r, "rank1_mbps", 0);
		EXPECT(&r, "chan1_mbps", ddr_mbps(2750000, 0.5, b));
		if (!pass && intel_oa_metrics_set_const(m, "DDR_CHANNELS", 1) != 1) {
			intel_oa_metrics_free(m);
			UNIT_CHECK(0, "DDR_CHANNELS");
		}
	}
	/* single channel: the second channel's counts are zero */
	{
		static const struct kv one[] = {
			{ "DDR_Chan0_Rank0_Read64B", 64000 },
			{ "DDR_Chan0_Rank0_Write64B", 32000 },
		};

		if (eval(m, "UNC_SOC_Memory_DDR_BW", one, 2, 1.0, &r)) {
			intel_oa_metrics_free(m);
			UNIT_CHECK(0, "eval one channel");
		}
		/* 96000 requests x 32 B in 1 s = 3.072 MB/s */
		EXPECT(&r, "total_mbps", 3.072);
		EXPECT(&r, "chan1_mbps", 0);
		EXPECT(&r, "chan0_mbps", 3.072);
	}
	intel_oa_metrics_free(m);
}

static void self_refresh(const void *arg UNIT_UNUSED)
{
	static const struct kv counts[] = {
		{ "DDR_Chan0_Self_Refresh", 400000000 },
		{ "DDR_Chan1_Self_Refresh", 0 },	/* single channel */
		{ "Clock_Counter", 123456789 },		/* another clock */
	};
	struct intel_oa_metrics *m = load();
	struct result r;
	unsigned int f;
	double v;

	if (!m)
		return;
	if (eval(m, "UNC_SOC_DDR_Self_Refresh", counts, 3, 2.0, &r)) {
		intel_oa_metrics_free(m);
		UNIT_CHECK(0, "eval");
	}
	/* no DRAM frequency yet: undefined, not a number */
	v = val(&r, "chan0_self_refresh_pct", &f);
	if (!isnan(v) || f != INTEL_OA_EVAL_UNDEFINED) {
		intel_oa_metrics_free(m);
		UNIT_CHECK(0, "no DRAM_FREQ_HZ: %g flags %u", v, f);
	}
	intel_oa_metrics_set_const(m, "DRAM_FREQ_HZ", 500e6);
	eval(m, "UNC_SOC_DDR_Self_Refresh", counts, 3, 2.0, &r);
	/* (400e6 * 100) / (2 s * 500e6 Hz) = 40 % */
	EXPECT(&r, "chan0_self_refresh_pct",
	       (400000000.0 * 100) / (2.0 * 500e6));
	EXPECT(&r, "chan0_self_refresh_pct", 40);
	EXPECT(&r, "chan1_self_refresh_pct", 0);
	intel_oa_metrics_free(m);
}

static void all_requests(const void *arg UNIT_UNUSED)
{
	static const struct kv counts[] = {
		{ "Mod0_Reqs", 1000000 }, { "Mod1_Reqs", 2000000 },
		{ "GFX_Reqs", 3000000 }, { "Disp_Reqs", 250000 },
		{ "Imaging_Reqs", 125000 }, { "VED_Reqs", 500000 },
		{ "LowSpeedPF_Reqs", 62500 },
		{ "Clock_Counter", 999999999 },	/* not a request count */
	};
	struct intel_oa_metrics *m = load();
	struct result r;

	if (!m)
		return;
	if (eval(m, "UNC_SOC_All_Reqs", counts, 8, 2.0, &r)) {
		intel_oa_metrics_free(m);
		UNIT_CHECK(0, "eval");
	}
	/* count / 2 s * 64 B / 1e6: 32, 64, 96, 8, 4, 16, 2 MB/s */
	EXPECT(&r, "est_mod0_mbps", 32);
	EXPECT(&r, "est_mod1_mbps", 64);
	EXPECT(&r, "est_gfx_mbps", 96);
	EXPECT(&r, "est_disp_mbps", 8);
	EXPECT(&r, "est_imaging_mbps", 4);
	EXPECT(&r, "est_ved_mbps", 16);
	EXPECT(&r, "est_lowspeedpf_mbps", 2);
	/* 6937500 requests / 2 s * 64 B / 1e6 = 222 MB/s */
	EXPECT(&r, "est_ddr_mbps", 6937500.0 / 2 * 64 / 1000000);
	EXPECT(&r, "est_ddr_mbps", 222);
	intel_oa_metrics_free(m);
}

static void modules(const void *arg UNIT_UNUSED)
{
	struct intel_oa_metrics *m = load();
	struct result r;
	int mod;

	if (!m)
		return;
	for (mod = 0; mod < 2; mod++) {
		char set[32], n[6][32];
		struct kv c[7];
		/* module 1 gets twice module 0's counts */
		double k = mod ? 2 : 1;
		int i;

		snprintf(set, sizeof(set), "UNC_SOC_Module%d_BW", mod);
		snprintf(n[0], 32, "Mod%d_ReadPartial", mod);
		snprintf(n[1], 32, "Mod%d_Read32B", mod);
		snprintf(n[2], 32, "Mod%d_Read64B", mod);
		snprintf(n[3], 32, "Mod%d_WritePartial", mod);
		snprintf(n[4], 32, "Mod%d_Write32B", mod);
		snprintf(n[5], 32, "Mod%d_Write64B", mod);
		c[0].value = 1000000 * k;	/* all reads: partial included */
		c[1].value = 300000 * k;
		c[2].value = 500000 * k;
		c[3].value = 800000 * k;	/* all writes */
		c[4].value = 100000 * k;
		c[5].value = 700000 * k;
		for (i = 0; i < 6; i++)
			c[i].name = n[i];
		c[6].name = "Clock_Counter";
		c[6].value = 5;
		if (eval(m, set, c, 7, 2.0, &r)) {
			intel_oa_metrics_free(m);
			UNIT_CHECK(0, "eval %s", set);
		}
		/* partial - 32 B - 64 B = actual partials: 200000, 0 */
		EXPECT(&r, "read_partial_requests", 200000 * k);
		EXPECT(&r, "write_partial_requests", 0);
		/* the partial events are the total request counts */
		EXPECT(&r, "total_requests", 1800000 * k);
		/* (300000 * 32 / 2 + 500000 * 64 / 2) / 1e6 = 4.8 + 16 */
		EXPECT(&r, "read_mbps", 20.8 * k);
		/* (100000 * 32 / 2 + 700000 * 64 / 2) / 1e6 = 1.6 + 22.4 */
		EXPECT(&r, "write_mbps", 24.0 * k);
	}
	{
		static const struct kv c[] = {
			{ "Mod0_Read32B", 10000 }, { "Mod0_Read64B", 20000 },
			{ "Mod0_Write32B", 30000 }, { "Mod0_Write64B", 40000 },
			{ "Mod1_Read32B", 50000 }, { "Mod1_Read64B", 60000 },
			{ "Mod1_Write32B", 70000 }, { "Mod1_Write64B", 80000 },
		};

		if (eval(m, "UNC_SOC_Module0_1_BW", c, 8, 0.1, &r)) {
			intel_oa_metrics_free(m);
			UNIT_CHECK(0, "eval Module0_1");
		}
		/* (10000 * 32 / 0.1 + 20000 * 64 / 0.1) / 1e6 = 3.2 + 12.8 */
		EXPECT(&r, "mod0_read_mbps", 16);
		/* (30000 * 32 + 40000 * 64) / 0.1 / 1e6 = 9.6 + 25.6 */
		EXPECT(&r, "mod0_write_mbps", 35.2);
		/* (50000 * 32 + 60000 * 64) / 0.1 / 1e6 = 16 + 38.4 */
		EXPECT(&r, "mod1_read_mbps", 54.4);
		/* (70000 * 32 + 80000 * 64) / 0.1 / 1e6 = 22.4 + 51.2 */
		EXPECT(&r, "mod1_write_mbps", 73.6);
	}
	{
		static const struct kv c[] = {
			{ "Mod0_Snoop_Replies", 11 }, { "Mod0_Snoop_Reqs", 12 },
			{ "Mod1_Snoop_Replies", 13 }, { "Mod1_Snoop_Reqs", 14 },
			{ "Clock_Counter", 15 },
		};

		if (eval(m, "UNC_SOC_Module0_1_Snoops", c, 5, 1.0, &r)) {
			intel_oa_metrics_free(m);
			UNIT_CHECK(0, "eval snoops");
		}
		EXPECT(&r, "mod0_snoop_replies", 11);
		EXPECT(&r, "mod0_snoop_requests", 12);
		EXPECT(&r, "mod1_snoop_replies", 13);
		EXPECT(&r, "mod1_snoop_requests", 14);
	}
	intel_oa_metrics_free(m);
}

static void agents(const void *arg UNIT_UNUSED)
{
	static const char *const sets[][2] = {
		{ "UNC_SOC_Graphics_BW", "GFX" },
		{ "UNC_SOC_Display_BW", "Disp" },
		{ "UNC_SOC_Imaging_BW", "Imaging" },
		{ "UNC_SOC_LowSpeedPF_BW", "LowSpeedPF" },
		{ "UNC_SOC_VED_BW", "VED" },
	};
	static const char *const ev[6] = { "ReadPartial", "Read32B", "Read64B",
					   "WritePartial", "Write32B",
					   "Write64B" };
	static const double counts[6] = { 7, 1000000, 2000000, 9, 3000000,
					  4000000 };
	struct intel_oa_metrics *m = load();
	struct result r;
	size_t a;
	int i;

	if (!m)
		return;
	for (a = 0; a < 5; a++) {
		char n[6][40];
		struct kv c[6];

		for (i = 0; i < 6; i++) {
			snprintf(n[i], sizeof(n[i]), "%s_%s", sets[a][1], ev[i]);
			c[i].name = n[i];
			c[i].value = counts[i];
		}
		if (eval(m, sets[a][0], c, 6, 2.0, &r)) {
			intel_oa_metrics_free(m);
			UNIT_CHECK(0, "eval %s", sets[a][0]);
		}
		/* partial-size-only counts: no bytes, no subtraction */
		EXPECT(&r, "read_partial_requests", 7);
		EXPECT(&r, "write_partial_requests", 9);
		/* (1e6 * 32 / 2 + 2e6 * 64 / 2) / 1e6 = 16 + 64 */
		EXPECT(&r, "read_mbps", 80);
		/* (3e6 * 32 / 2 + 4e6 * 64 / 2) / 1e6 = 48 + 128 */
		EXPECT(&r, "write_mbps", 176);
	}
	intel_oa_metrics_free(m);
}

static void zero_period(const void *arg UNIT_UNUSED)
{
	static const struct kv c[] = { { "GFX_Read32B", 5 },
				       { "GFX_ReadPartial", 3 } };
	struct intel_oa_metrics *m = load();
	struct result r;
	unsigned int f;
	double v;

	if (!m)
		return;
	if (eval(m, "UNC_SOC_Graphics_BW", c, 2, 0.0, &r)) {
		intel_oa_metrics_free(m);
		UNIT_CHECK(0, "eval");
	}
	v = val(&r, "read_mbps", &f);
	if (!isnan(v) || f != INTEL_OA_EVAL_DIV_ZERO) {
		intel_oa_metrics_free(m);
		UNIT_CHECK(0, "read_mbps over 0 s: %g flags %u", v, f);
	}
	EXPECT(&r, "read_partial_requests", 3);
	intel_oa_metrics_free(m);
}

static const struct unit_test tests[] = {
	{ "baytrail-groups-and-counters", groups_and_counters, NULL },
	{ "baytrail-ddr-bandwidth-and-single-channel", ddr_bandwidth, NULL },
	{ "baytrail-self-refresh", self_refresh, NULL },
	{ "baytrail-all-requests", all_requests, NULL },
	{ "baytrail-modules-and-snoops", modules, NULL },
	{ "baytrail-agents", agents, NULL },
	{ "baytrail-zero-period", zero_period, NULL },
};

UNIT_SUITE(baytrail_suite, tests);
