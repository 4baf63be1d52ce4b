// SPDX-License-Identifier: GPL-2.0
/*
 * Platform table: PCI id -> platform -> generation descriptor -> ops.
 */

#include <linux/module.h>
#include <linux/pci.h>

#include "intel_oa.h"
#include "intel_oa_gen.h"
#include "intel_oa_platform_rows.h"
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
 * The platform rows and their PCI ids are expanded from
 * include/intel_oa_platforms.h, the table every product reads; its FAMILY
 * column picks one of the FAMILY_*() parts below. Adding a platform of an
 * existing generation is a row there. Adding a generation is a new
 * formats table, gen descriptor, family part and an ops table assembled
 * from the existing blocks or new ones.
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
 * with the 64-bit header (Documentation/dg2.rst); OAR's select 5, which a
 * stream of one context without samples programs OAR with (i915
 * oa_init_supported_formats()).
 */
static const struct intel_oa_format dg2_formats[INTEL_OA_FORMAT_MAX] = {
	[I915_OAR_FORMAT_A32u40_A4u32_B8_C8]	= { 5, 256, false, INTEL_OA_UNIT_OAR },
	[I915_OA_FORMAT_A24u40_A14u32_B8_C8]	= { 5, 256 },
	[I915_OA_FORMAT_A38u64_B8_C8]		= { 1, 448, true },
};

/*
 * Meteor Lake, Arrow Lake: OAG's select-5 format under its DG2 name (the
 * format of Intel's MTL metric sets), OAR's as on DG2, and the media GT's
 * OAM formats with the 64-bit header (i915 oa_init_supported_formats(),
 * oa_formats[]).
 */
static const struct intel_oa_format mtl_formats[INTEL_OA_FORMAT_MAX] = {
	[I915_OAR_FORMAT_A32u40_A4u32_B8_C8]	= { 5, 256, false, INTEL_OA_UNIT_OAR },
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
 * Gen9 to Gen12: the OA unit (0x2700-0x2fff; Gen12's 0x2b00-0x2fff and
 * OAG at 0xd900-0xdbff), the NOA registers (0x9800-0xafff) and the fuses
 * are in the GT domain (i915 __gen9_fw_ranges, __gen11_fw_ranges,
 * __gen12_fw_ranges), so one forcewake reference wakes it with render, as
 * i915 holds FORCEWAKE_ALL for a stream.
 */
#define GEN9_FW_GT {				\
	.req = FORCEWAKE_GT_GEN9,		\
	.ack = FORCEWAKE_ACK_GT_GEN9,		\
	.bit = FORCEWAKE_KERNEL,		\
}

/*
 * Gen6/7: 32-bit PTEs, a 128 KiB buffer (16 MiB on Haswell), no CTX_ID
 * in the reports, timer reports with RPT_ID bit 19, CAGF in 50 MHz units.
 */
#define GEN7_DESC_COMMON					\
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

/*
 * Sandy Bridge's OA unit raises no interrupt (seed 001 has no OA interrupt
 * bit for it): the hrtimer alone drains it, while the device's interrupt
 * serves the render engine's user interrupt.
 */
static const struct intel_oa_unit_desc snb_oa_unit = {
	.type = INTEL_OA_UNIT_OAG,
	.name = "OA",
	.funcs = &intel_oa_gen7_unit_funcs,
	.engines = BIT(INTEL_OA_RCS0),
	.hrtimer_only = true,
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
	.units = { &snb_oa_unit },
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
	.units = { &gen7_oa_unit },
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
	.no_llc = true,
	.units = { &gen7_oa_unit },
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
	.units = { &gen7_oa_unit },
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

/* i915_pci.c ppgtt_size: 48 bits from Broadwell on, 32 on Cherryview. */
static const struct intel_oa_gen_desc gen8_desc = {
	GEN8_DESC_COMMON,
	.ppgtt_bits = 48,
	.ggtt = &intel_oa_gen8_ggtt,
	.ops = &intel_oa_gen8_ops,
	.lrc = &intel_oa_gen8_lrc,
};

static const struct intel_oa_gen_desc chv_desc = {
	.no_llc = true,
	GEN8_DESC_COMMON,
	.ppgtt_bits = 32,
	.ggtt = &intel_oa_chv_ggtt,
	.ops = &intel_oa_chv_ops,
	.lrc = &intel_oa_gen8_lrc,
};

static const struct intel_oa_gen_desc gen9_desc = {
	GEN8_BUFFER_GGTT,
	.units = { &gen8_oa_unit },
	GEN7_NOA_ENABLE,
	.graphics_ver = 9,
	.ppgtt_bits = 48,
	.ops = &intel_oa_gen9_ops,
	.lrc = &intel_oa_gen9_lrc,
	.formats = gen8_formats,
	.fw_render = GEN9_FW_RENDER,
	.fw_gt = GEN9_FW_GT,
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
	.ppgtt_bits = 48,
	.ops = &intel_oa_gen11_ops,
	.lrc = &intel_oa_gen11_lrc,
	.formats = gen8_formats,
	.fw_render = GEN9_FW_RENDER,
	.fw_gt = GEN9_FW_GT,
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
	GEN11_NOA_ENABLE,					\
	.graphics_ver = 12,					\
	.ppgtt_bits = 48,					\
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
	GEN8_BUFFER_GGTT,					\
	.sqcnt1 = GEN12_SQCNT1_PMON_ENABLE,			\
	.units = { &gen12_oa_unit },			\
	.formats = gen12_formats,				\
	.fw_gt = GEN9_FW_GT

static const struct intel_oa_gen_desc gen12_desc = {
	GEN12_DESC_COMMON,
	.ops = &intel_oa_gen12_ops,
	.lrc = &intel_oa_gen12_lrc,
};

static const struct intel_oa_gen_desc dg1_desc = {
	.no_llc = true,
	GEN12_DESC_COMMON,
	.ops = &intel_oa_dg1_ops,
	.lrc = &intel_oa_gen12_lrc,
	.dgfx = true,
	.no_gem_cpu_ioctls = true,
};

/*
 * Gen12.5: the OA and GuC registers are in the GT forcewake domain, and
 * the OA config ranges are replicated.
 */
static const struct intel_oa_gen_desc dg2_desc = {
	GEN12_DESC_BASE,
	GEN8_BUFFER_GGTT,
	.sqcnt1 = GEN12_SQCNT1_PMON_ENABLE | GEN12_SQCNT1_OABPC,
	.dop_gating_wa = true,
	.units = { &xehp_oa_unit },
	.graphics_rel = 5,
	.ops = &intel_oa_dg2_ops,
	.lrc = &intel_oa_xehp_lrc,
	.formats = dg2_formats,
	.fw_gt = GEN9_FW_GT,
	.mcr_ranges = xehp_mcr_ranges,
	.n_mcr_ranges = ARRAY_SIZE(xehp_mcr_ranges),
	.no_global_sseu = true,
	.guc_fw = "i915/dg2_guc_70.bin",
	.dgfx = true,
	.no_gem_cpu_ioctls = true,
};

/*
 * Meteor Lake and Arrow Lake (graphics IP 12.70, 12.74): integrated, the
 * Gen8 GGTT, Gen12.5's OAG and the media GT's OAM; the GT domains of both
 * GTs (the OA units' registers are GT there), the GT acknowledge moved to
 * 0xdfc.
 */
static const struct intel_oa_gen_desc mtl_desc = {
	.no_llc = true,
	GEN12_DESC_BASE,
	GEN8_BUFFER,
	.sqcnt1 = GEN12_SQCNT1_PMON_ENABLE | GEN12_SQCNT1_OABPC,
	.ggtt = &intel_oa_mtl_ggtt,
	.units = { &xehp_oa_unit, &mtl_oam_unit },
	.graphics_rel = 70,
	.ops = &intel_oa_mtl_ops,
	.lrc = &intel_oa_xehp_lrc,
	.no_gem_cpu_ioctls = true,
	.formats = mtl_formats,
	.fw_gt = {
		.req = FORCEWAKE_GT_GEN9,
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
 * Each family's part of a row: its generation descriptor, topology
 * limits, crystal clock and RP_STATE_CAP reader. The parts themselves
 * (GT level, topology, engines, PCI ids) are rows of
 * include/intel_oa_platforms.h. Gen6/7 limits are the row's topology
 * (Documentation/gen6-gen7.rst; Haswell's reader derives it from the GT
 * level and a fuse instead).
 */
#define GEN7_LIMITS(s, ss, eu)	.max_slices = (s), .max_subslices = (ss), \
				.max_eus_per_subslice = (eu)
#define FAMILY_SNB(s, ss, eu)	.gen = &snb_desc, GEN7_LIMITS(s, ss, eu), \
				.rp_cap = &gen6_rp_cap
#define FAMILY_IVB(s, ss, eu)	.gen = &ivb_desc, GEN7_LIMITS(s, ss, eu), \
				.rp_cap = &gen6_rp_cap
#define FAMILY_VLV(s, ss, eu)	.gen = &vlv_desc, GEN7_LIMITS(s, ss, eu), \
				.rp_cap = &gen6_rp_cap
#define FAMILY_HSW(s, ss, eu)	.gen = &hsw_desc, GEN7_LIMITS(s, ss, eu), \
				.rp_cap = &gen6_rp_cap
#define FAMILY_BDW(s, ss, eu)	.gen = &gen8_desc, GEN8_LIMITS, \
				.rp_cap = &gen6_rp_cap
/* chv's caps live behind the Punit; the device mirrors them at 0x145998. */
#define FAMILY_CHV(s, ss, eu)	.gen = &chv_desc, CHV_LIMITS, \
				.rp_cap = &gen6_rp_cap
#define FAMILY_GEN9(s, ss, eu)	.gen = &gen9_desc, GEN9_LIMITS, \
				.crystal_hz = CRYSTAL_24MHZ, .rp_cap = &gen6_rp_cap
#define FAMILY_GEN9_LP(s, ss, eu) .gen = &gen9_desc, GEN9_LP_LIMITS, \
				.crystal_hz = CRYSTAL_19_2MHZ, .rp_cap = &bxt_rp_cap
#define FAMILY_GEN11(s, ss, eu)	.gen = &gen11_desc, GEN11_LIMITS, \
				.rp_cap = &gen6_rp_cap
#define FAMILY_GEN12(s, ss, eu)	.gen = &gen12_desc, GEN12_LIMITS, \
				.rp_cap = &gen6_rp_cap
#define FAMILY_DG1(s, ss, eu)	.gen = &dg1_desc, GEN12_LIMITS, \
				.rp_cap = &gen6_rp_cap
#define FAMILY_DG2(s, ss, eu)	.gen = &dg2_desc, XEHP_LIMITS, \
				.rp_cap = &gen6_rp_cap
/* i915 treats Arrow Lake as Meteor Lake (INTEL_MTL_IDS holds its ids). */
#define FAMILY_MTL(s, ss, eu)	.gen = &mtl_desc, XEHP_LIMITS, \
				.rp_cap = &gen6_rp_cap

static const struct intel_oa_platform platforms[INTEL_OA_NR_ROWS] = {
#define INTEL_OA_PLATFORM(id_, name_, devid_, family_, i915_, part_, \
			  mesa_, gt_, s_, ss_, eu_, dss_, oa_hz_, rp0_, rp1_, \
			  rpn_, ticks_, engines_, ...) \
	[INTEL_OA_ROW_##id_] = { \
		.name = i915_, .gt = gt_, .engines = ENGINES_##engines_, \
		FAMILY_##family_(s_, ss_, eu_) \
	},
#include "intel_oa_platforms.h"
};

#define OA_PCI(id, row) { PCI_VDEVICE(INTEL, id), \
			  (kernel_ulong_t)&platforms[INTEL_OA_ROW_##row] },

/*
 * What the driver matches: each row's own PCI id, then its siblings
 * (i915_pciids.h), whatever the subsystem. Probe binds a real part only
 * with force_probe (intel_oa_drv.c).
 */
const struct pci_device_id intel_oa_pci_ids[] = {
#define INTEL_OA_PLATFORM(id_, name_, devid_, ...)	OA_PCI(devid_, id_)
#define INTEL_OA_SIBLING(id_, devid_)	OA_PCI(devid_, id_)
#include "intel_oa_platforms.h"
	{ }
};

/*
 * What udev loads the module for: the same ids with QEMU's PCI subsystem
 * (0x1af4:0x1100), i.e. the virtual GPU only. Installed on a machine with
 * a real Intel GPU, the module is never loaded behind i915's or xe's
 * back; the user loads it, with force_probe, to take a real part over.
 */
#define OA_PCI_VIRTUAL(id) \
	{ PCI_DEVICE_SUB(PCI_VENDOR_ID_INTEL, id, \
			 PCI_SUBVENDOR_ID_REDHAT_QUMRANET, PCI_SUBDEVICE_ID_QEMU) },
static const struct pci_device_id intel_oa_pci_autoload_ids[] = {
#define INTEL_OA_PLATFORM(id_, name_, devid_, ...)	OA_PCI_VIRTUAL(devid_)
#define INTEL_OA_SIBLING(id_, devid_)	OA_PCI_VIRTUAL(devid_)
#include "intel_oa_platforms.h"
	{ }
};
MODULE_DEVICE_TABLE(pci, intel_oa_pci_autoload_ids);
