// SPDX-License-Identifier: GPL-2.0
/*
 * The per-generation ops tables the platform table points at: which
 * topology and clock readers, config whitelists, interrupt hierarchy and
 * GuC bring-up each generation uses.
 */

#include "intel_oa.h"
#include "intel_oa_gen.h"

/**
 * DOC: generation ops
 *
 * A &struct intel_oa_hw_ops names, for one generation family, the GT
 * services the device gets at probe (topology and timestamp clock
 * readers, the interrupt hierarchy, the GuC bring-up, submission) and the whitelists
 * an OA config is checked against. The functions live in the layer they
 * belong to (intel_oa_fuses.c, intel_oa_gen7_irq.c, intel_oa_gen8_irq.c,
 * intel_oa_gen11_irq.c, intel_oa_guc.c, intel_oa_whitelist.c); this file
 * only assembles them, so the tables sit above every layer they name
 * (Documentation/driver.rst, "Layers"). How each OA unit is programmed is
 * the unit's own table (&intel_oa_unit_desc.funcs and .regs).
 */

/* Gen6/7: the 0x2360 OA block (intel_oa_gen7.c). */
#define GEN7_IRQ_OPS							\
	.irq_reset = intel_oa_gen7_irq_reset,					\
	.irq_postinstall = intel_oa_gen7_irq_postinstall,			\
	.irq_oa_unmask = intel_oa_gen7_irq_oa_unmask,				\
	.irq_oa_mask = intel_oa_gen7_irq_oa_mask,				\
	.irq_handler = intel_oa_gen7_irq_handler

/*
 * Sandy Bridge: no OA interrupt (its unit is hrtimer-drained); the GT
 * interrupt serves the render ring.
 */
const struct intel_oa_hw_ops intel_oa_snb_ops = {
	.irq_reset = intel_oa_gen7_irq_reset,
	.irq_postinstall = intel_oa_gen6_irq_postinstall,
	.irq_handler = intel_oa_gen7_irq_handler,
	.submit_init = intel_oa_ring_init,
	.read_topology = intel_oa_gen6_read_topology,
	.read_timestamp_freq = intel_oa_gen8_read_timestamp_freq,
	.mux_regs = &intel_oa_gen7_mux_regs,
	.b_counter_regs = &intel_oa_snb_b_counter_regs,
};

/* Ivy Bridge and Valleyview. */
const struct intel_oa_hw_ops intel_oa_ivb_ops = {
	GEN7_IRQ_OPS,
	.submit_init = intel_oa_ring_init,
	.read_topology = intel_oa_gen6_read_topology,
	.read_timestamp_freq = intel_oa_gen8_read_timestamp_freq,
	.mux_regs = &intel_oa_gen7_mux_regs,
	.b_counter_regs = &intel_oa_snb_b_counter_regs,
};

const struct intel_oa_hw_ops intel_oa_hsw_ops = {
	GEN7_IRQ_OPS,
	.submit_init = intel_oa_ring_init,
	.read_topology = intel_oa_hsw_read_topology,
	.read_timestamp_freq = intel_oa_gen8_read_timestamp_freq,
	.mux_regs = &intel_oa_hsw_mux_regs,
	.b_counter_regs = &intel_oa_gen7_b_counter_regs,
};

/*
 * Gen8 family ops. Broadwell, Cherryview, Gen9 and Gen11 share the OA
 * unit block (&intel_oa_gen8_unit_regs); they differ in fuses, clock
 * source, whitelists and, on Gen11, the interrupt hierarchy.
 */
#define GEN8_CONFIG_REGS						\
	.b_counter_regs = &intel_oa_gen7_b_counter_regs,		\
	.flex_regs = &intel_oa_flex_whitelist

#define GEN8_IRQ_OPS							\
	.irq_reset = intel_oa_gen8_irq_reset,					\
	.irq_postinstall = intel_oa_gen8_irq_postinstall,			\
	.irq_oa_unmask = intel_oa_gen8_irq_oa_unmask,				\
	.irq_oa_mask = intel_oa_gen8_irq_oa_mask,				\
	.irq_handler = intel_oa_gen8_irq_handler

const struct intel_oa_hw_ops intel_oa_gen8_ops = {
	GEN8_CONFIG_REGS,
	GEN8_IRQ_OPS,
	.submit_init = intel_oa_el_init,
	.irq_cs_unmask = intel_oa_gen8_irq_cs_unmask,
	.read_topology = intel_oa_gen8_read_topology,
	.read_timestamp_freq = intel_oa_gen8_read_timestamp_freq,
	.mux_regs = &intel_oa_gen8_mux_regs,
};

const struct intel_oa_hw_ops intel_oa_chv_ops = {
	GEN8_CONFIG_REGS,
	GEN8_IRQ_OPS,
	.submit_init = intel_oa_el_init,
	.irq_cs_unmask = intel_oa_gen8_irq_cs_unmask,
	.read_topology = intel_oa_chv_read_topology,
	.read_timestamp_freq = intel_oa_gen8_read_timestamp_freq,
	.mux_regs = &intel_oa_chv_mux_regs,
};

const struct intel_oa_hw_ops intel_oa_gen9_ops = {
	GEN8_CONFIG_REGS,
	GEN8_IRQ_OPS,
	.submit_init = intel_oa_el_init,
	.irq_cs_unmask = intel_oa_gen8_irq_cs_unmask,
	.read_topology = intel_oa_gen9_read_topology,
	.read_timestamp_freq = intel_oa_gen9_read_timestamp_freq,
	.mux_regs = &intel_oa_gen8_mux_regs,
};

const struct intel_oa_hw_ops intel_oa_gen11_ops = {
	GEN8_CONFIG_REGS,
	.read_topology = intel_oa_gen11_read_topology,
	.read_timestamp_freq = intel_oa_gen11_read_timestamp_freq,
	.mux_regs = &intel_oa_gen11_mux_regs,
	.irq_reset = intel_oa_gen11_irq_reset,
	.irq_postinstall = intel_oa_gen11_irq_postinstall,
	.irq_oa_unmask = intel_oa_gen11_irq_oa_unmask,
	.irq_oa_mask = intel_oa_gen11_irq_oa_mask,
	.irq_handler = intel_oa_gen11_irq_handler,
	.submit_init = intel_oa_el_init,
	.irq_cs_unmask = intel_oa_gen11_irq_cs_unmask,
};

/* Gen12 and Gen12.5: OAG (intel_oa_unit.c). */
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
	.submit_init = intel_oa_el_init,
	.irq_cs_unmask = intel_oa_gen11_irq_cs_unmask,
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
	.submit_init = intel_oa_el_init,
	.irq_cs_unmask = intel_oa_gen11_irq_cs_unmask,
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
	.submit_init = intel_oa_el_init,
	.irq_cs_unmask = intel_oa_gen11_irq_cs_unmask,
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
	.submit_init = intel_oa_el_init,
	.irq_cs_unmask = intel_oa_gen11_irq_cs_unmask,
};
