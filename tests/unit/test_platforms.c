// SPDX-License-Identifier: MIT
/*
 * Gen6-Gen12.5 platform tests: the device table, per-generation format
 * availability and the per-generation RPT_ID decode (context-valid bit,
 * reason width, context-switch reports).
 *
 * Copyright (c) 2025 The intel-oa authors
 *
 * The rows come from include/intel_oa_platforms.h, the platform table
 * the library compiles in; what a generation is (its version, formats,
 * RPT_ID) is written here from Documentation/platforms.rst ("Report
 * formats per generation", "RPT_ID" and "Context-switch reports"),
 * Documentation/gen6-gen7.rst ("Report formats"), Documentation/dg2.rst
 * ("Report formats") and i915_pciids.h, never from the library's tables;
 * reports are assembled byte by byte.
 */
#include <errno.h>
#include <string.h>

#include "drm/intel_oa_drm.h"
#include "intel_oa/intel_oa.h"
#include "unit.h"

/**
 * struct want_platform - one row of the platforms.rst table
 * @name: platform name
 * @devid: PCI id
 * @ver: graphics version x100
 * @gt: GT named by i915_pciids.h, 0 if none
 * @ts: OA timestamp clock, Hz (dg2.rst: 38.4 MHz on Gen12.5)
 * @s: slices
 * @ss: subslices per slice
 * @eu: EUs per subslice
 */
struct want_platform {
	const char *name;
	uint16_t devid;
	unsigned int ver;
	unsigned int gt;
	uint64_t ts;
	unsigned int s, ss, eu;
};

/*
 * The graphics version of each family of the platform table, as
 * platforms.rst, gen6-gen7.rst, dg2.rst and mtl.rst number them.
 */
#define WANT_VER_SNB		600
#define WANT_VER_IVB		700
#define WANT_VER_VLV		700
#define WANT_VER_HSW		750
#define WANT_VER_BDW		800
#define WANT_VER_CHV		800
#define WANT_VER_GEN9		900
#define WANT_VER_GEN9_LP	900
#define WANT_VER_GEN11		1100
#define WANT_VER_GEN12		1200
#define WANT_VER_DG1		1200
#define WANT_VER_DG2		1250
#define WANT_VER_MTL		1270

/* Every row of include/intel_oa_platforms.h, the table the library reads. */
static const struct want_platform want[] = {
#define INTEL_OA_PLATFORM(id_, name_, devid_, family_, i915_, part_, \
			  mesa_, gt_, s_, ss_, eu_, dss_, hz_, ...) \
	{ (name_), (devid_), WANT_VER_##family_, (gt_), (hz_), (s_), (ss_), \
	  (eu_) },
#include "intel_oa_platforms.h"
};

#define N_WANT (sizeof(want) / sizeof(want[0]))

/*
 * Every row of the table, found by id and by name, with its facts; the
 * command streamer's clock is half the OA clock from Gen12.5 on.
 */
static void platform_table_matches_contract(const void *arg UNIT_UNUSED)
{
	unsigned int i;

	UNIT_EQ(intel_oa_platform_count(), N_WANT, "row count");
	UNIT_CHECK(!intel_oa_platform_at(N_WANT), "row past the end");
	for (i = 0; i < N_WANT; i++) {
		const struct intel_oa_platform *p =
			intel_oa_platform_by_devid(want[i].devid);

		UNIT_CHECK(p, "0x%04x (%s) not in the table", want[i].devid,
			   want[i].name);
		UNIT_CHECK(strcmp(p->name, want[i].name) == 0,
			   "0x%04x is '%s', expected '%s'", want[i].devid,
			   p->name, want[i].name);
		UNIT_CHECK(intel_oa_platform_by_name(want[i].name) == p,
			   "by name '%s'", want[i].name);
		UNIT_CHECK(p->part && p->part[0], "%s has no part name",
			   want[i].name);
		UNIT_EQ(p->devid, want[i].devid, want[i].name);
		UNIT_EQ(p->ver, want[i].ver, want[i].name);
		UNIT_EQ(p->gt, want[i].gt, want[i].name);
		UNIT_EQ(p->ts_freq, want[i].ts, want[i].name);
		UNIT_EQ(p->cs_ts_freq, want[i].ver >= 1250 ? want[i].ts / 2 :
			want[i].ts, want[i].name);
		UNIT_EQ(p->slices, want[i].s, want[i].name);
		UNIT_EQ(p->subslices, want[i].ss, want[i].name);
		UNIT_EQ(p->eus, want[i].eu, want[i].name);
	}
	/* and the table has nothing the contract lacks */
	for (i = 0; i < intel_oa_platform_count(); i++) {
		const struct intel_oa_platform *p = intel_oa_platform_at(i);
		unsigned int j;
		int found = 0;

		for (j = 0; j < N_WANT; j++)
			found |= want[j].devid == p->devid;
		UNIT_CHECK(found, "row 0x%04x not in the table", p->devid);
	}
}

static void platform_lookup_misses(const void *arg UNIT_UNUSED)
{
	const struct intel_oa_platform *skl =
		intel_oa_platform_by_devid(0x1912);

	UNIT_CHECK(skl, "skl");
	UNIT_CHECK(intel_oa_platform_by_name("skl-gt2") == skl,
		   "skl-gt2 is an alias of skl");
	UNIT_CHECK(intel_oa_platform_by_name("SKL") == skl,
		   "names are case-insensitive");
	UNIT_CHECK(!intel_oa_platform_by_name("skl-gt"), "no prefix match");
	UNIT_CHECK(!intel_oa_platform_by_name("hsw-gt2"), "hsw-gt2 is no alias");
	UNIT_CHECK(!intel_oa_platform_by_name("gen7"), "gen7 is no platform");
	UNIT_CHECK(!intel_oa_platform_by_name(""), "empty name");
	UNIT_CHECK(!intel_oa_platform_by_name(NULL), "NULL name");
	/* a sibling is no row of its own; a family member the driver does
	 * not bind is no sibling either */
	UNIT_CHECK(!intel_oa_platform_by_devid(0x1916), "0x1916");
	UNIT_CHECK(!intel_oa_platform_for_devid(0x4908), "0x4908");
	UNIT_CHECK(!intel_oa_platform_by_devid(0x4908), "0x4908");
	UNIT_CHECK(!intel_oa_platform_by_devid(0), "0");
}

/* Every PCI id of platforms.rst maps to its generation row. */
static void platform_devid_to_generation(const void *arg UNIT_UNUSED)
{
	unsigned int i;

	for (i = 0; i < N_WANT; i++) {
		const struct intel_oa_gen *g =
			intel_oa_gen_by_devid(want[i].devid);

		UNIT_CHECK(g, "0x%04x (%s) has no generation", want[i].devid,
			   want[i].name);
		UNIT_CHECK(g->ver == want[i].ver, "0x%04x (%s): ver %u, want %u",
			   want[i].devid, want[i].name, g->ver, want[i].ver);
	}
}

/*
 * gen6-gen7.rst "Formats offered per platform": SNB 32-35, IVB and VLV
 * 36-41, HSW the seven i915 formats 1-7 and 42.
 */
static int gen67_offers(unsigned int ver, unsigned int id)
{
	switch (ver) {
	case 600:
		return id >= 32 && id <= 35;
	case 700:
		return id >= 36 && id <= 41;
	default:
		return (id >= 1 && id <= 7) || id == 42;
	}
}

/* gen6-gen7.rst: the richest format of each Gen6-7.5 generation */
static unsigned int gen67_default(unsigned int ver)
{
	return ver == 600 ? 35 : ver == 700 ? 40 : I915_OA_FORMAT_A45_B8_C8;
}

/* platforms.rst "Report formats per generation", for every format id */
static void platform_format_availability(const void *arg UNIT_UNUSED)
{
	unsigned int i, id;

	for (i = 0; i < N_WANT; i++) {
		const struct intel_oa_gen *g =
			intel_oa_gen_by_devid(want[i].devid);

		UNIT_CHECK(g, "%s", want[i].name);
		for (id = 0; id < 64; id++) {
			struct intel_oa_format fmt;
			int ok, ret;

			if (want[i].ver < 800)
				ok = gen67_offers(want[i].ver, id);
			else if (want[i].ver == 1250)
				/* dg2.rst: 11, 12 and 43-48 are decoded */
				ok = id == 11 || id == 12 ||
				     (id >= 43 && id <= 48);
			else if (want[i].ver == 1270)
				/* i915's Meteor Lake list: OAR, OAG, OAM */
				ok = id == I915_OAR_FORMAT_A32u40_A4u32_B8_C8 ||
				     id == I915_OA_FORMAT_A24u40_A14u32_B8_C8 ||
				     id == I915_OAM_FORMAT_MPEC8u64_B8_C8 ||
				     id == I915_OAM_FORMAT_MPEC8u32_B8_C8;
			else if (want[i].ver >= 1200)
				ok = id == I915_OA_FORMAT_A32u40_A4u32_B8_C8;
			else
				ok = id == I915_OA_FORMAT_A12 ||
				     id == I915_OA_FORMAT_A12_B8_C8 ||
				     id == I915_OA_FORMAT_A32u40_A4u32_B8_C8 ||
				     id == I915_OA_FORMAT_C4_B8;
			UNIT_CHECK(intel_oa_gen_supports(g, id) == ok,
				   "%s format %u: supports() says %d",
				   want[i].name, id, !ok);
			ret = intel_oa_format_init(&fmt, id, g);
			if (ok)
				UNIT_CHECK(ret == 0, "%s format %u: ret %d",
					   want[i].name, id, ret);
			else
				UNIT_CHECK(ret == -ENOTSUP || ret == -EINVAL,
					   "%s format %u accepted",
					   want[i].name, id);
		}
		UNIT_EQ(intel_oa_gen_default_format(g),
			want[i].ver < 800 ? gen67_default(want[i].ver) :
			want[i].ver == 1250 ? 43u :
			want[i].ver == 1270 ?
			(unsigned int)I915_OA_FORMAT_A24u40_A14u32_B8_C8 :
			I915_OA_FORMAT_A32u40_A4u32_B8_C8, want[i].name);
	}
}

static void default_format_other_generations(const void *arg UNIT_UNUSED)
{
	UNIT_EQ(intel_oa_gen_default_format(intel_oa_gen_by_ver(750)),
		I915_OA_FORMAT_A45_B8_C8, "hsw");
	/* dg2.rst: 43 is intel-oa-stat's default on DG2 */
	UNIT_EQ(intel_oa_gen_default_format(intel_oa_gen_by_ver(1250)),
		43, "dg2");
	UNIT_EQ(intel_oa_gen_default_format(intel_oa_gen_by_ver(1270)),
		I915_OA_FORMAT_A24u40_A14u32_B8_C8, "mtl");
	UNIT_EQ(intel_oa_gen_default_format(NULL), 0, "NULL");
	UNIT_CHECK(!intel_oa_gen_supports(NULL, I915_OA_FORMAT_A12), "NULL");
}

/* The platforms.rst RPT_ID table, per generation. */
static void rpt_id_fields_per_generation(const void *arg UNIT_UNUSED)
{
	static const struct {
		unsigned int ver;
		int valid_bit;
		unsigned int width;
		uint32_t defined;
		int squashed;
	} cases[] = {
		/* gen6-gen7.rst: timer bit 19 only, no context fields */
		{ 600, -1, 1, 0x01, 0 },
		{ 700, -1, 1, 0x01, 0 },
		{ 750, -1, 1, 0x01, 0 },
		{ 800, 25, 6, 0x1f, 1 },
		{ 900, 16, 6, 0x3f, 1 },
		{ 1100, 16, 6, 0x3f, 1 },
		{ 1200, 16, 7, 0x7f, 0 },
	};
	unsigned int i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct intel_oa_gen *g = intel_oa_gen_by_ver(cases[i].ver);

		UNIT_CHECK(g, "ver %u", cases[i].ver);
		UNIT_EQ(g->ctx_valid_bit, cases[i].valid_bit, g->name);
		UNIT_EQ(g->reason_shift, 19, g->name);
		UNIT_EQ(g->reason_bits, cases[i].width, g->name);
		UNIT_EQ(g->reasons, cases[i].defined, g->name);
		UNIT_EQ(g->squashes_ctx_id, cases[i].squashed, g->name);
	}
}

static int init_a32(struct intel_oa_format *fmt, unsigned int ver)
{
	return intel_oa_format_init(fmt, I915_OA_FORMAT_A32u40_A4u32_B8_C8,
				    intel_oa_gen_by_ver(ver));
}

/*
 * Gen12's reason field is 7 bits (25:19), bit 6 the MMIO trigger; on
 * Gen9-11 bit 25 is outside the field and on Gen8 it is context valid.
 */
static void rpt_id_gen12_reason_7_bits(const void *arg UNIT_UNUSED)
{
	struct intel_oa_format f8, f9, f11, f12;
	struct intel_oa_report r;
	uint8_t buf[256];
	char names[128];

	UNIT_EQ(init_a32(&f8, 800), 0, "gen8");
	UNIT_EQ(init_a32(&f9, 900), 0, "gen9");
	UNIT_EQ(init_a32(&f11, 1100), 0, "gen11");
	UNIT_EQ(init_a32(&f12, 1200), 0, "gen12");

	memset(buf, 0, sizeof(buf));
	put32(buf, 0, 1u << 25);
	UNIT_EQ(intel_oa_decode(&f12, buf, &r), 0, "decode");
	UNIT_EQ(r.reason, INTEL_OA_REASON_MMIO_TRIGGER, "gen12 bit 25");
	UNIT_EQ(r.ctx_valid, 0, "gen12 bit 25 is no context bit");
	UNIT_CHECK(strcmp(intel_oa_gen_reason_string(f12.gen, r.reason, names,
						     sizeof(names)),
			  "mmio-trigger") == 0, "gen12 name '%s'", names);
	intel_oa_decode(&f11, buf, &r);
	UNIT_EQ(r.reason, 0, "gen11 bit 25");
	intel_oa_decode(&f9, buf, &r);
	UNIT_EQ(r.reason, 0, "gen9 bit 25");
	UNIT_EQ(r.ctx_valid, 0, "gen9 bit 25");
	intel_oa_decode(&f8, buf, &r);
	UNIT_EQ(r.reason, 0, "gen8 bit 25");
	UNIT_EQ(r.ctx_valid, 1, "gen8 bit 25 is context valid");

	/* all seven reason bits and the valid bit on Gen12 */
	put32(buf, 0, (0x7fu << 19) | (1u << 16));
	intel_oa_decode(&f12, buf, &r);
	UNIT_EQ(r.reason, 0x7f, "gen12 all reasons");
	UNIT_EQ(r.ctx_valid, 1, "gen12 valid");
	UNIT_CHECK(strcmp(intel_oa_gen_reason_string(f12.gen, r.reason, names,
						     sizeof(names)),
			  "timer,trigger1,trigger2,context-switch,go-transition,clock-ratio-change,mmio-trigger") == 0,
		   "gen12 names '%s'", names);
	intel_oa_decode(&f11, buf, &r);
	UNIT_EQ(r.reason, 0x3f, "gen11 keeps six bits");

	/* bits 31:26, 18:17 and 15:0 never leak into the field or bit 16 */
	put32(buf, 0, 0xfc06ffffu);
	intel_oa_decode(&f12, buf, &r);
	UNIT_EQ(r.reason, 0, "gen12 neighbours");
	UNIT_EQ(r.ctx_valid, 0, "gen12 neighbours");
}

/* Gen8 reserves reason bit 5: decoded raw, named as reserved. */
static void rpt_id_gen8_reserved_reason(const void *arg UNIT_UNUSED)
{
	struct intel_oa_format f8, f9;
	struct intel_oa_report r;
	uint8_t buf[256];
	char names[64];

	UNIT_EQ(init_a32(&f8, 800), 0, "gen8");
	UNIT_EQ(init_a32(&f9, 900), 0, "gen9");
	memset(buf, 0, sizeof(buf));
	put32(buf, 0, (1u << 24) | (1u << 19));
	intel_oa_decode(&f8, buf, &r);
	UNIT_EQ(r.reason, 0x21, "gen8 raw field");
	UNIT_CHECK(strcmp(intel_oa_gen_reason_string(f8.gen, r.reason, names,
						     sizeof(names)),
			  "timer,reserved5") == 0, "gen8 '%s'", names);
	intel_oa_decode(&f9, buf, &r);
	UNIT_CHECK(strcmp(intel_oa_gen_reason_string(f9.gen, r.reason, names,
						     sizeof(names)),
			  "timer,clock-ratio-change") == 0, "gen9 '%s'",
		   names);
	UNIT_CHECK(strcmp(intel_oa_gen_reason_string(f9.gen, 0, names,
						     sizeof(names)),
			  "none") == 0, "no reason '%s'", names);
}

static void reason_names(const void *arg UNIT_UNUSED)
{
	static const char *const names[] = {
		"timer", "trigger1", "trigger2", "context-switch",
		"go-transition", "clock-ratio-change", "mmio-trigger",
	};
	static const uint32_t bits[] = {
		INTEL_OA_REASON_TIMER, INTEL_OA_REASON_TRIGGER1,
		INTEL_OA_REASON_TRIGGER2, INTEL_OA_REASON_CTX_SWITCH,
		INTEL_OA_REASON_GO_TRANSITION, INTEL_OA_REASON_CLK_RATIO,
		INTEL_OA_REASON_MMIO_TRIGGER,
	};
	unsigned int i;

	for (i = 0; i < 7; i++) {
		const char *n = intel_oa_reason_name(i);
		char buf[32];

		UNIT_CHECK(n && strcmp(n, names[i]) == 0, "bit %u: '%s'", i,
			   n ? n : "(null)");
		UNIT_EQ(bits[i], 1u << i, names[i]);
		intel_oa_reason_string(bits[i], buf, sizeof(buf));
		UNIT_CHECK(strcmp(buf, names[i]) == 0, "string '%s'", buf);
	}
	UNIT_CHECK(!intel_oa_reason_name(7), "bit 7 has no name");
}

/*
 * The context-switch schedule of platforms.rst, built here: slice n of
 * 2^20 ticks runs 0x1a0, 0x2b0, 0x3c0 or nothing for n mod 4 = 0..3, and
 * the report at a slice start has the context-switch reason (plus timer
 * when a timer report is due at the same tick).
 */
static uint32_t sched_ctx(uint64_t t, int *valid)
{
	static const uint32_t ids[4] = { 0x1a0, 0x2b0, 0x3c0, 0 };
	unsigned int phase = (unsigned int)((t >> 20) & 3);

	*valid = phase != 3;
	return ids[phase];
}

static void ctx_switch_report_per_generation(const void *arg UNIT_UNUSED)
{
	static const unsigned int vers[] = { 800, 900, 1100, 1200 };
	unsigned int v, n;

	for (v = 0; v < sizeof(vers) / sizeof(vers[0]); v++) {
		struct intel_oa_format fmt;
		int valid_bit = vers[v] == 800 ? 25 : 16;
		int squash = vers[v] < 1200;

		UNIT_EQ(init_a32(&fmt, vers[v]), 0, "init");
		for (n = 7; n < 7 + 8; n++) {
			uint64_t t = (uint64_t)n << 20;
			struct intel_oa_report r;
			uint8_t buf[256];
			uint32_t rpt, ctx;
			int valid, timer = n & 1;

			ctx = sched_ctx(t, &valid);
			rpt = (1u << (19 + 3)) | (timer ? 1u << 19 : 0);
			if (valid)
				rpt |= 1u << valid_bit;
			else if (squash)
				ctx = 0xffffffffu;	/* as i915 delivers it */
			memset(buf, 0, sizeof(buf));
			put32(buf, 0, rpt);
			put32(buf, 4, (uint32_t)t);
			put32(buf, 8, ctx);
			UNIT_EQ(intel_oa_decode(&fmt, buf, &r), 0, "decode");
			UNIT_EQ(r.reason, INTEL_OA_REASON_CTX_SWITCH |
				(timer ? INTEL_OA_REASON_TIMER : 0),
				"reason");
			UNIT_EQ(r.ctx_valid, valid, "ctx_valid");
			UNIT_EQ(r.ctx_id, ctx, "ctx_id");
			UNIT_EQ(r.timestamp, (uint32_t)t, "timestamp");
			if (!valid)
				UNIT_EQ(r.ctx_id == INTEL_OA_CTX_ID_INVALID,
					fmt.gen->squashes_ctx_id,
					"idle CTX_ID");
		}
	}
}

static const struct unit_test tests[] = {
	{ "platform-table-matches-contract", platform_table_matches_contract,
	  NULL },
	{ "platform-lookup-misses", platform_lookup_misses, NULL },
	{ "platform-devid-to-generation", platform_devid_to_generation, NULL },
	{ "platform-format-availability", platform_format_availability, NULL },
	{ "default-format-other-generations",
	  default_format_other_generations, NULL },
	{ "rpt-id-fields-per-generation", rpt_id_fields_per_generation, NULL },
	{ "rpt-id-gen12-reason-7-bits", rpt_id_gen12_reason_7_bits, NULL },
	{ "rpt-id-gen8-reserved-reason", rpt_id_gen8_reserved_reason, NULL },
	{ "reason-names", reason_names, NULL },
	{ "ctx-switch-report-per-generation",
	  ctx_switch_report_per_generation, NULL },
};

UNIT_SUITE(platforms_suite, tests);
