// SPDX-License-Identifier: GPL-2.0
/*
 * OA unit programming for Gen12: the global OA unit (OAG).
 */

#include <linux/bitfield.h>
#include <linux/kernel.h>

#include "intel_oa.h"
#include "intel_oa_gen.h"
#include "regs/intel_oa_regs.h"

/**
 * DOC: Gen12 OAG unit
 *
 * Gen12 moved the system-wide OA unit to a new register block (OAG,
 * 0xdaf4..0xdb08) with its own timer control (OAGLBCTXCTRL) and OA_DEBUG,
 * and put a TLB in front of the OA buffer. The sequences are i915's
 * gen12_enable_metric_set(), gen12_init_oa_buffer(), gen12_oa_enable()
 * and gen12_oa_disable():
 *
 * - The metrics set keeps clock-ratio reports off (as on Gen9/11) and
 *   explicitly leaves context-switch reports on, because every stream of
 *   this driver samples OA reports.
 * - Enabling and disabling the unit, its pointers and its status are
 *   intel_oa_unit.c's one code path over OAG's registers
 *   (intel_oa_oag_unit_regs): the counter select is the stream's format's
 *   (Gen12 has only select 5; Gen12.5 adds select 1, the 64-bit header
 *   format), and a stop is followed by an OA TLB invalidation.
 */

static void gen12_enable_metric_set(struct intel_oa_stream *stream,
				    const struct intel_oa_config *config)
{
	struct intel_oa_device *oa = stream->oa;
	u32 debug, ctx_ctrl = 0;

	/* Every stream samples OA reports, so keep context switches on. */
	debug = masked_bit_disable(GEN12_OAG_OA_DEBUG_DISABLE_CTX_SWITCH_REPORTS);
	if (oa->gen->quirks & INTEL_OA_QUIRK_CLK_RATIO_REPORTS)
		debug |= masked_bit_enable(GEN12_OAG_OA_DEBUG_DISABLE_CLK_RATIO_REPORTS |
					   GEN12_OAG_OA_DEBUG_INCLUDE_CLK_RATIO);
	intel_oa_write(oa, GEN12_OAG_OA_DEBUG, debug);

	if (stream->periodic)
		ctx_ctrl = GEN12_OAG_OAGLBCTXCTRL_COUNTER_RESUME |
			   GEN12_OAG_OAGLBCTXCTRL_TIMER_ENABLE |
			   FIELD_PREP(GEN12_OAG_OAGLBCTXCTRL_TIMER_PERIOD_MASK,
				      stream->period_exponent);
	intel_oa_write(oa, GEN12_OAG_OAGLBCTXCTRL, ctx_ctrl);

	/* No context images to carry them: write the flex controls. */
	intel_oa_program_config(oa, config);
}

static void gen12_disable_metric_set(struct intel_oa_stream *stream)
{
	struct intel_oa_device *oa = stream->oa;

	intel_oa_write(oa, GEN12_OAG_OAGLBCTXCTRL, 0);
	intel_oa_clear_flex(oa);

	/* Make sure the NOA network is off to save power. */
	intel_oa_rmw(oa, RPM_CONFIG1, GEN10_GT_NOA_ENABLE, 0);
}

/* Whitelists, as ranges from i915_perf.c (gen12_oa_*_regs). */
static const struct intel_oa_range gen12_oa_b_counters[] = {
	{ 0x2b2c, 0x2b2c },	/* OAG_OA_PESS */
	{ 0xd900, 0xd91c },	/* OAG_OASTARTTRIG[1-8] */
	{ 0xd920, 0xd93c },	/* OAG_OAREPORTTRIG[1-8] */
	{ 0xd940, 0xd97c },	/* OAG_CEC[0-7][0-1] */
	{ 0xdc00, 0xdc3c },	/* OAG_SCEC[0-7][0-1] */
	{ 0xdc40, 0xdc40 },	/* OAG_SPCTR_CNF */
	{ 0xdc44, 0xdc44 },	/* OAA_DBG_REG */
};

static const struct intel_oa_range gen12_oa_mux_regs[] = {
	{ 0x0d00, 0x0d04 },	/* RPM_CONFIG[0-1] */
	{ 0x0d0c, 0x0d2c },	/* NOA_CONFIG[0-8] */
	{ 0x9840, 0x9840 },	/* GDT_CHICKEN_BITS */
	{ 0x9884, 0x9888 },	/* NOA_WRITE */
	{ 0x20cc, 0x20cc },	/* WAIT_FOR_RC6_EXIT */
};

static bool gen12_is_valid_b_counter_addr(u32 addr)
{
	return intel_oa_in_ranges(addr, gen12_oa_b_counters,
				  ARRAY_SIZE(gen12_oa_b_counters));
}

/* Gen12.5 adds the MSLICE B counters (i915 xehp_oa_b_counters). */
static const struct intel_oa_range xehp_oa_b_counters[] = {
	{ 0xdc48, 0xdc48 },	/* OAA_ENABLE_REG */
	{ 0xdd00, 0xdd48 },	/* OAG_LCE0_0 - OAA_LENABLE_REG */
};

static bool xehp_is_valid_b_counter_addr(u32 addr)
{
	return intel_oa_in_ranges(addr, xehp_oa_b_counters,
				  ARRAY_SIZE(xehp_oa_b_counters)) ||
	       gen12_is_valid_b_counter_addr(addr);
}

static bool gen12_is_valid_mux_addr(u32 addr)
{
	return intel_oa_in_ranges(addr, gen12_oa_mux_regs,
				  ARRAY_SIZE(gen12_oa_mux_regs));
}

#define GEN12_OAG_OPS							\
	.enable_metric_set = gen12_enable_metric_set,			\
	.disable_metric_set = gen12_disable_metric_set,			\
	INTEL_OA_UNIT_OPS(intel_oa_oag_unit_regs),			\
	.is_valid_mux_reg = gen12_is_valid_mux_addr,			\
	.is_valid_flex_reg = intel_oa_is_valid_flex_addr

#define GEN12_OA_UNIT_OPS						\
	GEN12_OAG_OPS,							\
	.read_topology = intel_oa_gen12_read_topology,			\
	.read_timestamp_freq = intel_oa_gen11_read_timestamp_freq,	\
	.is_valid_b_counter_reg = gen12_is_valid_b_counter_addr

/* Gen12 integrated: OAG behind the Gen11 interrupt hierarchy. */
const struct intel_oa_hw_ops intel_oa_gen12_ops = {
	GEN12_OA_UNIT_OPS,
	.irq_reset = intel_oa_gen11_irq_reset,
	.irq_postinstall = intel_oa_gen11_irq_postinstall,
	.irq_oa_unmask = intel_oa_gen11_irq_oa_unmask,
	.irq_oa_mask = intel_oa_gen11_irq_oa_mask,
	.irq_handler = intel_oa_gen11_irq_handler,
};

/* DG1: the same, with the tile interrupt level in front. */
const struct intel_oa_hw_ops intel_oa_dg1_ops = {
	GEN12_OA_UNIT_OPS,
	.irq_reset = intel_oa_dg1_irq_reset,
	.irq_postinstall = intel_oa_dg1_irq_postinstall,
	.irq_oa_unmask = intel_oa_gen11_irq_oa_unmask,
	.irq_oa_mask = intel_oa_gen11_irq_oa_mask,
	.irq_handler = intel_oa_dg1_irq_handler,
};

/*
 * Gen12.5 (DG2, ATS-M): OAG with the select-1 format, a faster OA
 * timestamp, Xe-HP fuses and B counters, DG1's tile interrupts plus the
 * GuC instance, and the GuC interface.
 */
const struct intel_oa_hw_ops intel_oa_dg2_ops = {
	GEN12_OAG_OPS,
	.read_topology = intel_oa_xehp_read_topology,
	.read_timestamp_freq = intel_oa_gen11_read_timestamp_freq,
	.read_oa_timestamp_freq = intel_oa_xehp_read_oa_timestamp_freq,
	.is_valid_b_counter_reg = xehp_is_valid_b_counter_addr,
	.irq_reset = intel_oa_dg2_irq_reset,
	.irq_postinstall = intel_oa_dg1_irq_postinstall,
	.irq_oa_unmask = intel_oa_gen11_irq_oa_unmask,
	.irq_oa_mask = intel_oa_gen11_irq_oa_mask,
	.irq_handler = intel_oa_dg2_irq_handler,
	.guc_init = intel_oa_xehp_guc_init,
};
