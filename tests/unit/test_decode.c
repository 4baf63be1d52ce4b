// SPDX-License-Identifier: MIT
/*
 * Decoder tests: every field of every format, built byte by byte.
 *
 * Copyright (c) 2025 The intel-oa authors
 */
#include <errno.h>
#include <string.h>

#include "drm/intel_oa_drm.h"
#include "intel_oa/intel_oa.h"
#include "unit.h"

#define MAX_REF_COUNTERS 80

/*
 * Report reason width per generation: PRM RPT_ID 24:19 plus Gen12 bit 25;
 * Gen6-7.5 timer reports set bit 19 alone (gen6-gen7.rst, RPT_ID).
 */
static unsigned int reason_bits(unsigned int ver)
{
	if (ver < 800)
		return 1;
	if (ver < 1200)
		return 6;
	return 7;
}

static int init_fmt(struct intel_oa_format *fmt, const struct ref_format *rf)
{
	const struct intel_oa_gen *g = intel_oa_gen_by_ver(rf->ver);

	if (!g)
		return -1;
	return intel_oa_format_init(fmt, rf->id, g);
}

static uint64_t decoded(const struct intel_oa_report *r, int kind, int idx)
{
	switch (kind) {
	case REF_A:
		return r->a[idx];
	case REF_B:
		return r->b[idx];
	case REF_C:
		return r->c[idx];
	default:
		return r->m[idx];
	}
}

static int present(const struct intel_oa_report *r, int kind, int idx)
{
	switch (kind) {
	case REF_A:
		return !!(r->a_mask & (1ull << idx));
	case REF_B:
		return !!(r->b_mask & (1u << idx));
	case REF_C:
		return !!(r->c_mask & (1u << idx));
	default:
		return !!(r->m_mask & (1u << idx));
	}
}

/*
 * Decode a report whose every header field and counter holds a distinct
 * value (unused bytes hold 0xa5 filler) and compare all of them.
 */
static void decode_every_field(const void *arg)
{
	const struct ref_format *rf = arg;
	struct ref_counter cs[MAX_REF_COUNTERS];
	uint8_t buf[REF_MAX_REPORT];
	struct intel_oa_format fmt;
	struct intel_oa_report r;
	struct ref_header h;
	unsigned int counts[REF_KINDS] = { 0 };
	size_t n, i;
	uint64_t want_reason, want_reserved = 0;
	int inst_dw = -1, res_first = -1, res_last = -1, d;

	UNIT_CHECK(init_fmt(&fmt, rf) == 0, "format %u on ver %u rejected",
		   rf->id, rf->ver);
	UNIT_EQ(fmt.layout->size, rf->size, "size");

	memset(buf, 0xa5, sizeof(buf));
	h.rpt_id = rf->hdr == REF_HDR_64 ? 0x8000abcd01c90000ull :
		   0x01c90000ull;	/* bits 16, 19, 22..24 set */
	h.timestamp = rf->hdr == REF_HDR_64 ? 0x00fedcba98765432ull :
		      rf->hdr == REF_HDR_GEN7 ? 0x587654321ull : 0x87654321u;
	h.ctx_id = 0x0c0ffee0;
	h.gpu_ticks = rf->hdr == REF_HDR_64 ? 0xf1e2d3c4b5a69788ull :
		      0xb5a69788u;
	ref_place_header(rf->hdr, &h, buf);

	if (rf->hdr == REF_HDR_GEN7) {
		UNIT_CHECK(ref_gen7_extras(rf->id, &inst_dw, &res_first,
					   &res_last) == 0, "no Gen6/7 layout");
		if (inst_dw >= 0)
			put32(buf, 4u * (unsigned int)inst_dw, 0x00401c40u);
		/* the 0xa5 filler stays in the reserved dwords */
		for (d = res_first; d >= 0 && d <= res_last; d++)
			want_reserved |= 1ull << d;
	}

	n = ref_counters(rf, cs, MAX_REF_COUNTERS);
	UNIT_CHECK(n > 0, "no reference counters");
	for (i = 0; i < n; i++) {
		UNIT_CHECK(ref_place(rf, &cs[i],
				     ref_value(cs[i].kind, cs[i].index,
					       cs[i].width, 1), buf) == 0,
			   "reference placement failed");
		counts[cs[i].kind]++;
	}

	UNIT_EQ(intel_oa_decode(&fmt, buf, &r), 0, "decode");

	UNIT_EQ(r.rpt_id, h.rpt_id, "rpt_id");
	UNIT_EQ(r.timestamp, h.timestamp, "timestamp");
	want_reason = (h.rpt_id >> 19) & ((1u << reason_bits(rf->ver)) - 1);
	UNIT_EQ(r.reason, want_reason, "reason");
	if (rf->ver < 800) {
		UNIT_EQ(r.ctx_valid, 0, "gen6/7 ctx_valid");
		UNIT_EQ(r.has_ctx_id, 0, "gen6/7 has_ctx_id");
		UNIT_EQ(r.has_gpu_ticks, 0, "gen6/7 has_gpu_ticks");
		UNIT_EQ(r.ctx_id, 0, "gen6/7 ctx_id");
		UNIT_EQ(r.gpu_ticks, 0, "gen6/7 gpu_ticks");
		UNIT_EQ(r.has_inst_addr, inst_dw >= 0, "has_inst_addr");
		UNIT_EQ(r.inst_addr, inst_dw >= 0 ? 0x00401c40u : 0,
			"inst_addr");
		UNIT_EQ(r.reserved_nonzero, want_reserved,
			"reserved dwords holding filler");
	} else {
		/* bit 16 set, bit 25 clear: valid from Gen9 on only */
		UNIT_EQ(r.ctx_valid, rf->ver >= 900, "ctx_valid");
		UNIT_EQ(r.has_ctx_id, 1, "has_ctx_id");
		UNIT_EQ(r.has_gpu_ticks, 1, "has_gpu_ticks");
		UNIT_EQ(r.ctx_id, h.ctx_id, "ctx_id");
		UNIT_EQ(r.gpu_ticks, h.gpu_ticks, "gpu_ticks");
	}

	for (i = 0; i < n; i++) {
		char what[32];

		intel_oa_counter_name((unsigned int)cs[i].kind,
				      (unsigned int)cs[i].index, what,
				      sizeof(what));
		UNIT_CHECK(present(&r, cs[i].kind, cs[i].index),
			   "%s not marked present", what);
		UNIT_EQ(decoded(&r, cs[i].kind, cs[i].index),
			ref_value(cs[i].kind, cs[i].index, cs[i].width, 1),
			what);
	}
	UNIT_EQ(r.n_a, counts[REF_A], "n_a");
	UNIT_EQ(r.n_b, counts[REF_B], "n_b");
	UNIT_EQ(r.n_c, counts[REF_C], "n_c");
	UNIT_EQ(r.n_m, counts[REF_M], "n_m");
	UNIT_EQ(__builtin_popcountll(r.a_mask), counts[REF_A], "a_mask");
	UNIT_EQ(__builtin_popcount(r.b_mask), counts[REF_B], "b_mask");
	UNIT_EQ(__builtin_popcount(r.c_mask), counts[REF_C], "c_mask");
	UNIT_EQ(__builtin_popcount(r.m_mask), counts[REF_M], "m_mask");
}

/*
 * Only one counter non-zero at a time: the decoder must report exactly that
 * counter, with its full width, and every neighbour as zero.
 */
static void neighbours_distinguishable(const void *arg)
{
	const struct ref_format *rf = arg;
	struct ref_counter cs[MAX_REF_COUNTERS];
	uint8_t buf[REF_MAX_REPORT];
	struct intel_oa_format fmt;
	struct intel_oa_report r;
	size_t n, i, j;

	UNIT_CHECK(init_fmt(&fmt, rf) == 0, "format rejected");
	n = ref_counters(rf, cs, MAX_REF_COUNTERS);
	for (i = 0; i < n; i++) {
		uint64_t all = cs[i].width == 64 ? ~0ull :
			       (1ull << cs[i].width) - 1;

		memset(buf, 0, sizeof(buf));
		ref_place(rf, &cs[i], all, buf);
		UNIT_EQ(intel_oa_decode(&fmt, buf, &r), 0, "decode");
		for (j = 0; j < n; j++) {
			char what[64], other[16];
			uint64_t v = decoded(&r, cs[j].kind, cs[j].index);

			intel_oa_counter_name((unsigned int)cs[i].kind,
					      (unsigned int)cs[i].index, what,
					      sizeof(what));
			intel_oa_counter_name((unsigned int)cs[j].kind,
					      (unsigned int)cs[j].index, other,
					      sizeof(other));
			strcat(what, " set, reading ");
			strcat(what, other);
			UNIT_EQ(v, i == j ? all : 0, what);
		}
		UNIT_EQ(r.rpt_id | r.timestamp | r.ctx_id | r.gpu_ticks, 0,
			"header must stay zero");
		UNIT_EQ(r.inst_addr | r.reserved_nonzero, 0,
			"INST ADD and reserved dwords must stay zero");
	}
}

/* RPT_ID bit 25 vs 16 is the only difference between Gen8 and Gen9 here */
static void rpt_id_ctx_valid_gen8_vs_gen9(const void *arg UNIT_UNUSED)
{
	static const struct {
		uint32_t rpt_id;
		int gen8_valid;
		int gen9_valid;
	} cases[] = {
		{ 1u << 25, 1, 0 },
		{ 1u << 16, 0, 1 },
		{ (1u << 25) | (1u << 16), 1, 1 },
		{ 0x00f80000, 0, 0 },
	};
	struct intel_oa_format f8, f9;
	struct intel_oa_report r;
	uint8_t buf[REF_MAX_REPORT];
	unsigned int i;

	UNIT_EQ(intel_oa_format_init(&f8, I915_OA_FORMAT_A12,
				     intel_oa_gen_by_ver(800)), 0, "gen8");
	UNIT_EQ(intel_oa_format_init(&f9, I915_OA_FORMAT_A12,
				     intel_oa_gen_by_ver(900)), 0, "gen9");
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		memset(buf, 0, sizeof(buf));
		put32(buf, 0, cases[i].rpt_id);
		intel_oa_decode(&f8, buf, &r);
		UNIT_EQ(r.ctx_valid, cases[i].gen8_valid, "gen8 ctx_valid");
		intel_oa_decode(&f9, buf, &r);
		UNIT_EQ(r.ctx_valid, cases[i].gen9_valid, "gen9 ctx_valid");
	}
	/* reason bits 19..24: timer + context switch */
	memset(buf, 0, sizeof(buf));
	put32(buf, 0, (1u << 19) | (1u << 22));
	intel_oa_decode(&f9, buf, &r);
	UNIT_EQ(r.reason, INTEL_OA_REASON_TIMER | INTEL_OA_REASON_CTX_SWITCH,
		"reason");
	/* bit 24 is clock ratio on Gen9; Gen8's field has it, reserved */
	put32(buf, 0, 1u << 24);
	intel_oa_decode(&f9, buf, &r);
	UNIT_EQ(r.reason, INTEL_OA_REASON_CLK_RATIO, "gen9 clock ratio");
	intel_oa_decode(&f8, buf, &r);
	UNIT_EQ(r.reason, 1u << 5, "gen8 6-bit field");
	UNIT_EQ(f8.gen->reasons & (1u << 5), 0, "gen8 reserves bit 5");
}

/*
 * The synthetic workload of Documentation/vgpu-contract.rst, computed here
 * from the formula, decoded from an A32u40_A4u32_B8_C8 report.
 */
static void contract_workload_report(const void *arg UNIT_UNUSED)
{
	const uint64_t seed = 0x5eed0001, t = 0x12345678;
	uint8_t buf[256];
	struct intel_oa_format fmt;
	struct intel_oa_report r;
	unsigned int k;

	UNIT_EQ(intel_oa_format_init(&fmt, I915_OA_FORMAT_A32u40_A4u32_B8_C8,
				     intel_oa_gen_by_ver(900)), 0, "init");
	memset(buf, 0, sizeof(buf));
	put32(buf, 0, 1u << 19);
	put32(buf, 4, (uint32_t)t);
	put32(buf, 12, (uint32_t)(t * 50));
	for (k = 0; k < 52; k++) {
		uint64_t s = ((seed * (k + 1)) << 8) + ((uint64_t)k << 24);
		uint64_t v = s + t * (k + 1);

		if (k < 32) {
			put32(buf, 16 + 4 * k, (uint32_t)v);
			buf[160 + k] = (uint8_t)(v >> 32);
		} else if (k < 36) {
			put32(buf, 16 + 4 * k, (uint32_t)v);
		} else {
			put32(buf, 192 + 4 * (k - 36), (uint32_t)v);
		}
	}
	UNIT_EQ(intel_oa_decode(&fmt, buf, &r), 0, "decode");
	UNIT_EQ(r.gpu_ticks, (uint32_t)(t * 50), "gpu ticks");
	UNIT_EQ(r.reason, INTEL_OA_REASON_TIMER, "reason");
	UNIT_EQ(r.ctx_valid, 0, "ctx_valid");
	for (k = 0; k < 52; k++) {
		uint64_t s = ((seed * (k + 1)) << 8) + ((uint64_t)k << 24);
		uint64_t v = s + t * (k + 1);
		uint64_t got = k < 36 ? r.a[k] : k < 44 ? r.b[k - 36] :
			       r.c[k - 44];

		UNIT_EQ(got, k < 32 ? v & 0xffffffffffull : v & 0xffffffffu,
			"counter k");
	}
}

static void decode_rejects_bad_arguments(const void *arg UNIT_UNUSED)
{
	struct intel_oa_format fmt, blank;
	struct intel_oa_report r;
	uint8_t buf[256] = { 0 };

	UNIT_EQ(intel_oa_format_init(&fmt, I915_OA_FORMAT_A12,
				     intel_oa_gen_by_ver(900)), 0, "init");
	memset(&blank, 0, sizeof(blank));
	UNIT_EQ(intel_oa_decode(NULL, buf, &r), (uint64_t)-EINVAL, "NULL fmt");
	UNIT_EQ(intel_oa_decode(&fmt, NULL, &r), (uint64_t)-EINVAL,
		"NULL report");
	UNIT_EQ(intel_oa_decode(&fmt, buf, NULL), (uint64_t)-EINVAL,
		"NULL out");
	UNIT_EQ(intel_oa_decode(&blank, buf, &r), (uint64_t)-EINVAL,
		"uninitialised fmt");
}

/* Reports inside a read() buffer are not 4-byte aligned for the CPU */
static void decode_unaligned_report(const void *arg UNIT_UNUSED)
{
	uint8_t raw[256 + 3];
	uint8_t *buf = raw + 3;
	struct intel_oa_format fmt;
	struct intel_oa_report r;

	UNIT_EQ(intel_oa_format_init(&fmt, I915_OA_FORMAT_A32u40_A4u32_B8_C8,
				     intel_oa_gen_by_ver(900)), 0, "init");
	memset(raw, 0, sizeof(raw));
	put32(buf, 4, 0x11223344);
	put32(buf, 16 + 4 * 31, 0xa1b2c3d4);
	buf[160 + 31] = 0xe5;
	UNIT_EQ(intel_oa_decode(&fmt, buf, &r), 0, "decode");
	UNIT_EQ(r.timestamp, 0x11223344, "timestamp");
	UNIT_EQ(r.a[31], 0xe5a1b2c3d4ull, "A31");
}

#define FMT_TESTS(name, i) \
	{ "decode-every-field-" name, decode_every_field, &ref_formats[i] }, \
	{ "neighbours-distinguishable-" name, neighbours_distinguishable, \
	  &ref_formats[i] }

/* indices follow ref_formats[] in ref_reports.c */
static const struct unit_test tests[] = {
	FMT_TESTS("hsw-a13", 0),
	FMT_TESTS("hsw-a29", 1),
	FMT_TESTS("hsw-a13-b8-c8", 2),
	FMT_TESTS("hsw-b4-c8", 3),
	FMT_TESTS("hsw-a45-b8-c8", 4),
	FMT_TESTS("hsw-b4-c8-a16", 5),
	FMT_TESTS("hsw-c4-b8", 6),
	FMT_TESTS("gen8-c4-b8", 7),
	FMT_TESTS("gen9-c4-b8", 8),
	FMT_TESTS("gen8-a12", 9),
	FMT_TESTS("gen9-a12", 10),
	FMT_TESTS("gen8-a12-b8-c8", 11),
	FMT_TESTS("gen9-a12-b8-c8", 12),
	FMT_TESTS("gen8-a32u40-a4u32-b8-c8", 13),
	FMT_TESTS("gen9-a32u40-a4u32-b8-c8", 14),
	FMT_TESTS("gen11-a32u40-a4u32-b8-c8", 15),
	FMT_TESTS("gen12-a32u40-a4u32-b8-c8", 16),
	FMT_TESTS("dg2-oar-a32u40-a4u32-b8-c8", 17),
	FMT_TESTS("dg2-oag-a24u40-a14u32-b8-c8", 18),
	FMT_TESTS("mtl-oam-mpec8u64-b8-c8", 19),
	FMT_TESTS("mtl-oam-mpec8u32-b8-c8", 20),
	FMT_TESTS("snb-snb-a13", 21),
	FMT_TESTS("snb-snb-a29", 22),
	FMT_TESTS("snb-snb-a13-b4", 23),
	FMT_TESTS("snb-snb-a29-b4", 24),
	FMT_TESTS("ivb-ivb-a13", 25),
	FMT_TESTS("ivb-ivb-a29", 26),
	FMT_TESTS("ivb-ivb-a13-b4", 27),
	FMT_TESTS("ivb-ivb-a29-b4", 28),
	FMT_TESTS("ivb-ivb-a45-b4", 29),
	FMT_TESTS("ivb-ivb-a16", 30),
	FMT_TESTS("hsw-a29-b8-c8", 31),
	{ "rpt-id-ctx-valid-gen8-vs-gen9", rpt_id_ctx_valid_gen8_vs_gen9, NULL },
	{ "contract-workload-report", contract_workload_report, NULL },
	{ "decode-rejects-bad-arguments", decode_rejects_bad_arguments, NULL },
	{ "decode-unaligned-report", decode_unaligned_report, NULL },
};

UNIT_SUITE(decode_suite, tests);
