// SPDX-License-Identifier: MIT
/*
 * Accumulator tests: deltas, 32-bit and 40-bit wrap, 64-bit headers.
 *
 * Copyright (c) 2025 The intel-oa authors
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "drm/intel_oa_drm.h"
#include "intel_oa/intel_oa.h"
#include "unit.h"

#define MAX_REF_COUNTERS 80

static int gen9(struct intel_oa_format *fmt, unsigned int id)
{
	return intel_oa_format_init(fmt, id, intel_oa_gen_by_ver(900));
}

/* A0 (40 bit) and A32 (32 bit) of A32u40_A4u32_B8_C8 */
static void set_a0(uint8_t *r, uint64_t v)
{
	put32(r, 16, (uint32_t)v);
	r[160] = (uint8_t)(v >> 32);
}

static void set_a32(uint8_t *r, uint32_t v)
{
	put32(r, 144, v);
}

static void delta_modulo_width(const void *arg UNIT_UNUSED)
{
	UNIT_EQ(intel_oa_delta(10, 25, 32), 15, "plain");
	UNIT_EQ(intel_oa_delta(0xfffffff0u, 0x10, 32), 0x20, "32 wrap");
	UNIT_EQ(intel_oa_delta(0xfffffffff0ull, 0x10, 40), 0x20, "40 wrap");
	UNIT_EQ(intel_oa_delta(0x10, 0xfffffffff0ull, 40), 0xffffffffe0ull,
		"40 forward");
	UNIT_EQ(intel_oa_delta(~0ull, 1, 64), 2, "64 wrap");
	UNIT_EQ(intel_oa_delta(0xffffffffffffffull, 3, 56), 4, "56 wrap");
	UNIT_EQ(intel_oa_delta(7, 7, 40), 0, "equal");
}

static void accumulate_40bit_wrap(const void *arg UNIT_UNUSED)
{
	uint8_t p[256], c[256];
	struct intel_oa_format fmt;
	struct intel_oa_accumulator acc;

	UNIT_EQ(gen9(&fmt, I915_OA_FORMAT_A32u40_A4u32_B8_C8), 0, "init");
	memset(&acc, 0, sizeof(acc));
	memset(p, 0, sizeof(p));
	memset(c, 0, sizeof(c));

	/* wrap of the whole 40-bit value */
	set_a0(p, 0xfffffffff0ull);
	set_a0(c, 0x0000000010ull);
	UNIT_EQ(intel_oa_accumulate(&fmt, p, c, &acc), 0, "accumulate");
	UNIT_EQ(acc.a[0], 0x20, "A0 across 2^40");

	/* carry from the low dword into the high byte is not a wrap */
	memset(&acc, 0, sizeof(acc));
	set_a0(p, 0x00ffffffffull);
	set_a0(c, 0x0100000001ull);
	intel_oa_accumulate(&fmt, p, c, &acc);
	UNIT_EQ(acc.a[0], 2, "A0 low dword carry");

	/* a big forward step that only the high byte shows */
	memset(&acc, 0, sizeof(acc));
	set_a0(p, 0x1000000000ull);
	set_a0(c, 0x3000000000ull);
	intel_oa_accumulate(&fmt, p, c, &acc);
	UNIT_EQ(acc.a[0], 0x2000000000ull, "A0 high byte step");
	UNIT_EQ(acc.n_deltas, 1, "n_deltas");
}

static void accumulate_32bit_wrap(const void *arg UNIT_UNUSED)
{
	uint8_t p[256], c[256];
	struct intel_oa_format fmt;
	struct intel_oa_accumulator acc;

	UNIT_EQ(gen9(&fmt, I915_OA_FORMAT_A32u40_A4u32_B8_C8), 0, "init");
	memset(&acc, 0, sizeof(acc));
	memset(p, 0, sizeof(p));
	memset(c, 0, sizeof(c));
	set_a32(p, 0xfffffff0u);
	set_a32(c, 0x00000010u);
	put32(p, 192 + 4 * 7, 0xffffffffu);	/* B7 */
	put32(c, 192 + 4 * 7, 0x00000000u);
	put32(p, 224, 5);			/* C0: no wrap */
	put32(c, 224, 9);
	put32(p, 4, 0xffffff00u);		/* TIMESTAMP */
	put32(c, 4, 0x00000100u);
	put32(p, 12, 0xfffffffeu);		/* GPU_TICKS */
	put32(c, 12, 0x00000003u);
	/* the byte after A31's high byte must not leak into A32 */
	p[160 + 31] = 0x77;
	c[160 + 31] = 0x77;
	UNIT_EQ(intel_oa_accumulate(&fmt, p, c, &acc), 0, "accumulate");
	UNIT_EQ(acc.a[32], 0x20, "A32 across 2^32");
	UNIT_EQ(acc.b[7], 1, "B7 across 2^32");
	UNIT_EQ(acc.c[0], 4, "C0");
	UNIT_EQ(acc.timestamp, 0x200, "timestamp across 2^32");
	UNIT_EQ(acc.gpu_ticks, 5, "gpu ticks across 2^32");
	UNIT_EQ(acc.a[31], 0, "A31 unchanged");

	/* A12 on Gen9: A7..A18, all 32 bit */
	UNIT_EQ(gen9(&fmt, I915_OA_FORMAT_A12), 0, "init A12");
	memset(&acc, 0, sizeof(acc));
	memset(p, 0, 64);
	memset(c, 0, 64);
	put32(p, 16 + 4 * 11, 0xfffffffcu);	/* A18 */
	put32(c, 16 + 4 * 11, 0x00000004u);
	intel_oa_accumulate(&fmt, p, c, &acc);
	UNIT_EQ(acc.a[18], 8, "A18");
	UNIT_EQ(acc.a[7], 0, "A7");
}

/* 64-bit header: 56-bit timestamp, 64-bit GPU_TICKS, 64-bit MPEC */
static void accumulate_64bit_header(const void *arg UNIT_UNUSED)
{
	uint8_t p[192], c[192];
	struct intel_oa_format fmt;
	struct intel_oa_accumulator acc;

	UNIT_EQ(intel_oa_format_init(&fmt, I915_OAM_FORMAT_MPEC8u64_B8_C8,
				     intel_oa_gen_by_ver(1270)), 0, "init");
	memset(&acc, 0, sizeof(acc));
	memset(p, 0, sizeof(p));
	memset(c, 0, sizeof(c));
	/* bits 63:56 of TIMESTAMP are reserved: junk there must not count */
	put64(p, 8, 0x12fffffffffffff0ull);
	put64(c, 8, 0x3400000000000010ull);
	put64(p, 24, 0xffffffffffffff00ull);
	put64(c, 24, 0x0000000000000100ull);
	put64(p, 32 + 8 * 7, 0xfffffffffffffffeull);	/* MPEC7 */
	put64(c, 32 + 8 * 7, 0x0000000000000001ull);
	put64(p, 32, 0x0000000100000000ull);		/* MPEC0 */
	put64(c, 32, 0x0000000300000000ull);
	UNIT_EQ(intel_oa_accumulate(&fmt, p, c, &acc), 0, "accumulate");
	UNIT_EQ(acc.timestamp, 0x20, "56-bit timestamp wrap");
	UNIT_EQ(acc.gpu_ticks, 0x200, "64-bit ticks wrap");
	UNIT_EQ(acc.m[7], 3, "MPEC7 64-bit wrap");
	UNIT_EQ(acc.m[0], 0x200000000ull, "MPEC0 upper dword");
}

/*
 * Runs of reports generated with the contract's workload formula, but on a
 * continuous tick count T (the report's TIMESTAMP is T mod 2^32, like the
 * hardware): the sum of the step deltas must equal (k + 1) * (T_last -
 * T_first) for every counter, while TIMESTAMP, 32-bit and 40-bit counters
 * wrap during the runs. Seeds: the contract default, and one that puts A0
 * 1 MiB below 2^40 at the start.
 */
static void run_contract_sequence(uint64_t seed, unsigned int *wraps40,
				  unsigned int *wraps32)
{
	const uint64_t period = 1u << 14, t0 = 0xfff00000u, steps = 300;
	uint8_t prev[256], cur[256];
	struct intel_oa_format fmt;
	struct intel_oa_accumulator acc;
	uint64_t s, last[52] = { 0 };
	unsigned int k;

	UNIT_EQ(gen9(&fmt, I915_OA_FORMAT_A32u40_A4u32_B8_C8), 0, "init");
	memset(&acc, 0, sizeof(acc));
	for (s = 0; s <= steps; s++) {
		uint64_t t = t0 + s * period;	/* crosses 2^32 */

		memset(cur, 0, sizeof(cur));
		put32(cur, 4, (uint32_t)t);
		put32(cur, 12, (uint32_t)(t * 50));
		for (k = 0; k < 52; k++) {
			uint64_t v = ((seed * (k + 1)) << 8) +
				     ((uint64_t)k << 24) + t * (k + 1);

			v &= k < 32 ? 0xffffffffffull : 0xffffffffull;
			if (s && v < last[k])
				(*(k < 32 ? wraps40 : wraps32))++;
			last[k] = v;
			if (k < 32) {
				put32(cur, 16 + 4 * k, (uint32_t)v);
				cur[160 + k] = (uint8_t)(v >> 32);
			} else if (k < 36) {
				put32(cur, 16 + 4 * k, (uint32_t)v);
			} else {
				put32(cur, 192 + 4 * (k - 36), (uint32_t)v);
			}
		}
		if (s)
			UNIT_EQ(intel_oa_accumulate(&fmt, prev, cur, &acc), 0,
				"accumulate");
		memcpy(prev, cur, sizeof(cur));
	}
	UNIT_EQ(acc.n_deltas, steps, "n_deltas");
	UNIT_EQ(acc.timestamp, steps * period, "timestamp across 2^32");
	UNIT_EQ(acc.gpu_ticks, steps * period * 50, "gpu ticks");
	for (k = 0; k < 52; k++) {
		uint64_t got = k < 36 ? acc.a[k] : k < 44 ? acc.b[k - 36] :
			       acc.c[k - 44];
		char what[16];

		intel_oa_counter_name(k < 36 ? INTEL_OA_COUNTER_A :
				      k < 44 ? INTEL_OA_COUNTER_B :
				      INTEL_OA_COUNTER_C,
				      k < 36 ? k : k < 44 ? k - 36 : k - 44,
				      what, sizeof(what));
		UNIT_EQ(got, steps * period * (k + 1), what);
	}
}

static void accumulate_contract_sequence(const void *arg UNIT_UNUSED)
{
	unsigned int wraps40 = 0, wraps32 = 0;

	run_contract_sequence(0x5eed0001, &wraps40, &wraps32);
	if (unit_failed())
		return;
	run_contract_sequence(0xff000000, &wraps40, &wraps32);
	if (unit_failed())
		return;
	/* the runs must exercise both wraps, or they prove nothing */
	UNIT_CHECK(wraps40 > 0, "no 40-bit counter wrapped during the runs");
	UNIT_CHECK(wraps32 > 0, "no 32-bit counter wrapped during the runs");
}

/* DG2 OAG: A36/A37 live in high-byte dwords; they are 32-bit counters */
static void accumulate_dg2_oag_a36_a37(const void *arg UNIT_UNUSED)
{
	uint8_t p[256], c[256];
	struct intel_oa_format fmt;
	struct intel_oa_accumulator acc;

	UNIT_EQ(intel_oa_format_init(&fmt, I915_OA_FORMAT_A24u40_A14u32_B8_C8,
				     intel_oa_gen_by_ver(1250)), 0, "init");
	memset(&acc, 0, sizeof(acc));
	memset(p, 0, sizeof(p));
	memset(c, 0, sizeof(c));
	put32(p, 160, 0xfffffffeu);	/* A36 */
	put32(c, 160, 0x00000001u);
	put32(p, 184, 100);		/* A37 */
	put32(c, 184, 350);
	put32(p, 16 + 4 * 4, 0xffffffffu);	/* A4, 40 bit: hi at 164 */
	p[164] = 0x01;
	put32(c, 16 + 4 * 4, 0x00000000u);
	c[164] = 0x02;
	UNIT_EQ(intel_oa_accumulate(&fmt, p, c, &acc), 0, "accumulate");
	UNIT_EQ(acc.a[36], 3, "A36");
	UNIT_EQ(acc.a[37], 250, "A37");
	UNIT_EQ(acc.a[4], 1, "A4");
	UNIT_EQ(acc.a[0], 0, "A0 (32 bit) untouched by A36's bytes");
}

/* xorshift64*: deterministic values that use every bit */
static uint64_t next_random(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 0x2545f4914f6cdd1dull;
}

static uint64_t *acc_slot(struct intel_oa_accumulator *acc, int kind, int i)
{
	switch (kind) {
	case REF_A:
		return &acc->a[i];
	case REF_B:
		return &acc->b[i];
	case REF_C:
		return &acc->c[i];
	default:
		return &acc->m[i];
	}
}

static uint64_t width_mask(int width)
{
	return width >= 64 ? ~0ull : (1ull << width) - 1;
}

/*
 * Every format of every generation, as the PRM draws it (ref_reports.c,
 * not the library's tables): each layout runs its own compiled
 * accumulator, so each is checked. Report pairs of random values, half
 * of the counters wrapping; each pair accumulated twice into slots that
 * start at a known pattern: every counter's slot must grow by twice its
 * delta modulo its width, timestamp and GPU ticks likewise, and every
 * slot the format does not carry must keep its pattern.
 */
static void accumulate_every_format(const void *arg UNIT_UNUSED)
{
	struct ref_counter cs[MAX_REF_COUNTERS];
	uint64_t seed = 0x0a5eed5eedull;
	size_t f, i, n;

	for (f = 0; f < ref_formats_count; f++) {
		const struct ref_format *rf = &ref_formats[f];
		const int ts_width = rf->hdr == REF_HDR_64 ? 56 :
				     rf->hdr == REF_HDR_GEN7 ? 36 : 32;
		const int ticks_width = rf->hdr == REF_HDR_64 ? 64 :
					rf->hdr == REF_HDR_32 ? 32 : 0;
		uint8_t p[REF_MAX_REPORT], c[REF_MAX_REPORT];
		struct intel_oa_accumulator acc, want;
		struct intel_oa_format fmt;
		struct ref_header hp = { 0 }, hc = { 0 };
		uint64_t *w = (uint64_t *)&want, *g = (uint64_t *)&acc;
		char what[64];

		UNIT_CHECK(intel_oa_format_init(&fmt, rf->id,
						intel_oa_gen_by_ver(rf->ver)) == 0,
			   "format %u on ver %u rejected", rf->id, rf->ver);
		for (i = 0; i < sizeof(acc) / 8; i++)
			w[i] = g[i] = 0x1000000000000000ull +
				      0x10000000000ull * i;
		want.n_deltas += 2;
		memset(p, 0, sizeof(p));
		memset(c, 0, sizeof(c));
		hp.timestamp = next_random(&seed) & width_mask(ts_width);
		hc.timestamp = next_random(&seed) & width_mask(ts_width);
		hp.gpu_ticks = next_random(&seed) & width_mask(ticks_width);
		hc.gpu_ticks = next_random(&seed) & width_mask(ticks_width);
		ref_place_header(rf->hdr, &hp, p);
		ref_place_header(rf->hdr, &hc, c);
		want.timestamp += 2 * ((hc.timestamp - hp.timestamp) &
				       width_mask(ts_width));
		want.gpu_ticks += 2 * ((hc.gpu_ticks - hp.gpu_ticks) &
				       width_mask(ticks_width));
		n = ref_counters(rf, cs, MAX_REF_COUNTERS);
		UNIT_CHECK(n > 0, "format %u: no reference counters", rf->id);
		for (i = 0; i < n; i++) {
			uint64_t m = width_mask(cs[i].width);
			uint64_t vp = next_random(&seed) & m;
			uint64_t vc = next_random(&seed) & m;

			UNIT_CHECK(ref_place(rf, &cs[i], vp, p) == 0 &&
				   ref_place(rf, &cs[i], vc, c) == 0,
				   "reference placement failed");
			*acc_slot(&want, cs[i].kind, cs[i].index) +=
				2 * ((vc - vp) & m);
		}
		UNIT_EQ(intel_oa_accumulate(&fmt, p, c, &acc), 0, "accumulate");
		UNIT_EQ(intel_oa_accumulate(&fmt, p, c, &acc), 0, "accumulate");
		for (i = 0; i < sizeof(acc) / 8; i++) {
			snprintf(what, sizeof(what),
				 "format %u on ver %u: accumulator word %zu",
				 rf->id, rf->ver, i);
			UNIT_EQ(g[i], w[i], what);
		}
		if (unit_failed())
			return;
	}
}

static void accumulate_rejects_bad_arguments(const void *arg UNIT_UNUSED)
{
	uint8_t buf[256] = { 0 };
	struct intel_oa_format fmt;
	struct intel_oa_accumulator acc;

	UNIT_EQ(gen9(&fmt, I915_OA_FORMAT_A12), 0, "init");
	memset(&acc, 0, sizeof(acc));
	UNIT_EQ(intel_oa_accumulate(NULL, buf, buf, &acc), (uint64_t)-EINVAL,
		"NULL fmt");
	UNIT_EQ(intel_oa_accumulate(&fmt, NULL, buf, &acc), (uint64_t)-EINVAL,
		"NULL prev");
	UNIT_EQ(intel_oa_accumulate(&fmt, buf, NULL, &acc), (uint64_t)-EINVAL,
		"NULL cur");
	UNIT_EQ(intel_oa_accumulate(&fmt, buf, buf, NULL), (uint64_t)-EINVAL,
		"NULL acc");
	UNIT_EQ(acc.n_deltas, 0, "nothing accumulated");
}

static const struct unit_test tests[] = {
	{ "delta-modulo-width", delta_modulo_width, NULL },
	{ "accumulate-40bit-wrap", accumulate_40bit_wrap, NULL },
	{ "accumulate-32bit-wrap", accumulate_32bit_wrap, NULL },
	{ "accumulate-64bit-header", accumulate_64bit_header, NULL },
	{ "accumulate-contract-sequence", accumulate_contract_sequence, NULL },
	{ "accumulate-dg2-oag-a36-a37", accumulate_dg2_oag_a36_a37, NULL },
	{ "accumulate-every-format", accumulate_every_format, NULL },
	{ "accumulate-rejects-bad-arguments",
	  accumulate_rejects_bad_arguments, NULL },
};

UNIT_SUITE(accumulate_suite, tests);
