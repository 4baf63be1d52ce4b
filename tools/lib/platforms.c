// SPDX-License-Identifier: MIT
/*
 * Device table: the platforms of Documentation/gen6-gen7.rst,
 * Documentation/platforms.rst and Documentation/dg2.rst.
 *
 * Copyright (c) 2025 The intel-oa authors
 *
 * PCI ids and GT levels follow i915_pciids.h (the GT is the one its id
 * lists name, 0 where they name none); timestamp clocks follow
 * intel_gt_clock_utils.c (Gen5-8 12.5 MHz fixed; Gen9 crystal 24 MHz, or
 * 19.2 MHz on Gen9 LP, divided by the CTC shift; Gen11+ crystal and shift
 * from RPM_CONFIG0) for the configuration each virtual device reports.
 * Gen12.5's OA unit counts at 38.4 MHz while its command streamer
 * timestamp runs at 19.2 MHz (i915_perf_oa_timestamp_frequency(),
 * Wa_18013179988); everywhere else the two clocks are one.
 */
#include <stddef.h>
#include <stdint.h>
#include <strings.h>

#include "intel_oa/intel_oa.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#define MHZ12 12000000ull
#define MHZ12_5 12500000ull
#define MHZ19_2 19200000ull
#define MHZ38_4 38400000ull

/* @_oa the OA timestamp clock, @_cs the command streamer's */
#define PLATFORM_CS(_id, _name, _part, _ver, _gt, _oa, _cs, _s, _ss, _eu) \
	{ .devid = (_id), .name = (_name), .part = (_part), .ver = (_ver), \
	  .gt = (_gt), .ts_freq = (_oa), .cs_ts_freq = (_cs), \
	  .slices = (_s), .subslices = (_ss), .eus = (_eu) }

#define PLATFORM(_id, _name, _part, _ver, _gt, _ts, _s, _ss, _eu) \
	PLATFORM_CS(_id, _name, _part, _ver, _gt, _ts, _ts, _s, _ss, _eu)

static const struct intel_oa_platform platforms[] = {
	PLATFORM(0x0102, "snb-gt1", "Sandy Bridge GT1, HD Graphics 2000",
		 600, 1, MHZ12_5, 1, 1, 6),
	PLATFORM(0x0112, "snb", "Sandy Bridge GT2, HD Graphics 3000",
		 600, 2, MHZ12_5, 1, 1, 12),
	PLATFORM(0x0152, "ivb-gt1", "Ivy Bridge GT1, HD Graphics 2500",
		 700, 1, MHZ12_5, 1, 1, 6),
	PLATFORM(0x0162, "ivb", "Ivy Bridge GT2, HD Graphics 4000",
		 700, 2, MHZ12_5, 1, 2, 8),
	PLATFORM(0x0f31, "vlv", "Valleyview / Bay Trail, HD Graphics",
		 700, 0, MHZ12_5, 1, 1, 4),
	PLATFORM(0x0402, "hsw-gt1", "Haswell GT1, HD Graphics",
		 750, 1, MHZ12_5, 1, 1, 10),
	PLATFORM(0x0412, "hsw", "Haswell GT2, HD Graphics 4600",
		 750, 2, MHZ12_5, 1, 2, 10),
	PLATFORM(0x0d22, "hsw-gt3", "Haswell GT3e, Iris Pro 5200",
		 750, 3, MHZ12_5, 2, 2, 10),
	PLATFORM(0x1616, "bdw", "Broadwell GT2, HD Graphics 5500",
		 800, 2, MHZ12_5, 1, 3, 8),
	PLATFORM(0x22b0, "chv", "Cherryview, HD Graphics (x7)",
		 800, 0, MHZ12_5, 1, 2, 8),
	PLATFORM(0x1912, "skl", "Skylake GT2, HD Graphics 530",
		 900, 2, MHZ12, 1, 3, 8),
	PLATFORM(0x1926, "skl-gt3", "Skylake GT3e, Iris Graphics 540",
		 900, 3, MHZ12, 2, 3, 8),
	PLATFORM(0x193b, "skl-gt4", "Skylake GT4e, Iris Pro Graphics 580",
		 900, 4, MHZ12, 3, 3, 8),
	PLATFORM(0x5a84, "bxt", "Broxton, HD Graphics 505",
		 900, 0, MHZ19_2, 1, 3, 6),
	PLATFORM(0x5916, "kbl", "Kaby Lake GT2, HD Graphics 620",
		 900, 2, MHZ12, 1, 3, 8),
	PLATFORM(0x5926, "kbl-gt3", "Kaby Lake GT3, Iris Plus 640",
		 900, 3, MHZ12, 2, 3, 8),
	PLATFORM(0x3184, "glk", "Gemini Lake, UHD Graphics 605",
		 900, 0, MHZ19_2, 1, 3, 6),
	PLATFORM(0x3e92, "cfl", "Coffee Lake GT2, UHD Graphics 630",
		 900, 2, MHZ12, 1, 3, 8),
	PLATFORM(0x3ea5, "cfl-gt3", "Coffee Lake GT3, Iris Plus 655",
		 900, 3, MHZ12, 2, 3, 8),
	PLATFORM(0x9bc5, "cml", "Comet Lake GT2, UHD Graphics 630",
		 900, 2, MHZ12, 1, 3, 8),
	PLATFORM(0x8a52, "icl", "Ice Lake, Iris Plus G7",
		 1100, 0, MHZ12, 1, 8, 8),
	PLATFORM(0x4571, "ehl", "Elkhart Lake, UHD (Atom x6000E)",
		 1100, 0, MHZ19_2, 1, 4, 8),
	PLATFORM(0x4e71, "jsl", "Jasper Lake, UHD Graphics",
		 1100, 0, MHZ19_2, 1, 4, 8),
	PLATFORM(0x9a60, "tgl-gt1", "Tiger Lake GT1, UHD Graphics",
		 1200, 1, MHZ19_2, 1, 2, 16),
	PLATFORM(0x9a49, "tgl", "Tiger Lake GT2, Iris Xe (96 EU)",
		 1200, 2, MHZ19_2, 1, 6, 16),
	PLATFORM(0x4c8a, "rkl", "Rocket Lake, UHD Graphics 750",
		 1200, 0, MHZ19_2, 1, 2, 16),
	PLATFORM(0x4680, "adl-s", "Alder Lake-S, UHD Graphics 770",
		 1200, 0, MHZ19_2, 1, 2, 16),
	PLATFORM(0x46a6, "adl-p", "Alder Lake-P, Iris Xe (96 EU)",
		 1200, 0, MHZ19_2, 1, 6, 16),
	PLATFORM(0x4905, "dg1", "DG1, Iris Xe MAX",
		 1200, 0, MHZ19_2, 1, 6, 16),
	/* subslices: the dual-subslices (Xe-cores) of the DSS mask */
	PLATFORM_CS(0x56a0, "dg2-g10", "Arc A770 (DG2-512)",
		    1250, 0, MHZ38_4, MHZ19_2, 1, 32, 16),
	PLATFORM_CS(0x56a5, "dg2-g11", "Arc A380 (DG2-128)",
		    1250, 0, MHZ38_4, MHZ19_2, 1, 8, 16),
	PLATFORM_CS(0x56a3, "dg2-g12", "Arc DG2-G12 (DG2-256)",
		    1250, 0, MHZ38_4, MHZ19_2, 1, 16, 16),
	PLATFORM_CS(0x56c0, "ats-m150", "Data Center GPU Flex 170",
		    1250, 0, MHZ38_4, MHZ19_2, 1, 32, 16),
	PLATFORM_CS(0x56c1, "ats-m75", "Data Center GPU Flex 140 (one GPU)",
		    1250, 0, MHZ38_4, MHZ19_2, 1, 8, 16),
	/* Meteor Lake, Arrow Lake: DG2's clocks (Wa_14015846243) */
	PLATFORM_CS(0x7d55, "mtl", "Meteor Lake-H, Arc Graphics (8 Xe-cores)",
		    1270, 0, MHZ38_4, MHZ19_2, 1, 8, 16),
	PLATFORM_CS(0x7d51, "arl-h", "Arrow Lake-H, Arc Graphics (8 Xe-cores)",
		    1270, 0, MHZ38_4, MHZ19_2, 1, 8, 16),
	PLATFORM_CS(0x7d67, "arl-s", "Arrow Lake-S, Graphics (4 Xe-cores)",
		    1270, 0, MHZ38_4, MHZ19_2, 1, 4, 16),
};

/**
 * struct sibling - a PCI id the driver binds that has no row of its own
 * @devid: PCI device id
 * @name: the row of the same generation and GT level
 */
struct sibling {
	uint16_t devid;
	const char *name;
};

/*
 * Documentation/gen6-gen7.rst, "Sibling PCI IDs", and the "Siblings"
 * column of Documentation/dg2.rst (i915_pciids.h)
 */
static const struct sibling siblings[] = {
	{ 0x0106, "snb-gt1" }, { 0x010a, "snb-gt1" },
	{ 0x0116, "snb" }, { 0x0122, "snb" }, { 0x0126, "snb" },
	{ 0x0156, "ivb-gt1" }, { 0x015a, "ivb-gt1" },
	{ 0x0166, "ivb" }, { 0x016a, "ivb" },
	{ 0x0f30, "vlv" }, { 0x0f32, "vlv" }, { 0x0f33, "vlv" },
	{ 0x0155, "vlv" }, { 0x0157, "vlv" },
	{ 0x5690, "dg2-g10" }, { 0x5691, "dg2-g10" }, { 0x5692, "dg2-g10" },
	{ 0x56a1, "dg2-g10" }, { 0x56a2, "dg2-g10" },
	{ 0x5693, "dg2-g11" }, { 0x5694, "dg2-g11" }, { 0x5695, "dg2-g11" },
	{ 0x56a6, "dg2-g11" }, { 0x56b0, "dg2-g11" }, { 0x56b1, "dg2-g11" },
	{ 0x5696, "dg2-g12" }, { 0x5697, "dg2-g12" }, { 0x56a4, "dg2-g12" },
	{ 0x56b2, "dg2-g12" }, { 0x56b3, "dg2-g12" },
	{ 0x56c2, "ats-m150" },
	{ 0x7d40, "mtl" }, { 0x7d45, "mtl" }, { 0x7d60, "mtl" },
	{ 0x7dd5, "mtl" },
	{ 0x7dd1, "arl-h" }, { 0x7d41, "arl-s" }, { 0xb640, "arl-s" },
};

/*
 * Haswell's ids, GT1 as listed; the GT2 and GT3 ids differ in bits 5:4
 * only (+0x10, +0x20).
 */
static const uint16_t hsw_gt1_ids[] = {
	0x0402, 0x0406, 0x040a, 0x040b, 0x040e,
	0x0a02, 0x0a06, 0x0a0a, 0x0a0b, 0x0a0e,
	0x0c02, 0x0c06, 0x0c0a, 0x0c0b, 0x0c0e,
	0x0d02, 0x0d06, 0x0d0a, 0x0d0b, 0x0d0e,
};

static const char *const hsw_rows[] = { "hsw-gt1", "hsw", "hsw-gt3" };

unsigned int intel_oa_platform_count(void)
{
	return ARRAY_SIZE(platforms);
}

const struct intel_oa_platform *intel_oa_platform_at(unsigned int index)
{
	if (index >= ARRAY_SIZE(platforms))
		return NULL;
	return &platforms[index];
}

const struct intel_oa_platform *intel_oa_platform_by_devid(uint16_t devid)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(platforms); i++)
		if (platforms[i].devid == devid)
			return &platforms[i];
	return NULL;
}

const struct intel_oa_platform *intel_oa_platform_for_devid(uint16_t devid)
{
	const struct intel_oa_platform *p = intel_oa_platform_by_devid(devid);
	unsigned int i;

	if (p)
		return p;
	for (i = 0; i < ARRAY_SIZE(siblings); i++)
		if (siblings[i].devid == devid)
			return intel_oa_platform_by_name(siblings[i].name);
	for (i = 0; i < ARRAY_SIZE(hsw_gt1_ids); i++) {
		unsigned int gt = (devid - hsw_gt1_ids[i]) / 0x10u;

		if (devid >= hsw_gt1_ids[i] && gt < ARRAY_SIZE(hsw_rows) &&
		    devid == hsw_gt1_ids[i] + 0x10u * gt)
			return intel_oa_platform_by_name(hsw_rows[gt]);
	}
	return NULL;
}

const struct intel_oa_platform *intel_oa_platform_by_name(const char *name)
{
	unsigned int i;

	if (!name)
		return NULL;
	/* the name scripts/vm-run has always accepted for Skylake GT2 */
	if (strcasecmp(name, "skl-gt2") == 0)
		name = "skl";
	for (i = 0; i < ARRAY_SIZE(platforms); i++)
		if (strcasecmp(platforms[i].name, name) == 0)
			return &platforms[i];
	return NULL;
}
