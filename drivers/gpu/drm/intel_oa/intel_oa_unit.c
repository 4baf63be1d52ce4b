// SPDX-License-Identifier: GPL-2.0
/*
 * One OA unit code path for Gen8 and later, over per-unit register tables.
 */

#include <linux/bitfield.h>
#include <linux/kernel.h>

#include <drm/drm_print.h>

#include "intel_oa.h"
#include "intel_oa_gen.h"
#include "regs/intel_oa_regs.h"

/**
 * DOC: OA unit register tables
 *
 * From Gen8 on the OA unit's buffer, pointer, status and control registers
 * have one layout in two places: the Gen8-11 block at 0x2b00 (i915's
 * GEN8_OA*) and Gen12's global unit, OAG, at 0xdaf4 (GEN12_OAG_*), which
 * drops OABUFFER_UDW and puts a TLB in front of the buffer. As in xe's
 * struct xe_oa_regs, the offsets and the few bits that differ are data
 * (&struct intel_oa_unit_regs, chosen with the ops at probe) and one code
 * path programs either: the sequences are i915's gen8_init_oa_buffer() /
 * gen12_init_oa_buffer(), gen8_oa_enable() / gen12_oa_enable() and
 * gen8_oa_disable() / gen12_oa_disable().
 *
 * - Enabling resets the OA buffer in memory, then writes status, head,
 *   (OABUFFER_UDW,) OABUFFER and tail in that order (the PRM's rule for
 *   the overflow bit: OABUFFER after OAHEADPTR and before OATAILPTR), then
 *   OACONTROL with the counter select of the stream's format.
 * - Disabling clears OACONTROL and waits, bounded, for the enable bit to
 *   drop; where the unit has an OA TLB it then invalidates it and waits,
 *   bounded, so the next buffer programming cannot hit a stale
 *   translation.
 * - Status bits are cleared by writing 0 and kept by writing 1: clearing
 *   report-lost writes 1 to the bits that must survive (buffer overflow,
 *   and the pointer-wrap bits on Gen8-11), so an event raised between the
 *   read and the write of the read-modify-write is not lost.
 */

#define OA_STOP_TIMEOUT_MS	50
#define OA_TLB_INV_TIMEOUT_MS	50

/* Gen8-11: i915 GEN8_OA*; Broadwell PRM (seed 000) OA registers. */
const struct intel_oa_unit_regs intel_oa_gen8_unit_regs = {
	.name = "OA",
	.control = GEN8_OACONTROL,
	.status = GEN8_OASTATUS,
	.head = GEN8_OAHEADPTR,
	.tail = GEN8_OATAILPTR,
	.buffer = GEN8_OABUFFER,
	.buffer_udw = GEN8_OABUFFER_UDW,
	.status_report_lost = GEN8_OASTATUS_REPORT_LOST,
	.status_buffer_overflow = GEN8_OASTATUS_OABUFFER_OVERFLOW,
	.status_clear = GEN8_OASTATUS_COUNTER_OVERFLOW |
			GEN8_OASTATUS_REPORT_LOST,
	.status_keep = GEN8_OASTATUS_HEAD_POINTER_WRAP |
		       GEN8_OASTATUS_TAIL_POINTER_WRAP |
		       GEN8_OASTATUS_OABUFFER_OVERFLOW,
};

/* Gen12 and Gen12.5 OAG: i915 GEN12_OAG_*, xe regs/xe_oa_regs.h. */
const struct intel_oa_unit_regs intel_oa_oag_unit_regs = {
	.name = "OAG",
	.control = GEN12_OAG_OACONTROL,
	.status = GEN12_OAG_OASTATUS,
	.head = GEN12_OAG_OAHEADPTR,
	.tail = GEN12_OAG_OATAILPTR,
	.buffer = GEN12_OAG_OABUFFER,
	.tlb_inv = GEN12_OA_TLB_INV_CR,
	.status_report_lost = GEN12_OAG_OASTATUS_REPORT_LOST,
	.status_buffer_overflow = GEN12_OAG_OASTATUS_BUFFER_OVERFLOW,
	.status_clear = GEN12_OAG_OASTATUS_COUNTER_OVERFLOW |
			GEN12_OAG_OASTATUS_REPORT_LOST,
	.status_keep = GEN12_OAG_OASTATUS_BUFFER_OVERFLOW,
};

static const struct intel_oa_unit_regs *unit_regs(struct intel_oa_stream *stream)
{
	return stream->oa->ops->unit_regs;
}

/**
 * intel_oa_unit_enable - point the OA unit at the stream's buffer and start it
 * @stream: the stream being enabled
 */
void intel_oa_unit_enable(struct intel_oa_stream *stream)
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
		       FIELD_PREP(GEN8_OA_REPORT_FORMAT_MASK,
				  stream->buf.format->format) |
		       GEN8_OA_COUNTER_ENABLE);
}

/**
 * intel_oa_unit_disable - stop the OA unit (and invalidate its TLB)
 * @stream: the stream being disabled
 */
void intel_oa_unit_disable(struct intel_oa_stream *stream)
{
	const struct intel_oa_unit_regs *r = unit_regs(stream);
	struct intel_oa_device *oa = stream->oa;

	intel_oa_write(oa, r->control, 0);
	if (intel_oa_wait_for_register(oa, r->control, GEN8_OA_COUNTER_ENABLE,
				       0, OA_STOP_TIMEOUT_MS) == -ETIMEDOUT)
		drm_err_ratelimited(&oa->drm,
				    "%s unit did not stop within %d ms (control register 0x%08x); close the stream and reload the driver\n",
				    r->name, OA_STOP_TIMEOUT_MS,
				    intel_oa_read(oa, r->control));

	if (!r->tlb_inv)
		return;
	intel_oa_write(oa, r->tlb_inv, GEN12_OA_TLB_INV_CR_BUSY);
	if (intel_oa_wait_for_register(oa, r->tlb_inv,
				       GEN12_OA_TLB_INV_CR_BUSY, 0,
				       OA_TLB_INV_TIMEOUT_MS) == -ETIMEDOUT)
		drm_err_ratelimited(&oa->drm,
				    "OA TLB invalidation did not complete within %d ms; the next stream may read stale translations, reload the driver\n",
				    OA_TLB_INV_TIMEOUT_MS);
}

/**
 * intel_oa_unit_read_tail - the OA unit's tail pointer
 * @stream: the stream
 *
 * Return: the GGTT address the unit will write its next report to.
 */
u32 intel_oa_unit_read_tail(struct intel_oa_stream *stream)
{
	return intel_oa_read(stream->oa, unit_regs(stream)->tail) &
	       GEN8_OATAILPTR_MASK;
}

/**
 * intel_oa_unit_write_head - hand consumed buffer space back to the unit
 * @stream: the stream
 * @head: GGTT address of the oldest report not consumed
 */
void intel_oa_unit_write_head(struct intel_oa_stream *stream, u32 head)
{
	intel_oa_write(stream->oa, unit_regs(stream)->head,
		       head & GEN8_OAHEADPTR_MASK);
}

/**
 * intel_oa_unit_read_status - the unit's report-lost and overflow status
 * @stream: the stream
 *
 * Return: INTEL_OA_STATUS_* bits.
 */
u32 intel_oa_unit_read_status(struct intel_oa_stream *stream)
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

/**
 * intel_oa_unit_clear_report_lost - clear report-lost and counter overflow
 * @stream: the stream
 */
void intel_oa_unit_clear_report_lost(struct intel_oa_stream *stream)
{
	const struct intel_oa_unit_regs *r = unit_regs(stream);

	intel_oa_rmw(stream->oa, r->status, r->status_clear, r->status_keep);
}
