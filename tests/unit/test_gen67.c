// SPDX-License-Identifier: MIT
/*
 * Sandy Bridge, Ivy Bridge, Valleyview and Haswell (Gen6-7.5) tests: PCI
 * ids and siblings, the format table of each generation, SNB's reversed
 * A order, the RPT_ID / 36-bit TIME_STAMP header, reserved dwords and
 * INST ADD, 32-bit wrap accumulation over the contract's workload, stream
 * statistics and the SNB exponent floor.
 *
 * Copyright (c) 2025 The intel-oa authors
 *
 * Expectations are typed in from Documentation/gen6-gen7.rst and the
 * workload formula of Documentation/vgpu-contract.rst; reports are built
 * with tests/unit/ref_reports.c, never with the library's tables.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "drm/intel_oa_drm.h"
#include "intel_oa/intel_oa.h"
#include "unit.h"

#define MAX_COUNTERS 80
#define TS_MASK ((1ull << 36) - 1)

/* gen6-gen7.rst "Sibling PCI IDs": the HSW GT1 ids; GT2 +0x10, GT3 +0x20 */
static const uint16_t hsw_gt1_ids[] = {
	0x0402, 0x0406, 0x040a, 0x040b, 0x040e,
	0x0a02, 0x0a06, 0x0a0a, 0x0a0b, 0x0a0e,
	0x0c02, 0x0c06, 0x0c0a, 0x0c0b, 0x0c0e,
	0x0d02, 0x0d06, 0x0d0a, 0x0d0b, 0x0d0e,
};

static const struct {
	uint16_t devid;
	const char *row;
	unsigned int ver;
} other_ids[] = {
	{ 0x0102, "snb-gt1", 600 }, { 0x0106, "snb-gt1", 600 },
	{ 0x010a, "snb-gt1", 600 },
	{ 0x0112, "snb", 600 }, { 0x0116, "snb", 600 },
	{ 0x0122, "snb", 600 }, { 0x0126, "snb", 600 },
	{ 0x0152, "ivb-gt1", 700 }, { 0x0156, "ivb-gt1", 700 },
	{ 0x015a, "ivb-gt1", 700 },
	{ 0x0162, "ivb", 700 }, { 0x0166, "ivb", 700 },
	{ 0x016a, "ivb", 700 },
	{ 0x0f30, "vlv", 700 }, { 0x0f31, "vlv", 700 },
	{ 0x0f32, "vlv", 700 }, { 0x0f33, "vlv", 700 },
	{ 0x0155, "vlv", 700 }, { 0x0157, "vlv", 700 },
};

/* The ids that are rows of their own (gen6-gen7.rst "Platforms") */
static int is_row_id(uint16_t devid)
{
	static const uint16_t rows[] = {
		0x0102, 0x0112, 0x0152, 0x0162, 0x0f31, 0x0402, 0x0412,
		0x0d22,
	};
	unsigned int i;

	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++)
		if (rows[i] == devid)
			return 1;
	return 0;
}

static void check_id(uint16_t devid, const char *row, unsigned int ver)
{
	const struct intel_oa_platform *p = intel_oa_platform_for_devid(devid);
	const struct intel_oa_gen *g = intel_oa_gen_by_devid(devid);

	UNIT_CHECK(p, "0x%04x has no platform", devid);
	UNIT_CHECK(strcmp(p->name, row) == 0, "0x%04x is '%s', want '%s'",
		   devid, p->name, row);
	UNIT_CHECK(g && g->ver == ver, "0x%04x: generation %u, want %u",
		   devid, g ? g->ver : 0, ver);
	UNIT_CHECK(!intel_oa_platform_by_devid(devid) == !is_row_id(devid),
		   "0x%04x: by_devid finds rows only", devid);
}

static void gen67_sibling_ids(const void *arg UNIT_UNUSED)
{
	static const char *const hsw_rows[] = { "hsw-gt1", "hsw", "hsw-gt3" };
	static const uint16_t strangers[] = {
		0x0104, 0x0150, 0x0153, 0x0f34, 0x0432, 0x0d32, 0x0172,
	};
	unsigned int i, gt, n = 0;

	for (i = 0; i < sizeof(other_ids) / sizeof(other_ids[0]); i++) {
		check_id(other_ids[i].devid, other_ids[i].row,
			 other_ids[i].ver);
		if (unit_failed())
			return;
		n++;
	}
	for (i = 0; i < sizeof(hsw_gt1_ids) / sizeof(hsw_gt1_ids[0]); i++)
		for (gt = 0; gt < 3; gt++) {
			check_id((uint16_t)(hsw_gt1_ids[i] + 0x10 * gt),
				 hsw_rows[gt], 750);
			if (unit_failed())
				return;
			n++;
		}
	UNIT_EQ(n, 19 + 60, "ids checked");
	for (i = 0; i < sizeof(strangers) / sizeof(strangers[0]); i++)
		UNIT_CHECK(!intel_oa_platform_for_devid(strangers[i]),
			   "0x%04x is no sibling", strangers[i]);
	/* SNB/IVB/VLV have no id families beyond the listed ids */
	UNIT_CHECK(!intel_oa_gen_by_devid(0x0104), "0x0104");
	UNIT_CHECK(!intel_oa_gen_by_devid(0x0f34), "0x0f34");
	/* a Gen8+ sibling the driver binds: Skylake GT2 ULT (INTEL_SKL_GT2_IDS) */
	UNIT_CHECK(intel_oa_platform_for_devid(0x1916) ==
		   intel_oa_platform_by_devid(0x1912), "0x1916");
	UNIT_CHECK(intel_oa_platform_for_devid(0x1912) ==
		   intel_oa_platform_by_devid(0x1912), "0x1912");
}

/**
 * struct want_format - one row of the gen6-gen7.rst format tables
 * @id: uAPI number
 * @name: uAPI name without the I915_OA_FORMAT_ prefix
 * @ver: generation x100
 * @sel: counter select
 * @size: bytes
 * @a: A counters
 * @b: B counters
 * @c: C counters
 */
struct want_format {
	unsigned int id;
	const char *name;
	unsigned int ver, sel, size, a, b, c;
};

static const struct want_format want_formats[] = {
	{ 32, "SNB_A13", 600, 0, 64, 13, 0, 0 },
	{ 33, "SNB_A29", 600, 1, 128, 29, 0, 0 },
	{ 34, "SNB_A13_B4", 600, 2, 128, 13, 4, 0 },
	{ 35, "SNB_A29_B4", 600, 3, 192, 29, 4, 0 },
	{ 36, "IVB_A13", 700, 0, 64, 13, 0, 0 },
	{ 37, "IVB_A29", 700, 1, 128, 29, 0, 0 },
	{ 38, "IVB_A13_B4", 700, 2, 128, 13, 4, 0 },
	{ 39, "IVB_A29_B4", 700, 3, 192, 29, 4, 0 },
	{ 40, "IVB_A45_B4", 700, 4, 256, 45, 4, 0 },
	{ 41, "IVB_A16", 700, 5, 128, 16, 0, 0 },
	{ 1, "A13", 750, 0, 64, 13, 0, 0 },
	{ 2, "A29", 750, 1, 128, 29, 0, 0 },
	{ 3, "A13_B8_C8", 750, 2, 128, 13, 8, 8 },
	{ 42, "A29_B8_C8", 750, 3, 192, 29, 8, 8 },
	{ 4, "B4_C8", 750, 4, 64, 0, 4, 8 },
	{ 5, "A45_B8_C8", 750, 5, 256, 45, 8, 8 },
	{ 6, "B4_C8_A16", 750, 6, 128, 16, 4, 8 },
	{ 7, "C4_B8", 750, 7, 64, 0, 8, 4 },
};

#define N_FORMATS (sizeof(want_formats) / sizeof(want_formats[0]))

static void gen67_format_table(const void *arg UNIT_UNUSED)
{
	unsigned int i;

	for (i = 0; i < N_FORMATS; i++) {
		const struct want_format *w = &want_formats[i];
		const struct intel_oa_gen *g = intel_oa_gen_by_ver(w->ver);
		const struct intel_oa_layout *l = intel_oa_gen_layout(g, w->id);
		struct intel_oa_format fmt;
		char uapi[48];

		UNIT_CHECK(l, "%s on %u: no layout", w->name, w->ver);
		UNIT_CHECK(strcmp(l->name, w->name) == 0, "%u is '%s'", w->id,
			   l->name);
		UNIT_EQ(l->id, w->id, w->name);
		UNIT_EQ(l->counter_select, w->sel, w->name);
		UNIT_EQ(l->size, w->size, w->name);
		UNIT_EQ(l->n_counters[INTEL_OA_COUNTER_A], w->a, w->name);
		UNIT_EQ(l->n_counters[INTEL_OA_COUNTER_B], w->b, w->name);
		UNIT_EQ(l->n_counters[INTEL_OA_COUNTER_C], w->c, w->name);
		UNIT_EQ(l->n_counters[INTEL_OA_COUNTER_M], 0, w->name);
		UNIT_CHECK(strcmp(l->unit, "OAG") == 0, "%s unit", w->name);
		UNIT_EQ(intel_oa_format_init(&fmt, w->id, g), 0, w->name);
		UNIT_CHECK(fmt.layout == l, "%s: format_init layout", w->name);
		UNIT_EQ(fmt.header, INTEL_OA_HDR_GEN7, w->name);
		snprintf(uapi, sizeof(uapi), "I915_OA_FORMAT_%s", w->name);
		l = intel_oa_layout_by_name(uapi);
		UNIT_CHECK(l && l->id == w->id, "by name %s", uapi);
	}
}

/*
 * gen6-gen7.rst SNB table, literally: "A0..A4 at DW7..DW3, A5..A12 at
 * DW15..DW8", "A13..A20 at DW23..DW16, A21..A28 at DW31..DW24", "B0..B3 at
 * DW16..DW19" (select 2) and "at DW32..DW35" (select 3).
 */
static void gen67_snb_literal_positions(const void *arg UNIT_UNUSED)
{
	static const struct {
		unsigned int id;
		int kind;
		unsigned int n, dw;
	} cases[] = {
		{ 32, INTEL_OA_COUNTER_A, 0, 7 },
		{ 32, INTEL_OA_COUNTER_A, 4, 3 },
		{ 32, INTEL_OA_COUNTER_A, 5, 15 },
		{ 32, INTEL_OA_COUNTER_A, 12, 8 },
		{ 33, INTEL_OA_COUNTER_A, 13, 23 },
		{ 33, INTEL_OA_COUNTER_A, 20, 16 },
		{ 33, INTEL_OA_COUNTER_A, 21, 31 },
		{ 33, INTEL_OA_COUNTER_A, 28, 24 },
		{ 34, INTEL_OA_COUNTER_A, 1, 6 },
		{ 34, INTEL_OA_COUNTER_B, 0, 16 },
		{ 34, INTEL_OA_COUNTER_B, 3, 19 },
		{ 35, INTEL_OA_COUNTER_A, 27, 25 },
		{ 35, INTEL_OA_COUNTER_B, 0, 32 },
		{ 35, INTEL_OA_COUNTER_B, 3, 35 },
	};
	const struct intel_oa_gen *g = intel_oa_gen_by_ver(600);
	unsigned int i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct intel_oa_format fmt;
		struct intel_oa_report r;
		uint8_t buf[256];
		uint64_t got;

		UNIT_EQ(intel_oa_format_init(&fmt, cases[i].id, g), 0, "init");
		memset(buf, 0, sizeof(buf));
		put32(buf, 4 * cases[i].dw, 0xc0de0000u + i);
		UNIT_EQ(intel_oa_decode(&fmt, buf, &r), 0, "decode");
		got = cases[i].kind == INTEL_OA_COUNTER_A ? r.a[cases[i].n] :
		      r.b[cases[i].n];
		UNIT_CHECK(got == 0xc0de0000u + i,
			   "format %u %s%u: not at DW%u (read 0x%llx)",
			   cases[i].id,
			   cases[i].kind == INTEL_OA_COUNTER_A ? "A" : "B",
			   cases[i].n, cases[i].dw, (unsigned long long)got);
	}
}

/*
 * RPT_ID: 1 << 19 marks a timer report, no other bit means anything; no
 * CTX_ID, context-valid bit or GPU_TICKS; TIME_STAMP is 36 bits, 35:32 in
 * DW2 bits 3:0.
 */
static void gen67_rpt_id_and_timestamp(const void *arg UNIT_UNUSED)
{
	static const unsigned int vers[] = { 600, 700, 750 };
	static const unsigned int ids[] = { 32, 36, 1 };
	unsigned int v;

	for (v = 0; v < 3; v++) {
		const struct intel_oa_gen *g = intel_oa_gen_by_ver(vers[v]);
		struct intel_oa_format fmt;
		struct intel_oa_report r;
		uint8_t buf[64];
		uint64_t d;
		char names[64];

		UNIT_CHECK(g, "ver %u", vers[v]);
		UNIT_EQ(g->ts_width, 36, g->name);
		UNIT_EQ(intel_oa_format_init(&fmt, ids[v], g), 0, "init");
		memset(buf, 0, sizeof(buf));
		put32(buf, 0, 1u << 19);
		put32(buf, 4, 0x89abcdefu);
		put32(buf, 8, 0xa);
		/* CTX_ID / GPU_TICKS positions of Gen8 hold counters here */
		put32(buf, 12, 0x11111111u);
		UNIT_EQ(intel_oa_decode(&fmt, buf, &r), 0, "decode");
		UNIT_EQ(r.rpt_id, 1u << 19, "rpt_id");
		UNIT_EQ(r.reason, INTEL_OA_REASON_TIMER, "reason");
		UNIT_CHECK(strcmp(intel_oa_gen_reason_string(g, r.reason, names,
							     sizeof(names)),
				  "timer") == 0, "'%s'", names);
		UNIT_EQ(r.timestamp, 0xa89abcdefull, "36-bit TIME_STAMP");
		UNIT_EQ(r.ctx_valid | r.has_ctx_id | r.has_gpu_ticks, 0,
			"no context or GPU_TICKS");
		UNIT_EQ(r.ctx_id | r.gpu_ticks, 0, "ctx_id, gpu_ticks");

		/* every other RPT_ID bit: no reason, no context */
		put32(buf, 0, ~(1u << 19));
		intel_oa_decode(&fmt, buf, &r);
		UNIT_EQ(r.reason, 0, "other bits");
		UNIT_EQ(r.ctx_valid, 0, "other bits ctx_valid");

		/* bits past 35 are outside the field */
		put32(buf, 8, 0xfffffff3u);
		intel_oa_decode(&fmt, buf, &r);
		UNIT_EQ(r.timestamp, 0x389abcdefull, "DW2 bits 31:4");

		/* deltas are taken modulo 2^36 */
		d = intel_oa_delta(0xffffffff0ull, 0x10, g->ts_width);
		UNIT_EQ(d, 0x20, "36-bit wrap");
		d = intel_oa_delta(0xfffffff0ull, 0x100000010ull, g->ts_width);
		UNIT_EQ(d, 0x20, "across 2^32");
	}
}

/* Each reserved dword alone non-zero is flagged, and nothing else moves. */
static void gen67_reserved_dwords_flagged(const void *arg UNIT_UNUSED)
{
	size_t f;

	for (f = 0; f < ref_formats_count; f++) {
		const struct ref_format *rf = &ref_formats[f];
		struct intel_oa_format fmt;
		int inst, first, last, d;

		if (rf->ver >= 800)
			continue;
		UNIT_EQ(intel_oa_format_init(&fmt, rf->id,
					     intel_oa_gen_by_ver(rf->ver)), 0,
			"init");
		UNIT_EQ(ref_gen7_extras(rf->id, &inst, &first, &last), 0,
			"reference");
		for (d = 0; d < (int)rf->size / 4; d++) {
			struct intel_oa_report r;
			uint8_t buf[256];
			int reserved = first >= 0 && d >= first && d <= last;

			memset(buf, 0, sizeof(buf));
			put32(buf, 4u * (unsigned int)d, 0x80000001u);
			UNIT_EQ(intel_oa_decode(&fmt, buf, &r), 0, "decode");
			UNIT_CHECK(r.reserved_nonzero ==
				   (reserved ? 1ull << d : 0),
				   "format %u DW%d: reserved_nonzero 0x%llx",
				   rf->id, d,
				   (unsigned long long)r.reserved_nonzero);
			UNIT_CHECK(r.inst_addr == (d == inst ? 0x80000001u : 0),
				   "format %u DW%d: INST ADD 0x%x", rf->id, d,
				   r.inst_addr);
			UNIT_EQ(r.has_inst_addr, inst >= 0, "has_inst_addr");
			if (reserved) {
				unsigned int k;

				for (k = 0; k < INTEL_OA_MAX_A; k++)
					UNIT_EQ(r.a[k], 0, "A of reserved");
				for (k = 0; k < INTEL_OA_MAX_B; k++)
					UNIT_EQ(r.b[k] | r.c[k], 0,
						"B/C of reserved");
			}
		}
	}
}

/* vgpu-contract.rst: S_k = ((seed * (k + 1)) << 8) + (k << 24) */
static uint32_t workload(uint64_t seed, unsigned int k, uint64_t t)
{
	uint64_t s = ((seed * (k + 1)) << 8) + ((uint64_t)k << 24);

	return (uint32_t)(s + t * (k + 1));
}

/* counter number k of gen6-gen7.rst: A0..A44 0..44, B0..B7 45..52, C0 53 */
static unsigned int counter_k(const struct ref_counter *c)
{
	return c->kind == REF_A ? (unsigned int)c->index :
	       c->kind == REF_B ? 45u + (unsigned int)c->index :
	       53u + (unsigned int)c->index;
}

static void build_workload_report(const struct ref_format *rf,
				  const struct ref_counter *cs, size_t n,
				  uint64_t seed, uint64_t t, uint8_t *buf)
{
	struct ref_header h = { 1u << 19, t & TS_MASK, 0, 0 };
	int inst, first, last;
	size_t i;

	memset(buf, 0, REF_MAX_REPORT);
	ref_place_header(REF_HDR_GEN7, &h, buf);
	ref_gen7_extras(rf->id, &inst, &first, &last);
	if (inst >= 0)
		put32(buf, 4u * (unsigned int)inst,
		      0x00400000u + 0x40u * (uint32_t)((t >> 10) % 0x4000));
	for (i = 0; i < n; i++)
		ref_place(rf, &cs[i], workload(seed, counter_k(&cs[i]), t),
			  buf);
}

/*
 * Runs of 300 reports of the contract's workload in every Gen6-7.5
 * format, across the 2^32 and the 2^36 TIME_STAMP wraps: 32-bit counters
 * wrap many times, yet every sum must be (k + 1) * elapsed ticks.
 */
static void gen67_accumulate_workload(const void *arg UNIT_UNUSED)
{
	static const uint64_t starts[] = { 0xfff00000ull, 0xffff00000ull };
	const uint64_t seed = 0x5eed0001, period = 1u << 22, steps = 300;
	size_t f;

	for (f = 0; f < ref_formats_count; f++) {
		const struct ref_format *rf = &ref_formats[f];
		struct ref_counter cs[MAX_COUNTERS];
		struct intel_oa_format fmt;
		unsigned int st, wraps = 0;
		size_t n, i;

		if (rf->ver >= 800)
			continue;
		UNIT_EQ(intel_oa_format_init(&fmt, rf->id,
					     intel_oa_gen_by_ver(rf->ver)), 0,
			"init");
		n = ref_counters(rf, cs, MAX_COUNTERS);
		for (st = 0; st < 2; st++) {
			uint8_t prev[REF_MAX_REPORT], cur[REF_MAX_REPORT];
			struct intel_oa_accumulator acc;
			uint64_t s;

			memset(&acc, 0, sizeof(acc));
			for (s = 0; s <= steps; s++) {
				uint64_t t = starts[st] + s * period;
				struct intel_oa_report r;

				build_workload_report(rf, cs, n, seed, t, cur);
				UNIT_EQ(intel_oa_decode(&fmt, cur, &r), 0,
					"decode");
				UNIT_EQ(r.timestamp, t & TS_MASK, "timestamp");
				UNIT_EQ(r.reserved_nonzero, 0, "reserved");
				UNIT_EQ(r.reason, INTEL_OA_REASON_TIMER,
					"reason");
				if (r.has_inst_addr)
					UNIT_EQ(r.inst_addr, 0x00400000u +
						0x40u * ((t >> 10) % 0x4000),
						"INST ADD");
				if (s) {
					for (i = 0; i < n; i++)
						wraps += workload(seed,
							counter_k(&cs[i]), t) <
							 workload(seed,
							counter_k(&cs[i]),
							t - period);
					UNIT_EQ(intel_oa_accumulate(&fmt, prev,
								    cur, &acc),
						0, "accumulate");
				}
				memcpy(prev, cur, sizeof(cur));
			}
			UNIT_EQ(acc.n_deltas, steps, "n_deltas");
			UNIT_EQ(acc.timestamp, steps * period,
				"timestamp across the wrap");
			UNIT_EQ(acc.gpu_ticks, 0, "no GPU_TICKS");
			for (i = 0; i < n; i++) {
				unsigned int k = counter_k(&cs[i]);
				uint64_t got = cs[i].kind == REF_A ?
					       acc.a[cs[i].index] :
					       cs[i].kind == REF_B ?
					       acc.b[cs[i].index] :
					       acc.c[cs[i].index];

				UNIT_CHECK(got == steps * period * (k + 1),
					   "format %u counter k=%u: 0x%llx",
					   rf->id, k,
					   (unsigned long long)got);
			}
		}
		UNIT_CHECK(wraps > 0, "format %u: no counter wrapped", rf->id);
	}
}

/*
 * A stream of timer reports across the 2^32 TIME_STAMP boundary: no
 * gaps, every report a timer report, one context row (none), and one
 * dropped report is one gap.
 */
static void gen67_stats_timer_stream(const void *arg UNIT_UNUSED)
{
	static const struct {
		unsigned int fmt_idx;	/* ref_formats[] index */
		unsigned int exponent;
	} cases[] = {
		{ 24, 3 },	/* SNB_A29_B4 at its shortest period */
		{ 29, 13 },	/* IVB_A45_B4 */
		{ 31, 13 },	/* HSW A29_B8_C8 */
		{ 6, 9 },	/* HSW C4_B8 */
	};
	unsigned int c, drop;

	for (c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
		const struct ref_format *rf = &ref_formats[cases[c].fmt_idx];
		const uint64_t period = 2ull << cases[c].exponent;
		struct ref_counter cs[MAX_COUNTERS];
		struct intel_oa_format fmt;
		size_t n = ref_counters(rf, cs, MAX_COUNTERS);

		UNIT_CHECK(rf->ver < 800, "case %u is no Gen6/7 format", c);
		UNIT_EQ(intel_oa_format_init(&fmt, rf->id,
					     intel_oa_gen_by_ver(rf->ver)), 0,
			"init");
		for (drop = 0; drop < 2; drop++) {
			struct intel_oa_stream_stats st;
			uint8_t buf[REF_MAX_REPORT];
			uint64_t t0 = (0xfff00000ull / period + 1) * period;
			uint64_t s, added = 0;

			UNIT_EQ(intel_oa_stats_init(&st, &fmt, period, false),
				0, "stats init");
			for (s = 0; s < 200; s++) {
				if (drop && s == 100)
					continue;
				build_workload_report(rf, cs, n, 7, t0 +
						      s * period, buf);
				UNIT_EQ(intel_oa_stats_add(&st, buf, NULL), 0,
					"add");
				added++;
			}
			UNIT_EQ(st.reports, added, "reports");
			UNIT_EQ(st.gaps, drop, "gaps");
			UNIT_EQ(st.by_reason[0], added, "timer reports");
			UNIT_EQ(st.no_reason, 0, "no_reason");
			UNIT_EQ(st.switch_reports, 0, "switch reports");
			UNIT_EQ(st.n_ctx, 1, "one context row");
			UNIT_EQ(st.ctx[0].id | st.ctx[0].valid, 0, "no context");
			UNIT_EQ(st.n_periods, 1, "one period");
			UNIT_EQ(st.acc.timestamp, 199 * period, "elapsed");
			UNIT_EQ(st.last_ts, (t0 + 199 * period) & TS_MASK,
				"last TIME_STAMP above 2^32");
			intel_oa_stats_fini(&st);
		}
	}
}

/*
 * gen6-gen7.rst "Timer period": exponent e is 2^(e + 1) ticks on every
 * generation; SNB cannot go below e = 3. 12.5 MHz: 80 ns per tick.
 */
static void gen67_exponent_minimum(const void *arg UNIT_UNUSED)
{
	const struct intel_oa_gen *snb = intel_oa_gen_by_ver(600);
	const struct intel_oa_gen *ivb = intel_oa_gen_by_ver(700);
	const struct intel_oa_gen *hsw = intel_oa_gen_by_ver(750);
	const uint64_t hz = 12500000;

	UNIT_EQ(snb->min_exponent, 3, "snb");
	UNIT_EQ(ivb->min_exponent, 0, "ivb");
	UNIT_EQ(hsw->min_exponent, 0, "hsw");
	UNIT_EQ(intel_oa_exponent_period_ns(3, hz), 1280, "e3 = 1.28 us");
	UNIT_EQ(intel_oa_gen_exponent_for_period(snb, 500, hz), 3,
		"snb 500 ns");
	UNIT_EQ(intel_oa_gen_exponent_for_period(ivb, 500, hz), 2,
		"ivb 500 ns");
	UNIT_EQ(intel_oa_gen_exponent_for_period(hsw, 1, hz), 0, "hsw 1 ns");
	UNIT_EQ(intel_oa_gen_exponent_for_period(snb, 1000000, hz), 13,
		"snb 1 ms");
	UNIT_EQ(intel_oa_gen_exponent_for_period(ivb, 1000000, hz), 13,
		"ivb 1 ms");
	UNIT_EQ(intel_oa_gen_exponent_for_period(NULL, 500, hz), 2, "NULL");
	UNIT_EQ(intel_oa_gen_exponent_for_period(snb, 500, 0),
		(uint64_t)-EINVAL, "no clock");
	UNIT_EQ(intel_oa_gen_exponent_for_period(snb, ~0ull, hz),
		(uint64_t)-EINVAL, "too long");
	UNIT_EQ(intel_oa_gen_by_ver(800)->min_exponent, 0, "gen8");
}

static const struct unit_test tests[] = {
	{ "gen67-sibling-ids", gen67_sibling_ids, NULL },
	{ "gen67-format-table", gen67_format_table, NULL },
	{ "gen67-snb-literal-positions", gen67_snb_literal_positions, NULL },
	{ "gen67-rpt-id-and-timestamp", gen67_rpt_id_and_timestamp, NULL },
	{ "gen67-reserved-dwords-flagged", gen67_reserved_dwords_flagged,
	  NULL },
	{ "gen67-accumulate-workload", gen67_accumulate_workload, NULL },
	{ "gen67-stats-timer-stream", gen67_stats_timer_stream, NULL },
	{ "gen67-exponent-minimum", gen67_exponent_minimum, NULL },
};

UNIT_SUITE(gen67_suite, tests);
