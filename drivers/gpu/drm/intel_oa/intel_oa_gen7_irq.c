// SPDX-License-Identifier: GPL-2.0
/*
 * The Gen6/7 GT interrupt (Sandy Bridge, Ivy Bridge, Valleyview,
 * Haswell): the OA unit's half-full event (not on Sandy Bridge) and the
 * render engine's user interrupt behind GTIMR/GTIER/GTIIR and DEIER's
 * master enable.
 */

#include "intel_oa.h"
#include "intel_oa_gen.h"
#include "intel_oa_trace.h"
#include "regs/intel_oa_regs.h"

/**
 * intel_oa_gen7_irq_reset - disable the master enable and every GT source
 * @oa: device
 *
 * The Gen7 GT interrupt: GTIMR is the only mask between the OA unit's
 * half-full event (bit 9) and GTIIR, so it is what a stream unmasks; GTIER
 * enables the event for good and DEIER's bit 31 is the master enable. The
 * render user interrupt (bit 0) is unmasked for as long as the render
 * ring runs. &intel_oa_device.gt_imr is what GTIMR holds.
 */
void intel_oa_gen7_irq_reset(struct intel_oa_device *oa)
{
	unsigned long flags;

	spin_lock_irqsave(&oa->gt_imr_lock, flags);
	oa->gt_imr = ~0u;
	spin_unlock_irqrestore(&oa->gt_imr_lock, flags);
	intel_oa_write(oa, DEIER, 0);
	intel_oa_read(oa, DEIER);
	intel_oa_write(oa, GTIMR, ~0u);
	intel_oa_write(oa, GTIER, 0);
	/* IIR can queue a second event behind the first: clear twice. */
	intel_oa_write(oa, GTIIR, ~0u);
	intel_oa_write(oa, GTIIR, ~0u);
	intel_oa_read(oa, GTIIR);
}

/**
 * intel_oa_gen6_irq_postinstall - enable the render user interrupt only
 * @oa: device
 *
 * Sandy Bridge: the same GT registers, but no OA event behind them.
 */
void intel_oa_gen6_irq_postinstall(struct intel_oa_device *oa)
{
	intel_oa_write(oa, GTIIR, ~0u);
	intel_oa_write(oa, GTIER, GT_RENDER_USER_INTERRUPT);
	intel_oa_write(oa, GTIMR, oa->gt_imr);
	intel_oa_write(oa, DEIER, DE_MASTER_IRQ_CONTROL);
	intel_oa_read(oa, DEIER);
}

/**
 * intel_oa_gen7_irq_postinstall - enable the half-full source and the master
 * @oa: device
 */
void intel_oa_gen7_irq_postinstall(struct intel_oa_device *oa)
{
	intel_oa_write(oa, GTIIR, ~0u);
	intel_oa_write(oa, GTIER,
		       GT_PERFMON_BUFFER_HALF_FULL | GT_RENDER_USER_INTERRUPT);
	intel_oa_write(oa, GTIMR, oa->gt_imr);
	intel_oa_write(oa, DEIER, DE_MASTER_IRQ_CONTROL);
	intel_oa_read(oa, DEIER);
}

static void gt_imr_update(struct intel_oa_device *oa, u32 clear, u32 set)
{
	unsigned long flags;

	spin_lock_irqsave(&oa->gt_imr_lock, flags);
	oa->gt_imr = (oa->gt_imr & ~clear) | set;
	intel_oa_write(oa, GTIMR, oa->gt_imr);
	spin_unlock_irqrestore(&oa->gt_imr_lock, flags);
}

/**
 * intel_oa_gen7_irq_oa_unmask - let the half-full event through GTIMR
 * @unit: the OA unit
 */
void intel_oa_gen7_irq_oa_unmask(struct intel_oa_unit *unit)
{
	gt_imr_update(unit->oa, GT_PERFMON_BUFFER_HALF_FULL, 0);
}

/**
 * intel_oa_gen7_irq_oa_mask - hold the half-full event in GTIMR
 * @unit: the OA unit
 */
void intel_oa_gen7_irq_oa_mask(struct intel_oa_unit *unit)
{
	gt_imr_update(unit->oa, 0, GT_PERFMON_BUFFER_HALF_FULL);
}

/**
 * intel_oa_gen7_irq_user_unmask - let the render user interrupt through
 * @oa: device whose &intel_oa_device.irq_user_event is set
 */
void intel_oa_gen7_irq_user_unmask(struct intel_oa_device *oa)
{
	gt_imr_update(oa, GT_RENDER_USER_INTERRUPT, 0);
}

/**
 * intel_oa_gen7_irq_handler - hard handler: ack GTIIR under a dropped master
 * @oa: device
 *
 * i915 ivb_irq_handler(), GT part only. A render user interrupt is
 * served here, in hard interrupt context (&intel_oa_device.irq_user_event).
 *
 * Return: IRQ_WAKE_THREAD for an OA half-full event, IRQ_HANDLED
 * for another, IRQ_NONE for none.
 */
irqreturn_t intel_oa_gen7_irq_handler(struct intel_oa_device *oa)
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
	if (gt_iir & GT_RENDER_USER_INTERRUPT) {
		void (*user_event)(struct intel_oa_device *oa);

		user_event = READ_ONCE(oa->irq_user_event);
		if (user_event)
			user_event(oa);
	}
	return gt_iir & GT_PERFMON_BUFFER_HALF_FULL ? IRQ_WAKE_THREAD :
						      IRQ_HANDLED;
}
