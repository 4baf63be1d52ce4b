// SPDX-License-Identifier: GPL-2.0
/*
 * Topology (slice/subslice/EU) and timestamp clock readers, one per
 * generation family, referenced from the ops tables.
 */

#include <linux/bitfield.h>
#include <linux/bitops.h>
#include <linux/kernel.h>

#include <drm/drm_print.h>

#include "intel_oa.h"
#include "intel_oa_gen.h"
#include "regs/intel_oa_regs.h"

/**
 * DOC: fuses and clocks
 *
 * The topology readers decode the fuse registers of platforms.rst into
 * &struct intel_oa_topology, within the platform row's limits (the lowest
 * numbered units of each level are the ones the limits count):
 *
 * - Gen8 (Broadwell): FUSE2 slice enable and a 3-bit subslice disable
 *   shared by every slice; 72 EU-disable bits packed across
 *   EU_DISABLE0..2, 8 per (slice, subslice) at bit 24 s + 8 ss.
 * - Cherryview: CHV_FUSE_GT, one slice, two subslice-disable bits and two
 *   4-EU rows per subslice.
 * - Gen9: FUSE2 and one EU_DISABLE register per slice, a byte per
 *   subslice.
 * - Gen11: GT_SLICE_ENABLE, GT_SUBSLICE_DISABLE and one EU-disable byte
 *   shared by every subslice.
 * - Gen12: one slice, GT_GEOMETRY_DSS_ENABLE (dual-subslices) and one
 *   EU-disable bit per pair of EUs, shared by every DSS.
 *
 * - Sandy Bridge, Ivy Bridge, Valleyview: no fuse; the platform row's
 *   shape. Haswell: the GT level and HSW_PAVP_FUSE1's EU count.
 *
 * The timestamp clock is fixed at 12.5 MHz on Gen6 to Gen8 (the Gen8
 * reader serves them all), derived from a
 * crystal known per platform and the CTC_MODE shift on Gen9, and from
 * the crystal and shift RPM_CONFIG0 reports on Gen11+ (i915
 * intel_gt_clock_utils.c). CTC_MODE can instead select the divide logic
 * of TIMESTAMP_OVERRIDE on Gen9+.
 */

/* Reset the topology to "nothing present" within the platform limits. */
static struct intel_oa_topology *topology_init(struct intel_oa_device *oa)
{
	struct intel_oa_topology *t = &oa->topo;

	memset(t, 0, sizeof(*t));
	t->max_slices = oa->platform->max_slices;
	t->max_subslices = oa->platform->max_subslices;
	t->max_eus_per_subslice = oa->platform->max_eus_per_subslice;
	return t;
}

static u32 eu_limit(const struct intel_oa_topology *t)
{
	return GENMASK(t->max_eus_per_subslice - 1, 0);
}

static void set_eus(struct intel_oa_topology *t, unsigned int s,
		    unsigned int ss, u32 eu_enable)
{
	t->eu_mask[s * t->max_subslices + ss] = eu_enable & eu_limit(t);
}

/**
 * intel_oa_gen8_read_topology - Broadwell fuses
 * @oa: device
 */
void intel_oa_gen8_read_topology(struct intel_oa_device *oa)
{
	struct intel_oa_topology *t = topology_init(oa);
	u32 fuse2, ss_mask, eu_dis[3];
	unsigned int s, ss, bit;

	fuse2 = intel_oa_read(oa, GEN8_FUSE2);
	t->slice_mask = FIELD_GET(GEN8_F2_S_ENA_MASK, fuse2) &
			GENMASK(t->max_slices - 1, 0);
	ss_mask = GENMASK(t->max_subslices - 1, 0) &
		  ~FIELD_GET(GEN8_F2_SS_DIS_MASK, fuse2);

	for (s = 0; s < ARRAY_SIZE(eu_dis); s++)
		eu_dis[s] = intel_oa_read(oa, GEN8_EU_DISABLE(s));

	for (s = 0; s < t->max_slices; s++) {
		if (!(t->slice_mask & BIT(s)))
			continue;
		t->subslice_mask[s] = ss_mask;
		for (ss = 0; ss < t->max_subslices; ss++) {
			if (!(ss_mask & BIT(ss)))
				continue;
			/* Byte aligned, so never straddles two registers. */
			bit = 24 * s + 8 * ss;
			set_eus(t, s, ss, ~(eu_dis[bit / 32] >> (bit % 32)));
		}
	}
}

/**
 * intel_oa_chv_read_topology - Cherryview fuses
 * @oa: device
 */
void intel_oa_chv_read_topology(struct intel_oa_device *oa)
{
	struct intel_oa_topology *t = topology_init(oa);
	u32 fuse = intel_oa_read(oa, CHV_FUSE_GT);

	t->slice_mask = BIT(0);
	if (!(fuse & CHV_FGT_DISABLE_SS0)) {
		t->subslice_mask[0] |= BIT(0);
		/* Row 0 in the low nibble, row 1 in the high one. */
		set_eus(t, 0, 0, ~FIELD_GET(CHV_FGT_EU_DIS_SS0_MASK, fuse));
	}
	if (!(fuse & CHV_FGT_DISABLE_SS1)) {
		t->subslice_mask[0] |= BIT(1);
		set_eus(t, 0, 1, ~FIELD_GET(CHV_FGT_EU_DIS_SS1_MASK, fuse));
	}
	t->subslice_mask[0] &= GENMASK(t->max_subslices - 1, 0);
}

/**
 * intel_oa_gen9_read_topology - Gen9 fuses
 * @oa: device
 */
void intel_oa_gen9_read_topology(struct intel_oa_device *oa)
{
	struct intel_oa_topology *t = topology_init(oa);
	u32 fuse2, ss_mask, eu_disable;
	unsigned int s, ss;

	fuse2 = intel_oa_read(oa, GEN8_FUSE2);
	t->slice_mask = FIELD_GET(GEN8_F2_S_ENA_MASK, fuse2) &
			GENMASK(t->max_slices - 1, 0);
	ss_mask = GENMASK(t->max_subslices - 1, 0) &
		  ~FIELD_GET(GEN9_F2_SS_DIS_MASK, fuse2);

	for (s = 0; s < t->max_slices; s++) {
		if (!(t->slice_mask & BIT(s)))
			continue;
		t->subslice_mask[s] = ss_mask;
		eu_disable = intel_oa_read(oa, GEN9_EU_DISABLE(s));
		for (ss = 0; ss < t->max_subslices; ss++) {
			if (!(ss_mask & BIT(ss)))
				continue;
			/* One byte of EU-disable bits per subslice. */
			set_eus(t, s, ss, ~(eu_disable >> (ss * 8)));
		}
	}
}

/**
 * intel_oa_gen11_read_topology - Gen11 fuses
 * @oa: device
 */
void intel_oa_gen11_read_topology(struct intel_oa_device *oa)
{
	struct intel_oa_topology *t = topology_init(oa);
	u32 ss_en, eu_en;
	unsigned int s, ss;

	t->slice_mask = FIELD_GET(GEN11_GT_S_ENA_MASK,
				  intel_oa_read(oa, GEN11_GT_SLICE_ENABLE)) &
			GENMASK(t->max_slices - 1, 0);
	ss_en = ~intel_oa_read(oa, GEN11_GT_SUBSLICE_DISABLE);
	eu_en = ~FIELD_GET(GEN11_EU_DIS_MASK,
			   intel_oa_read(oa, GEN11_EU_DISABLE));

	for (s = 0; s < t->max_slices; s++) {
		if (!(t->slice_mask & BIT(s)))
			continue;
		t->subslice_mask[s] = (ss_en >> (s * t->max_subslices)) &
				      GENMASK(t->max_subslices - 1, 0);
		for (ss = 0; ss < t->max_subslices; ss++)
			if (t->subslice_mask[s] & BIT(ss))
				set_eus(t, s, ss, eu_en);
	}
}

/**
 * intel_oa_gen12_read_topology - Gen12 fuses
 * @oa: device
 */
void intel_oa_gen12_read_topology(struct intel_oa_device *oa)
{
	struct intel_oa_topology *t = topology_init(oa);
	u32 dss_en, eu_pair_dis, eu_en = 0;
	unsigned int i, dss;

	/* Gen12 has a single slice; the DSS fuse says which DSS exist. */
	t->slice_mask = BIT(0);
	dss_en = intel_oa_read(oa, GEN12_GT_GEOMETRY_DSS_ENABLE);
	t->subslice_mask[0] = dss_en & GENMASK(t->max_subslices - 1, 0);

	/* One fuse bit per pair of EUs. */
	eu_pair_dis = FIELD_GET(GEN11_EU_DIS_MASK,
				intel_oa_read(oa, GEN11_EU_DISABLE));
	for (i = 0; i < t->max_eus_per_subslice / 2; i++)
		if (!(eu_pair_dis & BIT(i)))
			eu_en |= BIT(2 * i) | BIT(2 * i + 1);

	for (dss = 0; dss < t->max_subslices; dss++)
		if (t->subslice_mask[0] & BIT(dss))
			set_eus(t, 0, dss, eu_en);
}

/* Fill a full topology of the given shape. */
static void gen7_set_topology(struct intel_oa_device *oa, u8 slice_mask,
			      u8 subslice_mask, unsigned int eus)
{
	struct intel_oa_topology *t = &oa->topo;
	unsigned int s, ss;

	memset(t, 0, sizeof(*t));
	t->max_slices = hweight8(slice_mask);
	t->max_subslices = hweight8(subslice_mask);
	t->max_eus_per_subslice = eus;
	t->slice_mask = slice_mask;
	for (s = 0; s < t->max_slices; s++) {
		t->subslice_mask[s] = subslice_mask;
		for (ss = 0; ss < t->max_subslices; ss++)
			t->eu_mask[s * t->max_subslices + ss] =
				GENMASK(eus - 1, 0);
	}
}

/**
 * intel_oa_gen6_read_topology - the platform row's shape as the topology
 * @oa: device
 *
 * Sandy Bridge, Ivy Bridge, Valleyview: no fuse register describes the
 * topology (i915 has none there); the platform row's shape is it.
 */
void intel_oa_gen6_read_topology(struct intel_oa_device *oa)
{
	const struct intel_oa_platform *p = oa->platform;

	gen7_set_topology(oa, GENMASK(p->max_slices - 1, 0),
			  GENMASK(p->max_subslices - 1, 0),
			  p->max_eus_per_subslice);
}

/**
 * intel_oa_hsw_read_topology - Haswell's topology
 * @oa: device
 *
 * The GT level and HSW_PAVP_FUSE1 (i915 hsw_sseu_info_init()).
 */
void intel_oa_hsw_read_topology(struct intel_oa_device *oa)
{
	static const u8 eus_for_fuse[] = {
		[HSW_F1_EU_DIS_10EUS] = 10,
		[HSW_F1_EU_DIS_8EUS] = 8,
		[HSW_F1_EU_DIS_6EUS] = 6,
	};
	u32 fuse = FIELD_GET(HSW_F1_EU_DIS_MASK,
			     intel_oa_read(oa, HSW_PAVP_FUSE1));
	u8 slices = oa->platform->gt >= 3 ? GENMASK(1, 0) : BIT(0);
	u8 subslices = oa->platform->gt >= 2 ? GENMASK(1, 0) : BIT(0);
	unsigned int eus;

	if (fuse >= ARRAY_SIZE(eus_for_fuse)) {
		drm_warn(&oa->drm, "HSW_PAVP_FUSE1 EU field %u reserved: assuming 10 EUs\n",
			 fuse);
		fuse = HSW_F1_EU_DIS_10EUS;
	}
	eus = eus_for_fuse[fuse];

	gen7_set_topology(oa, slices, subslices, eus);
}

/* Gen6..8 timestamps tick at 12.5 MHz (80 ns): gen6_read_clock_frequency. */
#define GEN8_TIMESTAMP_HZ	12500000

/**
 * intel_oa_gen8_read_timestamp_freq - the fixed Gen6..Gen8 timestamp clock
 * @oa: device
 *
 * Return: the frequency in Hz.
 */
u32 intel_oa_gen8_read_timestamp_freq(struct intel_oa_device *oa)
{
	return GEN8_TIMESTAMP_HZ;
}

/* The divide logic: an integer MHz part plus a 1/(n + 1) MHz fraction. */
static u32 read_reference_ts_freq(struct intel_oa_device *oa)
{
	u32 ovr = intel_oa_read(oa, TIMESTAMP_OVERRIDE);
	u32 base, frac;

	base = (FIELD_GET(TIMESTAMP_OVERRIDE_US_COUNTER_DIVIDER_MASK, ovr) +
		1) * 1000000;
	frac = 1000000 /
	       (FIELD_GET(TIMESTAMP_OVERRIDE_US_COUNTER_DENOMINATOR_MASK, ovr) +
		1);
	return base + frac;
}

/**
 * intel_oa_gen9_read_timestamp_freq - CTC_MODE and the platform crystal
 * @oa: device
 *
 * Return: the frequency in Hz.
 */
u32 intel_oa_gen9_read_timestamp_freq(struct intel_oa_device *oa)
{
	u32 ctc = intel_oa_read(oa, CTC_MODE);

	if (FIELD_GET(CTC_SOURCE_PARAMETER_MASK, ctc) ==
	    CTC_SOURCE_DIVIDE_LOGIC)
		return read_reference_ts_freq(oa);

	return oa->platform->crystal_hz >>
	       (3 - FIELD_GET(CTC_SHIFT_PARAMETER_MASK, ctc));
}

/**
 * intel_oa_gen11_read_timestamp_freq - CTC_MODE, then RPM_CONFIG0
 * @oa: device
 *
 * Return: the frequency in Hz, or 0 for a crystal encoding that does not
 * exist (probe fails).
 */
u32 intel_oa_gen11_read_timestamp_freq(struct intel_oa_device *oa)
{
	static const u32 crystal_hz[] = {
		[GEN11_RPM_CONFIG0_CRYSTAL_24MHZ] = 24000000,
		[GEN11_RPM_CONFIG0_CRYSTAL_19_2MHZ] = 19200000,
		[GEN11_RPM_CONFIG0_CRYSTAL_38_4MHZ] = 38400000,
		[GEN11_RPM_CONFIG0_CRYSTAL_25MHZ] = 25000000,
	};
	u32 ctc = intel_oa_read(oa, CTC_MODE);
	u32 rpm, crystal;

	if (FIELD_GET(CTC_SOURCE_PARAMETER_MASK, ctc) ==
	    CTC_SOURCE_DIVIDE_LOGIC)
		return read_reference_ts_freq(oa);

	rpm = intel_oa_read(oa, RPM_CONFIG0);
	crystal = FIELD_GET(GEN11_RPM_CONFIG0_CRYSTAL_MASK, rpm);
	if (crystal >= ARRAY_SIZE(crystal_hz))
		return 0;

	return crystal_hz[crystal] >>
	       (3 - FIELD_GET(GEN10_RPM_CONFIG0_CTC_SHIFT_MASK, rpm));
}

/**
 * intel_oa_xehp_read_topology - Gen12.5 fuses
 * @oa: device
 *
 * One slice of up to 32 DSS; a DSS exists when it is enabled for geometry
 * or compute (i915 xehp_sseu_info_init()). XEHP_EU_ENABLE holds enable
 * (not disable) bits, one per pair of EUs, shared by every DSS. The
 * MSLICE fuse steers replicated register reads.
 */
void intel_oa_xehp_read_topology(struct intel_oa_device *oa)
{
	struct intel_oa_topology *t = topology_init(oa);
	u32 dss_en, eu_pair_en, eu_en = 0;
	unsigned int i, dss;

	t->slice_mask = BIT(0);
	dss_en = intel_oa_read(oa, GEN12_GT_GEOMETRY_DSS_ENABLE) |
		 intel_oa_read(oa, GEN12_GT_COMPUTE_DSS_ENABLE);
	t->subslice_mask[0] = dss_en &
			      GENMASK_ULL(t->max_subslices - 1, 0);
	t->mslice_mask = FIELD_GET(XEHP_MEML3_EN_MASK,
				   intel_oa_read(oa, XEHP_FUSE_MEML3));

	eu_pair_en = FIELD_GET(XEHP_EU_ENA_MASK,
			       intel_oa_read(oa, XEHP_EU_ENABLE));
	for (i = 0; i < t->max_eus_per_subslice / 2; i++)
		if (eu_pair_en & BIT(i))
			eu_en |= BIT(2 * i) | BIT(2 * i + 1);

	for (dss = 0; dss < t->max_subslices; dss++)
		if (t->subslice_mask[0] & BIT(dss))
			set_eus(t, 0, dss, eu_en);
}

/**
 * intel_oa_xehp_read_oa_timestamp_freq - the Gen12.5 OA timestamp clock
 * @oa: device whose command-streamer frequency was read
 *
 * The OA unit counts the crystal before the CTC shift's last halving
 * steps: CS frequency << (3 - shift) (i915
 * i915_perf_oa_timestamp_frequency(), Wa_18013179988).
 *
 * Return: the frequency in Hz.
 */
u32 intel_oa_xehp_read_oa_timestamp_freq(struct intel_oa_device *oa)
{
	u32 rpm = intel_oa_read(oa, RPM_CONFIG0);

	return oa->timestamp_freq <<
	       (3 - FIELD_GET(GEN10_RPM_CONFIG0_CTC_SHIFT_MASK, rpm));
}
