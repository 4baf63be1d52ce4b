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

/* i915_perf.c oa_formats[]: { counter select, size } per enum value */
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
};

/* Every enum value has exactly one row, with i915's select and size. */
static void table_covers_every_uapi_format(const void *arg UNIT_UNUSED)
{
	unsigned int id, i, rows = 0;

	for (id = 1; id < I915_OA_FORMAT_MAX; id++) {
		const struct intel_oa_layout *l = intel_oa_layout_by_id(id);
		int found = 0;

		UNIT_CHECK(l, "format %u has no layout", id);
		UNIT_EQ(l->id, id, "layout id");
		for (i = 0; i < sizeof(i915_sizes) / sizeof(i915_sizes[0]); i++) {
			if (i915_sizes[i].id != id)
				continue;
			UNIT_EQ(l->size, i915_sizes[i].size, l->name);
			UNIT_EQ(l->counter_select, i915_sizes[i].select,
				l->name);
			found = 1;
		}
		UNIT_CHECK(found, "format %u missing from the test's list", id);
	}
	for (i = 0; i < intel_oa_layout_count(); i++)
		rows++;
	UNIT_EQ(rows, I915_OA_FORMAT_MAX - 1, "row count");
	UNIT_CHECK(!intel_oa_layout_by_id(0), "id 0 must not exist");
	UNIT_CHECK(!intel_oa_layout_by_id(I915_OA_FORMAT_MAX),
		   "id MAX must not exist");
	UNIT_CHECK(!intel_oa_layout_at(rows), "row past the end");
}

/*
 * Every run lies inside the report after the header, no two fields share a
 * byte, and n_counters equals what the runs hold.
 */
static void table_runs_are_consistent(const void *arg UNIT_UNUSED)
{
	unsigned int i, r, k;

	for (i = 0; i < intel_oa_layout_count(); i++) {
		const struct intel_oa_layout *l = intel_oa_layout_at(i);
		unsigned int hdr = l->header == INTEL_OA_HDR_64 ? 32 : 8;
		unsigned int counts[INTEL_OA_COUNTER_KINDS] = { 0 };
		uint8_t used[REF_MAX_REPORT];

		UNIT_CHECK(l->size <= REF_MAX_REPORT, "%s too big", l->name);
		memset(used, 0, sizeof(used));
		memset(used, 1, hdr);	/* RPT_ID + TIMESTAMP at least */
		for (r = 0; r < l->n_runs; r++) {
			const struct intel_oa_counter_run *run = &l->runs[r];
			unsigned int stride = run->width == 64 ? 8 : 4;
			unsigned int bytes = run->width == 64 ? 8 : 4;

			UNIT_CHECK(run->kind < INTEL_OA_COUNTER_KINDS,
				   "%s run %u kind", l->name, r);
			UNIT_CHECK(run->width == 32 || run->width == 40 ||
				   run->width == 64, "%s run %u width",
				   l->name, r);
			counts[run->kind] += run->count;
			for (k = 0; k < run->count; k++) {
				unsigned int off = run->offset + stride * k;
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
		{ 750, I915_OA_FORMAT_A13, 1 },
		{ 750, I915_OA_FORMAT_A45_B8_C8, 1 },
		{ 750, I915_OA_FORMAT_C4_B8, 1 },
		{ 750, I915_OA_FORMAT_A12, 0 },
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
	UNIT_CHECK(!intel_oa_gen_by_ver(600), "no Gen6 OA in i915");
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

static const struct unit_test tests[] = {
	{ "table-covers-every-uapi-format", table_covers_every_uapi_format, NULL },
	{ "table-runs-are-consistent", table_runs_are_consistent, NULL },
	{ "lookup-by-name", lookup_by_name, NULL },
	{ "generation-format-support", generation_format_support, NULL },
	{ "generation-rpt-id-bits", generation_rpt_id_bits, NULL },
	{ "devid-to-generation", devid_to_generation, NULL },
};

UNIT_SUITE(formats_suite, tests);
