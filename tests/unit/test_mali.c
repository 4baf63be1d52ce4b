// SPDX-License-Identifier: MIT
/*
 * Mali Bifrost: panfrost counter dumps built here (tools/lib/mali.c), and
 * every derived counter of tools/metrics/mali-bifrost.metrics against
 * seed 004's formulas computed by hand (Documentation/metrics.rst, "Mali
 * Bifrost").
 *
 * Copyright (c) 2025 The intel-oa authors
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "intel_oa/mali.h"
#include "intel_oa/metrics.h"
#include "unit.h"

#ifndef INTEL_OA_SRC_DIR
#define INTEL_OA_SRC_DIR "."
#endif
#define MALI_FILE INTEL_OA_SRC_DIR "/tools/metrics/mali-bifrost.metrics"

enum { JM, TI, L2, SC };

/* The seed's counters at their index in the Bifrost block (this test's
 * own copy of the layout, Documentation/metrics.rst). */
static const struct {
	const char *name;
	int type;
	unsigned int index;
} layout[] = {
	{ "JM_GPU_ACTIVE", JM, 6 }, { "JM_IRQ_ACTIVE", JM, 7 },
	{ "JM_JS0_TASKS", JM, 9 }, { "JM_JS0_ACTIVE", JM, 10 },
	{ "JM_JS1_ACTIVE", JM, 18 },
	{ "SC_FRAG_ACTIVE", SC, 4 }, { "SC_FRAG_PRIMITIVES_RAST", SC, 6 },
	{ "SC_FRAG_QUAD_BUFFER_NOT_EMPTY", SC, 7 }, { "SC_FRAG_QUADS", SC, 9 },
	{ "SC_FRAG_PARTIAL_QUADS", SC, 10 }, { "SC_FRAG_QUADS_RAST", SC, 11 },
	{ "SC_FRAG_QUADS_EZS_TEST", SC, 12 },
	{ "SC_FRAG_QUADS_EZS_UPDATE", SC, 13 },
	{ "SC_FRAG_QUADS_EZS_KILLED", SC, 14 },
	{ "SC_FRAG_THREADS_LZS_TEST", SC, 15 },
	{ "SC_FRAG_THREADS_LZS_KILLED", SC, 16 },
	{ "SC_FRAG_NUM_TILES", SC, 18 }, { "SC_FRAG_TILES_CRC_CULLED", SC, 19 },
	{ "SC_FRAG_QUADS_OPAQUE", SC, 20 }, { "SC_COMPUTE_ACTIVE", SC, 22 },
	{ "SC_COMPUTE_QUADS", SC, 24 }, { "SC_EXEC_CORE_ACTIVE", SC, 26 },
	{ "SC_EE_INSTRS", SC, 28 }, { "SC_EE_INSTRS_DIVERGED", SC, 29 },
	{ "SC_TEX_INSTRS", SC, 35 }, { "SC_TEX_INSTR_MIPMAP", SC, 38 },
	{ "SC_TEX_INSTR_TRILINEAR", SC, 39 },
	{ "SC_TEX_INSTR_COMPRESSED", SC, 41 }, { "SC_TEX_ISSUES", SC, 43 },
	{ "SC_LSC_READS_FULL", SC, 44 }, { "SC_LSC_READS_SHORT", SC, 45 },
	{ "SC_LSC_WRITES_FULL", SC, 46 }, { "SC_LSC_WRITES_SHORT", SC, 47 },
	{ "SC_LSC_ATOMICS", SC, 48 }, { "SC_VARY_INSTR", SC, 49 },
	{ "SC_VARY_ISSUES_32", SC, 50 }, { "SC_VARY_ISSUES_16", SC, 51 },
	{ "SC_LSC_READ_BEATS", SC, 56 }, { "SC_LSC_READ_BEATS_EXTERNAL", SC, 57 },
	{ "SC_TEX_READ_BEATS", SC, 58 }, { "SC_TEX_READ_BEATS_EXTERNAL", SC, 59 },
	{ "SC_LSC_WRITE_BEATS", SC, 61 },
	{ "TI_ACTIVE", TI, 4 }, { "TI_PRIMITIVE_TRIANGLES", TI, 6 },
	{ "TI_PRIMITIVE_LINES", TI, 7 }, { "TI_PRIMITIVE_POINTS", TI, 8 },
	{ "TI_FRONT_FACING", TI, 9 }, { "TI_BACK_FACING", TI, 10 },
	{ "TI_PRIMITIVE_VISIBLE", TI, 11 }, { "TI_CULLED_FACING", TI, 12 },
	{ "TI_CULLED_FRUSTUM", TI, 13 }, { "TI_CULLED_COVERAGE", TI, 14 },
	{ "TI_IDVS_POSITION_SHADING_REQUEST", TI, 21 },
	{ "TI_IDVS_VARYING_SHADING_REQUEST", TI, 37 },
	{ "L2_READ_REQUEST", L2, 16 }, { "L2_WRITE_REQUEST", L2, 18 },
	{ "L2_ANY_LOOKUP", L2, 25 }, { "L2_EXTERNAL_READ_REQUEST", L2, 29 },
	{ "L2_EXTERNAL_READ_BEATS", L2, 32 }, { "L2_EXTERNAL_READ_STALL", L2, 33 },
	{ "L2_EXT_READ_CNT_Q1", L2, 34 }, { "L2_EXT_READ_CNT_Q2", L2, 35 },
	{ "L2_EXT_READ_CNT_Q3", L2, 36 }, { "L2_EXT_RRESP_0_127", L2, 37 },
	{ "L2_EXT_RRESP_128_191", L2, 38 }, { "L2_EXT_RRESP_192_255", L2, 39 },
	{ "L2_EXT_RRESP_256_319", L2, 40 }, { "L2_EXT_RRESP_320_383", L2, 41 },
	{ "L2_EXTERNAL_WRITE_REQUEST", L2, 42 },
	{ "L2_EXTERNAL_WRITE_BEATS", L2, 47 },
	{ "L2_EXTERNAL_WRITE_STALL", L2, 48 }, { "L2_EXT_WRITE_CNT_Q1", L2, 49 },
	{ "L2_EXT_WRITE_CNT_Q2", L2, 50 }, { "L2_EXT_WRITE_CNT_Q3", L2, 51 },
};

#define N_LAYOUT (sizeof(layout) / sizeof(layout[0]))
#define MAX_BLOCKS (2 + INTEL_OA_MALI_MAX_L2 + INTEL_OA_MALI_MAX_CORES)

struct cfg {
	uint64_t mask;
	unsigned int l2;
};

static const struct cfg cfgs[] = {
	{ 0x1, 1 }, { 0xf, 1 }, { 0x5, 2 }, { 0x8c, 4 }, { 0xf0f, 2 },
	{ 0x8000000000000001ull, 16 }, { 0x2, 3 },
};

static unsigned int n_bits(uint64_t m)
{
	unsigned int n = 0;

	while (m) {
		n++;
		m >>= 1;
	}
	return n;
}

static size_t n_blocks(const struct cfg *c)
{
	return 2 + c->l2 + n_bits(c->mask);
}

/* A distinct value for every word of every block; @salt varies dumps. */
static uint32_t word(size_t blk, unsigned int i, uint32_t salt)
{
	return (uint32_t)(blk + 1) * 100003u + i * 131u + 7u + salt;
}

static int present(const struct cfg *c, size_t blk)
{
	if (blk < 2 + c->l2)
		return 1;
	return (int)(c->mask >> (blk - 2 - c->l2) & 1);
}

/* Little-endian bytes of a dump: headers filled too, absent cores 0. */
static unsigned char *build(const struct cfg *c, uint32_t salt, size_t *len)
{
	size_t nb = n_blocks(c), b;
	unsigned char *buf = calloc(nb, 256);
	unsigned int i;

	if (!buf)
		return NULL;
	for (b = 0; b < nb; b++) {
		if (!present(c, b))
			continue;
		for (i = 0; i < 64; i++) {
			uint32_t v = word(b, i, salt);
			unsigned char *p = buf + b * 256 + i * 4;

			p[0] = (unsigned char)v;
			p[1] = (unsigned char)(v >> 8);
			p[2] = (unsigned char)(v >> 16);
			p[3] = (unsigned char)(v >> 24);
		}
	}
	*len = nb * 256;
	return buf;
}

/* The hand sum of counter @type/@index over a dump's present blocks. */
static uint64_t expect_sum(const struct cfg *c, int type, unsigned int index,
			   uint32_t salt, uint32_t prev_salt, int delta)
{
	size_t b, first, last;
	uint64_t s = 0;

	switch (type) {
	case JM: first = 0; last = 1; break;
	case TI: first = 1; last = 2; break;
	case L2: first = 2; last = 2 + c->l2; break;
	default: first = 2 + c->l2; last = n_blocks(c); break;
	}
	for (b = first; b < last; b++) {
		if (!present(c, b))
			continue;
		if (delta)
			s += (uint32_t)(word(b, index, salt) -
					word(b, index, prev_salt));
		else
			s += word(b, index, salt);
	}
	return s;
}

static void test_sizes(const void *arg UNIT_UNUSED)
{
	UNIT_EQ(intel_oa_mali_dump_size(0x1, 1), 4 * 256, "0x1, 1 slice");
	UNIT_EQ(intel_oa_mali_dump_size(0x5, 2), 7 * 256, "0x5, 2 slices");
	UNIT_EQ(intel_oa_mali_dump_size(0x8c, 4), 14 * 256, "0x8c, 4 slices");
	UNIT_EQ(intel_oa_mali_dump_size(1ull << 63, 16), 82 * 256, "core 63");
	UNIT_EQ(intel_oa_mali_dump_size(0, 1), 0, "no core");
	UNIT_EQ(intel_oa_mali_dump_size(1, 0), 0, "no slice");
	UNIT_EQ(intel_oa_mali_dump_size(1, 17), 0, "17 slices");
}

static void test_names(const void *arg UNIT_UNUSED)
{
	size_t i;

	UNIT_EQ(intel_oa_mali_counter_count(), N_LAYOUT, "named counters");
	for (i = 0; i < N_LAYOUT; i++) {
		int type;
		unsigned int index;

		UNIT_CHECK(!intel_oa_mali_counter_find(layout[i].name, &type,
						       &index),
			   "%s unknown", layout[i].name);
		UNIT_CHECK(type == layout[i].type && index == layout[i].index,
			   "%s at %d/%u, expected %d/%u", layout[i].name, type,
			   index, layout[i].type, layout[i].index);
	}
	UNIT_CHECK(intel_oa_mali_counter_find("JM.GPU_ACTIVE", NULL, NULL),
		   "dotted name found");
	UNIT_CHECK(intel_oa_mali_counter_find("SC_TEX_INSTR_3D", NULL, NULL),
		   "TEX_INSTR_3D has no counter in the layout");
}

/* Every configuration: every named counter is the sum of its blocks;
 * header words and the holes of sparse masks are not counted. */
static void test_sums(const void *arg UNIT_UNUSED)
{
	static struct intel_oa_mali_dump d;
	struct intel_oa_mali_sums s;
	size_t k, i, len;
	char err[256];

	for (k = 0; k < sizeof(cfgs) / sizeof(cfgs[0]); k++) {
		const struct cfg *c = &cfgs[k];
		unsigned char *buf = build(c, 0, &len);
		int ret;

		UNIT_CHECK(buf, "out of memory");
		ret = intel_oa_mali_parse(buf, len, c->mask, c->l2, &d, err,
					  sizeof(err));
		free(buf);
		UNIT_CHECK(!ret, "mask 0x%llx: %s", (unsigned long long)c->mask,
			   err);
		UNIT_EQ(d.n_blocks, n_blocks(c), "blocks");
		UNIT_EQ(intel_oa_mali_sum(&d, NULL, &s), 0, "sum");
		UNIT_EQ(s.n_cores, __builtin_popcountll(c->mask), "cores");
		UNIT_EQ(s.l2_slices, c->l2, "slices");
		for (i = 0; i < N_LAYOUT; i++) {
			uint64_t v = 0;

			UNIT_CHECK(!intel_oa_mali_value(&s, layout[i].name, &v),
				   "%s", layout[i].name);
			UNIT_CHECK(v == expect_sum(c, layout[i].type,
						   layout[i].index, 0, 0, 0),
				   "mask 0x%llx, %u slices: %s = %llu",
				   (unsigned long long)c->mask, c->l2,
				   layout[i].name, (unsigned long long)v);
		}
		for (i = 0; i < 4; i++)
			UNIT_CHECK(!s.v[JM][i] && !s.v[TI][i] && !s.v[L2][i] &&
				   !s.v[SC][i], "header word %zu summed", i);
		/* by hand for 0x5 / 2 slices: cores 0 and 2 are blocks 4, 6 */
		if (c->mask == 0x5)
			UNIT_EQ(s.v[SC][26],
				(uint64_t)word(4, 26, 0) + word(6, 26, 0),
				"EXEC_CORE_ACTIVE of cores 0 and 2");
	}
}

/* Two dumps: per-block deltas modulo 2^32, then summed. */
static void test_deltas(const void *arg UNIT_UNUSED)
{
	static struct intel_oa_mali_dump d0, d1, other;
	const struct cfg c = { 0x8c, 4 };
	const uint32_t s0 = 0xfffe0000u, s1 = 0x00010000u; /* wraps */
	struct intel_oa_mali_sums s;
	unsigned char *b0, *b1;
	size_t len, i;

	b0 = build(&c, s0, &len);
	b1 = build(&c, s1, &len);
	UNIT_CHECK(b0 && b1, "out of memory");
	UNIT_CHECK(!intel_oa_mali_parse(b0, len, c.mask, c.l2, &d0, NULL, 0) &&
		   !intel_oa_mali_parse(b1, len, c.mask, c.l2, &d1, NULL, 0),
		   "parse");
	free(b0);
	free(b1);
	UNIT_EQ(intel_oa_mali_sum(&d1, &d0, &s), 0, "sum");
	for (i = 0; i < N_LAYOUT; i++)
		UNIT_CHECK(s.v[layout[i].type][layout[i].index] ==
			   expect_sum(&c, layout[i].type, layout[i].index, s1,
				      s0, 1),
			   "%s delta", layout[i].name);
	/* each present block advanced 0x30000 across the wrap */
	UNIT_EQ(s.v[SC][4], 3 * 0x30000ull, "FRAG_ACTIVE over 3 cores");
	UNIT_EQ(s.v[L2][25], 4 * 0x30000ull, "ANY_LOOKUP over 4 slices");
	b0 = build(&(struct cfg){ 0x8c, 2 }, 0, &len);
	UNIT_CHECK(b0, "out of memory");
	UNIT_CHECK(!intel_oa_mali_parse(b0, len, 0x8c, 2, &other, NULL, 0),
		   "parse");
	free(b0);
	UNIT_EQ(intel_oa_mali_sum(&d1, &other, &s), (uint64_t)-EINVAL,
		"dumps of different GPUs");
}

static void expect_err(const unsigned char *buf, size_t len, uint64_t mask,
		       unsigned int l2, const char *want, int *ok)
{
	static struct intel_oa_mali_dump d;
	char err[256];

	*ok = intel_oa_mali_parse(buf, len, mask, l2, &d, err, sizeof(err)) ==
		      -EINVAL &&
	      strstr(err, want);
	if (!*ok)
		unit_fail(__FILE__, __LINE__, "mask 0x%llx: got '%s', want '%s'",
			  (unsigned long long)mask, err, want);
}

static void test_malformed(const void *arg UNIT_UNUSED)
{
	const struct cfg c = { 0x5, 2 };
	size_t len;
	unsigned char *buf = build(&c, 0, &len);
	unsigned char *big = calloc(1, len + 256);
	int ok;

	UNIT_CHECK(buf && big, "out of memory");
	memcpy(big, buf, len);
	expect_err(buf, len - 4, c.mask, c.l2,
		   "dump is 1788 bytes; core mask 0x5 and 2 L2 slices make 1792",
		   &ok);
	if (ok)
		expect_err(big, len + 256, c.mask, c.l2,
			   "dump is 2048 bytes; core mask 0x5 and 2 L2 slices make 1792",
			   &ok);
	/* the dump of a 0x5 GPU read as a 0x3 one: one block short */
	if (ok)
		expect_err(buf, len, 0x3, c.l2, "make 1536", &ok);
	if (ok)
		expect_err(buf, len, 0, c.l2, "core mask is 0", &ok);
	if (ok)
		expect_err(buf, len, c.mask, 0, "0 L2 slices (expected 1..16)",
			   &ok);
	if (ok)
		expect_err(buf, len, c.mask, 17, "17 L2 slices", &ok);
	/* core 1 is a hole of 0x5: block 2 + 2 + 1 = 5, word 10 */
	if (ok) {
		buf[5 * 256 + 10 * 4] = 1;
		expect_err(buf, len, c.mask, c.l2,
			   "block 5 (shader core 1, absent from core mask 0x5) has word 10 = 0x00000001 at byte 1320",
			   &ok);
	}
	free(buf);
	free(big);
}

/* ---- derived counters ---------------------------------------------------- */

struct env {
	const struct intel_oa_metric_set *s;
	double v[64];
	unsigned int fl[64];
};

static int sec_builtin(void *ctx, int id, double *value)
{
	if (id != INTEL_OA_BI_SECONDS)
		return -1;
	*value = *(const double *)ctx;
	return 0;
}

static int eval(const struct intel_oa_metrics *m, const char *set,
		const struct intel_oa_mali_sums *sums, double seconds,
		struct env *e)
{
	double d[64];
	size_t slot;

	e->s = intel_oa_metrics_find(m, set);
	if (!e->s || intel_oa_metric_set_counter_count(e->s) > 64 ||
	    intel_oa_metric_set_metric_count(e->s) > 64)
		return -1;
	for (slot = 0; slot < intel_oa_metric_set_counter_count(e->s); slot++) {
		const char *n = intel_oa_metric_set_counter(e->s, slot, NULL);
		uint64_t v;

		if (!n || intel_oa_mali_value(sums, n, &v))
			return -1;
		d[slot] = (double)v;
	}
	intel_oa_metric_set_eval(e->s, d, sec_builtin, &seconds, e->v, e->fl);
	return 0;
}

static double metric(const struct env *e, const char *name)
{
	size_t i;

	for (i = 0; i < intel_oa_metric_set_metric_count(e->s); i++)
		if (!strcmp(intel_oa_metric_set_metric(e->s, i, NULL), name))
			return e->v[i];
	return NAN;
}

static int near(double got, double want)
{
	return fabs(got - want) <= 1e-9 * fmax(1.0, fabs(want));
}

/* The hand value of a counter in the derived test: from expect_sum(). */
static double cv(const struct cfg *c, const char *name)
{
	size_t i;

	for (i = 0; i < N_LAYOUT; i++)
		if (!strcmp(layout[i].name, name))
			return (double)expect_sum(c, layout[i].type,
						  layout[i].index, 0, 0, 0);
	return NAN;
}

#define CHECK_M(e, name, want) \
	do { \
		double g_ = metric((e), (name)), w_ = (want); \
		UNIT_CHECK(near(g_, w_), "%s = %.9g, expected %.9g", (name), \
			   g_, w_); \
		checked++; \
	} while (0)

static void test_derived(const void *arg UNIT_UNUSED)
{
	static struct intel_oa_mali_dump d;
	const struct cfg cfg = { 0xf0f, 2 }, *c = &cfg;
	const double secs = 0.25, mhz = 800, axi = 16;
	struct intel_oa_parse_error err;
	struct intel_oa_metrics *m = intel_oa_metrics_new();
	struct intel_oa_mali_sums s;
	struct env e;
	size_t len, checked = 0, total = 0, i;
	unsigned char *buf = build(c, 0, &len);
	double gpu, lsc, inp, x;

	UNIT_CHECK(m && buf, "out of memory");
	UNIT_CHECK(!intel_oa_metrics_load_file(m, MALI_FILE, &err), "%s",
		   err.text);
	UNIT_CHECK(!intel_oa_mali_parse(buf, len, c->mask, c->l2, &d, NULL, 0),
		   "parse");
	free(buf);
	intel_oa_mali_sum(&d, NULL, &s);
	UNIT_EQ(intel_oa_metrics_set_const(m, "GPU_MHZ", mhz), 1, "GPU_MHZ");
	UNIT_EQ(intel_oa_metrics_set_const(m, "SHADER_CORES", 8), 1, "cores");
	UNIT_EQ(intel_oa_metrics_set_const(m, "L2_SLICES", 2), 1, "slices");
	UNIT_EQ(intel_oa_metrics_set_const(m, "L2_AXI_WIDTH_BYTES", axi), 1,
		"axi");
	for (i = 0; i < intel_oa_metrics_set_count(m); i++)
		total += intel_oa_metric_set_metric_count(
			intel_oa_metrics_set_at(m, i));
	gpu = cv(c, "JM_GPU_ACTIVE");

	UNIT_CHECK(!eval(m, "Mali_JobManager", &s, secs, &e), "JM set");
	CHECK_M(&e, "gpu_utilization", gpu / (mhz * 1e6 * secs) * 100);
	CHECK_M(&e, "js0_utilization", cv(c, "JM_JS0_ACTIVE") / gpu * 100);
	CHECK_M(&e, "js1_utilization", cv(c, "JM_JS1_ACTIVE") / gpu * 100);
	CHECK_M(&e, "pixel_count", cv(c, "JM_JS0_TASKS") * 32 * 32);

	UNIT_CHECK(!eval(m, "Mali_ShaderCore", &s, secs, &e), "SC set");
	x = cv(c, "SC_EXEC_CORE_ACTIVE");
	lsc = cv(c, "SC_LSC_READS_FULL") + cv(c, "SC_LSC_READS_SHORT") +
	      cv(c, "SC_LSC_WRITES_FULL") + cv(c, "SC_LSC_WRITES_SHORT") +
	      cv(c, "SC_LSC_ATOMICS");
	CHECK_M(&e, "exec_core_utilization", x / 8 / gpu * 100);
	CHECK_M(&e, "compute_quad_cycles",
		cv(c, "SC_COMPUTE_ACTIVE") / cv(c, "SC_COMPUTE_QUADS"));
	CHECK_M(&e, "frag_quads_killed_by_overdraw",
		cv(c, "SC_FRAG_QUADS_RAST") - cv(c, "SC_FRAG_QUADS_EZS_KILLED") -
		cv(c, "SC_FRAG_QUADS"));
	CHECK_M(&e, "frag_quads_transparent",
		cv(c, "SC_FRAG_QUADS_RAST") - cv(c, "SC_FRAG_QUADS_EZS_KILLED") -
		cv(c, "SC_FRAG_QUADS_OPAQUE"));
	CHECK_M(&e, "frag_partial_quad_percentage",
		cv(c, "SC_FRAG_PARTIAL_QUADS") / cv(c, "SC_FRAG_QUADS") * 100);
	CHECK_M(&e, "frag_quad_cycles",
		cv(c, "SC_FRAG_ACTIVE") / cv(c, "SC_FRAG_QUADS"));
	CHECK_M(&e, "ee_utilization", cv(c, "SC_EE_INSTRS") / x * 100);
	CHECK_M(&e, "lsc_issues", lsc);
	CHECK_M(&e, "lsc_utilization", lsc / x * 100);
	CHECK_M(&e, "lsc_l2_bytes_per_issue",
		cv(c, "SC_LSC_READ_BEATS") * 16 / lsc);
	CHECK_M(&e, "lsc_external_bytes_per_issue",
		cv(c, "SC_LSC_READ_BEATS_EXTERNAL") * 16 / lsc);
	CHECK_M(&e, "tex_utilization", cv(c, "SC_TEX_ISSUES") / x * 100);
	CHECK_M(&e, "tex_cpi", cv(c, "SC_TEX_ISSUES") / cv(c, "SC_TEX_INSTRS"));
	CHECK_M(&e, "tex_l2_bytes_per_issue",
		cv(c, "SC_TEX_READ_BEATS") * 16 / cv(c, "SC_TEX_ISSUES"));
	CHECK_M(&e, "tex_external_bytes_per_issue",
		cv(c, "SC_TEX_READ_BEATS_EXTERNAL") * 16 /
		cv(c, "SC_TEX_ISSUES"));
	CHECK_M(&e, "vary_utilization",
		(cv(c, "SC_VARY_ISSUES_16") + cv(c, "SC_VARY_ISSUES_32")) / x *
		100);

	UNIT_CHECK(!eval(m, "Mali_Tiler", &s, secs, &e), "tiler set");
	inp = cv(c, "TI_PRIMITIVE_POINTS") + cv(c, "TI_PRIMITIVE_LINES") +
	      cv(c, "TI_PRIMITIVE_TRIANGLES");
	CHECK_M(&e, "input_primitives", inp);
	CHECK_M(&e, "culled_facing_percent",
		cv(c, "TI_CULLED_FACING") / inp * 100);
	CHECK_M(&e, "culled_frustum_percent",
		cv(c, "TI_CULLED_FRUSTUM") / (inp - cv(c, "TI_CULLED_FACING")) *
		100);
	CHECK_M(&e, "culled_coverage_percent",
		cv(c, "TI_CULLED_COVERAGE") /
		(inp - cv(c, "TI_CULLED_FACING") - cv(c, "TI_CULLED_FRUSTUM")) *
		100);

	UNIT_CHECK(!eval(m, "Mali_L2", &s, secs, &e), "L2 set");
	CHECK_M(&e, "internal_utilization",
		cv(c, "L2_ANY_LOOKUP") / 2 / gpu * 100);
	CHECK_M(&e, "read_miss_rate",
		cv(c, "L2_EXTERNAL_READ_REQUEST") / cv(c, "L2_READ_REQUEST") *
		100);
	CHECK_M(&e, "write_miss_rate",
		cv(c, "L2_EXTERNAL_WRITE_REQUEST") / cv(c, "L2_WRITE_REQUEST") *
		100);
	CHECK_M(&e, "external_read_bytes", cv(c, "L2_EXTERNAL_READ_BEATS") * axi);
	CHECK_M(&e, "external_read_utilization",
		cv(c, "L2_EXTERNAL_READ_BEATS") / 2 / gpu * 100);
	CHECK_M(&e, "external_write_bytes",
		cv(c, "L2_EXTERNAL_WRITE_BEATS") * axi);
	CHECK_M(&e, "external_write_utilization",
		cv(c, "L2_EXTERNAL_WRITE_BEATS") / 2 / gpu * 100);
	CHECK_M(&e, "read_latency_0_127", cv(c, "L2_EXT_RRESP_0_127"));
	CHECK_M(&e, "read_latency_128_191", cv(c, "L2_EXT_RRESP_128_191"));
	CHECK_M(&e, "read_latency_192_255", cv(c, "L2_EXT_RRESP_192_255"));
	CHECK_M(&e, "read_latency_256_319", cv(c, "L2_EXT_RRESP_256_319"));
	CHECK_M(&e, "read_latency_320_383", cv(c, "L2_EXT_RRESP_320_383"));
	CHECK_M(&e, "read_latency_384_up",
		cv(c, "L2_EXTERNAL_READ_BEATS") - cv(c, "L2_EXT_RRESP_0_127") -
		cv(c, "L2_EXT_RRESP_128_191") - cv(c, "L2_EXT_RRESP_192_255") -
		cv(c, "L2_EXT_RRESP_256_319") - cv(c, "L2_EXT_RRESP_320_383"));
	CHECK_M(&e, "read_outstanding_0_25", cv(c, "L2_EXT_READ_CNT_Q1"));
	CHECK_M(&e, "read_outstanding_25_50", cv(c, "L2_EXT_READ_CNT_Q2"));
	CHECK_M(&e, "read_outstanding_50_75", cv(c, "L2_EXT_READ_CNT_Q3"));
	CHECK_M(&e, "read_outstanding_75_100",
		cv(c, "L2_EXTERNAL_READ_REQUEST") - cv(c, "L2_EXT_READ_CNT_Q1") -
		cv(c, "L2_EXT_READ_CNT_Q2") - cv(c, "L2_EXT_READ_CNT_Q3"));
	CHECK_M(&e, "write_outstanding_0_25", cv(c, "L2_EXT_WRITE_CNT_Q1"));
	CHECK_M(&e, "write_outstanding_25_50", cv(c, "L2_EXT_WRITE_CNT_Q2"));
	CHECK_M(&e, "write_outstanding_50_75", cv(c, "L2_EXT_WRITE_CNT_Q3"));
	CHECK_M(&e, "write_outstanding_75_100",
		cv(c, "L2_EXTERNAL_WRITE_REQUEST") -
		cv(c, "L2_EXT_WRITE_CNT_Q1") - cv(c, "L2_EXT_WRITE_CNT_Q2") -
		cv(c, "L2_EXT_WRITE_CNT_Q3"));

	UNIT_EQ(checked, total, "every metric of the file checked");
	intel_oa_metrics_free(m);
}

/* No clock: gpu_utilization is undefined; an idle GPU divides by zero. */
static void test_undefined(const void *arg UNIT_UNUSED)
{
	struct intel_oa_parse_error err;
	struct intel_oa_metrics *m = intel_oa_metrics_new();
	struct intel_oa_mali_sums s;
	struct env e;

	UNIT_CHECK(m, "out of memory");
	UNIT_CHECK(!intel_oa_metrics_load_file(m, MALI_FILE, &err), "%s",
		   err.text);
	memset(&s, 0, sizeof(s));
	s.v[JM][10] = 5;
	UNIT_CHECK(!eval(m, "Mali_JobManager", &s, 1.0, &e), "JM set");
	UNIT_CHECK(isnan(e.v[0]) && e.fl[0] == INTEL_OA_EVAL_UNDEFINED,
		   "gpu_utilization without GPU_MHZ: %g flags %u", e.v[0],
		   e.fl[0]);
	UNIT_CHECK(isnan(e.v[1]) && e.fl[1] == INTEL_OA_EVAL_DIV_ZERO,
		   "js0_utilization of an idle GPU: %g flags %u", e.v[1],
		   e.fl[1]);
	UNIT_CHECK(e.v[3] == 0, "pixel_count %g", e.v[3]);
	intel_oa_metrics_free(m);
}

static const struct unit_test tests[] = {
	{ "mali/dump-sizes", test_sizes, NULL },
	{ "mali/counter-names", test_names, NULL },
	{ "mali/sums-by-core-mask", test_sums, NULL },
	{ "mali/deltas-wrap", test_deltas, NULL },
	{ "mali/malformed", test_malformed, NULL },
	{ "mali/derived", test_derived, NULL },
	{ "mali/undefined", test_undefined, NULL },
};

UNIT_SUITE(mali_suite, tests);
