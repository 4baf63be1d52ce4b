/*
 * intel-oa-gpu: Gen8 interrupt hierarchy (GT banks 0..3 and the master
 * interrupt control register).
 *
 * Per bank: ISR shows live source status; an event on a source whose
 * IMR bit is clear latches into IIR (write 1 to clear); IIR & IER make
 * the bank pending; MASTER_IRQ bit 2n reports bank n pending; with
 * MASTER_IRQ.ENABLE set a pending bank asserts the device interrupt
 * (MSI on each assertion, or the INTx level).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_INTEL_OA_IRQ_H
#define HW_MISC_INTEL_OA_IRQ_H

#include "exec/hwaddr.h"
#include "migration/vmstate.h"
#include "hw/registerfields.h"
#include "intel_oa_regs.h"

/* Called whenever the interrupt output changes level. */
typedef void (*IntelOAIrqOutput)(void *opaque, bool level);

typedef struct IntelOAIrq {
    IntelOAIrqOutput output;
    void *opaque;
    bool level;

    uint32_t master;
    uint32_t isr[INTEL_OA_GT_IRQ_BANKS];
    uint32_t imr[INTEL_OA_GT_IRQ_BANKS];
    uint32_t iir[INTEL_OA_GT_IRQ_BANKS];
    uint32_t ier[INTEL_OA_GT_IRQ_BANKS];
} IntelOAIrq;

void intel_oa_irq_init(IntelOAIrq *irq, IntelOAIrqOutput output,
                       void *opaque);
void intel_oa_irq_reset(IntelOAIrq *irq);

/* Set the live status (ISR) of the sources in @mask of @bank. */
void intel_oa_irq_set_status(IntelOAIrq *irq, unsigned int bank,
                             uint32_t mask, bool level);
/*
 * Signal an interrupt event for the sources in @mask of @bank: latched
 * into IIR unless masked by IMR. Returns true if it was latched.
 */
bool intel_oa_irq_event(IntelOAIrq *irq, unsigned int bank, uint32_t mask);

bool intel_oa_irq_mmio_read(IntelOAIrq *irq, hwaddr addr, uint32_t *val);
bool intel_oa_irq_mmio_write(IntelOAIrq *irq, hwaddr addr, uint32_t val);

extern const VMStateDescription vmstate_intel_oa_irq;

#endif /* HW_MISC_INTEL_OA_IRQ_H */
