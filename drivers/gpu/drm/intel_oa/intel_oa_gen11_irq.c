// SPDX-License-Identifier: GPL-2.0
/*
 * The Gen11+ two-level interrupt hierarchy and the DG1 tile level in
 * front of it, as far as the OA unit (engine class OTHER, WDOAPerf) uses
 * them.
 */

#include <linux/bitfield.h>
#include <linux/delay.h>

#include <drm/drm_print.h>

#include "intel_oa.h"
#include "intel_oa_gen.h"
#include "intel_oa_trace.h"
#include "regs/intel_oa_regs.h"

/**
 * DOC: Gen11+ interrupts
 *
 * An OA half-full event passes OA_IMR, the WDOAPerf half of
 * GPM_WGBOXPERF_INTR_ENABLE and, while the WDOAPerf mask bit is clear,
 * sets bit 20 (WDOAPerf) of GT_INTR_DW0, which raises GFX_MSTR_IRQ bit 0.
 * The half-full event is data bit 12 of the engine's interrupt vector.
 *
 * The hard handler follows the ISR of the interrupt chapter of the
 * Xe system interface documentation (i915 gen11_irq_handler()): disable
 * the primary interrupt, read GT_INTR_DW0, and for the WDOAPerf bit write
 * the one-hot selector IIR_REG_SELECTOR0, spin (at most about 100 us) for
 * DataValid in INTR_IDENTITY_REG0, clear the identity by writing DataValid
 * back, then write the serviced bit back to GT_INTR_DW0 and re-enable the
 * primary interrupt. GT_INTR_DW0 is double-buffered, so events arriving
 * meanwhile are presented again and re-enabling regenerates the MSI.
 *
 * Only WDOAPerf is enabled, so only bit 20 is ever serviced or cleared:
 * the hardware forbids clearing an engine's DW bit without reading its
 * identity through the selector first.
 *
 * DG1 puts DG1_MSTR_TILE_INTR in front (i915 dg1_irq_handler()): its bit
 * 31 is the primary enable, tile 0's pending bit and GFX_MSTR_IRQ's DW
 * bits are write-one-to-clear latches acknowledged before DW0 is served.
 *
 * DG2 adds the GuC instance (class OTHER, instance 0, DW0 bit 25, enable
 * and mask 0x190038/0x1900e8 bits 31:16, i915 GEN11_GUC): served through
 * the same selector and identity, its 16-bit vector (GUC2HOST,
 * DOORBELL_RANG) is left for the interrupt thread in &intel_oa_guc.iir.
 */

/* Tries of about 1 us each while waiting for the identity to be valid. */
#define GEN11_IDENTITY_TRIES	100

/* Select an engine's DW0 bit and read (and clear) its identity. */
static u32 gen11_engine_identity(struct intel_oa_device *oa, unsigned int bit)
{
	unsigned int tries = 0;
	u32 ident;

	intel_oa_write(oa, GEN11_IIR_REG_SELECTOR0, BIT(bit));
	for (;;) {
		ident = intel_oa_read(oa, GEN11_INTR_IDENTITY_REG0);
		if ((ident & GEN11_INTR_DATA_VALID) ||
		    ++tries >= GEN11_IDENTITY_TRIES)
			break;
		udelay(1);
	}

	if (unlikely(!(ident & GEN11_INTR_DATA_VALID))) {
		drm_err_ratelimited(&oa->drm,
				    "INTR_IDENTITY_REG0 0x%08x not valid for GT_INTR_DW0 bit %u\n",
				    ident, bit);
		return 0;
	}

	intel_oa_write(oa, GEN11_INTR_IDENTITY_REG0, GEN11_INTR_DATA_VALID);
	return ident;
}

/*
 * Serve the engine of @class and @instance whose bit @bit is set in the
 * GT_INTR_DW0 snapshot @dw0: select it, read its identity, clear the IIR
 * bit (only after the identity was served, as the hardware requires) and
 * return its 16-bit interrupt vector, or 0 if it had nothing for us. Bits
 * of engines this driver never enabled are left alone.
 */
static u32 gen11_serve_engine(struct intel_oa_device *oa, u32 dw0,
			      unsigned int bit, u32 class, u32 instance,
			      const char *name)
{
	u32 ident;

	if (!(dw0 & BIT(bit)))
		return 0;

	ident = gen11_engine_identity(oa, bit);
	intel_oa_write(oa, GEN11_GT_INTR_DW0, BIT(bit));
	if (!ident)
		return 0;

	if (unlikely(FIELD_GET(GEN11_INTR_ENGINE_CLASS, ident) != class ||
		     FIELD_GET(GEN11_INTR_ENGINE_INSTANCE, ident) != instance)) {
		drm_err_ratelimited(&oa->drm,
				    "unexpected engine in INTR_IDENTITY_REG0 0x%08x for %s\n",
				    ident, name);
		return 0;
	}

	return FIELD_GET(GEN11_INTR_ENGINE_INTR, ident);
}

/* WDOAPerf (class OTHER, instance 2, DW0 bit 20): true on a half-full event. */
static bool gen11_serve_wdoaperf(struct intel_oa_device *oa, u32 dw0)
{
	return gen11_serve_engine(oa, dw0, GEN11_WDPERF, OTHER_CLASS,
				  OTHER_WDOAPERF_INSTANCE, "WDOAPerf") &
	       GEN11_OA_HALF_FULL;
}

/*
 * RCS0 (class RENDER, instance 0, DW0 bit 0, i915 GEN11_RCS0): the
 * render engine's context-switch event goes to the execlists, in the hard
 * handler (&intel_oa_device.irq_user_event).
 */
static void gen11_serve_rcs0(struct intel_oa_device *oa, u32 dw0)
{
	void (*cs_event)(struct intel_oa_device *oa);
	u32 vector;

	vector = gen11_serve_engine(oa, dw0, GEN11_RCS0, RENDER_CLASS, 0,
				    "the render engine");
	cs_event = READ_ONCE(oa->irq_user_event);
	if (cs_event && vector & GT_CONTEXT_SWITCH_INTERRUPT)
		cs_event(oa);
}

static bool gen11_serve_dw0(struct intel_oa_device *oa, u32 *dw0_out)
{
	u32 dw0 = intel_oa_read(oa, GEN11_GT_INTR_DW0);

	*dw0_out = dw0;
	gen11_serve_rcs0(oa, dw0);
	return gen11_serve_wdoaperf(oa, dw0);
}

/*
 * Serve the GuC instance (class OTHER, instance 0, DW0 bit 25) of a
 * GT_INTR_DW0 snapshot: its identity data is the GuC's 16-bit vector,
 * handed to the interrupt thread through &intel_oa_guc.iir.
 */
static bool gen11_serve_guc(struct intel_oa_device *oa, u32 dw0)
{
	u32 vector = gen11_serve_engine(oa, dw0, GEN11_GUC, OTHER_CLASS,
					OTHER_GUC_INSTANCE, "the GuC");

	if (!vector)
		return false;
	atomic_or(vector, &oa->guc.iir);
	return true;
}

/* Drop a WDOAPerf event left behind by a previous owner of the GPU. */
static void gen11_drain_wdoaperf(struct intel_oa_device *oa)
{
	unsigned int i;
	u32 dw0;

	/* Twice: the secondary storage may refill the IIR once. */
	for (i = 0; i < 2; i++)
		gen11_serve_dw0(oa, &dw0);
}

static void gen11_gt_irq_reset(struct intel_oa_device *oa)
{
	intel_oa_irq_mask_units(oa);
	intel_oa_write(oa, GEN11_GPM_WGBOXPERF_INTR_ENABLE, 0);
	intel_oa_write(oa, GEN11_GPM_WGBOXPERF_INTR_MASK, ~0u);
	intel_oa_write(oa, GEN11_RENDER_COPY_INTR_ENABLE, 0);
	intel_oa_write(oa, GEN11_RCS0_RSVD_INTR_MASK, ~0u);
	gen11_drain_wdoaperf(oa);
}

/**
 * intel_oa_gen11_irq_reset - disable the primary interrupt and WDOAPerf
 * @oa: device
 */
void intel_oa_gen11_irq_reset(struct intel_oa_device *oa)
{
	intel_oa_write(oa, GEN11_GFX_MSTR_IRQ, 0);
	intel_oa_read(oa, GEN11_GFX_MSTR_IRQ);
	gen11_gt_irq_reset(oa);
}

/* Enable the half-full source; it stays masked until a stream unmasks it. */
static void gen11_gt_irq_postinstall(struct intel_oa_device *oa)
{
	intel_oa_write(oa, GEN11_GPM_WGBOXPERF_INTR_ENABLE,
		       FIELD_PREP(GEN11_WDOAPERF_HALF, GEN11_OA_HALF_FULL));
	intel_oa_write(oa, GEN11_GPM_WGBOXPERF_INTR_MASK, ~0u);
}

/**
 * intel_oa_gen11_irq_postinstall - enable WDOAPerf and the primary
 * @oa: device
 */
void intel_oa_gen11_irq_postinstall(struct intel_oa_device *oa)
{
	gen11_gt_irq_postinstall(oa);
	intel_oa_write(oa, GEN11_GFX_MSTR_IRQ, GEN11_MASTER_IRQ);
	intel_oa_read(oa, GEN11_GFX_MSTR_IRQ);
}

/**
 * intel_oa_gen11_irq_oa_unmask - let a unit's half-full event through
 * @unit: the OA unit
 */
void intel_oa_gen11_irq_oa_unmask(struct intel_oa_unit *unit)
{
	struct intel_oa_device *oa = unit->oa;

	intel_oa_rmw(oa, GEN11_GPM_WGBOXPERF_INTR_MASK,
		     FIELD_PREP(GEN11_WDOAPERF_HALF, GEN11_OA_HALF_FULL), 0);
	intel_oa_write(oa, unit->desc->regs->imr, ~GEN8_OA_BUFFER_HALF_FULL);
}

/**
 * intel_oa_gen11_irq_oa_mask - stop a unit's half-full event
 * @unit: the OA unit
 */
void intel_oa_gen11_irq_oa_mask(struct intel_oa_unit *unit)
{
	struct intel_oa_device *oa = unit->oa;

	intel_oa_write(oa, unit->desc->regs->imr, ~0u);
	intel_oa_rmw(oa, GEN11_GPM_WGBOXPERF_INTR_MASK, 0,
		     FIELD_PREP(GEN11_WDOAPERF_HALF, GEN11_OA_HALF_FULL));
}

/**
 * intel_oa_gen11_irq_handler - Gen11/Gen12 integrated hard handler
 * @oa: device
 *
 * Return: IRQ_NONE if no GT DW was pending, IRQ_WAKE_THREAD for an OA
 * half-full event, else IRQ_HANDLED.
 */
irqreturn_t intel_oa_gen11_irq_handler(struct intel_oa_device *oa)
{
	bool oa_event = false;
	u32 master, dw0 = 0;

	intel_oa_write(oa, GEN11_GFX_MSTR_IRQ, 0);
	master = intel_oa_read(oa, GEN11_GFX_MSTR_IRQ);
	if (unlikely(intel_oa_device_gone(oa)))
		return IRQ_NONE;
	if (!(master & (GEN11_GT_DW0_IRQ | GEN11_GT_DW1_IRQ))) {
		intel_oa_write(oa, GEN11_GFX_MSTR_IRQ, GEN11_MASTER_IRQ);
		return IRQ_NONE;
	}

	if (master & GEN11_GT_DW0_IRQ)
		oa_event = gen11_serve_dw0(oa, &dw0);

	/* Regenerates the MSI if events arrived while we were serving. */
	intel_oa_write(oa, GEN11_GFX_MSTR_IRQ, GEN11_MASTER_IRQ);

	trace_intel_oa_irq(oa, master, dw0);
	return oa_event ? IRQ_WAKE_THREAD : IRQ_HANDLED;
}

/**
 * intel_oa_dg1_irq_reset - disable the tile level, then as Gen11
 * @oa: device
 */
void intel_oa_dg1_irq_reset(struct intel_oa_device *oa)
{
	u32 val;

	intel_oa_write(oa, DG1_MSTR_TILE_INTR, 0);
	intel_oa_read(oa, DG1_MSTR_TILE_INTR);
	gen11_gt_irq_reset(oa);

	/* Acknowledge the latches a served or stale DW event left set. */
	val = intel_oa_read(oa, GEN11_GFX_MSTR_IRQ);
	if (val)
		intel_oa_write(oa, GEN11_GFX_MSTR_IRQ, val);
	val = intel_oa_read(oa, DG1_MSTR_TILE_INTR);
	if (val)
		intel_oa_write(oa, DG1_MSTR_TILE_INTR, val);
}

/**
 * intel_oa_dg1_irq_postinstall - enable WDOAPerf and the tile primary
 * @oa: device
 */
void intel_oa_dg1_irq_postinstall(struct intel_oa_device *oa)
{
	gen11_gt_irq_postinstall(oa);
	intel_oa_write(oa, DG1_MSTR_TILE_INTR, DG1_MSTR_IRQ);
	intel_oa_read(oa, DG1_MSTR_TILE_INTR);
}

/**
 * intel_oa_gen11_irq_cs_unmask - let the render context-switch event through
 * @oa: device whose &intel_oa_device.irq_user_event is set
 *
 * The render engine's vector is the upper half of
 * GEN11_RENDER_COPY_INTR_ENABLE and GEN11_RCS0_RSVD_INTR_MASK (i915
 * gen11_gt_irq_postinstall(), execlists' GT_CONTEXT_SWITCH_INTERRUPT).
 */
void intel_oa_gen11_irq_cs_unmask(struct intel_oa_device *oa)
{
	u32 field = FIELD_PREP(GEN11_RCS0_INTR_FIELD,
			       GT_CONTEXT_SWITCH_INTERRUPT);

	intel_oa_write(oa, GEN11_RENDER_COPY_INTR_ENABLE, field);
	intel_oa_write(oa, GEN11_RCS0_RSVD_INTR_MASK, ~field);
}

/**
 * intel_oa_gen11_guc_irq_enable - enable and unmask GuC vector bits
 * @oa: device (GT forcewake held)
 * @vector: GUC_INTR_* bits
 *
 * The GuC instance's enable and mask registers keep its 16-bit vector in
 * bits 31:16.
 */
void intel_oa_gen11_guc_irq_enable(struct intel_oa_device *oa, u32 vector)
{
	u32 field = FIELD_PREP(GEN11_GUC_INTR_FIELD, vector);

	intel_oa_rmw(oa, GEN11_GUC_SG_INTR_ENABLE, 0, field);
	intel_oa_rmw(oa, GEN11_GUC_SG_INTR_MASK, field, 0);
}

/**
 * intel_oa_dg2_irq_reset - as DG1, and silence the GuC instance
 * @oa: device
 */
void intel_oa_dg2_irq_reset(struct intel_oa_device *oa)
{
	u32 dw0;

	intel_oa_write(oa, GEN11_GUC_SG_INTR_ENABLE, 0);
	intel_oa_write(oa, GEN11_GUC_SG_INTR_MASK, ~0u);
	/* A GuC vector latched before the reset, twice like WDOAPerf. */
	dw0 = intel_oa_read(oa, GEN11_GT_INTR_DW0);
	gen11_serve_guc(oa, dw0);
	dw0 = intel_oa_read(oa, GEN11_GT_INTR_DW0);
	gen11_serve_guc(oa, dw0);
	atomic_set(&oa->guc.iir, 0);
	intel_oa_dg1_irq_reset(oa);
}

/**
 * intel_oa_dg1_irq_handler - DG1 and Gen12.5 hard handler: the tile level
 *	in front of the Gen11 GT level
 * @oa: device
 *
 * Serves the WDOAPerf instance of GT_INTR_DW0, and on a device with a GuC
 * (&intel_oa_hw_ops.guc_init) the GuC instance too. Every bit of the DW0
 * snapshot this driver enabled is served before the primary interrupt is
 * re-enabled, so an event that arrived meanwhile (held by the
 * double-buffered DW0) raises a new interrupt.
 *
 * Return: IRQ_NONE if no tile was pending, IRQ_WAKE_THREAD for an OA
 * half-full event or GuC work, else IRQ_HANDLED.
 */
irqreturn_t intel_oa_dg1_irq_handler(struct intel_oa_device *oa)
{
	bool oa_event = false, guc_event = false;
	u32 tile, master = 0, dw0 = 0;

	intel_oa_write(oa, DG1_MSTR_TILE_INTR, 0);
	tile = intel_oa_read(oa, DG1_MSTR_TILE_INTR);
	if (unlikely(intel_oa_device_gone(oa)))
		return IRQ_NONE;
	if (!tile) {
		intel_oa_write(oa, DG1_MSTR_TILE_INTR, DG1_MSTR_IRQ);
		return IRQ_NONE;
	}
	/* Bit 31 reads 0 here, so this only acknowledges the tile bits. */
	intel_oa_write(oa, DG1_MSTR_TILE_INTR, tile);

	if (tile & DG1_MSTR_TILE(0)) {
		master = intel_oa_read(oa, GEN11_GFX_MSTR_IRQ);
		intel_oa_write(oa, GEN11_GFX_MSTR_IRQ, master);
		if (master & GEN11_GT_DW0_IRQ) {
			dw0 = intel_oa_read(oa, GEN11_GT_INTR_DW0);
			if (oa->ops->guc_init)
				guc_event = gen11_serve_guc(oa, dw0);
			gen11_serve_rcs0(oa, dw0);
			oa_event = gen11_serve_wdoaperf(oa, dw0);
		}
	} else {
		drm_err_ratelimited(&oa->drm,
				    "interrupt from a tile other than 0 (DG1_MSTR_TILE_INTR 0x%08x)\n",
				    tile);
	}

	if (oa_event)
		atomic_set(&oa->irq_oa_pending, 1);

	intel_oa_write(oa, DG1_MSTR_TILE_INTR, DG1_MSTR_IRQ);

	trace_intel_oa_irq(oa, master, dw0);
	return oa_event || guc_event ? IRQ_WAKE_THREAD : IRQ_HANDLED;
}
