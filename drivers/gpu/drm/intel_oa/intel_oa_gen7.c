// SPDX-License-Identifier: GPL-2.0
/*
 * OA unit programming for Gen6 to Gen7.5 (Sandy Bridge, Ivy Bridge,
 * Valleyview, Haswell), the Gen7 GT interrupt and the Gen6/7 topology.
 */

#include <linux/bitfield.h>
#include <linux/bitops.h>
#include <linux/kernel.h>

#include <drm/drm_print.h>

#include "intel_oa.h"
#include "intel_oa_gen.h"
#include "intel_oa_trace.h"
#include "regs/intel_oa_regs.h"

/**
 * DOC: Gen6/7 OA unit
 *
 * Sandy Bridge through Haswell have one OA block at 0x2360: OACONTROL
 * (counter select, timer period and enable), OASTATUS1 (tail, buffer size
 * and sticky status), OASTATUS2 (head and, before Haswell, the GGTT memory
 * select) and OABUFFER (base). Documentation/gen6-gen7.rst is the
 * contract; i915's gen7_oa_enable(), gen7_init_oa_buffer(),
 * gen7_oa_read() and hsw_enable_metric_set() the model.
 *
 * Enabling reprograms everything in the seed's order, with the unit
 * stopped: OACONTROL = 0, OASTATUS2 = base | GGTT, OABUFFER = base,
 * OASTATUS1 = base | size (head equals tail), render clock gating off
 * (GEN6_UCGCTL1 CSUNIT disable; on Gen7+ GEN7_MISCCPCTL DOP gating), the
 * metrics set's mux and boolean registers, then OACONTROL with the timer
 * period, timer enable, counter select and counter enable. The period
 * field is the uAPI exponent minus &intel_oa_gen_desc.timer_period_bias
 * (3 on Sandy Bridge, whose periods are 2^(TP + 4) ticks, 0 elsewhere),
 * so 2^(exponent + 1) ticks on every generation. Disabling clears
 * OACONTROL, waits for the unit to stop and restores both clock gates.
 *
 * Status. OASTATUS1 may not be written while the unit runs, so its sticky
 * bits cannot be cleared there. Like i915 on Haswell, the driver latches
 * the bits it has reported (&intel_oa_buffer.latched_status) and ignores
 * them until the next enable rewrites OASTATUS1: one REPORT_LOST record
 * per enable period. A buffer overflow restarts the unit, which clears
 * everything. Valleyview's report-lost bit is not functional
 * (%INTEL_OA_QUIRK_REPORT_LOST_BROKEN) and never looked at. The counter
 * overflow bit is ignored, as in i915.
 *
 * Gen6/7 has no flex EU counters (no flex whitelist: n_flex_regs must be
 * 0), no context-switch reports and no CTX_ID in the reports.
 */

#define GEN7_OA_STOP_TIMEOUT_MS		50

/* Render clock gating must be off while OA counts (hsw_enable_metric_set). */
static void gen7_clock_gating_off(struct intel_oa_device *oa)
{
	intel_oa_rmw(oa, GEN6_UCGCTL1, 0, GEN6_CSUNIT_CLOCK_GATE_DISABLE);
	if (oa->gen->has_dop_clock_gate)
		intel_oa_rmw(oa, GEN7_MISCCPCTL, GEN7_DOP_CLOCK_GATE_ENABLE, 0);
}

static void gen7_clock_gating_restore(struct intel_oa_device *oa)
{
	intel_oa_rmw(oa, GEN6_UCGCTL1, GEN6_CSUNIT_CLOCK_GATE_DISABLE, 0);
	if (oa->gen->has_dop_clock_gate)
		intel_oa_rmw(oa, GEN7_MISCCPCTL, 0, GEN7_DOP_CLOCK_GATE_ENABLE);
}

static void gen7_enable_metric_set(struct intel_oa_stream *stream,
				   const struct intel_oa_config *config)
{
	/*
	 * The enable sequence writes the stream's config; only a config
	 * switched while sampling has to be written here and now.
	 */
	if (stream->enabled)
		intel_oa_program_config(stream->oa, config, 0, false);
}

static void gen7_disable_metric_set(struct intel_oa_stream *stream)
{
	intel_oa_noa_disable(stream->oa);
}

static u32 gen7_oacontrol(const struct intel_oa_stream *stream)
{
	const struct intel_oa_gen_desc *gen = stream->oa->gen;
	u32 ctl = FIELD_PREP(GEN7_OACONTROL_FORMAT_MASK,
			     stream->buf.format->format) |
		  GEN7_OACONTROL_ENABLE;

	if (stream->periodic)
		ctl |= FIELD_PREP(GEN7_OACONTROL_TIMER_PERIOD_MASK,
				  stream->period_exponent -
				  gen->timer_period_bias) |
		       GEN7_OACONTROL_TIMER_ENABLE;
	return ctl;
}

static void gen7_oa_enable(struct intel_oa_stream *stream)
{
	struct intel_oa_device *oa = stream->oa;
	u32 base = stream->buf.ggtt_offset;
	unsigned long flags;

	/* Forget old reports and zero the buffer for the "landed" check. */
	intel_oa_buffer_reset(stream);

	spin_lock_irqsave(&stream->buf.ptr_lock, flags);
	intel_oa_write(oa, GEN7_OACONTROL, 0);
	intel_oa_write(oa, GEN7_OASTATUS2,
		       (base & GEN7_OASTATUS2_HEAD_MASK) |
		       GEN7_OASTATUS2_MEM_SELECT_GGTT);
	/* Overrun mode (Haswell bit 3 clear): overflow is reported. */
	intel_oa_write(oa, GEN7_OABUFFER, base & GEN7_OABUFFER_BASE_MASK);
	/* Tail equal to head; this write also clears the sticky status. */
	intel_oa_write(oa, GEN7_OASTATUS1,
		       (base & GEN7_OASTATUS1_TAIL_MASK) |
		       FIELD_PREP(GEN7_OASTATUS1_SIZE_MASK,
				  stream->buf.size_field));
	spin_unlock_irqrestore(&stream->buf.ptr_lock, flags);

	gen7_clock_gating_off(oa);
	intel_oa_program_config(oa, stream->config, 0, false);

	intel_oa_write(oa, GEN7_OACONTROL, gen7_oacontrol(stream));
}

static void gen7_oa_disable(struct intel_oa_stream *stream)
{
	struct intel_oa_device *oa = stream->oa;

	intel_oa_write(oa, GEN7_OACONTROL, 0);
	if (intel_oa_wait_for_register(oa, GEN7_OACONTROL,
				       GEN7_OACONTROL_ENABLE, 0,
				       GEN7_OA_STOP_TIMEOUT_MS) == -ETIMEDOUT)
		drm_err_ratelimited(&oa->drm,
				    "OA unit did not stop within %u ms (OACONTROL 0x%08x); close the stream and reload the driver\n",
				    GEN7_OA_STOP_TIMEOUT_MS,
				    intel_oa_read(oa, GEN7_OACONTROL));

	gen7_clock_gating_restore(oa);
}

static u32 gen7_read_tail(struct intel_oa_stream *stream)
{
	return intel_oa_read(stream->oa, GEN7_OASTATUS1) &
	       GEN7_OASTATUS1_TAIL_MASK;
}

static void gen7_write_head(struct intel_oa_stream *stream, u32 head)
{
	/* Haswell's wrap bits are hardware-internal: software writes 0. */
	intel_oa_write(stream->oa, GEN7_OASTATUS2,
		       (head & GEN7_OASTATUS2_HEAD_MASK) |
		       GEN7_OASTATUS2_MEM_SELECT_GGTT);
}

static u32 gen7_read_status(struct intel_oa_stream *stream)
{
	struct intel_oa_device *oa = stream->oa;
	u32 oastatus1 = intel_oa_read(oa, GEN7_OASTATUS1);
	u32 status = 0;

	oastatus1 &= ~READ_ONCE(stream->buf.latched_status);
	if (oa->gen->quirks & INTEL_OA_QUIRK_REPORT_LOST_BROKEN)
		oastatus1 &= ~GEN7_OASTATUS1_REPORT_LOST;

	if (oastatus1 & GEN7_OASTATUS1_REPORT_LOST)
		status |= INTEL_OA_STATUS_REPORT_LOST;
	if (oastatus1 & GEN7_OASTATUS1_OABUFFER_OVERFLOW)
		status |= INTEL_OA_STATUS_BUFFER_OVERFLOW;
	return status;
}

static void gen7_clear_report_lost(struct intel_oa_stream *stream)
{
	struct intel_oa_buffer *buf = &stream->buf;
	unsigned long flags;

	/* OASTATUS1 is not writable while running: remember instead. */
	spin_lock_irqsave(&buf->ptr_lock, flags);
	WRITE_ONCE(buf->latched_status,
		   buf->latched_status | GEN7_OASTATUS1_REPORT_LOST);
	spin_unlock_irqrestore(&buf->ptr_lock, flags);
}

/*
 * The Gen7 GT interrupt: GTIMR is the only mask between the OA unit's
 * half-full event (bit 9) and GTIIR, so it is what a stream unmasks; GTIER
 * enables the event for good and DEIER's bit 31 is the master enable.
 */
static void gen7_irq_reset(struct intel_oa_device *oa)
{
	intel_oa_write(oa, DEIER, 0);
	intel_oa_read(oa, DEIER);
	intel_oa_write(oa, GTIMR, ~0u);
	intel_oa_write(oa, GTIER, 0);
	/* IIR can queue a second event behind the first: clear twice. */
	intel_oa_write(oa, GTIIR, ~0u);
	intel_oa_write(oa, GTIIR, ~0u);
	intel_oa_read(oa, GTIIR);
}

static void gen7_irq_postinstall(struct intel_oa_device *oa)
{
	intel_oa_write(oa, GTIIR, ~0u);
	intel_oa_write(oa, GTIER, GT_PERFMON_BUFFER_HALF_FULL);
	intel_oa_write(oa, GTIMR, ~0u);
	intel_oa_write(oa, DEIER, DE_MASTER_IRQ_CONTROL);
	intel_oa_read(oa, DEIER);
}

static void gen7_irq_oa_unmask(struct intel_oa_unit *unit)
{
	intel_oa_write(unit->oa, GTIMR, ~GT_PERFMON_BUFFER_HALF_FULL);
}

static void gen7_irq_oa_mask(struct intel_oa_unit *unit)
{
	intel_oa_write(unit->oa, GTIMR, ~0u);
}

/* i915 ivb_irq_handler(), GT part only. */
static irqreturn_t gen7_irq_handler(struct intel_oa_device *oa)
{
	u32 de_ier, gt_iir;

	/* Drop the master enable so no new MSI is sent while we ack. */
	de_ier = intel_oa_read(oa, DEIER);
	if (unlikely(intel_oa_device_gone(oa)))
		return IRQ_NONE;
	intel_oa_write(oa, DEIER, de_ier & ~DE_MASTER_IRQ_CONTROL);

	gt_iir = intel_oa_read(oa, GTIIR);
	if (gt_iir)
		intel_oa_write(oa, GTIIR, gt_iir);

	/* Re-raises the MSI if an event is still pending. */
	intel_oa_write(oa, DEIER, de_ier);

	trace_intel_oa_irq(oa, de_ier, gt_iir);
	if (!gt_iir)
		return IRQ_NONE;
	return gt_iir & GT_PERFMON_BUFFER_HALF_FULL ? IRQ_WAKE_THREAD :
						      IRQ_HANDLED;
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

/*
 * Sandy Bridge, Ivy Bridge, Valleyview: no fuse register describes the
 * topology (i915 has none there); the platform row's shape is it.
 */
static void gen6_read_topology(struct intel_oa_device *oa)
{
	const struct intel_oa_platform *p = oa->platform;

	gen7_set_topology(oa, GENMASK(p->max_slices - 1, 0),
			  GENMASK(p->max_subslices - 1, 0),
			  p->max_eus_per_subslice);
}

/* Haswell: the GT level and HSW_PAVP_FUSE1 (i915 hsw_sseu_info_init()). */
static void hsw_read_topology(struct intel_oa_device *oa)
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

/* The Gen6/7 OA block's own programming (see "Gen6/7 OA unit"). */
const struct intel_oa_unit_funcs intel_oa_gen7_unit_funcs = {
	.enable_metric_set = gen7_enable_metric_set,
	.disable_metric_set = gen7_disable_metric_set,
	.enable = gen7_oa_enable,
	.disable = gen7_oa_disable,
	.read_tail = gen7_read_tail,
	.write_head = gen7_write_head,
	.read_status = gen7_read_status,
	.clear_report_lost = gen7_clear_report_lost,
};

#define GEN7_IRQ_OPS							\
	.irq_reset = gen7_irq_reset,					\
	.irq_postinstall = gen7_irq_postinstall,			\
	.irq_oa_unmask = gen7_irq_oa_unmask,				\
	.irq_oa_mask = gen7_irq_oa_mask,				\
	.irq_handler = gen7_irq_handler

/* Sandy Bridge: no OA interrupt, so no irq hooks; the hrtimer drains. */
const struct intel_oa_hw_ops intel_oa_snb_ops = {
	.read_topology = gen6_read_topology,
	.read_timestamp_freq = intel_oa_gen8_read_timestamp_freq,
	.mux_regs = &intel_oa_gen7_mux_regs,
	.b_counter_regs = &intel_oa_snb_b_counter_regs,
};

/* Ivy Bridge and Valleyview. */
const struct intel_oa_hw_ops intel_oa_ivb_ops = {
	GEN7_IRQ_OPS,
	.read_topology = gen6_read_topology,
	.read_timestamp_freq = intel_oa_gen8_read_timestamp_freq,
	.mux_regs = &intel_oa_gen7_mux_regs,
	.b_counter_regs = &intel_oa_snb_b_counter_regs,
};

const struct intel_oa_hw_ops intel_oa_hsw_ops = {
	GEN7_IRQ_OPS,
	.read_topology = hsw_read_topology,
	.read_timestamp_freq = intel_oa_gen8_read_timestamp_freq,
	.mux_regs = &intel_oa_hsw_mux_regs,
	.b_counter_regs = &intel_oa_gen7_b_counter_regs,
};
