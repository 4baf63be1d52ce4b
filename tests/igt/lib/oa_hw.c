// SPDX-License-Identifier: MIT
/*
 * Report layouts and platform rows. Layout facts come from the Broadwell
 * Observability PRM (seed 000, counter select 000/010/101/111, valid for
 * Gen8 and Gen9) as restated in Documentation/vgpu-contract.rst; uAPI
 * format ids from include/uapi/drm/intel_oa_drm.h.
 */
#include <stdio.h>
#include <string.h>

#include "drm/intel_oa_drm.h"
#include "oa_hw.h"

const struct oa_format oa_formats[] = {
	{
		.name = "A12", .uapi_id = I915_OA_FORMAT_A12,
		.counter_select = 0, .size = 64,
		.segs = { { 4, WL_A(7), 12, OA_SEG_U32, 0 } },
		.n_segs = 1,
	},
	{
		.name = "A12_B8_C8", .uapi_id = I915_OA_FORMAT_A12_B8_C8,
		.counter_select = 2, .size = 128,
		.segs = {
			{ 4, WL_A(7), 12, OA_SEG_U32, 0 },
			{ 16, WL_B(0), 8, OA_SEG_U32, 0 },
			{ 24, WL_C(0), 8, OA_SEG_U32, 0 },
		},
		.n_segs = 3,
	},
	{
		.name = "A32u40_A4u32_B8_C8",
		.uapi_id = I915_OA_FORMAT_A32u40_A4u32_B8_C8,
		.counter_select = 5, .size = 256,
		.segs = {
			{ 4, WL_A(0), 32, OA_SEG_U40, 40 },
			{ 36, WL_A(32), 4, OA_SEG_U32, 0 },
			{ 48, WL_B(0), 8, OA_SEG_U32, 0 },
			{ 56, WL_C(0), 8, OA_SEG_U32, 0 },
		},
		.n_segs = 4,
	},
	{
		.name = "C4_B8", .uapi_id = I915_OA_FORMAT_C4_B8,
		.counter_select = 7, .size = 64,
		.segs = {
			{ 4, WL_C(0), 4, OA_SEG_U32, 0 },
			{ 8, WL_B(0), 8, OA_SEG_U32, 0 },
		},
		.n_segs = 2,
	},
};

const size_t oa_n_formats = sizeof(oa_formats) / sizeof(oa_formats[0]);

static const struct oa_platform oa_platforms[] = {
	{
		.name = "skl-gt2",
		.devids = { 0x1912, 0x1916, 0x191b, 0x191d, 0x191e, 0x1921, 0 },
		.graphics_ver = 9,
		.timestamp_hz = 12000000,
		.gpu_ticks_ratio = 50,
		.ctx_valid_bit = 1u << 16,
		.squashed_ctx_id = 0xffffffff,
		.reason_shift = 19, .reason_mask = 0x3f,
		.formats = {
			I915_OA_FORMAT_A12, I915_OA_FORMAT_A12_B8_C8,
			I915_OA_FORMAT_A32u40_A4u32_B8_C8, I915_OA_FORMAT_C4_B8, 0,
		},
		/*
		 * Topology limits as i915 gen9_sseu_info_init() sets them for
		 * non-LP Gen9 (3 slices, 4 subslices, 8 EUs); the part itself
		 * is GT2: one slice of three subslices of 8 EUs (24 EUs, i915
		 * device info and Intel ARK for HD Graphics 530).
		 */
		.max_slices = 3, .max_subslices = 4, .max_eus_per_subslice = 8,
		.slice_mask = 0x1, .subslice_mask = 0x7, .eus_per_subslice = 8,
		/*
		 * RP_STATE_CAP of the part modelled (HD Graphics 530): RP0
		 * 1150 MHz (maximum dynamic frequency, Intel ARK), RP1 350 MHz
		 * (base frequency, Intel ARK), RPn 300 MHz (minimum); these are
		 * also the values the QEMU device model's RP_STATE_CAP holds.
		 */
		.rp0_mhz = 1150, .rp1_mhz = 350, .rpn_mhz = 300,
	},
};

const struct oa_platform *oa_platform_for_devid(uint16_t devid)
{
	size_t i, j;

	for (i = 0; i < sizeof(oa_platforms) / sizeof(oa_platforms[0]); i++)
		for (j = 0; oa_platforms[i].devids[j]; j++)
			if (oa_platforms[i].devids[j] == devid)
				return &oa_platforms[i];
	return NULL;
}

bool oa_platform_has_format(const struct oa_platform *p, uint32_t uapi_id)
{
	size_t i;

	for (i = 0; p->formats[i]; i++)
		if (p->formats[i] == uapi_id)
			return true;
	return false;
}

const struct oa_format *oa_format_by_name(const char *name)
{
	size_t i;

	for (i = 0; i < oa_n_formats; i++)
		if (!strcmp(oa_formats[i].name, name))
			return &oa_formats[i];
	return NULL;
}

const struct oa_format *oa_format_by_id(uint32_t uapi_id)
{
	size_t i;

	for (i = 0; i < oa_n_formats; i++)
		if (oa_formats[i].uapi_id == uapi_id)
			return &oa_formats[i];
	return NULL;
}

uint64_t oa_report_counter(const struct oa_seg *s, const uint32_t *report,
			   unsigned int idx)
{
	uint64_t v = report[s->dword + idx];

	if (s->kind == OA_SEG_U40) {
		const uint8_t *hi = (const uint8_t *)&report[s->hi_dword];

		v |= (uint64_t)hi[idx] << 32;
	}
	return v;
}

bool oa_report_check(const struct oa_platform *p, const struct oa_format *f,
		     const struct workload *w, const uint32_t *report,
		     uint64_t T, char *why, size_t why_len)
{
	uint32_t t = report[1];
	uint32_t reason = oa_report_reason(p, report);
	unsigned int s, i;

	if (reason != OA_REASON_TIMER) {
		snprintf(why, why_len, "RPT_ID %#010x: reason %#x, expected timer (%#x)",
			 report[0], reason, OA_REASON_TIMER);
		return false;
	}
	if (report[0] & p->ctx_valid_bit) {
		snprintf(why, why_len, "RPT_ID %#010x: context-valid bit set, no context runs",
			 report[0]);
		return false;
	}
	if (report[0] >> 25) {
		snprintf(why, why_len, "RPT_ID %#010x: reserved bits 31:25 not zero",
			 report[0]);
		return false;
	}
	/* No context runs: the driver squashes CTX_ID (see oa_platform). */
	if (report[2] != p->squashed_ctx_id) {
		snprintf(why, why_len, "CTX_ID %#x, expected %#x (context-valid clear)",
			 report[2], p->squashed_ctx_id);
		return false;
	}
	if (t != (uint32_t)T) {
		snprintf(why, why_len, "TIMESTAMP %#x, expected %#x (low 32 bits of T=%#llx)",
			 t, (uint32_t)T, (unsigned long long)T);
		return false;
	}
	if (report[3] != workload_gpu_ticks(w, T)) {
		snprintf(why, why_len, "GPU_TICKS %#x at T=%#llx, expected %#x",
			 report[3], (unsigned long long)T, workload_gpu_ticks(w, T));
		return false;
	}
	for (s = 0; s < f->n_segs; s++) {
		const struct oa_seg *seg = &f->segs[s];
		unsigned int width = seg->kind == OA_SEG_U40 ? 40 : 32;

		for (i = 0; i < seg->count; i++) {
			unsigned int k = seg->first + i;
			uint64_t got = oa_report_counter(seg, report, i);
			uint64_t exp = workload_counter(w, k, T, width);

			if (got != exp) {
				snprintf(why, why_len,
					 "%s: counter k=%u (%c%u, dword %u, %u-bit) at T=%#llx: got %#llx, expected %#llx",
					 f->name, k, k < 36 ? 'A' : k < 44 ? 'B' : 'C',
					 k < 36 ? k : k < 44 ? k - 36 : k - 44,
					 seg->dword + i, width, (unsigned long long)T,
					 (unsigned long long)got,
					 (unsigned long long)exp);
				return false;
			}
		}
	}
	return true;
}

uint64_t oa_ts_unwrap(struct oa_ts_unwrap *u, uint32_t t)
{
	if (!u->started) {
		/* nearest to the reference: signed 32-bit distance */
		u->last = u->ref + (int64_t)(int32_t)(t - (uint32_t)u->ref);
		u->started = true;
	} else {
		u->last += (uint32_t)(t - (uint32_t)u->last);
	}
	return u->last;
}

/* Build a report by the contract layout table text, independently. */
static void build_report(const struct oa_format *f, const struct workload *w,
			 uint64_t t, uint32_t *r)
{
	unsigned int i;

	memset(r, 0, f->size);
	r[0] = 1u << 19;
	r[1] = (uint32_t)t;
	r[2] = 0xffffffff;
	r[3] = workload_gpu_ticks(w, t);
	switch (f->counter_select) {
	case 0:
	case 2:
		for (i = 0; i < 12; i++)
			r[4 + i] = (uint32_t)workload_counter(w, 7 + i, t, 32);
		if (f->counter_select == 0)
			break;
		for (i = 0; i < 16; i++)
			r[16 + i] = (uint32_t)workload_counter(w, 36 + i, t, 32);
		break;
	case 5:
		for (i = 0; i < 32; i++) {
			uint64_t v = workload_counter(w, i, t, 40);

			r[4 + i] = (uint32_t)v;
			((uint8_t *)&r[40])[i] = (uint8_t)(v >> 32);
		}
		for (i = 0; i < 4; i++)
			r[36 + i] = (uint32_t)workload_counter(w, 32 + i, t, 32);
		for (i = 0; i < 16; i++)
			r[48 + i] = (uint32_t)workload_counter(w, 36 + i, t, 32);
		break;
	case 7:
		for (i = 0; i < 4; i++)
			r[4 + i] = (uint32_t)workload_counter(w, 44 + i, t, 32);
		for (i = 0; i < 8; i++)
			r[8 + i] = (uint32_t)workload_counter(w, 36 + i, t, 32);
		break;
	}
}

int oa_hw_selftest(void)
{
	const struct oa_platform *p = oa_platform_for_devid(0x1912);
	struct workload w = { .seed = 0x5eed0001, .ratio = 50 };
	uint32_t r[64];
	char why[256];
	int bad = 0;
	uint64_t T;
	size_t i;

	if (!p) {
		fprintf(stderr, "no platform row for 0x1912\n");
		return 1;
	}
	for (i = 0; i < oa_n_formats; i++) {
		const struct oa_format *f = &oa_formats[i];
		unsigned int covered[64] = { 0 }, s, c, n = 0;

		/* Layout sanity: segments tile the report exactly once. */
		for (s = 0; s < f->n_segs; s++) {
			for (c = 0; c < f->segs[s].count; c++)
				covered[f->segs[s].dword + c]++;
			if (f->segs[s].kind == OA_SEG_U40)
				for (c = 0; c < (f->segs[s].count + 3) / 4; c++)
					covered[f->segs[s].hi_dword + c]++;
		}
		for (c = 4; c < f->size / 4; c++)
			if (covered[c] != 1)
				n++;
		if (n) {
			fprintf(stderr, "%s: %u dwords not covered exactly once\n", f->name, n);
			bad++;
		}

		/* past the 32-bit TIMESTAMP wrap: the 40-bit counters see it */
		T = 0x1fffff000ull + i * 977;
		build_report(f, &w, T, r);
		if (!oa_report_check(p, f, &w, r, T, why, sizeof(why))) {
			fprintf(stderr, "%s: good report rejected: %s\n", f->name, why);
			bad++;
		}
		/* the same report must not pass for T one wrap earlier */
		if (f->counter_select == 5 &&
		    oa_report_check(p, f, &w, r, T - (1ull << 32), why, sizeof(why))) {
			fprintf(stderr, "%s: report of T=%#llx accepted for T - 2^32\n",
				f->name, (unsigned long long)T);
			bad++;
		}
		/* Every single flipped bit must be caught (except 18:17, 15:0). */
		for (c = 0; c < f->size * 8; c++) {
			if (c < 32 && ((c >= 17 && c <= 18) || c < 16))
				continue;
			r[c / 32] ^= 1u << (c % 32);
			if (oa_report_check(p, f, &w, r, T, why, sizeof(why))) {
				fprintf(stderr, "%s: flipped bit %u not detected\n", f->name, c);
				bad++;
			}
			r[c / 32] ^= 1u << (c % 32);
		}
	}
	return bad;
}

struct unwrap_case {
	const char *what;
	uint64_t ref;
	uint32_t t[4];
	uint64_t expect[4];
};

/* Expected T worked out by hand (2^32 = 0x100000000). */
static const struct unwrap_case unwrap_cases[] = {
	{ "no wrap", 0x1000, { 0x1010, 0x1020, 0x1030, 0x1040 },
	  { 0x1010, 0x1020, 0x1030, 0x1040 } },
	{ "reports wrap after the reference", 0xfffffff0ull,
	  { 0xfffffff8, 0x0, 0x8, 0x10 },
	  { 0xfffffff8ull, 0x100000000ull, 0x100000008ull, 0x100000010ull } },
	{ "reference low word behind the first report (wrapped)",
	  0x1fffffffcull, { 0x4, 0xc, 0x14, 0x1c },
	  { 0x200000004ull, 0x20000000cull, 0x200000014ull, 0x20000001cull } },
	{ "reference low word ahead of the first report", 0x200000010ull,
	  { 0x8, 0x18, 0x28, 0x38 },
	  { 0x200000008ull, 0x200000018ull, 0x200000028ull, 0x200000038ull } },
	{ "reference ahead across a wrap", 0x300000004ull,
	  { 0xfffffff0, 0x0, 0x80000000, 0x10 },
	  { 0x2fffffff0ull, 0x300000000ull, 0x380000000ull, 0x400000010ull } },
	{ "36-bit reference, exactly on a wrap", 0xf00000000ull,
	  { 0x0, 0x40, 0xffffffc0, 0x0 },
	  { 0xf00000000ull, 0xf00000040ull, 0xfffffffc0ull, 0x1000000000ull } },
};

int oa_ts_unwrap_selftest(void)
{
	int bad = 0;
	size_t i, j;

	for (i = 0; i < sizeof(unwrap_cases) / sizeof(unwrap_cases[0]); i++) {
		const struct unwrap_case *c = &unwrap_cases[i];
		struct oa_ts_unwrap u;

		oa_ts_unwrap_init(&u, c->ref);
		for (j = 0; j < 4; j++) {
			uint64_t got = oa_ts_unwrap(&u, c->t[j]);

			if (got != c->expect[j]) {
				fprintf(stderr, "unwrap \"%s\" (ref %#llx) report %zu t=%#x: got T=%#llx, expected %#llx\n",
					c->what, (unsigned long long)c->ref, j, c->t[j],
					(unsigned long long)got,
					(unsigned long long)c->expect[j]);
				bad++;
			}
		}
	}
	return bad;
}
