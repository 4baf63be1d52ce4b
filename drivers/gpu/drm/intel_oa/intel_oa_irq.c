// SPDX-License-Identifier: GPL-2.0
/*
 * Interrupt setup and the OA half-full interrupt thread.
 */

#include <linux/interrupt.h>
#include <linux/pci.h>

#include <drm/drm_print.h>

#include "intel_oa.h"

/**
 * DOC: interrupts
 *
 * One vector, MSI if available, else the legacy INTx line (shared). The
 * hard handler is the generation's &intel_oa_hw_ops.irq_handler: on Gen8
 * and Gen9 it disables MASTER_IRQ, reads and acks GT bank 3's IIR when
 * the WD box (bit 7) or VECS (bit 6) master bit is set, and re-enables the
 * master; on Gen11+ it serves the WDOAPerf bit of GT_INTR_DW0 through the
 * selector and identity registers (and on DG1 the tile level first, see
 * "Gen11+ interrupts"). Each returns IRQ_WAKE_THREAD if the OA half-full
 * event was set. On Gen7 (Ivy Bridge, Valleyview, Haswell) the event is
 * the half-full bit 9 of the GT registers behind DEIER's master enable,
 * served like i915's ivb_irq_handler(). Where each bit comes from:
 * Documentation/hardware-sources.rst. Sandy Bridge has no OA interrupt:
 * its unit is hrtimer_only, so the hrtimer alone drains (the debugfs
 * irq_drains count stays 0 there) and its vector serves the render ring.
 * On Gen6/7 the hard handler also serves the render user interrupt
 * (&intel_oa_device.irq_user_event, "ring submission").
 *
 * The thread drains each OA unit's interrupt-drained stream
 * (&intel_oa_stream.irq_drained): every landed report moves into the
 * stream ring and the OA unit gets the space back (see "draining"). On
 * Gen12.5 it is also where GuC-to-host messages are handled (see "GuC"):
 * the hard handler leaves the GuC vector in &intel_oa_guc.iir and flags
 * an OA event in &intel_oa_device.irq_oa_pending, so a thread woken for
 * GuC work only drains when an OA event came too. Reset and postinstall
 * run under forcewake (they write OA_IMR). Stream
 * disable masks the OA interrupt, clears &intel_oa_stream.enabled and calls
 * synchronize_irq(); stream teardown (intel_oa_stream_hw_fini_locked())
 * then clears &intel_oa_unit.exclusive_stream and calls synchronize_irq()
 * again, so the thread never sees a stopped or freed stream.
 */

static irqreturn_t intel_oa_irq_hard(int irq, void *arg)
{
	struct intel_oa_device *oa = arg;
	irqreturn_t ret;

	/* A shared line may still fire; a gone device raised nothing. */
	if (intel_oa_device_gone(oa))
		return IRQ_NONE;

	ret = oa->ops->irq_handler(oa);
	/* i915's PMU "interrupts": one writer, the vector's handler */
	if (ret != IRQ_NONE)
		WRITE_ONCE(oa->irq_count, oa->irq_count + 1);
	return ret;
}

static irqreturn_t intel_oa_irq_thread(int irq, void *arg)
{
	struct intel_oa_device *oa = arg;
	u32 guc_iir = atomic_xchg(&oa->guc.iir, 0);

	/*
	 * GuC work shares the thread: then only drain if the hard handler
	 * also saw the OA event (it may have run twice before us).
	 */
	if (guc_iir) {
		intel_oa_guc_irq_thread(oa, guc_iir);
		if (!atomic_xchg(&oa->irq_oa_pending, 0))
			return IRQ_HANDLED;
	} else {
		atomic_set(&oa->irq_oa_pending, 0);
	}

	atomic64_inc(&oa->stats.interrupts);
	oa->irq_oa_event(oa);

	return IRQ_HANDLED;
}

static void intel_oa_irq_fini(void *arg)
{
	struct intel_oa_device *oa = arg;
	bool awake;

	/* Nothing to quiesce on a device that left the bus. */
	if (!intel_oa_device_gone(oa)) {
		/* Reset touches OA_IMR, a register of a forcewake domain. */
		awake = !intel_oa_forcewake_get(oa);
		oa->ops->irq_reset(oa);
		if (awake)
			intel_oa_forcewake_put(oa);
	}
	free_irq(oa->irq, oa);
	pci_free_irq_vectors(oa->pdev);
}

/**
 * intel_oa_irq_init - allocate the vector, install handlers, unmask
 * @oa: device
 * @oa_event: what the interrupt thread calls for an OA buffer event
 *
 * The undo is a devres action of the PCI device, so it runs at unbind
 * while BAR0 is still mapped. A platform without an OA interrupt (no
 * irq hooks) gets no vector.
 *
 * Return: 0 or a negative errno.
 */
int intel_oa_irq_init(struct intel_oa_device *oa,
		      void (*oa_event)(struct intel_oa_device *oa))
{
	struct pci_dev *pdev = oa->pdev;
	unsigned long flags = 0;
	int ret;

	if (!oa->ops->irq_handler)
		return 0;
	oa->irq_oa_event = oa_event;

	ret = intel_oa_forcewake_get(oa);
	if (ret)
		return ret;
	oa->ops->irq_reset(oa);
	intel_oa_forcewake_put(oa);

	ret = pci_alloc_irq_vectors(pdev, 1, 1, PCI_IRQ_MSI | PCI_IRQ_INTX);
	if (ret < 0) {
		drm_err(&oa->drm,
			"no MSI or legacy interrupt available (%d); check the PCI setup of the GPU\n",
			ret);
		return ret;
	}
	oa->irq = pci_irq_vector(pdev, 0);
	if (!pdev->msi_enabled)
		flags |= IRQF_SHARED;

	ret = request_threaded_irq(oa->irq, intel_oa_irq_hard,
				   intel_oa_irq_thread, flags, "intel_oa", oa);
	if (ret) {
		drm_err(&oa->drm, "cannot request interrupt %d: %d\n",
			oa->irq, ret);
		pci_free_irq_vectors(pdev);
		return ret;
	}

	ret = intel_oa_forcewake_get(oa);
	if (ret) {
		free_irq(oa->irq, oa);
		pci_free_irq_vectors(pdev);
		return ret;
	}
	oa->ops->irq_postinstall(oa);
	intel_oa_forcewake_put(oa);

	return devm_add_action_or_reset(&pdev->dev, intel_oa_irq_fini, oa);
}

/**
 * intel_oa_irq_oa_unmask - let an OA unit's buffer event interrupt
 * @unit: the OA unit
 *
 * Nothing to do on a platform without an OA interrupt, or for a unit
 * whose event no known interrupt carries.
 */
void intel_oa_irq_oa_unmask(struct intel_oa_unit *unit)
{
	if (unit->oa->ops->irq_oa_unmask && !unit->desc->hrtimer_only)
		unit->oa->ops->irq_oa_unmask(unit);
}

/**
 * intel_oa_irq_oa_mask - stop an OA unit's buffer event interrupt
 * @unit: the OA unit
 */
void intel_oa_irq_oa_mask(struct intel_oa_unit *unit)
{
	if (unit->oa->ops->irq_oa_mask && !unit->desc->hrtimer_only)
		unit->oa->ops->irq_oa_mask(unit);
}

/**
 * intel_oa_irq_sync - wait for a running interrupt thread to finish
 * @oa: device
 */
void intel_oa_irq_sync(struct intel_oa_device *oa)
{
	if (oa->ops->irq_handler)
		synchronize_irq(oa->irq);
}
