// SPDX-License-Identifier: MIT
/*
 * Device table: the platforms of Documentation/platforms.rst.
 *
 * Copyright (c) 2025 The intel-oa authors
 *
 * PCI ids and GT levels follow i915_pciids.h (the GT is the one its id
 * lists name, 0 where they name none); timestamp clocks follow
 * intel_gt_clock_utils.c (Gen8 12.5 MHz fixed; Gen9 crystal 24 MHz, or
 * 19.2 MHz on Gen9 LP, divided by the CTC shift; Gen11+ crystal and shift
 * from RPM_CONFIG0) for the configuration each virtual device reports.
 */
#include <stddef.h>
#include <stdint.h>
#include <strings.h>

#include "intel_oa/intel_oa.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#define MHZ12 12000000ull
#define MHZ12_5 12500000ull
#define MHZ19_2 19200000ull

#define PLATFORM(_id, _name, _part, _ver, _gt, _ts, _s, _ss, _eu) \
	{ .devid = (_id), .name = (_name), .part = (_part), .ver = (_ver), \
	  .gt = (_gt), .ts_freq = (_ts), .slices = (_s), \
	  .subslices = (_ss), .eus = (_eu) }

static const struct intel_oa_platform platforms[] = {
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
};

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
