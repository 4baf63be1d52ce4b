// SPDX-License-Identifier: MIT
/*
 * Device table: the rows of include/intel_oa_platforms.h, the platform
 * table every intel-oa product reads.
 *
 * Copyright (c) 2025 The intel-oa authors
 *
 * The table's FAMILY gives the graphics version; its OA_HZ is the OA
 * timestamp clock (intel_gt_clock_utils.c: Gen5-8 12.5 MHz fixed; Gen9
 * crystal 24 MHz, or 19.2 MHz on Gen9 LP, divided by the CTC shift;
 * Gen11+ crystal and shift from RPM_CONFIG0). Gen12.5's and Xe-LPG's OA
 * unit counts at 38.4 MHz while their command streamer timestamp runs at
 * 19.2 MHz (i915_perf_oa_timestamp_frequency(), Wa_18013179988,
 * Wa_14015846243); everywhere else the two clocks are one.
 */
#include <stddef.h>
#include <stdint.h>
#include <strings.h>

#include "intel_oa/intel_oa.h"
#include "intel_oa_platform_rows.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* The OA clock over the command streamer's, per family. */
#define CS_DIV_SNB	1
#define CS_DIV_IVB	1
#define CS_DIV_VLV	1
#define CS_DIV_HSW	1
#define CS_DIV_BDW	1
#define CS_DIV_CHV	1
#define CS_DIV_GEN9	1
#define CS_DIV_GEN9_LP	1
#define CS_DIV_GEN11	1
#define CS_DIV_GEN12	1
#define CS_DIV_DG1	1
#define CS_DIV_DG2	2
#define CS_DIV_MTL	2

enum family_ver {
#define INTEL_OA_FAMILY(family_, ver_, gen_)	VER_##family_ = (ver_),
#include "intel_oa_platforms.h"
};

static const struct intel_oa_platform platforms[INTEL_OA_NR_ROWS] = {
#define INTEL_OA_PLATFORM(id_, name_, devid_, family_, i915_, part_, \
			  mesa_, gt_, s_, ss_, eu_, dss_, hz_, ...) \
	[INTEL_OA_ROW_##id_] = { \
		.devid = (devid_), .name = (name_), .part = (part_), \
		.ver = VER_##family_, .gt = (gt_), .ts_freq = (hz_), \
		.cs_ts_freq = (hz_) / CS_DIV_##family_, .slices = (s_), \
		.subslices = (ss_), .eus = (eu_) },
#include "intel_oa_platforms.h"
};

/* PCI ids the driver binds that have no row of their own: their row */
static const struct {
	uint16_t devid;
	enum intel_oa_platform_row row;
} siblings[] = {
#define INTEL_OA_SIBLING(id_, devid_)	{ (devid_), INTEL_OA_ROW_##id_ },
#include "intel_oa_platforms.h"
};

/* other names of a row (the runner's) */
static const struct {
	const char *name;
	enum intel_oa_platform_row row;
} aliases[] = {
#define INTEL_OA_ALIAS(id_, name_)	{ (name_), INTEL_OA_ROW_##id_ },
#include "intel_oa_platforms.h"
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

const struct intel_oa_platform *intel_oa_platform_for_devid(uint16_t devid)
{
	const struct intel_oa_platform *p = intel_oa_platform_by_devid(devid);
	unsigned int i;

	if (p)
		return p;
	for (i = 0; i < ARRAY_SIZE(siblings); i++)
		if (siblings[i].devid == devid)
			return &platforms[siblings[i].row];
	return NULL;
}

const struct intel_oa_platform *intel_oa_platform_by_name(const char *name)
{
	unsigned int i;

	if (!name)
		return NULL;
	for (i = 0; i < ARRAY_SIZE(aliases); i++)
		if (strcasecmp(aliases[i].name, name) == 0)
			return &platforms[aliases[i].row];
	for (i = 0; i < ARRAY_SIZE(platforms); i++)
		if (strcasecmp(platforms[i].name, name) == 0)
			return &platforms[i];
	return NULL;
}
