// SPDX-License-Identifier: MIT
/*
 * Format and generation table tests.
 *
 * Copyright (c) 2025 The intel-oa authors
 */
#include <errno.h>
#include <string.h>

#include "drm/intel_oa_drm.h"
#include "intel_oa/intel_oa.h"
#include "unit.h"

/*
 * i915_perf.c oa_formats[]: { counter select, size } per enum value, and
 * the Gen6-7.5 ids 32..42 of Documentation/gen6-gen7.rst
 */
static const struct {
	unsigned int id;
	unsigned int select;
	unsigned int size;
} i915_sizes[] = {
	{ I915_OA_FORMAT_A13, 0, 64 },
	{ I915_OA_FORMAT_A29, 1, 128 },
	{ I915_OA_FORMAT_A13_B8_C8, 2, 128 },
	{ I915_OA_FORMAT_B4_C8, 4, 64 },
	{ I915_OA_FORMAT_A45_B8_C8, 5, 256 },
	{ I915_OA_FORMAT_B4_C8_A16, 6, 128 },
	{ I915_OA_FORMAT_C4_B8, 7, 64 },
	{ I915_OA_FORMAT_A12, 0, 64 },
	{ I915_OA_FORMAT_A12_B8_C8, 2, 128 },
	{ I915_OA_FORMAT_A32u40_A4u32_B8_C8, 5, 256 },
	{ I915_OAR_FORMAT_A32u40_A4u32_B8_C8, 5, 256 },
	{ I915_OA_FORMAT_A24u40_A14u32_B8_C8, 5, 256 },
	{ I915_OAM_FORMAT_MPEC8u64_B8_C8, 1, 192 },
	{ I915_OAM_FORMAT_MPEC8u32_B8_C8, 2, 128 },
	/* Documentation/dg2.rst, whole 64-byte cachelines */
	{ 43, 1, 448 },
	{ 44, 1, 384 },
	{ 45, 1, 320 },
	{ 46, 2, 192 },
	{ 47, 5, 128 },
	{ 48, 1, 192 },
	{ REF_SNB_A13, 0, 64 },
	{ REF_SNB_A29, 1, 128 },
	{ REF_SNB_A13_B4, 2, 128 },
	{ REF_SNB_A29_B4, 3, 192 },
	{ REF_IVB_A13, 0, 64 },
	{ REF_IVB_A29, 1, 128 },
	{ REF_IVB_A13_B4, 2, 128 },
	{ REF_IVB_A29_B4, 3, 192 },
	{ REF_IVB_A45_B4, 4, 256 },
	{ REF_IVB_A16, 5, 128 },
	{ REF_HSW_A29_B8_C8, 3, 192 },
};

#define N_SIZES (sizeof(i915_sizes) / sizeof(i915_sizes[0]))

/*
 * Every uAPI value and Gen6-7.5 id has a row, with i915's (the page's)
 * select and size; no other id has one. C4_B8 has two rows (Gen8's
 * first, then Haswell's), every other id one.
 */
static void table_covers_every_uapi_format(const void *arg UNIT_UNUSED)
{
	unsigned int id, i, rows = intel_oa_layout_count();

	for (id = 1; id < I915_OA_FORMAT_MAX; id++) {
		int found = 0;

		for (i = 0; i < N_SIZES; i++)
			found |= i915_sizes[i].id == id;
		UNIT_CHECK(found, "format %u missing from the test's list", id);
	}
	for (i = 0; i < N_SIZES; i++) {
		const struct intel_oa_layout *l =
			intel_oa_layout_by_id(i915_sizes[i].id);

		UNIT_CHECK(l, "format %u has no layout", i915_sizes[i].id);
		UNIT_EQ(l->id, i915_sizes[i].id, "layout id");
		UNIT_EQ(l->size, i915_sizes[i].size, l->name);
		UNIT_EQ(l->counter_select, i915_sizes[i].select, l->name);
	}
	for (i = 0; i < rows; i++) {
		const struct intel_oa_layout *l = intel_oa_layout_at(i);
		unsigned int j, same = 0;
		int listed = 0;

		for (j = 0; j < N_SIZES; j++)
			if (i915_sizes[j].id == l->id) {
				listed = 1;
				UNIT_EQ(l->size, i915_sizes[j].size, l->name);
				UNIT_EQ(l->counter_select,
					i915_sizes[j].select, l->name);
			}
		UNIT_CHECK(listed, "row %u: id %u is no known format", i,
			   l->id);
		for (j = 0; j < rows; j++)
			same += intel_oa_layout_at(j)->id == l->id;
		UNIT_EQ(same, l->id == I915_OA_FORMAT_C4_B8 ? 2 : 1, l->name);
	}
	UNIT_EQ(rows, N_SIZES + 1, "row count");
	UNIT_CHECK(!intel_oa_layout_by_id(0), "id 0 must not exist");
	/* i915 stops at 14, the Gen6-7.5 ids are 32..42, Gen12.5's 43..48 */
	for (id = 15; id < 64; id++)
		UNIT_CHECK(!intel_oa_layout_by_id(id) ==
			   (id < REF_SNB_A13 || id > 48), "id %u", id);
	UNIT_CHECK(!intel_oa_layout_at(rows), "row past the end");
	/* Gen8's C4_B8 is the one found by id, Haswell's by generation */
	UNIT_EQ(intel_oa_layout_by_id(I915_OA_FORMAT_C4_B8)->n_counters[
		INTEL_OA_COUNTER_C], 4, "C4_B8 by id");
	UNIT_EQ(intel_oa_gen_layout(intel_oa_gen_by_ver(750),
				    I915_OA_FORMAT_C4_B8)->n_counters[
		INTEL_OA_COUNTER_C], 4, "Haswell C4_B8");
	UNIT_CHECK(intel_oa_gen_layout(intel_oa_gen_by_ver(900),
				       I915_OA_FORMAT_C4_B8) ==
		   intel_oa_layout_by_id(I915_OA_FORMAT_C4_B8), "gen9 C4_B8");
	UNIT_CHECK(!intel_oa_gen_layout(NULL, I915_OA_FORMAT_C4_B8), "NULL");
	UNIT_CHECK(!intel_oa_gen_layout(intel_oa_gen_by_ver(700),
					I915_OA_FORMAT_C4_B8), "gen7 C4_B8");
}

/* A layout one of the Gen6-7.5 generations writes. */
static int is_gen67_layout(const struct intel_oa_layout *l)
{
	static const unsigned int vers[] = { 600, 700, 750 };
	unsigned int v;

	for (v = 0; v < 3; v++)
		if (intel_oa_gen_layout(intel_oa_gen_by_ver(vers[v]), l->id) ==
		    l)
			return 1;
	return 0;
}

/* A layout of Documentation/dg2.rst's table of 64-byte-padded formats. */
static int is_dg2_layout(const struct intel_oa_layout *l)
{
	return l->id >= 43 && l->id <= 48;
}

/*
 * Every run lies inside the report after the header, no two fields share a
 * byte, and n_counters equals what the runs hold. In a Gen6-7.5 layout
 * (header RPT_ID + 36-bit TIME_STAMP, 12 bytes) and in a Gen12.5 one of
 * dg2.rst (header 16 or 32 bytes, DW5 of the 64-bit one reserved) every
 * dword is header, counter, INST ADD, reserved or padding.
 */
static void table_runs_are_consistent(const void *arg UNIT_UNUSED)
{
	unsigned int i, r, k;

	for (i = 0; i < intel_oa_layout_count(); i++) {
		const struct intel_oa_layout *l = intel_oa_layout_at(i);
		int gen67 = is_gen67_layout(l), dg2 = is_dg2_layout(l);
		unsigned int hdr = l->header == INTEL_OA_HDR_64 ? 32 :
				   gen67 ? 12 : dg2 ? 16 : 8;
		unsigned int counts[INTEL_OA_COUNTER_KINDS] = { 0 };
		uint8_t used[REF_MAX_REPORT];

		UNIT_CHECK(l->size <= REF_MAX_REPORT, "%s too big", l->name);
		memset(used, 0, sizeof(used));
		memset(used, 1, hdr);	/* RPT_ID + TIMESTAMP at least */
		/* the 64-bit header's DW5 is reserved where dg2.rst says so */
		if (l->header == INTEL_OA_HDR_64 && dg2)
			memset(used + 20, 0, 4);
		for (r = 0; r < l->n_runs; r++) {
			const struct intel_oa_counter_run *run = &l->runs[r];
			unsigned int stride = run->width == 64 ? 8 : 4;
			unsigned int bytes = run->width == 64 ? 8 : 4;

			UNIT_CHECK(run->kind < INTEL_OA_COUNTER_KINDS,
				   "%s run %u kind", l->name, r);
			UNIT_CHECK(run->width == 32 || run->width == 40 ||
				   run->width == 64, "%s run %u width",
				   l->name, r);
			UNIT_CHECK(!run->descending || run->width == 32,
				   "%s run %u: only 32-bit runs descend",
				   l->name, r);
			UNIT_CHECK(!run->descending ||
				   run->offset >= stride * (run->count - 1u),
				   "%s run %u descends below byte 0", l->name,
				   r);
			counts[run->kind] += run->count;
			for (k = 0; k < run->count; k++) {
				unsigned int off = run->descending ?
						   run->offset - stride * k :
						   run->offset + stride * k;
				unsigned int b;

				UNIT_CHECK(off + bytes <= l->size,
					   "%s run %u past end", l->name, r);
				for (b = 0; b < bytes; b++) {
					UNIT_CHECK(!used[off + b],
						   "%s: byte %u used twice",
						   l->name, off + b);
					used[off + b] = 1;
				}
				if (run->width == 40) {
					off = run->hi_offset + k;
					UNIT_CHECK(off < l->size,
						   "%s hi byte past end",
						   l->name);
					UNIT_CHECK(!used[off],
						   "%s: hi byte %u used twice",
						   l->name, off);
					used[off] = 1;
				}
			}
		}
		for (k = 0; k < INTEL_OA_COUNTER_KINDS; k++)
			UNIT_EQ(counts[k], l->n_counters[k], l->name);
		if (l->inst_addr_offset) {
			UNIT_CHECK(l->inst_addr_offset % 4 == 0 &&
				   l->inst_addr_offset + 4u <= l->size,
				   "%s INST ADD offset", l->name);
			for (k = 0; k < 4; k++) {
				UNIT_CHECK(!used[l->inst_addr_offset + k],
					   "%s: INST ADD overlaps", l->name);
				used[l->inst_addr_offset + k] = 1;
			}
		}
		for (k = 0; k < 128; k++) {
			uint64_t mask = k < 64 ? l->reserved_dwords :
					l->reserved_dwords_hi;
			unsigned int b;

			if (!(mask & (1ull << (k % 64))))
				continue;
			UNIT_CHECK(4 * k + 4 <= l->size,
				   "%s reserved dword %u past end", l->name, k);
			for (b = 4 * k; b < 4 * k + 4; b++) {
				UNIT_CHECK(!used[b], "%s: reserved dword %u is used",
					   l->name, k);
				used[b] = 1;
			}
		}
		if (dg2) {
			/* padding: from the data's end to a cacheline */
			UNIT_EQ(l->size % 64, 0, l->name);
			UNIT_CHECK(l->data_size % 4 == 0 &&
				   l->data_size <= l->size, "%s data size %u",
				   l->name, l->data_size);
		} else {
			UNIT_EQ(l->data_size, l->size, l->name);
		}
		if (!gen67 && !dg2) {
			UNIT_EQ(l->reserved_dwords | l->reserved_dwords_hi |
				l->inst_addr_offset, 0, l->name);
			continue;
		}
		for (k = 0; k < l->size; k++)
			UNIT_CHECK(used[k], "%s: byte %u is nothing", l->name,
				   k);
	}
}

static void lookup_by_name(const void *arg UNIT_UNUSED)
{
	static const struct {
		const char *name;
		unsigned int id;
	} cases[] = {
		{ "A32u40_A4u32_B8_C8", I915_OA_FORMAT_A32u40_A4u32_B8_C8 },
		{ "I915_OA_FORMAT_A12", I915_OA_FORMAT_A12 },
		{ "a12_b8_c8", I915_OA_FORMAT_A12_B8_C8 },
		{ "i915_oar_format_a32u40_a4u32_b8_c8",
		  I915_OAR_FORMAT_A32u40_A4u32_B8_C8 },
		{ "OAR_A32u40_A4u32_B8_C8", I915_OAR_FORMAT_A32u40_A4u32_B8_C8 },
		{ "I915_OAM_FORMAT_MPEC8u32_B8_C8",
		  I915_OAM_FORMAT_MPEC8u32_B8_C8 },
		{ "OAM_MPEC8u64_B8_C8", I915_OAM_FORMAT_MPEC8u64_B8_C8 },
		{ "C4_B8", I915_OA_FORMAT_C4_B8 },
		{ "A45_B8_C8", I915_OA_FORMAT_A45_B8_C8 },
		{ "SNB_A29_B4", REF_SNB_A29_B4 },
		{ "I915_OA_FORMAT_SNB_A13", REF_SNB_A13 },
		{ "ivb_a16", REF_IVB_A16 },
		{ "I915_OA_FORMAT_IVB_A45_B4", REF_IVB_A45_B4 },
		{ "A29_B8_C8", REF_HSW_A29_B8_C8 },
	};
	unsigned int i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct intel_oa_layout *l =
			intel_oa_layout_by_name(cases[i].name);

		UNIT_CHECK(l, "'%s' not found", cases[i].name);
		UNIT_EQ(l->id, cases[i].id, cases[i].name);
	}
	UNIT_CHECK(!intel_oa_layout_by_name("A32"), "prefix must not match");
	UNIT_CHECK(!intel_oa_layout_by_name(""), "empty must not match");
	UNIT_CHECK(!intel_oa_layout_by_name(NULL), "NULL must not match");
	UNIT_CHECK(!intel_oa_layout_by_name("OAR_A12"), "OAR_A12 is no format");
}

/* Supported formats per generation, from i915 oa_init_supported_formats() */
static void generation_format_support(const void *arg UNIT_UNUSED)
{
	static const struct {
		unsigned int ver;
		unsigned int id;
		int ok;
	} cases[] = {
		{ 600, REF_SNB_A13, 1 },
		{ 600, REF_SNB_A29_B4, 1 },
		{ 600, REF_IVB_A13, 0 },
		{ 600, I915_OA_FORMAT_A13, 0 },
		{ 700, REF_IVB_A13, 1 },
		{ 700, REF_IVB_A16, 1 },
		{ 700, REF_SNB_A13, 0 },
		{ 700, I915_OA_FORMAT_A45_B8_C8, 0 },
		{ 700, I915_OA_FORMAT_C4_B8, 0 },
		{ 750, I915_OA_FORMAT_A13, 1 },
		{ 750, I915_OA_FORMAT_A45_B8_C8, 1 },
		{ 750, I915_OA_FORMAT_C4_B8, 1 },
		{ 750, REF_HSW_A29_B8_C8, 1 },
		{ 750, REF_IVB_A45_B4, 0 },
		{ 750, I915_OA_FORMAT_A12, 0 },
		{ 800, REF_HSW_A29_B8_C8, 0 },
		{ 800, I915_OA_FORMAT_A12, 1 },
		{ 800, I915_OA_FORMAT_A13, 0 },
		{ 900, I915_OA_FORMAT_A12, 1 },
		{ 900, I915_OA_FORMAT_A12_B8_C8, 1 },
		{ 900, I915_OA_FORMAT_A32u40_A4u32_B8_C8, 1 },
		{ 900, I915_OA_FORMAT_C4_B8, 1 },
		{ 900, I915_OA_FORMAT_A45_B8_C8, 0 },
		{ 900, I915_OA_FORMAT_A24u40_A14u32_B8_C8, 0 },
		{ 900, I915_OAR_FORMAT_A32u40_A4u32_B8_C8, 0 },
		{ 1100, I915_OA_FORMAT_A32u40_A4u32_B8_C8, 1 },
		{ 1200, I915_OA_FORMAT_A32u40_A4u32_B8_C8, 1 },
		{ 1200, I915_OA_FORMAT_A12, 0 },
		{ 1250, I915_OAR_FORMAT_A32u40_A4u32_B8_C8, 1 },
		{ 1250, I915_OA_FORMAT_A24u40_A14u32_B8_C8, 1 },
		{ 1250, I915_OA_FORMAT_A32u40_A4u32_B8_C8, 0 },
		{ 1250, I915_OAM_FORMAT_MPEC8u64_B8_C8, 0 },
		{ 1270, I915_OAM_FORMAT_MPEC8u64_B8_C8, 1 },
		{ 1270, I915_OAM_FORMAT_MPEC8u32_B8_C8, 1 },
	};
	struct intel_oa_format fmt;
	unsigned int i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct intel_oa_gen *g = intel_oa_gen_by_ver(cases[i].ver);
		int ret;

		UNIT_CHECK(g, "no generation %u", cases[i].ver);
		ret = intel_oa_format_init(&fmt, cases[i].id, g);
		UNIT_CHECK(cases[i].ok ? ret == 0 : ret == -ENOTSUP,
			   "ver %u format %u: ret %d", cases[i].ver,
			   cases[i].id, ret);
	}
	UNIT_EQ(intel_oa_format_init(&fmt, 99, intel_oa_gen_by_ver(900)),
		(uint64_t)-EINVAL, "unknown id");
	UNIT_EQ(intel_oa_format_init(&fmt, I915_OA_FORMAT_A12, NULL),
		(uint64_t)-EINVAL, "NULL gen");
	UNIT_EQ(intel_oa_format_init(&fmt, 49, intel_oa_gen_by_ver(750)),
		(uint64_t)-EINVAL, "unknown id 49");
	UNIT_EQ(intel_oa_format_init(&fmt, 43, intel_oa_gen_by_ver(750)),
		(uint64_t)-ENOTSUP, "Gen12.5's id 43 on Haswell");
	UNIT_CHECK(!intel_oa_gen_by_ver(500), "no Gen5 OA");
}

/* Context-valid bit: Gen8 bit 25, Gen9+ bit 16 (i915 gen8_valid_ctx_bit) */
static void generation_rpt_id_bits(const void *arg UNIT_UNUSED)
{
	UNIT_EQ(intel_oa_gen_by_ver(800)->ctx_valid_bit, 25, "gen8");
	UNIT_EQ(intel_oa_gen_by_ver(900)->ctx_valid_bit, 16, "gen9");
	UNIT_EQ(intel_oa_gen_by_ver(1100)->ctx_valid_bit, 16, "gen11");
	UNIT_EQ(intel_oa_gen_by_ver(1200)->ctx_valid_bit, 16, "gen12");
	UNIT_EQ(intel_oa_gen_by_ver(1250)->ctx_valid_bit, 16, "gen12.5");
	UNIT_CHECK(intel_oa_gen_by_ver(750)->ctx_valid_bit < 0, "hsw");
	UNIT_EQ(intel_oa_gen_by_ver(900)->reason_shift, 19, "reason shift");
}

static void devid_to_generation(const void *arg UNIT_UNUSED)
{
	static const struct {
		uint16_t devid;
		unsigned int ver;
	} cases[] = {
		{ 0x1912, 900 },	/* Skylake GT2, the milestone device */
		{ 0x1916, 900 },
		{ 0x5912, 900 },	/* Kaby Lake */
		{ 0x3e92, 900 },	/* Coffee Lake */
		{ 0x5a84, 900 },	/* Broxton, before the CNL prefix */
		{ 0x3185, 900 },	/* Gemini Lake */
		{ 0x1616, 800 },	/* Broadwell */
		{ 0x22b1, 800 },	/* Cherryview */
		{ 0x0412, 750 },	/* Haswell */
		{ 0x0a16, 750 },
		{ 0x8a52, 1100 },	/* Ice Lake */
		{ 0x9a49, 1200 },	/* Tiger Lake */
		{ 0x4c8a, 1200 },	/* Rocket Lake */
		{ 0x4908, 1200 },	/* DG1 */
		{ 0x4905, 1200 },	/* DG1, the virtual device */
		{ 0x4c9a, 1200 },	/* Rocket Lake, past 0x4c8f */
		{ 0x0a84, 900 },	/* Broxton, not Haswell ULT */
		{ 0x46a6, 1200 },	/* Alder Lake-P */
		{ 0x9bc5, 900 },	/* Comet Lake */
		{ 0x5690, 1250 },	/* DG2 */
		{ 0x7d55, 1270 },	/* Meteor Lake */
	};
	unsigned int i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct intel_oa_gen *g =
			intel_oa_gen_by_devid(cases[i].devid);

		UNIT_CHECK(g, "devid 0x%04x unknown", cases[i].devid);
		UNIT_CHECK(g->ver == cases[i].ver, "devid 0x%04x: ver %u, expected %u",
			   cases[i].devid, g->ver, cases[i].ver);
	}
	UNIT_CHECK(!intel_oa_gen_by_devid(0xffff), "0xffff must be unknown");
	UNIT_CHECK(!intel_oa_gen_by_devid(0x0000), "0x0000 must be unknown");
}

/* The uAPI header's Gen6-7.5 numbers are the page's (gen6-gen7.rst). */
static void uapi_gen67_numbers(const void *arg UNIT_UNUSED)
{
	UNIT_EQ((unsigned int)I915_OA_FORMAT_SNB_A13, REF_SNB_A13, "SNB_A13");
	UNIT_EQ((unsigned int)I915_OA_FORMAT_SNB_A29, REF_SNB_A29, "SNB_A29");
	UNIT_EQ((unsigned int)I915_OA_FORMAT_SNB_A13_B4, REF_SNB_A13_B4,
		"SNB_A13_B4");
	UNIT_EQ((unsigned int)I915_OA_FORMAT_SNB_A29_B4, REF_SNB_A29_B4,
		"SNB_A29_B4");
	UNIT_EQ((unsigned int)I915_OA_FORMAT_IVB_A13, REF_IVB_A13, "IVB_A13");
	UNIT_EQ((unsigned int)I915_OA_FORMAT_IVB_A29, REF_IVB_A29, "IVB_A29");
	UNIT_EQ((unsigned int)I915_OA_FORMAT_IVB_A13_B4, REF_IVB_A13_B4,
		"IVB_A13_B4");
	UNIT_EQ((unsigned int)I915_OA_FORMAT_IVB_A29_B4, REF_IVB_A29_B4,
		"IVB_A29_B4");
	UNIT_EQ((unsigned int)I915_OA_FORMAT_IVB_A45_B4, REF_IVB_A45_B4,
		"IVB_A45_B4");
	UNIT_EQ((unsigned int)I915_OA_FORMAT_IVB_A16, REF_IVB_A16, "IVB_A16");
	UNIT_EQ((unsigned int)I915_OA_FORMAT_A29_B8_C8, REF_HSW_A29_B8_C8,
		"A29_B8_C8");
}

/* Documentation/dg2.rst: the Gen12.5 ids and INTEL_OA_FORMAT_MAX 49 */
static void uapi_gen12_5_numbers(const void *arg UNIT_UNUSED)
{
	UNIT_EQ((unsigned int)I915_OA_FORMAT_A38u64_B8_C8, 43, "A38u64");
	UNIT_EQ((unsigned int)I915_OAR_FORMAT_A36u64_B8_C8, 44, "OAR A36u64");
	UNIT_EQ((unsigned int)I915_OAC_FORMAT_A24u64_B8_C8, 45, "OAC A24u64");
	UNIT_EQ((unsigned int)I915_OAC_FORMAT_A22u32_R2u32_B8_C8, 46,
		"OAC A22u32");
	UNIT_EQ((unsigned int)I915_OAM_FORMAT_A2u64_B8_C8, 47, "OAM A2u64");
	UNIT_EQ((unsigned int)I915_OAM_FORMAT_A2u64_R2u64_B8_C8, 48,
		"OAM A2u64_R2u64");
	UNIT_EQ((unsigned int)INTEL_OA_FORMAT_MAX, 49, "INTEL_OA_FORMAT_MAX");
	/* i915's own numbers are kept */
	UNIT_EQ((unsigned int)I915_OAR_FORMAT_A32u40_A4u32_B8_C8, 11, "11");
	UNIT_EQ((unsigned int)I915_OA_FORMAT_A24u40_A14u32_B8_C8, 12, "12");
}

static const struct unit_test tests[] = {
	{ "table-covers-every-uapi-format", table_covers_every_uapi_format, NULL },
	{ "uapi-gen67-numbers", uapi_gen67_numbers, NULL },
	{ "uapi-gen12.5-numbers", uapi_gen12_5_numbers, NULL },
	{ "table-runs-are-consistent", table_runs_are_consistent, NULL },
	{ "lookup-by-name", lookup_by_name, NULL },
	{ "generation-format-support", generation_format_support, NULL },
	{ "generation-rpt-id-bits", generation_rpt_id_bits, NULL },
	{ "devid-to-generation", devid_to_generation, NULL },
};

UNIT_SUITE(formats_suite, tests);
