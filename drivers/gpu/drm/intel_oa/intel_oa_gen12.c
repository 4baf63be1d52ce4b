// SPDX-License-Identifier: GPL-2.0
/*
 * Device ops for Gen12 and Gen12.5, whose render GT has the global OA
 * unit (OAG).
 */

#include <linux/kernel.h>

#include "intel_oa.h"
#include "intel_oa_gen.h"

/**
 * DOC: Gen12 OAG unit
 *
 * Gen12 moved the system-wide OA unit to a new register block (OAG,
 * 0xdaf4..0xdb08) with its own timer control (OAGLBCTXCTRL) and OA_DEBUG,
 * and put a TLB in front of the OA buffer. It is programmed by
 * intel_oa_unit.c's one code path over its register table
 * (intel_oa_oag_unit_regs; see "OA units"): the counter select is the
 * stream's format's (Gen12 has only select 5; Gen12.5 adds select 1, the
 * 64-bit header format), context-switch reports stay on, and a stop is
 * followed by an OA TLB invalidation. What differs between the Gen12
 * platforms is below: fuses, clocks, whitelists and interrupts.
 */

#define GEN12_CONFIG_REGS						\
	.mux_regs = &intel_oa_gen12_mux_regs,				\
	.flex_regs = &intel_oa_flex_whitelist

/* Gen12 integrated: OAG behind the Gen11 interrupt hierarchy. */
const struct intel_oa_hw_ops intel_oa_gen12_ops = {
	GEN12_CONFIG_REGS,
	.read_topology = intel_oa_gen12_read_topology,
	.read_timestamp_freq = intel_oa_gen11_read_timestamp_freq,
	.b_counter_regs = &intel_oa_gen12_b_counter_regs,
	.irq_reset = intel_oa_gen11_irq_reset,
	.irq_postinstall = intel_oa_gen11_irq_postinstall,
	.irq_oa_unmask = intel_oa_gen11_irq_oa_unmask,
	.irq_oa_mask = intel_oa_gen11_irq_oa_mask,
	.irq_handler = intel_oa_gen11_irq_handler,
};

/* DG1: the same, with the tile interrupt level in front. */
const struct intel_oa_hw_ops intel_oa_dg1_ops = {
	GEN12_CONFIG_REGS,
	.read_topology = intel_oa_gen12_read_topology,
	.read_timestamp_freq = intel_oa_gen11_read_timestamp_freq,
	.b_counter_regs = &intel_oa_gen12_b_counter_regs,
	.irq_reset = intel_oa_dg1_irq_reset,
	.irq_postinstall = intel_oa_dg1_irq_postinstall,
	.irq_oa_unmask = intel_oa_gen11_irq_oa_unmask,
	.irq_oa_mask = intel_oa_gen11_irq_oa_mask,
	.irq_handler = intel_oa_dg1_irq_handler,
};

/*
 * Meteor Lake and Arrow Lake (graphics IP 12.70, 12.74): Gen12.5's
 * fuses and OA timestamp (Wa_14015846243 reads RPM_CONFIG0's CTC shift
 * as on DG2), DG1's interrupt hierarchy (i915 dg1_irq_handler from 12.10
 * on), MTL's whitelists with the media GT's OAM, no GuC interface.
 */
const struct intel_oa_hw_ops intel_oa_mtl_ops = {
	.mux_regs = &intel_oa_mtl_mux_regs,
	.flex_regs = &intel_oa_flex_whitelist,
	.read_topology = intel_oa_xehp_read_topology,
	.read_timestamp_freq = intel_oa_gen11_read_timestamp_freq,
	.read_oa_timestamp_freq = intel_oa_xehp_read_oa_timestamp_freq,
	.b_counter_regs = &intel_oa_mtl_b_counter_regs,
	.irq_reset = intel_oa_dg1_irq_reset,
	.irq_postinstall = intel_oa_dg1_irq_postinstall,
	.irq_oa_unmask = intel_oa_gen11_irq_oa_unmask,
	.irq_oa_mask = intel_oa_gen11_irq_oa_mask,
	.irq_handler = intel_oa_dg1_irq_handler,
};

/*
 * Gen12.5 (DG2, ATS-M): a faster OA timestamp, Xe-HP fuses and B
 * counters, DG1's tile interrupts plus the GuC instance, and the GuC
 * interface.
 */
const struct intel_oa_hw_ops intel_oa_dg2_ops = {
	GEN12_CONFIG_REGS,
	.read_topology = intel_oa_xehp_read_topology,
	.read_timestamp_freq = intel_oa_gen11_read_timestamp_freq,
	.read_oa_timestamp_freq = intel_oa_xehp_read_oa_timestamp_freq,
	.b_counter_regs = &intel_oa_xehp_b_counter_regs,
	.irq_reset = intel_oa_dg2_irq_reset,
	.irq_postinstall = intel_oa_dg1_irq_postinstall,
	.irq_oa_unmask = intel_oa_gen11_irq_oa_unmask,
	.irq_oa_mask = intel_oa_gen11_irq_oa_mask,
	.irq_handler = intel_oa_dg1_irq_handler,
	.guc_init = intel_oa_xehp_guc_init,
};
