/*
 * intel-oa-gpu: interrupt hierarchies, one core per architecture, chosen
 * at realize from the platform row:
 *
 * Gen6/7 (snb..hsw): GTISR/GTIMR/GTIIR/GTIER at 0x44010 with the Gen8
 * bank semantics, the OA buffer's half-full event on bit 9 (not on Sandy
 * Bridge, which has no OA interrupt); DEIER bit 31 gates the output.
 *
 * Gen8 (bdw..cml): GT banks 0..3 and MASTER_IRQ. Per bank: ISR shows
 * live source status; an event on a source whose IMR bit is clear
 * latches into IIR (write 1 to clear); IIR & IER make the bank pending;
 * MASTER_IRQ bit 2n reports bank n's low half pending and bit 2n + 1 its
 * high half (the OA unit, bank 3 bit 28, is bit 7, the WD box); with
 * MASTER_IRQ.ENABLE set a pending bank asserts the device interrupt.
 *
 * Gen11 (icl..adl-p): seed 002's two levels. The OA unit (WDOAPerf) has
 * an enable and a mask half and a collapsing register; its unmasked
 * bits set GT_INTR_DW0 bit 20, a double-buffered IIR serviced through
 * IIR_REG_SELECTOR0 and INTR_IDENTITY_REG0; GFX_MSTR_IRQ shows DW0/DW1
 * pending and gates the output with bit 31.
 *
 * DG1: the Gen11 hierarchy with latched GFX_MSTR_IRQ bits behind
 * DG1_MSTR_TILE_INTR, which gates the output.
 *
 * The output is a level; with MSI every rising edge sends one MSI.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_INTEL_OA_IRQ_H
#define HW_MISC_INTEL_OA_IRQ_H

#include "exec/hwaddr.h"
#include "migration/vmstate.h"
#include "hw/registerfields.h"
#include "intel_oa_regs.h"
#include "intel_oa_platform.h"
#include "intel_oa_violation.h"

/* Called whenever the interrupt output changes level. */
typedef void (*IntelOAIrqOutput)(void *opaque, bool level);

typedef struct IntelOAIrqOps IntelOAIrqOps;

/*
 * What the GuC (Gen12.5, dg2.rst) adds to the Gen11+ core: it may take
 * engine interrupts before the host sees them, and it watches the
 * host's reads of GT_INTR_DW0 (the irq-in-service knob).
 */
typedef struct IntelOAIrqGucHooks {
    /* true: the GuC consumed the OA unit's event with vector @data */
    bool (*take_oa)(void *opaque, uint32_t data);
    void (*dw0_read)(void *opaque, uint32_t dw0);
    void *opaque;
} IntelOAIrqGucHooks;

typedef struct IntelOAIrq {
    const IntelOAIrqOps *ops;
    IntelOAViolations *viol;
    IntelOAIrqOutput output;
    void *opaque;
    bool level;

    /* Gen8; Gen6/7 use bank 0 and keep DEIER in @master */
    uint32_t master;
    uint32_t isr[INTEL_OA_GT_IRQ_BANKS];
    uint32_t imr[INTEL_OA_GT_IRQ_BANKS];
    uint32_t iir[INTEL_OA_GT_IRQ_BANKS];
    uint32_t ier[INTEL_OA_GT_IRQ_BANKS];

    /* Gen11+ */
    uint32_t gfx_mstr;          /* bit 31; on DG1 also the DW latches */
    uint32_t tile;              /* DG1_MSTR_TILE_INTR */
    uint32_t dw0;               /* GT_INTR_DW0 (IIR) */
    uint32_t dw0_secondary;     /* events held while a snapshot is open */
    uint32_t dw0_snapshot;      /* bits software read and has not cleared */
    uint32_t dw0_serviced;      /* engines serviced through the selector */
    uint32_t selector;
    uint32_t identity;
    uint32_t wgbox_enable;      /* 31:16 GTPM, 15:0 WDOAPerf */
    uint32_t wgbox_mask;
    uint32_t oa_collapse;       /* WDOAPerf collapsing register */

    /* Gen12.5 GuC instance; absent without hooks */
    IntelOAIrqGucHooks guc_hooks;
    uint32_t guc_enable;        /* GUC_SG_INTR_ENABLE */
    uint32_t guc_mask;          /* GUC_SG_INTR_MASK */
    uint32_t guc_collapse;      /* the GuC's 16-bit vector */
    uint32_t rcs_enable;        /* RENDER_COPY_INTR_ENABLE */
    uint32_t rcs_mask;          /* RCS0_RSVD_INTR_MASK */
    uint32_t rcs_collapse;      /* the render engine's 16-bit vector */
} IntelOAIrq;

void intel_oa_irq_init(IntelOAIrq *irq, IntelOAIrqArch arch,
                       IntelOAViolations *viol, IntelOAIrqOutput output,
                       void *opaque);
void intel_oa_irq_reset(IntelOAIrq *irq);

/* Whether the OA unit has an interrupt source at all. */
bool intel_oa_irq_has_oa_source(const IntelOAIrq *irq);
/* The OA unit's half-full source: live level and event. */
void intel_oa_irq_oa_status(IntelOAIrq *irq, bool level);
bool intel_oa_irq_oa_event(IntelOAIrq *irq);

/* Gen8: set the live status (ISR) of the sources in @mask of @bank. */
void intel_oa_irq_set_status(IntelOAIrq *irq, unsigned int bank,
                             uint32_t mask, bool level);
/*
 * Gen8: signal an interrupt event for the sources in @mask of @bank: latched
 * into IIR unless masked by IMR. Returns true if it was latched.
 */
bool intel_oa_irq_event(IntelOAIrq *irq, unsigned int bank, uint32_t mask);
/*
 * The render engine's interrupt vector bits @mask (RING_IMR already
 * applied): GT bank 0 up to Gen9, the RCS0 instance from Gen11 on.
 */
void intel_oa_irq_render_event(IntelOAIrq *irq, uint32_t mask);

/* Gen12.5: give the core a GuC interrupt instance. */
void intel_oa_irq_attach_guc(IntelOAIrq *irq, const IntelOAIrqGucHooks *h);
/*
 * The GuC raises vector bits @data (INTEL_OA_GUC_INTR_*) to the host.
 * Returns true if they were latched (enabled).
 */
bool intel_oa_irq_guc_event(IntelOAIrq *irq, uint32_t data);

bool intel_oa_irq_mmio_read(IntelOAIrq *irq, hwaddr addr, uint32_t *val);
bool intel_oa_irq_mmio_write(IntelOAIrq *irq, hwaddr addr, uint32_t val);

extern const VMStateDescription vmstate_intel_oa_irq;

#endif /* HW_MISC_INTEL_OA_IRQ_H */
