// SPDX-License-Identifier: GPL-2.0
/*
 * The Gen8 GT interrupt banks (Broadwell .. Gen9) and the OA units' own
 * interrupt masks, the last level of every Gen8+ hierarchy.
 */

#include "intel_oa.h"
#include "intel_oa_gen.h"
#include "intel_oa_trace.h"
#include "regs/intel_oa_regs.h"

/**
 * intel_oa_irq_mask_units - mask every OA unit's own interrupt register
 * @oa: device
 *
 * GEN8_OA_IMR (Gen8-11) and GEN12_OA_IMR (OAG) sit below the GT
 * interrupt banks; the reset paths of every Gen8+ hierarchy mask them. A
 * unit without an IMR (Meteor Lake's OAM) is skipped.
 */
void intel_oa_irq_mask_units(struct intel_oa_device *oa)
{
	unsigned int i;

	for (i = 0; i < oa->n_units; i++)
		if (oa->units[i].desc->regs && oa->units[i].desc->regs->imr)
			intel_oa_write(oa, oa->units[i].desc->regs->imr, ~0u);
}

/* GT interrupt banks 0..3 feeding MASTER_IRQ. */
#define GEN8_GT_IRQ_BANKS	4

/**
 * intel_oa_gen8_irq_reset - quiesce MASTER_IRQ, every GT bank and the OA units
 * @oa: device
 */
void intel_oa_gen8_irq_reset(struct intel_oa_device *oa)
{
	unsigned int n;

	intel_oa_write(oa, GEN8_MASTER_IRQ, 0);
	intel_oa_read(oa, GEN8_MASTER_IRQ);
	intel_oa_irq_mask_units(oa);
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

/**
 * intel_oa_gen8_irq_postinstall - enable bank 3's OA half-full source and the master
 * @oa: device
 */
void intel_oa_gen8_irq_postinstall(struct intel_oa_device *oa)
{
	intel_oa_write(oa, GEN8_GT_IIR(GEN8_GT_OA_BANK), ~0u);
	intel_oa_write(oa, GEN8_GT_IER(GEN8_GT_OA_BANK), GEN8_GT_OA_HALF_FULL);
	intel_oa_write(oa, GEN8_GT_IMR(GEN8_GT_OA_BANK), ~GEN8_GT_OA_HALF_FULL);
	intel_oa_write(oa, GEN8_MASTER_IRQ, GEN8_MASTER_IRQ_CONTROL);
	intel_oa_read(oa, GEN8_MASTER_IRQ);
}

/**
 * intel_oa_gen8_irq_cs_unmask - let the render context-switch event through
 * @oa: device whose &intel_oa_device.irq_user_event is set
 *
 * GT bank 0 carries the render engine (i915 GEN8_RCS_IRQ_SHIFT 0); its
 * context-switch bit is GT_CONTEXT_SWITCH_INTERRUPT (gen8_gt_irq_postinstall()).
 */
void intel_oa_gen8_irq_cs_unmask(struct intel_oa_device *oa)
{
	intel_oa_write(oa, GEN8_GT_IIR(GEN8_GT_RCS_BANK), ~0u);
	intel_oa_write(oa, GEN8_GT_IIR(GEN8_GT_RCS_BANK), ~0u);
	intel_oa_write(oa, GEN8_GT_IER(GEN8_GT_RCS_BANK),
		       GT_CONTEXT_SWITCH_INTERRUPT);
	intel_oa_write(oa, GEN8_GT_IMR(GEN8_GT_RCS_BANK),
		       ~GT_CONTEXT_SWITCH_INTERRUPT);
	intel_oa_read(oa, GEN8_GT_IMR(GEN8_GT_RCS_BANK));
}

/**
 * intel_oa_gen8_irq_oa_unmask - let the unit's half-full event through its IMR
 * @unit: the OA unit
 */
void intel_oa_gen8_irq_oa_unmask(struct intel_oa_unit *unit)
{
	intel_oa_write(unit->oa, unit->desc->regs->imr,
		       ~GEN8_OA_BUFFER_HALF_FULL);
}

/**
 * intel_oa_gen8_irq_oa_mask - mask every event of the unit's IMR
 * @unit: the OA unit
 */
void intel_oa_gen8_irq_oa_mask(struct intel_oa_unit *unit)
{
	intel_oa_write(unit->oa, unit->desc->regs->imr, ~0u);
}

/**
 * intel_oa_gen8_irq_handler - hard handler: ack bank 3 under a dropped master
 * @oa: device
 *
 * Return: IRQ_WAKE_THREAD for an OA half-full event, IRQ_HANDLED
 * for another, IRQ_NONE for none.
 */
irqreturn_t intel_oa_gen8_irq_handler(struct intel_oa_device *oa)
{
	u32 master, iir = 0, rcs_iir = 0;
	bool oa_event = false;
	void (*cs_event)(struct intel_oa_device *oa);

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

	/* bank 0's low half: the render engine (GEN8_GT_RCS_IRQ) */
	if (master & GEN8_GT_RCS_IRQ) {
		rcs_iir = intel_oa_read(oa, GEN8_GT_IIR(GEN8_GT_RCS_BANK));
		if (rcs_iir) {
			intel_oa_write(oa, GEN8_GT_IIR(GEN8_GT_RCS_BANK),
				       rcs_iir);
			cs_event = READ_ONCE(oa->irq_user_event);
			if (cs_event && rcs_iir & GT_CONTEXT_SWITCH_INTERRUPT)
				cs_event(oa);
		}
	}

	intel_oa_write(oa, GEN8_MASTER_IRQ, GEN8_MASTER_IRQ_CONTROL);

	trace_intel_oa_irq(oa, master, iir | rcs_iir);
	return oa_event ? IRQ_WAKE_THREAD : IRQ_HANDLED;
}
