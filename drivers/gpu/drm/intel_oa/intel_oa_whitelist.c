// SPDX-License-Identifier: GPL-2.0
/*
 * The registers an OA config may write, per platform family, as data.
 */

#include <linux/kernel.h>

#include "intel_oa.h"
#include "intel_oa_gen.h"
#include "regs/intel_oa_regs.h"

/**
 * DOC: OA config whitelists
 *
 * DRM_I915_PERF_ADD_CONFIG accepts a register only if it lies in the
 * platform's whitelist for its kind (NOA mux, boolean counter, flex EU),
 * and fails with EINVAL otherwise, as i915 does. The ranges are i915's
 * (i915_perf.c gen7_oa_b_counters, gen12_oa_b_counters,
 * xehp_oa_b_counters, gen7/hsw/gen8/chv/gen11/gen12 _oa_mux_regs and the
 * EU_PERF_CNTL flex registers). Where i915 checks a union of two tables
 * (hsw_is_valid_mux_addr(), chv/gen11 _is_valid_mux_addr(),
 * xehp_is_valid_b_counter_addr()) the table here extends the other
 * (&intel_oa_whitelist.also), so each platform family points at one
 * whitelist per kind (&intel_oa_hw_ops.mux_regs, .b_counter_regs,
 * .flex_regs).
 */

#define WHITELIST(name, parent, ...)					\
	static const struct intel_oa_range name##_ranges[] = {		\
		__VA_ARGS__						\
	};								\
	const struct intel_oa_whitelist name = {			\
		.ranges = name##_ranges,				\
		.n_ranges = ARRAY_SIZE(name##_ranges),			\
		.also = parent,						\
	}

/* Before Haswell the boolean counters are the four CEC pairs only. */
WHITELIST(intel_oa_snb_b_counter_regs, NULL,
	  { 0x2390, 0x23ac },	/* CEC0_0 .. CEC3_1 */
);

/* Haswell .. Gen11. */
WHITELIST(intel_oa_gen7_b_counter_regs, NULL,
	  { 0x2710, 0x272c },	/* OASTARTTRIG1..8 */
	  { 0x2740, 0x275c },	/* OAREPORTTRIG1..8 */
	  { 0x2770, 0x27ac },	/* CEC0_0 .. CEC7_1 */
);

WHITELIST(intel_oa_gen12_b_counter_regs, NULL,
	  { 0x2b2c, 0x2b2c },	/* OAG_OA_PESS */
	  { 0xd900, 0xd91c },	/* OAG_OASTARTTRIG[1-8] */
	  { 0xd920, 0xd93c },	/* OAG_OAREPORTTRIG[1-8] */
	  { 0xd940, 0xd97c },	/* OAG_CEC[0-7][0-1] */
	  { 0xdc00, 0xdc3c },	/* OAG_SCEC[0-7][0-1] */
	  { 0xdc40, 0xdc40 },	/* OAG_SPCTR_CNF */
	  { 0xdc44, 0xdc44 },	/* OAA_DBG_REG */
);

/* Gen12.5 adds the MSLICE B counters. */
WHITELIST(intel_oa_xehp_b_counter_regs, &intel_oa_gen12_b_counter_regs,
	  { 0xdc48, 0xdc48 },	/* OAA_ENABLE_REG */
	  { 0xdd00, 0xdd48 },	/* OAG_LCE0_0 - OAA_LENABLE_REG */
);

/* Meteor Lake adds the media GT's OAM (i915 mtl_oam_b_counters). */
WHITELIST(intel_oa_mtl_b_counter_regs, &intel_oa_xehp_b_counter_regs,
	  { 0x393000, 0x39301c },	/* OAM_STARTTRIG[1-8] */
	  { 0x393020, 0x39303c },	/* OAM_REPORTTRIG[1-8] */
	  { 0x393040, 0x39307c },	/* OAM_CEC[0-7][0-1] */
	  { 0x393200, 0x39323c },	/* MPES[0-7] */
);

WHITELIST(intel_oa_gen7_mux_regs, NULL,
	  { 0x91b8, 0x91cc },	/* OA_PERFCNT1..2, OA_PERFMATRIX */
	  { 0x9800, 0x9888 },	/* MICRO_BP0_0 .. NOA_WRITE */
	  { 0xe180, 0xe180 },	/* HALF_SLICE_CHICKEN2 */
);

WHITELIST(intel_oa_hsw_mux_regs, &intel_oa_gen7_mux_regs,
	  { 0x9e80, 0x9ea4 },	/* HSW_MBVID2_NOA0..9 */
	  { 0x9ec0, 0x9ec0 },	/* HSW_MBVID2_MISR0 */
	  { 0x25100, 0x2ff90 },
);

WHITELIST(intel_oa_gen8_mux_regs, &intel_oa_gen7_mux_regs,
	  { 0x0d00, 0x0d2c },	/* RPM_CONFIG0..1, NOA_CONFIG0..8 */
	  { 0x20cc, 0x20cc },	/* WAIT_FOR_RC6_EXIT */
);

WHITELIST(intel_oa_chv_mux_regs, &intel_oa_gen8_mux_regs,
	  { 0x182300, 0x1823a4 },
);

WHITELIST(intel_oa_gen11_mux_regs, &intel_oa_gen8_mux_regs,
	  { 0x91c8, 0x91dc },	/* OA_PERFCNT[3-4] */
);

WHITELIST(intel_oa_gen12_mux_regs, NULL,
	  { 0x0d00, 0x0d04 },	/* RPM_CONFIG[0-1] */
	  { 0x0d0c, 0x0d2c },	/* NOA_CONFIG[0-8] */
	  { 0x9840, 0x9840 },	/* GDT_CHICKEN_BITS */
	  { 0x9884, 0x9888 },	/* NOA_WRITE */
	  { 0x20cc, 0x20cc },	/* WAIT_FOR_RC6_EXIT */
);

/*
 * Meteor Lake: Gen12's without WAIT_FOR_RC6_EXIT, which 12.70 repurposes,
 * plus the media GT's VISACTL (i915 and xe mtl_oa_mux_regs).
 */
WHITELIST(intel_oa_mtl_mux_regs, NULL,
	  { 0x0d00, 0x0d04 },	/* RPM_CONFIG[0-1] */
	  { 0x0d0c, 0x0d2c },	/* NOA_CONFIG[0-8] */
	  { 0x9840, 0x9840 },	/* GDT_CHICKEN_BITS */
	  { 0x9884, 0x9888 },	/* NOA_WRITE */
	  { 0x38d100, 0x38d114 },	/* VISACTL */
);

/* Gen8 .. Meteor Lake: the seven EU_PERF_CNTL flex controls. */
WHITELIST(intel_oa_flex_whitelist, NULL,
	  { EU_PERF_CNTL0, EU_PERF_CNTL0 },
	  { EU_PERF_CNTL1, EU_PERF_CNTL1 },
	  { EU_PERF_CNTL2, EU_PERF_CNTL2 },
	  { EU_PERF_CNTL3, EU_PERF_CNTL3 },
	  { EU_PERF_CNTL4, EU_PERF_CNTL4 },
	  { EU_PERF_CNTL5, EU_PERF_CNTL5 },
	  { EU_PERF_CNTL6, EU_PERF_CNTL6 },
);

/**
 * intel_oa_whitelist_has - may a config write this register?
 * @wl: whitelist (NULL: the platform has no register of this kind)
 * @addr: MMIO offset
 *
 * Return: true if @addr lies in one of the ranges of @wl or of the
 * whitelists it extends.
 */
bool intel_oa_whitelist_has(const struct intel_oa_whitelist *wl, u32 addr)
{
	unsigned int i;

	for (; wl; wl = wl->also)
		for (i = 0; i < wl->n_ranges; i++)
			if (addr >= wl->ranges[i].start &&
			    addr <= wl->ranges[i].end)
				return true;
	return false;
}
