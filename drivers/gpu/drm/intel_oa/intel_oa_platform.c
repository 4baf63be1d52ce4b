// SPDX-License-Identifier: GPL-2.0
/*
 * Platform table: PCI id -> platform -> generation descriptor -> ops.
 */

#include <linux/module.h>
#include <linux/pci.h>

#include "intel_oa.h"
#include "intel_oa_gen.h"
#include "regs/intel_oa_regs.h"

/**
 * DOC: platform table
 *
 * Platform differences are data. A PCI id row points at a
 * &struct intel_oa_platform (topology limits, crystal clock, RP_STATE_CAP
 * variant), which points at a &struct intel_oa_gen_desc (report formats,
 * forcewake registers, RPT_ID layout, CAGF register, quirks) and its const
 * &struct intel_oa_hw_ops. Probe picks the row once; nothing after probe
 * tests the generation.
 *
 * ============  ============  =========================================
 * descriptor    ops           OA unit / interrupts / fuses
 * ============  ============  =========================================
 * snb_desc      snb_ops       0x2360 block / none (hrtimer) / table
 * ivb_desc      ivb_ops       0x2360 block / GT bit 28 / table
 * vlv_desc      ivb_ops       as ivb; own forcewake, PTEs, quirk
 * hsw_desc      hsw_ops       0x2360 block / GT bit 28 / GT + PAVP_FUSE1
 * gen8_desc     gen8_ops      0x2b00 block, no OA_DEBUG / banks / gen8
 * chv_desc      chv_ops       as gen8, chv fuses and extra mux range
 * gen9_desc     gen9_ops      0x2b00 block / banks / gen9
 * gen11_desc    gen11_ops     0x2b00 block / two-level / gen11
 * gen12_desc    gen12_ops     OAG / two-level / gen12
 * dg1_desc      dg1_ops       OAG / tile + two-level / gen12
 * dg2_desc      dg2_ops       OAG + select 1 / tile + GuC / xehp, GuC
 * ============  ============  =========================================
 *
 * Adding a platform of an existing generation is a new platform row and
 * PCI ids. Adding a generation is a new formats table, gen descriptor and
 * an ops table assembled from the existing blocks or new ones.
 */

/*
 * Report formats: counter select and size per uAPI format number
 * (Documentation/gen6-gen7.rst for Gen6/7).
 */
static const struct intel_oa_format snb_formats[INTEL_OA_FORMAT_MAX] = {
	[I915_OA_FORMAT_SNB_A13]		= { 0, 64 },
	[I915_OA_FORMAT_SNB_A29]		= { 1, 128 },
	[I915_OA_FORMAT_SNB_A13_B4]		= { 2, 128 },
	[I915_OA_FORMAT_SNB_A29_B4]		= { 3, 192 },
};

/* Ivy Bridge and Valleyview. */
static const struct intel_oa_format ivb_formats[INTEL_OA_FORMAT_MAX] = {
	[I915_OA_FORMAT_IVB_A13]		= { 0, 64 },
	[I915_OA_FORMAT_IVB_A29]		= { 1, 128 },
	[I915_OA_FORMAT_IVB_A13_B4]		= { 2, 128 },
	[I915_OA_FORMAT_IVB_A29_B4]		= { 3, 192 },
	[I915_OA_FORMAT_IVB_A45_B4]		= { 4, 256 },
	[I915_OA_FORMAT_IVB_A16]		= { 5, 128 },
};

/* i915's seven Haswell formats plus select 3, which i915 leaves out. */
static const struct intel_oa_format hsw_formats[INTEL_OA_FORMAT_MAX] = {
	[I915_OA_FORMAT_A13]			= { 0, 64 },
	[I915_OA_FORMAT_A29]			= { 1, 128 },
	[I915_OA_FORMAT_A13_B8_C8]		= { 2, 128 },
	[I915_OA_FORMAT_A29_B8_C8]		= { 3, 192 },
	[I915_OA_FORMAT_B4_C8]			= { 4, 64 },
	[I915_OA_FORMAT_A45_B8_C8]		= { 5, 256 },
	[I915_OA_FORMAT_B4_C8_A16]		= { 6, 128 },
	[I915_OA_FORMAT_C4_B8]			= { 7, 64 },
};

/* Gen8..Gen11 OA report formats. */
static const struct intel_oa_format gen8_formats[INTEL_OA_FORMAT_MAX] = {
	[I915_OA_FORMAT_A12]			= { 0, 64 },
	[I915_OA_FORMAT_A12_B8_C8]		= { 2, 128 },
	[I915_OA_FORMAT_A32u40_A4u32_B8_C8]	= { 5, 256 },
	[I915_OA_FORMAT_C4_B8]			= { 7, 64 },
};

/* Gen12 OAG only has the 256 byte format (i915 gen12_oa_formats). */
static const struct intel_oa_format gen12_formats[INTEL_OA_FORMAT_MAX] = {
	[I915_OA_FORMAT_A32u40_A4u32_B8_C8]	= { 5, 256 },
};

/*
 * Gen12.5 OAG: the Gen12 select-5 layout under its DG2 name, and select 1
 * with the 64-bit header (Documentation/dg2.rst).
 */
static const struct intel_oa_format dg2_formats[INTEL_OA_FORMAT_MAX] = {
	[I915_OA_FORMAT_A24u40_A14u32_B8_C8]	= { 5, 256 },
	[I915_OA_FORMAT_A38u64_B8_C8]		= { 1, 448, true },
};

/*
 * Meteor Lake, Arrow Lake: OAG's select-5 format under its DG2 name (the
 * format of Intel's MTL metric sets), and the media GT's OAM formats with
 * the 64-bit header (i915 oa_init_supported_formats(), oa_formats[]).
 */
static const struct intel_oa_format mtl_formats[INTEL_OA_FORMAT_MAX] = {
	[I915_OA_FORMAT_A24u40_A14u32_B8_C8]	= { 5, 256 },
	[I915_OAM_FORMAT_MPEC8u64_B8_C8]	= { 1, 192, true, INTEL_OA_UNIT_OAM },
	[I915_OAM_FORMAT_MPEC8u32_B8_C8]	= { 2, 128, true, INTEL_OA_UNIT_OAM },
};

/*
 * Replicated ranges of seed 002's "Force Wake and Steering Table", in
 * address order (binary searched).
 */
static const struct intel_oa_mcr_range xehp_mcr_ranges[] = {
	{ 0x00b00, 0x00bff, INTEL_OA_MCR_SQIDI },
	{ 0x01000, 0x01fff, INTEL_OA_MCR_SQIDI },
	{ 0x04000, 0x04aff, INTEL_OA_MCR_MSLICE },
	{ 0x05200, 0x052ff, INTEL_OA_MCR_GSLICE },
	{ 0x05400, 0x07fff, INTEL_OA_MCR_GSLICE },
	{ 0x08140, 0x0814f, INTEL_OA_MCR_GSLICE },
	{ 0x08150, 0x0815f, INTEL_OA_MCR_DSS },
	{ 0x08700, 0x087ff, INTEL_OA_MCR_SQIDI },
	{ 0x08c80, 0x08cff, INTEL_OA_MCR_L3BANK },
	{ 0x08d00, 0x08dff, INTEL_OA_MCR_DSS },
	{ 0x094d0, 0x0951f, INTEL_OA_MCR_GSLICE },
	{ 0x09520, 0x0955f, INTEL_OA_MCR_DSS },
	{ 0x09680, 0x096ff, INTEL_OA_MCR_DSS },
	{ 0x0b000, 0x0b0ff, INTEL_OA_MCR_LNCF },
	{ 0x0b100, 0x0b3ff, INTEL_OA_MCR_L3BANK },
	{ 0x0c800, 0x0cfff, INTEL_OA_MCR_MSLICE },
	{ 0x0d800, 0x0d87f, INTEL_OA_MCR_GSLICE },
	{ 0x0d880, 0x0d8ff, INTEL_OA_MCR_LNCF },
	{ 0x0dc00, 0x0dcff, INTEL_OA_MCR_GSLICE },
	{ 0x0dd00, 0x0ddff, INTEL_OA_MCR_MSLICE },
	{ 0x0de80, 0x0dfff, INTEL_OA_MCR_DSS },
	{ 0x0e100, 0x0e8ff, INTEL_OA_MCR_DSS },
	{ 0x0e900, 0x0e9ff, INTEL_OA_MCR_MSLICE },
	{ 0x0f000, 0x0ffff, INTEL_OA_MCR_MSLICE },
	{ 0x17000, 0x17fff, INTEL_OA_MCR_GSLICE },
	{ 0x24a00, 0x24a7f, INTEL_OA_MCR_DSS },
};

#define SNB_FW_RENDER {			\
	.req = FORCEWAKE,			\
	.ack = FORCEWAKE_ACK,			\
	.bit = FORCEWAKE_KERNEL,		\
	.unmasked = true,			\
}

#define IVB_FW_RENDER {			\
	.req = FORCEWAKE_MT,			\
	.ack = FORCEWAKE_MT_ACK,		\
	.bit = FORCEWAKE_KERNEL,		\
}

#define VLV_FW_RENDER {			\
	.req = FORCEWAKE_VLV,			\
	.ack = FORCEWAKE_ACK_VLV,		\
	.bit = FORCEWAKE_KERNEL,		\
}

/* Haswell shares Gen8's render forcewake pair. */
#define GEN8_FW_RENDER {			\
	.req = FORCEWAKE_MT,			\
	.ack = FORCEWAKE_ACK_HSW,		\
	.bit = FORCEWAKE_KERNEL,		\
}

#define GEN9_FW_RENDER {			\
	.req = FORCEWAKE_RENDER_GEN9,		\
	.ack = FORCEWAKE_ACK_RENDER_GEN9,	\
	.bit = FORCEWAKE_KERNEL,		\
}

/*
 * Gen6/7: 32-bit PTEs, a 128 KiB buffer (16 MiB on Haswell), no CTX_ID
 * in the reports, timer reports with RPT_ID bit 19, CAGF in 50 MHz units.
 */
#define GEN7_DESC_COMMON					\
	.units = { &gen7_oa_unit },			\
	GEN7_NOA_ENABLE,					\
	.valid_ctx_bit = 0,					\
	.report_reason_mask = OAREPORT_REASON_TIMER,		\
	.rp_cap_mhz = 50,					\
	.cagf_reg = GEN6_RPSTAT1,				\
	.cagf_mhz_num = 50,					\
	.cagf_mhz_den = 1

/*
 * The OA units (see "OA units"). Every platform before Meteor Lake has one,
 * the render GT's, which the render engine selects (i915
 * engine_supports_oa()).
 */
static const struct intel_oa_unit_desc gen7_oa_unit = {
	.type = INTEL_OA_UNIT_OAG,
	.name = "OA",
	.funcs = &intel_oa_gen7_unit_funcs,
	.engines = BIT(INTEL_OA_RCS0),
};

static const struct intel_oa_unit_desc gen8_oa_unit = {
	.type = INTEL_OA_UNIT_OAG,
	.name = "OA",
	.funcs = &intel_oa_unit_funcs,
	.regs = &intel_oa_gen8_unit_regs,
	.engines = BIT(INTEL_OA_RCS0),
};

static const struct intel_oa_unit_desc gen12_oa_unit = {
	.type = INTEL_OA_UNIT_OAG,
	.name = "OAG",
	.funcs = &intel_oa_unit_funcs,
	.regs = &intel_oa_oag_unit_regs,
	.engines = BIT(INTEL_OA_RCS0),
};

static const struct intel_oa_unit_desc xehp_oa_unit = {
	.type = INTEL_OA_UNIT_OAG,
	.name = "OAG",
	.funcs = &intel_oa_unit_funcs,
	.regs = &intel_oa_xehp_oag_unit_regs,
	.engines = BIT(INTEL_OA_RCS0),
};

/*
 * Meteor Lake's media GT unit: the video decode and enhance engines
 * choose it (i915 __oa_engine_group() from 12.70 on). No public source
 * routes its half-full event to an interrupt: the hrtimer drains it.
 */
static const struct intel_oa_unit_desc mtl_oam_unit = {
	.type = INTEL_OA_UNIT_OAM,
	.name = "OAM",
	.funcs = &intel_oa_unit_funcs,
	.regs = &intel_oa_mtl_oam_unit_regs,
	.engines = BIT(INTEL_OA_VCS0) | BIT(INTEL_OA_VCS2) | BIT(INTEL_OA_VECS0),
	.hrtimer_only = true,
};

/* NOA power (i915 gen8/gen10 _disable_metric_set()). */
#define GEN7_NOA_ENABLE						\
	.noa_enable = GDT_CHICKEN_BITS,				\
	.noa_enable_bit = GT_NOA_ENABLE
#define GEN11_NOA_ENABLE					\
	.noa_enable = RPM_CONFIG1,				\
	.noa_enable_bit = GEN10_GT_NOA_ENABLE

/* 16 KiB * (field + 1) before Haswell: 16 KiB..128 KiB. */
#define GEN7_OA_BUFFER_128K					\
	.oa_buffer_min = SZ_16K,				\
	.oa_buffer_max = SZ_128K,				\
	.oa_buffer_16k_steps = true

static const struct intel_oa_gen_desc snb_desc = {
	GEN7_DESC_COMMON,
	GEN7_OA_BUFFER_128K,
	.graphics_ver = 6,
	.ops = &intel_oa_snb_ops,
	.formats = snb_formats,
	.fw_render = SNB_FW_RENDER,
	.ggtt = &intel_oa_snb_ggtt,
	.exponent_min = 3,
	.timer_period_bias = 3,
	.cagf_mask = GEN6_CAGF_MASK,
};

static const struct intel_oa_gen_desc ivb_desc = {
	GEN7_DESC_COMMON,
	GEN7_OA_BUFFER_128K,
	.graphics_ver = 7,
	.ops = &intel_oa_ivb_ops,
	.formats = ivb_formats,
	.fw_render = IVB_FW_RENDER,
	.ggtt = &intel_oa_snb_ggtt,
	.has_dop_clock_gate = true,
	.cagf_mask = GEN6_CAGF_MASK,
};

static const struct intel_oa_gen_desc vlv_desc = {
	GEN7_DESC_COMMON,
	GEN7_OA_BUFFER_128K,
	.graphics_ver = 7,
	.ops = &intel_oa_ivb_ops,
	.formats = ivb_formats,
	.fw_render = VLV_FW_RENDER,
	.ggtt = &intel_oa_vlv_ggtt,
	.has_dop_clock_gate = true,
	.quirks = INTEL_OA_QUIRK_REPORT_LOST_BROKEN,
	.cagf_mask = GEN6_CAGF_MASK,
};

/* Haswell (7.5): 128 KiB << field, 128 KiB..16 MiB. */
static const struct intel_oa_gen_desc hsw_desc = {
	GEN7_DESC_COMMON,
	.graphics_ver = 7,
	.graphics_rel = 5,
	.ops = &intel_oa_hsw_ops,
	.formats = hsw_formats,
	.fw_render = GEN8_FW_RENDER,
	.ggtt = &intel_oa_hsw_ggtt,
	.oa_buffer_min = SZ_128K,
	.oa_buffer_max = SZ_16M,
	.has_dop_clock_gate = true,
	.cagf_mask = HSW_CAGF_MASK,
};

/* Gen8+: buffers of 128 KiB..16 MiB. */
#define GEN8_BUFFER						\
	.oa_buffer_min = SZ_128K,				\
	.oa_buffer_max = SZ_16M

/* 64-bit PTEs at BAR0 + 8 MiB (Cherryview sizes them differently). */
#define GEN8_BUFFER_GGTT					\
	.ggtt = &intel_oa_gen8_ggtt,				\
	GEN8_BUFFER

/* Gen8: RPT_ID context-valid at bit 25, CAGF in 50 MHz units. */
#define GEN8_DESC_COMMON					\
	GEN8_BUFFER,						\
	.units = { &gen8_oa_unit },			\
	GEN7_NOA_ENABLE,					\
	.graphics_ver = 8,					\
	.formats = gen8_formats,				\
	.fw_render = GEN8_FW_RENDER,				\
	.valid_ctx_bit = GEN8_OAREPORT_CTX_VALID,		\
	.report_reason_mask = OAREPORT_REASON_MASK,		\
	.quirks = INTEL_OA_QUIRK_SQUASH_INVALID_CTX_ID,		\
	.rp_cap_mhz = 50,					\
	.cagf_reg = GEN6_RPSTAT1,				\
	.cagf_mask = HSW_CAGF_MASK,				\
	.cagf_mhz_num = 50,					\
	.cagf_mhz_den = 1

static const struct intel_oa_gen_desc gen8_desc = {
	GEN8_DESC_COMMON,
	.ggtt = &intel_oa_gen8_ggtt,
	.ops = &intel_oa_gen8_ops,
};

static const struct intel_oa_gen_desc chv_desc = {
	GEN8_DESC_COMMON,
	.ggtt = &intel_oa_chv_ggtt,
	.ops = &intel_oa_chv_ops,
};

static const struct intel_oa_gen_desc gen9_desc = {
	GEN8_BUFFER_GGTT,
	.units = { &gen8_oa_unit },
	GEN7_NOA_ENABLE,
	.graphics_ver = 9,
	.ops = &intel_oa_gen9_ops,
	.formats = gen8_formats,
	.fw_render = GEN9_FW_RENDER,
	.valid_ctx_bit = GEN9_OAREPORT_CTX_VALID,
	.report_reason_mask = OAREPORT_REASON_MASK,
	.quirks = INTEL_OA_QUIRK_CLK_RATIO_REPORTS |
		  INTEL_OA_QUIRK_SQUASH_INVALID_CTX_ID,
	.rp_cap_mhz = 50,
	.cagf_reg = GEN6_RPSTAT1,
	.cagf_mask = GEN9_CAGF_MASK,
	.cagf_mhz_num = 50,
	.cagf_mhz_den = 3,
};

static const struct intel_oa_gen_desc gen11_desc = {
	GEN8_BUFFER_GGTT,
	.units = { &gen8_oa_unit },
	GEN11_NOA_ENABLE,
	.graphics_ver = 11,
	.ops = &intel_oa_gen11_ops,
	.formats = gen8_formats,
	.fw_render = GEN9_FW_RENDER,
	.valid_ctx_bit = GEN9_OAREPORT_CTX_VALID,
	.report_reason_mask = OAREPORT_REASON_MASK,
	.quirks = INTEL_OA_QUIRK_CLK_RATIO_REPORTS |
		  INTEL_OA_QUIRK_SQUASH_INVALID_CTX_ID,
	.rp_cap_mhz = 50,
	.cagf_reg = GEN6_RPSTAT1,
	.cagf_mask = GEN9_CAGF_MASK,
	.cagf_mhz_num = 50,
	.cagf_mhz_den = 3,
};

/* Gen12: 7 reason bits, CTX_ID passed through, CAGF in GEN12_RPSTAT1. */
#define GEN12_DESC_BASE						\
	GEN8_BUFFER_GGTT,					\
	GEN11_NOA_ENABLE,					\
	.graphics_ver = 12,					\
	.fw_render = GEN9_FW_RENDER,				\
	.valid_ctx_bit = GEN9_OAREPORT_CTX_VALID,		\
	.report_reason_mask = GEN12_OAREPORT_REASON_MASK,	\
	.quirks = INTEL_OA_QUIRK_CLK_RATIO_REPORTS,		\
	.rp_cap_mhz = 50,					\
	.cagf_reg = GEN12_RPSTAT1,				\
	.cagf_mask = GEN12_CAGF_MASK,				\
	.cagf_mhz_num = 50,					\
	.cagf_mhz_den = 3

#define GEN12_DESC_COMMON					\
	GEN12_DESC_BASE,					\
	.units = { &gen12_oa_unit },			\
	.formats = gen12_formats

static const struct intel_oa_gen_desc gen12_desc = {
	GEN12_DESC_COMMON,
	.ops = &intel_oa_gen12_ops,
};

static const struct intel_oa_gen_desc dg1_desc = {
	GEN12_DESC_COMMON,
	.ops = &intel_oa_dg1_ops,
};

/*
 * Gen12.5: the OA and GuC registers are in the GT forcewake domain, and
 * the OA config ranges are replicated.
 */
static const struct intel_oa_gen_desc dg2_desc = {
	GEN12_DESC_BASE,
	.units = { &xehp_oa_unit },
	.graphics_rel = 5,
	.ops = &intel_oa_dg2_ops,
	.formats = dg2_formats,
	.fw_gt = {
		.req = FORCEWAKE_GT_GEN12_5,
		.ack = FORCEWAKE_ACK_GT_GEN12_5,
		.bit = FORCEWAKE_KERNEL,
	},
	.mcr_ranges = xehp_mcr_ranges,
	.n_mcr_ranges = ARRAY_SIZE(xehp_mcr_ranges),
	.no_global_sseu = true,
	.guc_fw = "i915/dg2_guc_70.bin",
};

/*
 * Meteor Lake and Arrow Lake (graphics IP 12.70, 12.74): integrated, the
 * Gen8 GGTT, Gen12.5's OAG and the media GT's OAM; the GT domains of both
 * GTs (the OA units' registers are GT there), the GT acknowledge moved to
 * 0xdfc.
 */
static const struct intel_oa_gen_desc mtl_desc = {
	GEN12_DESC_BASE,
	.units = { &xehp_oa_unit, &mtl_oam_unit },
	.graphics_rel = 70,
	.ops = &intel_oa_mtl_ops,
	.formats = mtl_formats,
	.fw_gt = {
		.req = FORCEWAKE_GT_GEN12_5,
		.ack = FORCEWAKE_ACK_GT_MTL,
		.bit = FORCEWAKE_KERNEL,
	},
	.fw_media = {
		.req = MTL_MEDIA_FORCEWAKE_GT,
		.ack = MTL_MEDIA_FORCEWAKE_ACK_GT,
		.bit = FORCEWAKE_KERNEL,
	},
	.no_global_sseu = true,
};

static const struct intel_oa_rp_cap gen6_rp_cap = {
	.reg = GEN6_RP_STATE_CAP,
	.rp0_mask = RP0_CAP_MASK,
	.rp1_mask = RP1_CAP_MASK,
	.rpn_mask = RPN_CAP_MASK,
};

static const struct intel_oa_rp_cap bxt_rp_cap = {
	.reg = BXT_RP_STATE_CAP,
	.rp0_mask = BXT_RP0_CAP_MASK,
	.rp1_mask = BXT_RP1_CAP_MASK,
	.rpn_mask = BXT_RPN_CAP_MASK,
};

#define CRYSTAL_24MHZ	24000000
#define CRYSTAL_19_2MHZ	19200000

/* Architectural topology limits per generation (i915 intel_sseu.c). */
#define GEN8_LIMITS	.max_slices = 3, .max_subslices = 3, .max_eus_per_subslice = 8
#define CHV_LIMITS	.max_slices = 1, .max_subslices = 2, .max_eus_per_subslice = 8
#define GEN9_LIMITS	.max_slices = 3, .max_subslices = 4, .max_eus_per_subslice = 8
#define GEN9_LP_LIMITS	.max_slices = 1, .max_subslices = 3, .max_eus_per_subslice = 8
#define GEN11_LIMITS	.max_slices = 1, .max_subslices = 8, .max_eus_per_subslice = 8
#define GEN12_LIMITS	.max_slices = 1, .max_subslices = 6, .max_eus_per_subslice = 16
#define XEHP_LIMITS	.max_slices = 1, .max_subslices = 32, .max_eus_per_subslice = 16

/*
 * Engines: i915's platform_engine_mask (i915_pci.c; ring_mask before
 * Linux 5.3) of the same parts.
 */
#define ENG(e)		BIT(INTEL_OA_##e)
#define ENGINES_GEN6	(ENG(RCS0) | ENG(BCS0) | ENG(VCS0))
#define ENGINES_HSW	(ENGINES_GEN6 | ENG(VECS0))
#define ENGINES_GT3	(ENGINES_HSW | ENG(VCS1))
#define ENGINES_GEN11	(ENGINES_HSW | ENG(VCS2))
#define ENGINES_DG2	(ENGINES_GEN11 | ENG(VECS1) | ENG(CCS0) | ENG(CCS1) | \
			 ENG(CCS2) | ENG(CCS3))
/* Render GT: RCS0, BCS0, CCS0; media GT: VCS0, VCS2, VECS0 (no GSC here). */
#define ENGINES_MTL	(ENGINES_GEN11 | ENG(CCS0))

/*
 * Gen6/7 rows: the topology of Documentation/gen6-gen7.rst (Haswell's
 * reader derives it from the GT level and a fuse instead).
 */
#define GEN7_PLATFORM(n, d, g, s, ss, eu, e)			\
	{ .name = n, .gen = &(d), .gt = g, .max_slices = s,	\
	  .max_subslices = ss, .max_eus_per_subslice = eu,	\
	  .rp_cap = &gen6_rp_cap, .engines = e }

#define GEN8_PLATFORM(n, g)					\
	{ .name = n, .gen = &gen8_desc, .gt = g, GEN8_LIMITS,	\
	  .rp_cap = &gen6_rp_cap, .engines = ENGINES_HSW }
#define CHV_PLATFORM(n)						\
	{ .name = n, .gen = &chv_desc, .gt = 1, CHV_LIMITS,	\
	  .rp_cap = &gen6_rp_cap, .engines = ENGINES_HSW }
/* GT3 and GT4 parts have a second video decode engine, VCS1. */
#define GEN9_PLATFORM(n, g, e)					\
	{ .name = n, .gen = &gen9_desc, .gt = g, GEN9_LIMITS,	\
	  .crystal_hz = CRYSTAL_24MHZ, .rp_cap = &gen6_rp_cap,	\
	  .engines = e }
#define GEN9_LP_PLATFORM(n)					\
	{ .name = n, .gen = &gen9_desc, .gt = 1, GEN9_LP_LIMITS,	\
	  .crystal_hz = CRYSTAL_19_2MHZ, .rp_cap = &bxt_rp_cap,	\
	  .engines = ENGINES_HSW }
#define GEN11_PLATFORM(n, e)					\
	{ .name = n, .gen = &gen11_desc, .gt = 2, GEN11_LIMITS,	\
	  .rp_cap = &gen6_rp_cap, .engines = e }
#define GEN12_PLATFORM(n, g, e)					\
	{ .name = n, .gen = &gen12_desc, .gt = g, GEN12_LIMITS,	\
	  .rp_cap = &gen6_rp_cap, .engines = e }
#define DG1_PLATFORM(n)						\
	{ .name = n, .gen = &dg1_desc, .gt = 2, GEN12_LIMITS,	\
	  .rp_cap = &gen6_rp_cap, .engines = ENGINES_GEN11 }
#define DG2_PLATFORM(n)						\
	{ .name = n, .gen = &dg2_desc, XEHP_LIMITS,		\
	  .rp_cap = &gen6_rp_cap, .engines = ENGINES_DG2 }
#define MTL_PLATFORM(n)						\
	{ .name = n, .gen = &mtl_desc, XEHP_LIMITS,		\
	  .rp_cap = &gen6_rp_cap, .engines = ENGINES_MTL }

static const struct intel_oa_platform snb_gt1 =
	GEN7_PLATFORM("sandybridge-gt1", snb_desc, 1, 1, 1, 6,
		      ENGINES_GEN6);
static const struct intel_oa_platform snb_gt2 =
	GEN7_PLATFORM("sandybridge-gt2", snb_desc, 2, 1, 1, 12,
		      ENGINES_GEN6);
static const struct intel_oa_platform ivb_gt1 =
	GEN7_PLATFORM("ivybridge-gt1", ivb_desc, 1, 1, 1, 6,
		      ENGINES_GEN6);
static const struct intel_oa_platform ivb_gt2 =
	GEN7_PLATFORM("ivybridge-gt2", ivb_desc, 2, 1, 2, 8,
		      ENGINES_GEN6);
static const struct intel_oa_platform vlv =
	GEN7_PLATFORM("valleyview", vlv_desc, 1, 1, 1, 4,
		      ENGINES_GEN6);
static const struct intel_oa_platform hsw_gt1 =
	GEN7_PLATFORM("haswell-gt1", hsw_desc, 1, 1, 1, 10,
		      ENGINES_HSW);
static const struct intel_oa_platform hsw_gt2 =
	GEN7_PLATFORM("haswell-gt2", hsw_desc, 2, 1, 2, 10,
		      ENGINES_HSW);
static const struct intel_oa_platform hsw_gt3 =
	GEN7_PLATFORM("haswell-gt3", hsw_desc, 3, 2, 2, 10,
		      ENGINES_HSW);
static const struct intel_oa_platform bdw_gt2 = GEN8_PLATFORM("broadwell-gt2", 2);
/* chv's caps live behind the Punit; the device mirrors them at 0x145998. */
static const struct intel_oa_platform chv = CHV_PLATFORM("cherryview");
static const struct intel_oa_platform skl_gt2 = GEN9_PLATFORM("skylake-gt2", 2,
							 ENGINES_HSW);
static const struct intel_oa_platform skl_gt3 = GEN9_PLATFORM("skylake-gt3", 3,
							 ENGINES_GT3);
static const struct intel_oa_platform skl_gt4 = GEN9_PLATFORM("skylake-gt4", 4,
							 ENGINES_GT3);
static const struct intel_oa_platform bxt = GEN9_LP_PLATFORM("broxton");
static const struct intel_oa_platform kbl_gt2 = GEN9_PLATFORM("kabylake-gt2", 2,
							 ENGINES_HSW);
static const struct intel_oa_platform kbl_gt3 = GEN9_PLATFORM("kabylake-gt3", 3,
							 ENGINES_GT3);
static const struct intel_oa_platform glk = GEN9_LP_PLATFORM("geminilake");
static const struct intel_oa_platform cfl_gt2 = GEN9_PLATFORM("coffeelake-gt2", 2,
							 ENGINES_HSW);
static const struct intel_oa_platform cfl_gt3 = GEN9_PLATFORM("coffeelake-gt3", 3,
							 ENGINES_GT3);
static const struct intel_oa_platform cml_gt2 = GEN9_PLATFORM("cometlake-gt2", 2,
							 ENGINES_HSW);
static const struct intel_oa_platform icl = GEN11_PLATFORM("icelake", ENGINES_GEN11);
static const struct intel_oa_platform ehl = GEN11_PLATFORM("elkhartlake",
							  ENGINES_HSW);
static const struct intel_oa_platform jsl = GEN11_PLATFORM("jasperlake",
							  ENGINES_HSW);
static const struct intel_oa_platform tgl_gt1 = GEN12_PLATFORM("tigerlake-gt1", 1,
							 ENGINES_GEN11);
static const struct intel_oa_platform tgl_gt2 = GEN12_PLATFORM("tigerlake-gt2", 2,
							 ENGINES_GEN11);
static const struct intel_oa_platform rkl = GEN12_PLATFORM("rocketlake", 1, ENGINES_HSW);
static const struct intel_oa_platform adl_s = GEN12_PLATFORM("alderlake-s", 1,
						       ENGINES_GEN11);
static const struct intel_oa_platform adl_p = GEN12_PLATFORM("alderlake-p", 2,
						       ENGINES_GEN11);
static const struct intel_oa_platform dg1 = DG1_PLATFORM("dg1");
static const struct intel_oa_platform dg2_g10 = DG2_PLATFORM("dg2-g10");
static const struct intel_oa_platform dg2_g11 = DG2_PLATFORM("dg2-g11");
static const struct intel_oa_platform dg2_g12 = DG2_PLATFORM("dg2-g12");
static const struct intel_oa_platform ats_m150 = DG2_PLATFORM("ats-m150");
static const struct intel_oa_platform ats_m75 = DG2_PLATFORM("ats-m75");
static const struct intel_oa_platform mtl = MTL_PLATFORM("meteorlake");
/* i915 treats Arrow Lake as Meteor Lake (INTEL_MTL_IDS holds its ids). */
static const struct intel_oa_platform arl = MTL_PLATFORM("arrowlake");

#define OA_PCI(id, p)	{ PCI_VDEVICE(INTEL, id), (kernel_ulong_t)&(p) }

/*
 * Documentation/platforms.rst rows first in each group, then sibling
 * parts of the same platform and GT from i915_pciids.h.
 */
const struct pci_device_id intel_oa_pci_ids[] = {
	OA_PCI(0x0102, snb_gt1),
	OA_PCI(0x0106, snb_gt1),
	OA_PCI(0x010a, snb_gt1),
	OA_PCI(0x0112, snb_gt2),
	OA_PCI(0x0116, snb_gt2),
	OA_PCI(0x0122, snb_gt2),
	OA_PCI(0x0126, snb_gt2),
	OA_PCI(0x0152, ivb_gt1),
	OA_PCI(0x0156, ivb_gt1),
	OA_PCI(0x015a, ivb_gt1),
	OA_PCI(0x0162, ivb_gt2),
	OA_PCI(0x0166, ivb_gt2),
	OA_PCI(0x016a, ivb_gt2),
	OA_PCI(0x0f31, vlv),
	OA_PCI(0x0f30, vlv),
	OA_PCI(0x0f32, vlv),
	OA_PCI(0x0f33, vlv),
	OA_PCI(0x0155, vlv),
	OA_PCI(0x0157, vlv),
	/* Haswell: the GT level is the second hex digit from the right. */
	OA_PCI(0x0402, hsw_gt1),
	OA_PCI(0x0406, hsw_gt1),
	OA_PCI(0x040a, hsw_gt1),
	OA_PCI(0x040b, hsw_gt1),
	OA_PCI(0x040e, hsw_gt1),
	OA_PCI(0x0a02, hsw_gt1),
	OA_PCI(0x0a06, hsw_gt1),
	OA_PCI(0x0a0a, hsw_gt1),
	OA_PCI(0x0a0b, hsw_gt1),
	OA_PCI(0x0a0e, hsw_gt1),
	OA_PCI(0x0c02, hsw_gt1),
	OA_PCI(0x0c06, hsw_gt1),
	OA_PCI(0x0c0a, hsw_gt1),
	OA_PCI(0x0c0b, hsw_gt1),
	OA_PCI(0x0c0e, hsw_gt1),
	OA_PCI(0x0d02, hsw_gt1),
	OA_PCI(0x0d06, hsw_gt1),
	OA_PCI(0x0d0a, hsw_gt1),
	OA_PCI(0x0d0b, hsw_gt1),
	OA_PCI(0x0d0e, hsw_gt1),
	OA_PCI(0x0412, hsw_gt2),
	OA_PCI(0x0416, hsw_gt2),
	OA_PCI(0x041a, hsw_gt2),
	OA_PCI(0x041b, hsw_gt2),
	OA_PCI(0x041e, hsw_gt2),
	OA_PCI(0x0a12, hsw_gt2),
	OA_PCI(0x0a16, hsw_gt2),
	OA_PCI(0x0a1a, hsw_gt2),
	OA_PCI(0x0a1b, hsw_gt2),
	OA_PCI(0x0a1e, hsw_gt2),
	OA_PCI(0x0c12, hsw_gt2),
	OA_PCI(0x0c16, hsw_gt2),
	OA_PCI(0x0c1a, hsw_gt2),
	OA_PCI(0x0c1b, hsw_gt2),
	OA_PCI(0x0c1e, hsw_gt2),
	OA_PCI(0x0d12, hsw_gt2),
	OA_PCI(0x0d16, hsw_gt2),
	OA_PCI(0x0d1a, hsw_gt2),
	OA_PCI(0x0d1b, hsw_gt2),
	OA_PCI(0x0d1e, hsw_gt2),
	OA_PCI(0x0d22, hsw_gt3),
	OA_PCI(0x0422, hsw_gt3),
	OA_PCI(0x0426, hsw_gt3),
	OA_PCI(0x042a, hsw_gt3),
	OA_PCI(0x042b, hsw_gt3),
	OA_PCI(0x042e, hsw_gt3),
	OA_PCI(0x0a22, hsw_gt3),
	OA_PCI(0x0a26, hsw_gt3),
	OA_PCI(0x0a2a, hsw_gt3),
	OA_PCI(0x0a2b, hsw_gt3),
	OA_PCI(0x0a2e, hsw_gt3),
	OA_PCI(0x0c22, hsw_gt3),
	OA_PCI(0x0c26, hsw_gt3),
	OA_PCI(0x0c2a, hsw_gt3),
	OA_PCI(0x0c2b, hsw_gt3),
	OA_PCI(0x0c2e, hsw_gt3),
	OA_PCI(0x0d26, hsw_gt3),
	OA_PCI(0x0d2a, hsw_gt3),
	OA_PCI(0x0d2b, hsw_gt3),
	OA_PCI(0x0d2e, hsw_gt3),
	OA_PCI(0x1616, bdw_gt2),
	OA_PCI(0x1612, bdw_gt2),
	OA_PCI(0x161a, bdw_gt2),
	OA_PCI(0x161b, bdw_gt2),
	OA_PCI(0x161d, bdw_gt2),
	OA_PCI(0x161e, bdw_gt2),
	OA_PCI(0x22b0, chv),
	OA_PCI(0x22b1, chv),
	OA_PCI(0x22b2, chv),
	OA_PCI(0x22b3, chv),
	OA_PCI(0x1912, skl_gt2),
	OA_PCI(0x1916, skl_gt2),
	OA_PCI(0x191a, skl_gt2),
	OA_PCI(0x191b, skl_gt2),
	OA_PCI(0x191d, skl_gt2),
	OA_PCI(0x191e, skl_gt2),
	OA_PCI(0x1921, skl_gt2),
	OA_PCI(0x1926, skl_gt3),
	OA_PCI(0x1923, skl_gt3),
	OA_PCI(0x1927, skl_gt3),
	OA_PCI(0x192a, skl_gt3),
	OA_PCI(0x192b, skl_gt3),
	OA_PCI(0x192d, skl_gt3),
	OA_PCI(0x193b, skl_gt4),
	OA_PCI(0x1932, skl_gt4),
	OA_PCI(0x193a, skl_gt4),
	OA_PCI(0x193d, skl_gt4),
	OA_PCI(0x5a84, bxt),
	OA_PCI(0x0a84, bxt),
	OA_PCI(0x1a84, bxt),
	OA_PCI(0x1a85, bxt),
	OA_PCI(0x5a85, bxt),
	OA_PCI(0x5916, kbl_gt2),
	OA_PCI(0x5912, kbl_gt2),
	OA_PCI(0x5917, kbl_gt2),
	OA_PCI(0x591a, kbl_gt2),
	OA_PCI(0x591b, kbl_gt2),
	OA_PCI(0x591d, kbl_gt2),
	OA_PCI(0x591e, kbl_gt2),
	OA_PCI(0x5921, kbl_gt2),
	OA_PCI(0x5926, kbl_gt3),
	OA_PCI(0x5923, kbl_gt3),
	OA_PCI(0x5927, kbl_gt3),
	OA_PCI(0x3184, glk),
	OA_PCI(0x3185, glk),
	OA_PCI(0x3e92, cfl_gt2),
	OA_PCI(0x3ea5, cfl_gt3),
	OA_PCI(0x9bc5, cml_gt2),
	OA_PCI(0x9bc2, cml_gt2),
	OA_PCI(0x9bc4, cml_gt2),
	OA_PCI(0x9bc6, cml_gt2),
	OA_PCI(0x9bc8, cml_gt2),
	OA_PCI(0x9be6, cml_gt2),
	OA_PCI(0x8a52, icl),
	OA_PCI(0x4571, ehl),
	OA_PCI(0x4e71, jsl),
	OA_PCI(0x9a60, tgl_gt1),
	OA_PCI(0x9a49, tgl_gt2),
	OA_PCI(0x4c8a, rkl),
	OA_PCI(0x4680, adl_s),
	OA_PCI(0x46a6, adl_p),
	OA_PCI(0x4905, dg1),
	OA_PCI(0x56a0, dg2_g10),
	OA_PCI(0x5690, dg2_g10),
	OA_PCI(0x5691, dg2_g10),
	OA_PCI(0x5692, dg2_g10),
	OA_PCI(0x56a1, dg2_g10),
	OA_PCI(0x56a2, dg2_g10),
	OA_PCI(0x56a5, dg2_g11),
	OA_PCI(0x5693, dg2_g11),
	OA_PCI(0x5694, dg2_g11),
	OA_PCI(0x5695, dg2_g11),
	OA_PCI(0x56a6, dg2_g11),
	OA_PCI(0x56b0, dg2_g11),
	OA_PCI(0x56b1, dg2_g11),
	OA_PCI(0x56a3, dg2_g12),
	OA_PCI(0x5696, dg2_g12),
	OA_PCI(0x5697, dg2_g12),
	OA_PCI(0x56a4, dg2_g12),
	OA_PCI(0x56b2, dg2_g12),
	OA_PCI(0x56b3, dg2_g12),
	OA_PCI(0x56c0, ats_m150),
	OA_PCI(0x56c2, ats_m150),
	OA_PCI(0x56c1, ats_m75),
	OA_PCI(0x7d55, mtl),
	OA_PCI(0x7d40, mtl),
	OA_PCI(0x7d45, mtl),
	OA_PCI(0x7d60, mtl),
	OA_PCI(0x7dd5, mtl),
	OA_PCI(0x7d51, arl),
	OA_PCI(0x7d67, arl),
	OA_PCI(0x7d41, arl),
	OA_PCI(0x7dd1, arl),
	OA_PCI(0xb640, arl),
	{ }
};
MODULE_DEVICE_TABLE(pci, intel_oa_pci_ids);
