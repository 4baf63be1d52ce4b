// SPDX-License-Identifier: GPL-2.0
/*
 * OA unit programming for the Gen8 register layout (Broadwell .. Gen11),
 * the Gen8 interrupt banks, and the Gen8/Gen9 fuse and clock readers.
 */

#include <linux/delay.h>
#include <linux/kernel.h>

#include "intel_oa.h"
#include "intel_oa_gen.h"
#include "intel_oa_trace.h"
#include "regs/intel_oa_regs.h"

/**
 * DOC: Gen8 OA unit
 *
 * The metrics set, enabling, disabling, the pointers and the status are
 * intel_oa_unit.c's one code path over the Gen8-11 block's registers
 * (intel_oa_gen8_unit_regs; see "OA units"); this file has what the Gen8+
 * units share besides (the config writer with its 500 us NOA settle
 * delay, the flex controls) and the Gen8 interrupt banks.
 */

#define NOA_PROGRAMMING_DELAY_US	500

const u32 intel_oa_flex_regs[INTEL_OA_N_FLEX_REGS] = {
	EU_PERF_CNTL0, EU_PERF_CNTL1, EU_PERF_CNTL2, EU_PERF_CNTL3,
	EU_PERF_CNTL4, EU_PERF_CNTL5, EU_PERF_CNTL6,
};

/* The GT-local register range, which each GT has at its own offset. */
#define GT_LOCAL_END	0x40000

/*
 * Write a list of register/value pairs: a GT-local offset at the unit's
 * GT (@gt_offset), an absolute one as given.
 */
static void write_regs(struct intel_oa_device *oa, u32 gt_offset,
		       const struct intel_oa_reg *regs, u32 n)
{
	u32 i, addr;

	for (i = 0; i < n; i++) {
		addr = regs[i].addr;
		if (addr < GT_LOCAL_END)
			addr += gt_offset;
		intel_oa_write(oa, addr, regs[i].value);
	}
}

/* The value a config gives a flex register, 0 (counter off) if none. */
static u32 config_flex_value(const struct intel_oa_config *config, u32 addr)
{
	u32 i;

	for (i = 0; config && i < config->flex_regs_len; i++)
		if (config->flex_regs[i].addr == addr)
			return config->flex_regs[i].value;
	return 0;
}

/**
 * intel_oa_program_config - write a metrics set's registers
 * @oa: device
 * @config: the metrics set
 * @gt_offset: where the stream's GT is in BAR0 (0: the render GT)
 * @flex: the stream's unit owns the flex EU counters
 *
 * Shared by every OA block: where flex EU counters exist (Gen8+, which
 * have a flex whitelist) and belong to the stream's unit, each flex
 * control gets the config's value (or 0), then the NOA mux, boolean and
 * flex lists are written in i915's order and the NOA network is given
 * time to settle, like i915's noa_wait. A GT-local offset of the lists
 * (below 0x40000) is written at the stream's GT, as i915's and xe's
 * MI_LOAD_REGISTER_IMM on the stream's engine reaches it: an OAM metrics
 * set's RPM_CONFIG1 is the media GT's.
 */
void intel_oa_program_config(struct intel_oa_device *oa,
			     const struct intel_oa_config *config,
			     u32 gt_offset, bool flex)
{
	unsigned int i;

	if (oa->ops->flex_regs && flex)
		for (i = 0; i < ARRAY_SIZE(intel_oa_flex_regs); i++)
			intel_oa_write(oa, intel_oa_flex_regs[i],
				       config_flex_value(config,
							 intel_oa_flex_regs[i]));

	write_regs(oa, gt_offset, config->mux_regs, config->mux_regs_len);
	write_regs(oa, gt_offset, config->b_counter_regs,
		   config->b_counter_regs_len);
	write_regs(oa, gt_offset, config->flex_regs, config->flex_regs_len);

	usleep_range(NOA_PROGRAMMING_DELAY_US, 2 * NOA_PROGRAMMING_DELAY_US);
}

/**
 * intel_oa_clear_flex - switch every flex EU counter off
 * @oa: device
 */
void intel_oa_clear_flex(struct intel_oa_device *oa)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(intel_oa_flex_regs); i++)
		intel_oa_write(oa, intel_oa_flex_regs[i], 0);
}

/* GT interrupt banks 0..3 feeding MASTER_IRQ. */
#define GEN8_GT_IRQ_BANKS	4

static void gen8_irq_reset(struct intel_oa_device *oa)
{
	unsigned int n;

	intel_oa_write(oa, GEN8_MASTER_IRQ, 0);
	intel_oa_read(oa, GEN8_MASTER_IRQ);
	intel_oa_units_mask_all(oa);
	/*
	 * Quiesce every GT bank, as i915's gen8_gt_irq_reset(): the handler
	 * only acks bank 3, so a source left enabled in another bank by the
	 * firmware or a previous driver would keep MASTER_IRQ asserted.
	 */
	for (n = 0; n < GEN8_GT_IRQ_BANKS; n++) {
		intel_oa_write(oa, GEN8_GT_IMR(n), ~0u);
		intel_oa_write(oa, GEN8_GT_IER(n), 0);
		/* IIR can queue a second event behind the first: clear twice. */
		intel_oa_write(oa, GEN8_GT_IIR(n), ~0u);
		intel_oa_write(oa, GEN8_GT_IIR(n), ~0u);
		intel_oa_read(oa, GEN8_GT_IIR(n));
	}
}

static void gen8_irq_postinstall(struct intel_oa_device *oa)
{
	intel_oa_write(oa, GEN8_GT_IIR(GEN8_GT_OA_BANK), ~0u);
	intel_oa_write(oa, GEN8_GT_IER(GEN8_GT_OA_BANK), GEN8_GT_OA_HALF_FULL);
	intel_oa_write(oa, GEN8_GT_IMR(GEN8_GT_OA_BANK), ~GEN8_GT_OA_HALF_FULL);
	intel_oa_write(oa, GEN8_MASTER_IRQ, GEN8_MASTER_IRQ_CONTROL);
	intel_oa_read(oa, GEN8_MASTER_IRQ);
}

static void gen8_irq_oa_unmask(struct intel_oa_unit *unit)
{
	intel_oa_write(unit->oa, unit->desc->regs->imr,
		       ~GEN8_OA_BUFFER_HALF_FULL);
}

static void gen8_irq_oa_mask(struct intel_oa_unit *unit)
{
	intel_oa_write(unit->oa, unit->desc->regs->imr, ~0u);
}

static irqreturn_t gen8_irq_handler(struct intel_oa_device *oa)
{
	u32 master, iir = 0;
	bool oa_event = false;

	master = intel_oa_read(oa, GEN8_MASTER_IRQ);
	master &= ~GEN8_MASTER_IRQ_CONTROL;
	if (!master || unlikely(intel_oa_device_gone(oa)))
		return IRQ_NONE;

	/* Disable the master so no new MSI is sent while we ack. */
	intel_oa_write(oa, GEN8_MASTER_IRQ, 0);

	/*
	 * Bank 3 is behind two master bits, VECS (its low half) and the WD
	 * box (its high half, where the OA event is): read it for either,
	 * as the 2020 i915 patch does.
	 */
	if (master & (GEN8_GT_VECS_IRQ | GEN8_GT_WDBOX_OACS_IRQ)) {
		iir = intel_oa_read(oa, GEN8_GT_IIR(GEN8_GT_OA_BANK));
		if (iir) {
			intel_oa_write(oa, GEN8_GT_IIR(GEN8_GT_OA_BANK), iir);
			oa_event = iir & GEN8_GT_OA_HALF_FULL;
		}
	}

	intel_oa_write(oa, GEN8_MASTER_IRQ, GEN8_MASTER_IRQ_CONTROL);

	trace_intel_oa_irq(oa, master, iir);
	return oa_event ? IRQ_WAKE_THREAD : IRQ_HANDLED;
}

/*
 * Gen8 family ops. Broadwell, Cherryview, Gen9 and Gen11 share the OA
 * unit block (&intel_oa_gen8_unit_regs); they differ in fuses, clock
 * source, whitelists and, on Gen11, the interrupt hierarchy.
 */
#define GEN8_CONFIG_REGS						\
	.b_counter_regs = &intel_oa_gen7_b_counter_regs,		\
	.flex_regs = &intel_oa_flex_whitelist

#define GEN8_IRQ_OPS							\
	.irq_reset = gen8_irq_reset,					\
	.irq_postinstall = gen8_irq_postinstall,			\
	.irq_oa_unmask = gen8_irq_oa_unmask,				\
	.irq_oa_mask = gen8_irq_oa_mask,				\
	.irq_handler = gen8_irq_handler

const struct intel_oa_hw_ops intel_oa_gen8_ops = {
	GEN8_CONFIG_REGS,
	GEN8_IRQ_OPS,
	.read_topology = intel_oa_gen8_read_topology,
	.read_timestamp_freq = intel_oa_gen8_read_timestamp_freq,
	.mux_regs = &intel_oa_gen8_mux_regs,
};

const struct intel_oa_hw_ops intel_oa_chv_ops = {
	GEN8_CONFIG_REGS,
	GEN8_IRQ_OPS,
	.read_topology = intel_oa_chv_read_topology,
	.read_timestamp_freq = intel_oa_gen8_read_timestamp_freq,
	.mux_regs = &intel_oa_chv_mux_regs,
};

const struct intel_oa_hw_ops intel_oa_gen9_ops = {
	GEN8_CONFIG_REGS,
	GEN8_IRQ_OPS,
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
};
