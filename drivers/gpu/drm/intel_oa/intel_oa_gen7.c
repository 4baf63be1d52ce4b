// SPDX-License-Identifier: GPL-2.0
/*
 * OA unit programming for Gen6 to Gen7.5 (Sandy Bridge, Ivy Bridge,
 * Valleyview, Haswell).
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
	/* i915 gen7_oa_enable(): the counters count this context only */
	if (stream->ctx)
		ctl |= (intel_oa_hw_context_id(stream->ctx) &
			GEN7_OACONTROL_CTX_MASK) |
		       GEN7_OACONTROL_PER_CTX_ENABLE;
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
