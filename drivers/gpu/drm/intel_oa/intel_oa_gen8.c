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
 * Opening a stream programs the metrics set (gen8_enable_metric_set()):
 * OA_DEBUG (clock ratio reports off where the platform has that quirk;
 * Gen8 has no OA_DEBUG and always writes context-switch reports),
 * OACTXCONTROL (timer exponent and enable), the flex EU counter controls,
 * then the config's NOA mux, boolean counter and flex registers, followed
 * by a 500 us NOA settle delay. On silicon i915 puts OACTXCONTROL and the
 * flex registers into every context image; intel_oa has no contexts, so it
 * writes the registers themselves.
 *
 * Enabling, disabling, the pointers and the status are intel_oa_unit.c's,
 * over the Gen8-11 block's registers (intel_oa_gen8_unit_regs).
 */

#define NOA_PROGRAMMING_DELAY_US	500

const u32 intel_oa_flex_regs[INTEL_OA_N_FLEX_REGS] = {
	EU_PERF_CNTL0, EU_PERF_CNTL1, EU_PERF_CNTL2, EU_PERF_CNTL3,
	EU_PERF_CNTL4, EU_PERF_CNTL5, EU_PERF_CNTL6,
};

/* Write a list of register/value pairs. */
static void write_regs(struct intel_oa_device *oa,
		       const struct intel_oa_reg *regs, u32 n)
{
	u32 i;

	for (i = 0; i < n; i++)
		intel_oa_write(oa, regs[i].addr, regs[i].value);
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
 *
 * Shared by every OA block: where flex EU counters exist (Gen8+, which
 * have a flex whitelist) each flex control gets the config's value (or
 * 0), then the NOA mux, boolean and flex lists are written in i915's
 * order and the NOA network is given time to settle, like i915's
 * noa_wait.
 */
void intel_oa_program_config(struct intel_oa_device *oa,
			     const struct intel_oa_config *config)
{
	unsigned int i;

	if (oa->ops->is_valid_flex_reg)
		for (i = 0; i < ARRAY_SIZE(intel_oa_flex_regs); i++)
			intel_oa_write(oa, intel_oa_flex_regs[i],
				       config_flex_value(config,
							 intel_oa_flex_regs[i]));

	write_regs(oa, config->mux_regs, config->mux_regs_len);
	write_regs(oa, config->b_counter_regs, config->b_counter_regs_len);
	write_regs(oa, config->flex_regs, config->flex_regs_len);

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

static void gen8_enable_metric_set(struct intel_oa_stream *stream,
				   const struct intel_oa_config *config)
{
	struct intel_oa_device *oa = stream->oa;
	u32 ctx_ctrl = GEN8_OA_COUNTER_RESUME;

	if (oa->gen->quirks & INTEL_OA_QUIRK_CLK_RATIO_REPORTS)
		intel_oa_write(oa, GEN8_OA_DEBUG,
			       masked_bit_enable(GEN9_OA_DEBUG_DISABLE_CLK_RATIO_REPORTS |
						 GEN9_OA_DEBUG_INCLUDE_CLK_RATIO));

	if (stream->periodic)
		ctx_ctrl |= FIELD_PREP(GEN8_OA_TIMER_PERIOD_MASK,
				       stream->period_exponent) |
			    GEN8_OA_TIMER_ENABLE;
	intel_oa_write(oa, GEN8_OACTXCONTROL, ctx_ctrl);

	intel_oa_program_config(oa, config);
}

static void gen8_disable_metric_set(struct intel_oa_stream *stream)
{
	struct intel_oa_device *oa = stream->oa;

	intel_oa_write(oa, GEN8_OACTXCONTROL, 0);
	intel_oa_clear_flex(oa);

	intel_oa_rmw(oa, GDT_CHICKEN_BITS, GT_NOA_ENABLE, 0);
}

/* Gen11 moved the NOA enable to RPM_CONFIG1 (i915 gen10_disable_metric_set). */
static void gen11_disable_metric_set(struct intel_oa_stream *stream)
{
	struct intel_oa_device *oa = stream->oa;

	intel_oa_write(oa, GEN8_OACTXCONTROL, 0);
	intel_oa_clear_flex(oa);

	intel_oa_rmw(oa, RPM_CONFIG1, GEN10_GT_NOA_ENABLE, 0);
}

/**
 * intel_oa_in_ranges - is an offset inside one of a whitelist's ranges?
 * @addr: MMIO offset
 * @r: inclusive ranges
 * @n: number of @r
 *
 * Return: true if @addr lies in one of @r.
 */
bool intel_oa_in_ranges(u32 addr, const struct intel_oa_range *r, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (addr >= r[i].start && addr <= r[i].end)
			return true;
	return false;
}

/* Whitelists, as ranges from i915_perf.c (Gen7+8 mux). */
static const struct intel_oa_range gen8_oa_mux_regs[] = {
	{ 0x91b8, 0x91cc },	/* OA_PERFCNT1..2, OA_PERFMATRIX */
	{ 0x9800, 0x9888 },	/* MICRO_BP0_0 .. NOA_WRITE */
	{ 0xe180, 0xe180 },	/* HALF_SLICE_CHICKEN2 */
	{ 0x0d00, 0x0d2c },	/* RPM_CONFIG0..1, NOA_CONFIG0..8 */
	{ 0x20cc, 0x20cc },	/* WAIT_FOR_RC6_EXIT */
};

static const struct intel_oa_range chv_oa_mux_regs[] = {
	{ 0x182300, 0x1823a4 },
};

static const struct intel_oa_range gen11_oa_mux_regs[] = {
	{ 0x91c8, 0x91dc },	/* OA_PERFCNT[3-4] */
};

static bool gen8_is_valid_mux_addr(u32 addr)
{
	return intel_oa_in_ranges(addr, gen8_oa_mux_regs,
				  ARRAY_SIZE(gen8_oa_mux_regs));
}

static bool chv_is_valid_mux_addr(u32 addr)
{
	return gen8_is_valid_mux_addr(addr) ||
	       intel_oa_in_ranges(addr, chv_oa_mux_regs,
				  ARRAY_SIZE(chv_oa_mux_regs));
}

static bool gen11_is_valid_mux_addr(u32 addr)
{
	return gen8_is_valid_mux_addr(addr) ||
	       intel_oa_in_ranges(addr, gen11_oa_mux_regs,
				  ARRAY_SIZE(gen11_oa_mux_regs));
}

/**
 * intel_oa_is_valid_flex_addr - flex EU whitelist (Gen8..Gen12)
 * @addr: MMIO offset
 *
 * Return: true if @addr is one of the EU_PERF_CNT_CTL registers.
 */
bool intel_oa_is_valid_flex_addr(u32 addr)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(intel_oa_flex_regs); i++)
		if (intel_oa_flex_regs[i] == addr)
			return true;
	return false;
}

/* GT interrupt banks 0..3 feeding MASTER_IRQ. */
#define GEN8_GT_IRQ_BANKS	4

static void gen8_irq_reset(struct intel_oa_device *oa)
{
	unsigned int n;

	intel_oa_write(oa, GEN8_MASTER_IRQ, 0);
	intel_oa_read(oa, GEN8_MASTER_IRQ);
	intel_oa_write(oa, oa->gen->oa_imr, ~0u);
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

static void gen8_irq_oa_unmask(struct intel_oa_device *oa)
{
	intel_oa_write(oa, oa->gen->oa_imr, ~GEN8_OA_BUFFER_HALF_FULL);
}

static void gen8_irq_oa_mask(struct intel_oa_device *oa)
{
	intel_oa_write(oa, oa->gen->oa_imr, ~0u);
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
 * Gen8 family OA ops. Broadwell, Cherryview, Gen9 and Gen11 share the OA
 * unit block; they differ in fuses, clock source, whitelists and, on
 * Gen11, the NOA enable bit and the interrupt hierarchy.
 */
#define GEN8_OA_UNIT_OPS						\
	.enable_metric_set = gen8_enable_metric_set,			\
	INTEL_OA_UNIT_OPS(intel_oa_gen8_unit_regs),			\
	.is_valid_b_counter_reg = intel_oa_gen7_is_valid_b_counter_addr,	\
	.is_valid_flex_reg = intel_oa_is_valid_flex_addr

#define GEN8_IRQ_OPS							\
	.irq_reset = gen8_irq_reset,					\
	.irq_postinstall = gen8_irq_postinstall,			\
	.irq_oa_unmask = gen8_irq_oa_unmask,				\
	.irq_oa_mask = gen8_irq_oa_mask,				\
	.irq_handler = gen8_irq_handler

const struct intel_oa_hw_ops intel_oa_gen8_ops = {
	GEN8_OA_UNIT_OPS,
	GEN8_IRQ_OPS,
	.read_topology = intel_oa_gen8_read_topology,
	.read_timestamp_freq = intel_oa_gen8_read_timestamp_freq,
	.disable_metric_set = gen8_disable_metric_set,
	.is_valid_mux_reg = gen8_is_valid_mux_addr,
};

const struct intel_oa_hw_ops intel_oa_chv_ops = {
	GEN8_OA_UNIT_OPS,
	GEN8_IRQ_OPS,
	.read_topology = intel_oa_chv_read_topology,
	.read_timestamp_freq = intel_oa_gen8_read_timestamp_freq,
	.disable_metric_set = gen8_disable_metric_set,
	.is_valid_mux_reg = chv_is_valid_mux_addr,
};

const struct intel_oa_hw_ops intel_oa_gen9_ops = {
	GEN8_OA_UNIT_OPS,
	GEN8_IRQ_OPS,
	.read_topology = intel_oa_gen9_read_topology,
	.read_timestamp_freq = intel_oa_gen9_read_timestamp_freq,
	.disable_metric_set = gen8_disable_metric_set,
	.is_valid_mux_reg = gen8_is_valid_mux_addr,
};

const struct intel_oa_hw_ops intel_oa_gen11_ops = {
	GEN8_OA_UNIT_OPS,
	.read_topology = intel_oa_gen11_read_topology,
	.read_timestamp_freq = intel_oa_gen11_read_timestamp_freq,
	.disable_metric_set = gen11_disable_metric_set,
	.is_valid_mux_reg = gen11_is_valid_mux_addr,
	.irq_reset = intel_oa_gen11_irq_reset,
	.irq_postinstall = intel_oa_gen11_irq_postinstall,
	.irq_oa_unmask = intel_oa_gen11_irq_oa_unmask,
	.irq_oa_mask = intel_oa_gen11_irq_oa_mask,
	.irq_handler = intel_oa_gen11_irq_handler,
};
