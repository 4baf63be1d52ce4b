// SPDX-License-Identifier: GPL-2.0
/*
 * OA units: the objects streams bind, and the one code path that programs
 * every Gen8+ unit over its register table.
 */

#include <linux/bitfield.h>
#include <linux/kernel.h>

#include <drm/drm_print.h>

#include "intel_oa.h"
#include "intel_oa_gen.h"
#include "regs/intel_oa_regs.h"

/**
 * DOC: OA units
 *
 * A device has one or more OA units (&struct intel_oa_unit, built at probe
 * from &intel_oa_gen_desc.units): the render GT's unit everywhere (OA
 * before Gen12, OAG since), and on a platform with a media GT its OAM.
 * Like xe's struct xe_oa_unit, a unit owns at most one stream (its
 * &intel_oa_unit.exclusive_stream); streams on different units run side
 * by side, each with its own OA buffer, ring and drain.
 *
 * From Gen8 on every unit's buffer, pointer, status, control, timer and
 * debug registers have one layout in several places: the Gen8-11 block at
 * 0x2b00 (i915's GEN8_OA*, with OACTXCONTROL at 0x2360) and Gen12's global
 * unit, OAG, at 0xdaf4 (GEN12_OAG_*, with OAGLBCTXCTRL at 0x2b28 and
 * OA_DEBUG at 0xdaf8), which drops OABUFFER_UDW and puts a TLB in front of
 * the buffer. As in xe's struct xe_oa_regs, the offsets and the few bits
 * that differ are data (&struct intel_oa_unit_regs) and one code path
 * programs any of them: the sequences are i915's gen8/gen12
 * enable_metric_set(), gen8/gen12 init_oa_buffer(), gen8/gen12
 * oa_enable() and gen8/gen12 oa_disable(). Gen6/7's block, whose status
 * and pointers share registers, has its own functions (intel_oa_gen7.c).
 *
 * - The metrics set: OA_DEBUG where the unit has it (clock-ratio reports
 *   off where the platform has %INTEL_OA_QUIRK_CLK_RATIO_REPORTS, and on
 *   OAG context-switch reports explicitly on, because every stream of
 *   this driver samples OA reports), the timer control (period exponent,
 *   timer enable, counter resume), then the config (flex controls, NOA
 *   mux, boolean and flex lists; intel_oa_program_config()). On silicon
 *   i915 puts the Gen8-11 timer control and the flex registers into every
 *   context image; intel_oa has no contexts, so it writes the registers.
 *   Undoing it clears the timer control and the flex controls and powers
 *   the NOA network down (&intel_oa_gen_desc.noa_enable).
 * - Enabling resets the OA buffer in memory, then writes status, head,
 *   (OABUFFER_UDW,) OABUFFER and tail in that order (the PRM's rule for
 *   the overflow bit: OABUFFER after OAHEADPTR and before OATAILPTR), then
 *   OACONTROL with the counter select of the stream's format.
 * - Disabling clears OACONTROL and waits, bounded, for the enable bit to
 *   drop; where the unit has an OA TLB it then invalidates it and waits,
 *   bounded, so the next buffer programming cannot hit a stale
 *   translation.
 * - Status bits are cleared by writing 0 and kept by writing back what
 *   was read, as i915's gen8_oa_read() does: clearing report-lost writes
 *   the other bits as read, except Gen8-11's pointer-wrap bits, which it
 *   writes as 1 (writing 0 there corrupts OATAILPTR). The register is
 *   read/write: a 1 written over a 0 would raise that status.
 * - The metrics set's GT-local registers are written at the unit's GT
 *   (&intel_oa_unit_regs.gt_offset): the media GT's for OAM.
 */

#define OA_STOP_TIMEOUT_MS	50
#define OA_TLB_INV_TIMEOUT_MS	50

/* Gen8-11: i915 GEN8_OA*; Broadwell PRM (seed 000) OA registers. */
const struct intel_oa_unit_regs intel_oa_gen8_unit_regs = {
	.control = GEN8_OACONTROL,
	.control_format = GEN8_OA_REPORT_FORMAT_MASK,
	.has_flex = true,
	.status = GEN8_OASTATUS,
	.head = GEN8_OAHEADPTR,
	.tail = GEN8_OATAILPTR,
	.buffer = GEN8_OABUFFER,
	.buffer_udw = GEN8_OABUFFER_UDW,
	.ctx_ctrl = GEN8_OACTXCONTROL,
	.ctx_ctrl_always = GEN8_OA_COUNTER_RESUME,
	.debug = GEN8_OA_DEBUG,
	.debug_clk_ratio = GEN9_OA_DEBUG_DISABLE_CLK_RATIO_REPORTS |
			   GEN9_OA_DEBUG_INCLUDE_CLK_RATIO,
	.imr = GEN8_OA_IMR,
	.status_report_lost = GEN8_OASTATUS_REPORT_LOST,
	.status_buffer_overflow = GEN8_OASTATUS_OABUFFER_OVERFLOW,
	.status_clear = GEN8_OASTATUS_COUNTER_OVERFLOW |
			GEN8_OASTATUS_REPORT_LOST,
	.status_keep = GEN8_OASTATUS_HEAD_POINTER_WRAP |
		       GEN8_OASTATUS_TAIL_POINTER_WRAP,
};

/* Gen12 and Gen12.5 OAG: i915 GEN12_OAG_*, xe regs/xe_oa_regs.h. */
#define OAG_STATUS_BITS							\
	.status_report_lost = GEN12_OAG_OASTATUS_REPORT_LOST,		\
	.status_buffer_overflow = GEN12_OAG_OASTATUS_BUFFER_OVERFLOW,	\
	.status_clear = GEN12_OAG_OASTATUS_COUNTER_OVERFLOW |		\
			GEN12_OAG_OASTATUS_REPORT_LOST

#define OAG_DEBUG_BITS							\
	.debug_reports_on = GEN12_OAG_OA_DEBUG_DISABLE_CTX_SWITCH_REPORTS, \
	.debug_clk_ratio = GEN12_OAG_OA_DEBUG_DISABLE_CLK_RATIO_REPORTS | \
			   GEN12_OAG_OA_DEBUG_INCLUDE_CLK_RATIO

#define OAG_UNIT_REGS							\
	.control = GEN12_OAG_OACONTROL,					\
	.control_format = GEN12_OAG_OACONTROL_FORMAT_MASK,		\
	.has_flex = true,						\
	.status = GEN12_OAG_OASTATUS,					\
	.head = GEN12_OAG_OAHEADPTR,					\
	.tail = GEN12_OAG_OATAILPTR,					\
	.buffer = GEN12_OAG_OABUFFER,					\
	.tlb_inv = GEN12_OA_TLB_INV_CR,					\
	.ctx_ctrl = GEN12_OAG_OAGLBCTXCTRL,				\
	.debug = GEN12_OAG_OA_DEBUG,					\
	OAG_DEBUG_BITS,							\
	.imr = GEN12_OA_IMR,						\
	OAG_STATUS_BITS

const struct intel_oa_unit_regs intel_oa_oag_unit_regs = {
	OAG_UNIT_REGS,
};

/* Gen12.5's OAG adds the MMIO trigger (xe OAG_MMIOTRIGGER). */
const struct intel_oa_unit_regs intel_oa_xehp_oag_unit_regs = {
	OAG_UNIT_REGS,
	.mmio_trigger = XEHP_OAG_MMIOTRIGGER,
};

/*
 * Meteor Lake's media GT OAM: OAG's fields at the media GT's block (xe
 * regs/xe_oa_regs.h, i915 mtl_oa_base), with the media GT's OA TLB and
 * NOA enable, no interrupt mask and no flex EU counters.
 */
const struct intel_oa_unit_regs intel_oa_mtl_oam_unit_regs = {
	.control = OAM_CONTROL(MTL_OAM_SAMEDIA0_BASE),
	.control_format = OAM_CONTROL_COUNTER_SEL_MASK,
	.status = OAM_STATUS(MTL_OAM_SAMEDIA0_BASE),
	.head = OAM_HEAD_POINTER(MTL_OAM_SAMEDIA0_BASE),
	.tail = OAM_TAIL_POINTER(MTL_OAM_SAMEDIA0_BASE),
	.buffer = OAM_BUFFER(MTL_OAM_SAMEDIA0_BASE),
	.tlb_inv = MTL_MEDIA_OA_TLB_INV_CR,
	.ctx_ctrl = OAM_CONTEXT_CONTROL(MTL_OAM_SAMEDIA0_BASE),
	.debug = OAM_DEBUG(MTL_OAM_SAMEDIA0_BASE),
	OAG_DEBUG_BITS,
	.noa_enable = MTL_MEDIA_RPM_CONFIG1,
	.gt_offset = MTL_MEDIA_GT_OFFSET,
	.mmio_trigger = OAM_MMIO_TRG(MTL_OAM_SAMEDIA0_BASE),
	OAG_STATUS_BITS,
};

static const struct intel_oa_unit_regs *unit_regs(struct intel_oa_stream *stream)
{
	return stream->unit->desc->regs;
}

/*
 * The render GT's own programming around a stream (i915's
 * gen12_enable_metric_set() and gen12_disable_metric_set()): DG2's
 * Wa_1508761755 (stall and EU DOP gating off) and GEN12_SQCNT1's PMON
 * enable and OA BPC reporting.
 */
static void render_gt_stream_setup(struct intel_oa_device *oa, bool on)
{
	u32 (*masked)(u32 bits) = on ? masked_bit_enable : masked_bit_disable;
	u32 sqcnt1 = oa->gen->sqcnt1;

	if (oa->gen->dop_gating_wa) {
		intel_oa_write(oa, GEN8_ROW_CHICKEN,
			       masked(STALL_DOP_GATING_DISABLE));
		intel_oa_write(oa, GEN7_ROW_CHICKEN2,
			       masked(GEN12_DISABLE_DOP_GATING));
	}
	if (sqcnt1)
		intel_oa_rmw(oa, GEN12_SQCNT1, on ? 0 : sqcnt1, on ? sqcnt1 : 0);
}

static void unit_enable_metric_set(struct intel_oa_stream *stream,
				   const struct intel_oa_config *config)
{
	const struct intel_oa_unit_regs *r = unit_regs(stream);
	struct intel_oa_device *oa = stream->oa;
	u32 debug = 0, ctx_ctrl = r->ctx_ctrl_always;

	/* i915 oag_report_ctx_switches(): none for a stream without samples */
	if (r->debug_reports_on)
		debug |= stream->no_samples ?
			 masked_bit_enable(r->debug_reports_on) :
			 masked_bit_disable(r->debug_reports_on);
	/*
	 * The sample ioctl writes the MMIO trigger: turn it on, as xe's
	 * oag_configure_mmio_trigger() does for a sampling stream (whoever
	 * ran the unit before may have left it off).
	 */
	if (r->mmio_trigger)
		debug |= masked_bit_disable(OAG_OA_DEBUG_DISABLE_MMIO_TRG);
	if (oa->gen->quirks & INTEL_OA_QUIRK_CLK_RATIO_REPORTS)
		debug |= masked_bit_enable(r->debug_clk_ratio);
	if (debug)
		intel_oa_write(oa, r->debug, debug);

	if (stream->periodic)
		ctx_ctrl |= GEN8_OA_COUNTER_RESUME | GEN8_OA_TIMER_ENABLE |
			    FIELD_PREP(GEN8_OA_TIMER_PERIOD_MASK,
				       stream->period_exponent);
	intel_oa_write(oa, r->ctx_ctrl, ctx_ctrl);

	if (r->has_flex)
		render_gt_stream_setup(oa, true);

	intel_oa_program_config(oa, config, r->gt_offset, r->has_flex);
}

static void unit_disable_metric_set(struct intel_oa_stream *stream)
{
	const struct intel_oa_unit_regs *r = unit_regs(stream);
	struct intel_oa_device *oa = stream->oa;

	intel_oa_write(oa, r->ctx_ctrl, 0);
	/* No stream: no MMIO-triggered report either (xe). */
	if (r->mmio_trigger)
		intel_oa_write(oa, r->debug,
			       masked_bit_enable(OAG_OA_DEBUG_DISABLE_MMIO_TRG));
	/* Another unit's stream may still be using its GT's resources. */
	if (r->has_flex)
		intel_oa_clear_flex(oa);
	if (r->has_flex)
		render_gt_stream_setup(oa, false);

	/* Make sure the NOA network is off to save power. */
	intel_oa_rmw(oa, r->noa_enable ?: oa->gen->noa_enable,
		     oa->gen->noa_enable_bit, 0);
}

static void unit_enable(struct intel_oa_stream *stream)
{
	const struct intel_oa_unit_regs *r = unit_regs(stream);
	struct intel_oa_device *oa = stream->oa;
	u32 base = stream->buf.ggtt_offset;
	unsigned long flags;

	/*
	 * Reset the pointers and zero the buffer so nothing from before now
	 * is forwarded and the "landed" check sees zeroed memory.
	 */
	intel_oa_buffer_reset(stream);

	spin_lock_irqsave(&stream->buf.ptr_lock, flags);
	intel_oa_write(oa, r->status, 0);
	intel_oa_write(oa, r->head, base & GEN8_OAHEADPTR_MASK);
	if (r->buffer_udw)
		intel_oa_write(oa, r->buffer_udw, 0);
	intel_oa_write(oa, r->buffer,
		       (base & GEN8_OABUFFER_BASE_MASK) |
		       FIELD_PREP(GEN8_OABUFFER_SIZE_MASK,
				  stream->buf.size_field) |
		       GEN8_OABUFFER_MEM_SELECT_GGTT);
	intel_oa_write(oa, r->tail, base & GEN8_OATAILPTR_MASK);
	spin_unlock_irqrestore(&stream->buf.ptr_lock, flags);

	/* No hardware context filtering: the counters are global. */
	intel_oa_write(oa, r->control,
		       ((stream->buf.format->format << __ffs(r->control_format)) &
			r->control_format) | GEN8_OA_COUNTER_ENABLE);
}

static void unit_disable(struct intel_oa_stream *stream)
{
	const struct intel_oa_unit_regs *r = unit_regs(stream);
	struct intel_oa_device *oa = stream->oa;

	intel_oa_write(oa, r->control, 0);
	if (intel_oa_wait_for_register(oa, r->control, GEN8_OA_COUNTER_ENABLE,
				       0, OA_STOP_TIMEOUT_MS) == -ETIMEDOUT)
		drm_err_ratelimited(&oa->drm,
				    "%s unit did not stop within %d ms (control register 0x%08x); close the stream and reload the driver\n",
				    stream->unit->desc->name, OA_STOP_TIMEOUT_MS,
				    intel_oa_read(oa, r->control));

	if (!r->tlb_inv)
		return;
	intel_oa_write(oa, r->tlb_inv, GEN12_OA_TLB_INV_CR_BUSY);
	if (intel_oa_wait_for_register(oa, r->tlb_inv,
				       GEN12_OA_TLB_INV_CR_BUSY, 0,
				       OA_TLB_INV_TIMEOUT_MS) == -ETIMEDOUT)
		drm_err_ratelimited(&oa->drm,
				    "%s TLB invalidation did not complete within %d ms; the next stream may read stale translations, reload the driver\n",
				    stream->unit->desc->name,
				    OA_TLB_INV_TIMEOUT_MS);
}

static u32 unit_read_tail(struct intel_oa_stream *stream)
{
	return intel_oa_read(stream->oa, unit_regs(stream)->tail) &
	       GEN8_OATAILPTR_MASK;
}

static void unit_write_head(struct intel_oa_stream *stream, u32 head)
{
	intel_oa_write(stream->oa, unit_regs(stream)->head,
		       head & GEN8_OAHEADPTR_MASK);
}

static u32 unit_read_status(struct intel_oa_stream *stream)
{
	const struct intel_oa_unit_regs *r = unit_regs(stream);
	u32 oastatus = intel_oa_read(stream->oa, r->status);
	u32 status = 0;

	if (oastatus & r->status_report_lost)
		status |= INTEL_OA_STATUS_REPORT_LOST;
	if (oastatus & r->status_buffer_overflow)
		status |= INTEL_OA_STATUS_BUFFER_OVERFLOW;
	return status;
}

static void unit_clear_report_lost(struct intel_oa_stream *stream)
{
	const struct intel_oa_unit_regs *r = unit_regs(stream);

	intel_oa_rmw(stream->oa, r->status, r->status_clear, r->status_keep);
}

/* Every Gen8+ unit: the functions above over the unit's register table. */
const struct intel_oa_unit_funcs intel_oa_unit_funcs = {
	.enable_metric_set = unit_enable_metric_set,
	.disable_metric_set = unit_disable_metric_set,
	.enable = unit_enable,
	.disable = unit_disable,
	.read_tail = unit_read_tail,
	.write_head = unit_write_head,
	.read_status = unit_read_status,
	.clear_report_lost = unit_clear_report_lost,
};

/**
 * intel_oa_unit_for_engine - the OA unit that observes an engine
 * @oa: device
 * @engine: enum intel_oa_engine_id
 *
 * Return: the unit, or NULL if no OA unit observes @engine (i915's
 * engine_supports_oa() is false).
 */
struct intel_oa_unit *intel_oa_unit_for_engine(struct intel_oa_device *oa,
					       unsigned int engine)
{
	unsigned int i;

	for (i = 0; i < oa->n_units; i++)
		if (oa->units[i].desc->engines & BIT(engine))
			return &oa->units[i];
	return NULL;
}

#define STREAM_STAT(f)	{ #f, offsetof(struct intel_oa_stream_stats, f) }

/* Every counter of &struct intel_oa_stream_stats, in debugfs order. */
const struct intel_oa_stream_stat intel_oa_stream_stat_fields[] = {
	STREAM_STAT(stream_interrupts),
	STREAM_STAT(irq_drains),
	STREAM_STAT(timer_drains),
	STREAM_STAT(read_drains),
	STREAM_STAT(timer_ticks),
	STREAM_STAT(wakeups),
	STREAM_STAT(reports),
	STREAM_STAT(ring_dropped),
	STREAM_STAT(report_lost),
	STREAM_STAT(buffer_lost),
	STREAM_STAT(tail_races),
	STREAM_STAT(lost_writes),
};

const unsigned int intel_oa_n_stream_stat_fields =
	ARRAY_SIZE(intel_oa_stream_stat_fields);

/**
 * intel_oa_stream_stat - one counter of a unit's stream counters
 * @s: the counters
 * @i: index in intel_oa_stream_stat_fields
 *
 * Return: the counter.
 */
atomic64_t *intel_oa_stream_stat(struct intel_oa_stream_stats *s,
				 unsigned int i)
{
	return (atomic64_t *)((char *)s + intel_oa_stream_stat_fields[i].offset);
}

/**
 * intel_oa_stream_stats_reset - zero a unit's stream counters
 * @s: the counters
 */
void intel_oa_stream_stats_reset(struct intel_oa_stream_stats *s)
{
	unsigned int i;

	BUILD_BUG_ON(ARRAY_SIZE(intel_oa_stream_stat_fields) !=
		     sizeof(*s) / sizeof(atomic64_t));
	for (i = 0; i < ARRAY_SIZE(intel_oa_stream_stat_fields); i++)
		atomic64_set(intel_oa_stream_stat(s, i), 0);
}

/**
 * intel_oa_units_init - build the device's OA units from its platform
 * @oa: device whose @gen is set
 *
 * Return: 0, or -EINVAL for a platform row without a unit.
 */
int intel_oa_units_init(struct intel_oa_device *oa)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(oa->units) && oa->gen->units[i]; i++) {
		oa->units[i].oa = oa;
		oa->units[i].desc = oa->gen->units[i];
		oa->units[i].id = i;
	}
	oa->n_units = i;
	return WARN_ON(!oa->n_units) ? -EINVAL : 0;
}
