// SPDX-License-Identifier: GPL-2.0
/*
 * OA unit programming for the Gen8 family (Broadwell .. Gen11 layout of
 * the OA registers), used by the Gen9 rows of the platform table.
 */

#include <linux/delay.h>
#include <linux/kernel.h>

#include <drm/drm_print.h>

#include "intel_oa.h"
#include "intel_oa_gen.h"
#include "intel_oa_trace.h"
#include "regs/intel_oa_regs.h"

/**
 * DOC: Gen8 OA unit
 *
 * Opening a stream programs the metrics set (gen8_enable_metric_set()):
 * OA_DEBUG (clock ratio reports off where the platform has that quirk),
 * OACTXCONTROL (timer exponent and enable), the flex EU counter controls,
 * then the config's NOA mux, boolean counter and flex registers, followed
 * by a 500 us NOA settle delay. On silicon i915 puts OACTXCONTROL and the
 * flex registers into every context image; intel_oa has no contexts, so it
 * writes the registers themselves.
 *
 * Enabling resets the OA buffer and writes OACONTROL; disabling clears
 * OACONTROL and waits for the enable bit to drop.
 */

#define NOA_PROGRAMMING_DELAY_US	500

static const u32 gen8_flex_regs[] = {
	EU_PERF_CNTL0, EU_PERF_CNTL1, EU_PERF_CNTL2, EU_PERF_CNTL3,
	EU_PERF_CNTL4, EU_PERF_CNTL5, EU_PERF_CNTL6,
};

static void write_regs(struct intel_oa_device *oa,
		       const struct intel_oa_reg *regs, u32 n)
{
	u32 i;

	for (i = 0; i < n; i++)
		intel_oa_write(oa, regs[i].addr, regs[i].value);
}

static u32 config_flex_value(const struct intel_oa_config *config, u32 addr)
{
	u32 i;

	for (i = 0; config && i < config->flex_regs_len; i++)
		if (config->flex_regs[i].addr == addr)
			return config->flex_regs[i].value;
	return 0;
}

static void gen8_enable_metric_set(struct intel_oa_stream *stream,
				   const struct intel_oa_config *config)
{
	struct intel_oa_device *oa = stream->oa;
	u32 ctx_ctrl = GEN8_OA_COUNTER_RESUME;
	unsigned int i;

	if (oa->gen->quirks & INTEL_OA_QUIRK_CLK_RATIO_REPORTS)
		intel_oa_write(oa, GEN8_OA_DEBUG,
			       masked_bit_enable(GEN9_OA_DEBUG_DISABLE_CLK_RATIO_REPORTS |
						 GEN9_OA_DEBUG_INCLUDE_CLK_RATIO));

	if (stream->periodic)
		ctx_ctrl |= FIELD_PREP(GEN8_OA_TIMER_PERIOD_MASK,
				       stream->period_exponent) |
			    GEN8_OA_TIMER_ENABLE;
	intel_oa_write(oa, GEN8_OACTXCONTROL, ctx_ctrl);

	for (i = 0; i < ARRAY_SIZE(gen8_flex_regs); i++)
		intel_oa_write(oa, gen8_flex_regs[i],
			       config_flex_value(config, gen8_flex_regs[i]));

	write_regs(oa, config->mux_regs, config->mux_regs_len);
	write_regs(oa, config->b_counter_regs, config->b_counter_regs_len);
	write_regs(oa, config->flex_regs, config->flex_regs_len);

	/* Let the NOA network settle before counting, like i915's noa_wait. */
	usleep_range(NOA_PROGRAMMING_DELAY_US, 2 * NOA_PROGRAMMING_DELAY_US);
}

static void gen8_disable_metric_set(struct intel_oa_stream *stream)
{
	struct intel_oa_device *oa = stream->oa;
	unsigned int i;

	intel_oa_write(oa, GEN8_OACTXCONTROL, 0);
	for (i = 0; i < ARRAY_SIZE(gen8_flex_regs); i++)
		intel_oa_write(oa, gen8_flex_regs[i], 0);

	intel_oa_rmw(oa, GDT_CHICKEN_BITS, GT_NOA_ENABLE, 0);
}

static void gen8_oa_enable(struct intel_oa_stream *stream)
{
	struct intel_oa_device *oa = stream->oa;
	u32 base = stream->buf.ggtt_offset;
	unsigned long flags;

	/*
	 * Reset the pointers and zero the buffer so nothing from before now
	 * is forwarded and the "landed" check sees zeroed memory.
	 */
	intel_oa_buffer_reset(stream);

	spin_lock_irqsave(&stream->buf.ptr_lock, flags);
	intel_oa_write(oa, GEN8_OASTATUS, 0);
	intel_oa_write(oa, GEN8_OAHEADPTR, base & GEN8_OAHEADPTR_MASK);
	intel_oa_write(oa, GEN8_OABUFFER_UDW, 0);
	/* PRM: OABUFFER after OAHEADPTR and before OATAILPTR (overflow bit). */
	intel_oa_write(oa, GEN8_OABUFFER,
		       (base & GEN8_OABUFFER_BASE_MASK) |
		       FIELD_PREP(GEN8_OABUFFER_SIZE_MASK,
				  GEN8_OABUFFER_SIZE_16M) |
		       GEN8_OABUFFER_MEM_SELECT_GGTT);
	intel_oa_write(oa, GEN8_OATAILPTR, base & GEN8_OATAILPTR_MASK);
	spin_unlock_irqrestore(&stream->buf.ptr_lock, flags);

	/* No hardware context filtering: the counters are global. */
	intel_oa_write(oa, GEN8_OACONTROL,
		       FIELD_PREP(GEN8_OA_REPORT_FORMAT_MASK,
				  stream->buf.format->format) |
		       GEN8_OA_COUNTER_ENABLE);
}

static void gen8_oa_disable(struct intel_oa_stream *stream)
{
	struct intel_oa_device *oa = stream->oa;

	intel_oa_write(oa, GEN8_OACONTROL, 0);
	if (intel_oa_wait_for_register(oa, GEN8_OACONTROL,
				       GEN8_OA_COUNTER_ENABLE, 0, 50))
		drm_err(&oa->drm,
			"OA unit did not stop within 50 ms (OACONTROL 0x%08x); close the stream and reload the driver\n",
			intel_oa_read(oa, GEN8_OACONTROL));
}

static u32 gen8_read_tail(struct intel_oa_stream *stream)
{
	return intel_oa_read(stream->oa, GEN8_OATAILPTR) & GEN8_OATAILPTR_MASK;
}

static void gen8_write_head(struct intel_oa_stream *stream, u32 head)
{
	intel_oa_write(stream->oa, GEN8_OAHEADPTR, head & GEN8_OAHEADPTR_MASK);
}

static u32 gen8_read_status(struct intel_oa_stream *stream)
{
	u32 oastatus = intel_oa_read(stream->oa, GEN8_OASTATUS);
	u32 status = 0;

	if (oastatus & GEN8_OASTATUS_REPORT_LOST)
		status |= INTEL_OA_STATUS_REPORT_LOST;
	if (oastatus & GEN8_OASTATUS_OABUFFER_OVERFLOW)
		status |= INTEL_OA_STATUS_BUFFER_OVERFLOW;
	return status;
}

static void gen8_clear_report_lost(struct intel_oa_stream *stream)
{
	/*
	 * Status bits are cleared by writing 0 and kept by writing 1. Clear
	 * report-lost and counter-overflow like i915; write 1 to the wrap
	 * and buffer-overflow bits so an event arriving between the read and
	 * the write of this read-modify-write is not lost.
	 */
	intel_oa_rmw(stream->oa, GEN8_OASTATUS,
		     GEN8_OASTATUS_COUNTER_OVERFLOW | GEN8_OASTATUS_REPORT_LOST,
		     GEN8_OASTATUS_HEAD_POINTER_WRAP |
		     GEN8_OASTATUS_TAIL_POINTER_WRAP |
		     GEN8_OASTATUS_OABUFFER_OVERFLOW);
}

/**
 * struct oa_range - an inclusive MMIO range of a register whitelist
 * @start: first offset.
 * @end: last offset.
 */
struct oa_range {
	u32 start;
	u32 end;
};

static bool in_ranges(u32 addr, const struct oa_range *r, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (addr >= r[i].start && addr <= r[i].end)
			return true;
	return false;
}

/* Whitelists, as ranges from i915_perf.c (Gen7 b-counters, Gen7+8 mux). */
static const struct oa_range gen7_oa_b_counters[] = {
	{ 0x2710, 0x272c },	/* OASTARTTRIG1..8 */
	{ 0x2740, 0x275c },	/* OAREPORTTRIG1..8 */
	{ 0x2770, 0x27ac },	/* CEC0_0 .. CEC7_1 */
};

static const struct oa_range gen8_oa_mux_regs[] = {
	{ 0x91b8, 0x91cc },	/* OA_PERFCNT1..2, OA_PERFMATRIX */
	{ 0x9800, 0x9888 },	/* MICRO_BP0_0 .. NOA_WRITE */
	{ 0xe180, 0xe180 },	/* HALF_SLICE_CHICKEN2 */
	{ 0x0d00, 0x0d2c },	/* RPM_CONFIG0..1, NOA_CONFIG0..8 */
	{ 0x20cc, 0x20cc },	/* WAIT_FOR_RC6_EXIT */
};

static bool gen7_is_valid_b_counter_addr(u32 addr)
{
	return in_ranges(addr, gen7_oa_b_counters,
			 ARRAY_SIZE(gen7_oa_b_counters));
}

static bool gen8_is_valid_mux_addr(u32 addr)
{
	return in_ranges(addr, gen8_oa_mux_regs, ARRAY_SIZE(gen8_oa_mux_regs));
}

static bool gen8_is_valid_flex_addr(u32 addr)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(gen8_flex_regs); i++)
		if (gen8_flex_regs[i] == addr)
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
	intel_oa_write(oa, GEN8_OA_IMR, ~0u);
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
	intel_oa_write(oa, GEN8_OA_IMR, ~GEN8_OA_BUFFER_HALF_FULL);
}

static void gen8_irq_oa_mask(struct intel_oa_device *oa)
{
	intel_oa_write(oa, GEN8_OA_IMR, ~0u);
}

static irqreturn_t gen8_irq_handler(struct intel_oa_device *oa)
{
	u32 master, iir = 0;
	bool oa_event = false;

	master = intel_oa_read(oa, GEN8_MASTER_IRQ);
	master &= ~GEN8_MASTER_IRQ_CONTROL;
	if (!master)
		return IRQ_NONE;

	/* Disable the master so no new MSI is sent while we ack. */
	intel_oa_write(oa, GEN8_MASTER_IRQ, 0);

	if (master & GEN8_GT_VECS_IRQ) {
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

static void gen9_read_topology(struct intel_oa_device *oa)
{
	struct intel_oa_topology *t = &oa->topo;
	u32 fuse2, ss_mask, eu_disable;
	unsigned int s, ss;

	memset(t, 0, sizeof(*t));
	t->max_slices = oa->platform->max_slices;
	t->max_subslices = oa->platform->max_subslices;
	t->max_eus_per_subslice = oa->platform->max_eus_per_subslice;

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
			t->eu_mask[s * t->max_subslices + ss] =
				~(eu_disable >> (ss * 8)) &
				GENMASK(t->max_eus_per_subslice - 1, 0);
		}
	}
}

static u32 gen9_read_timestamp_freq(struct intel_oa_device *oa)
{
	u32 ctc = intel_oa_read(oa, CTC_MODE);
	u32 ovr, base, frac;

	if (FIELD_GET(CTC_SOURCE_PARAMETER_MASK, ctc) ==
	    CTC_SOURCE_DIVIDE_LOGIC) {
		ovr = intel_oa_read(oa, TIMESTAMP_OVERRIDE);
		base = (FIELD_GET(TIMESTAMP_OVERRIDE_US_COUNTER_DIVIDER_MASK,
				  ovr) + 1) * 1000000;
		frac = 1000000 /
		       (FIELD_GET(TIMESTAMP_OVERRIDE_US_COUNTER_DENOMINATOR_MASK,
				  ovr) + 1);
		return base + frac;
	}

	return oa->platform->crystal_hz >>
	       (3 - FIELD_GET(CTC_SHIFT_PARAMETER_MASK, ctc));
}

/* Gen8 family OA ops, used from Broadwell to Gen11 register layouts. */
const struct intel_oa_hw_ops intel_oa_gen9_ops = {
	.read_topology = gen9_read_topology,
	.read_timestamp_freq = gen9_read_timestamp_freq,
	.enable_metric_set = gen8_enable_metric_set,
	.disable_metric_set = gen8_disable_metric_set,
	.oa_enable = gen8_oa_enable,
	.oa_disable = gen8_oa_disable,
	.read_tail = gen8_read_tail,
	.write_head = gen8_write_head,
	.read_status = gen8_read_status,
	.clear_report_lost = gen8_clear_report_lost,
	.is_valid_mux_reg = gen8_is_valid_mux_addr,
	.is_valid_b_counter_reg = gen7_is_valid_b_counter_addr,
	.is_valid_flex_reg = gen8_is_valid_flex_addr,
	.irq_reset = gen8_irq_reset,
	.irq_postinstall = gen8_irq_postinstall,
	.irq_oa_unmask = gen8_irq_oa_unmask,
	.irq_oa_mask = gen8_irq_oa_mask,
	.irq_handler = gen8_irq_handler,
};
