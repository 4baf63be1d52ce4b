/*
 * intel-oa-gpu: Gen8 GT interrupt banks and master interrupt control.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "intel_oa_irq.h"
#include "trace.h"

enum {
    GT_ISR = A_GT_ISR0 - INTEL_OA_GT_IRQ_BASE,
    GT_IMR = A_GT_IMR0 - INTEL_OA_GT_IRQ_BASE,
    GT_IIR = A_GT_IIR0 - INTEL_OA_GT_IRQ_BASE,
    GT_IER = A_GT_IER0 - INTEL_OA_GT_IRQ_BASE,
};

/* MASTER_IRQ pending bit of GT bank n (i915: RCS/VCS/PM/VECS = 0/2/4/6). */
static uint32_t irq_master_bit(unsigned int bank)
{
    return 1u << (2 * bank);
}

static uint32_t irq_pending(const IntelOAIrq *irq)
{
    uint32_t pending = 0;
    unsigned int i;

    for (i = 0; i < INTEL_OA_GT_IRQ_BANKS; i++) {
        if (irq->iir[i] & irq->ier[i]) {
            pending |= irq_master_bit(i);
        }
    }
    return pending;
}

static void irq_update(IntelOAIrq *irq)
{
    bool level = FIELD_EX32(irq->master, MASTER_IRQ, ENABLE) &&
                 irq_pending(irq);

    if (level != irq->level) {
        irq->level = level;
        trace_intel_oa_irq_output(level, irq_pending(irq));
        irq->output(irq->opaque, level);
    }
}

void intel_oa_irq_init(IntelOAIrq *irq, IntelOAIrqOutput output,
                       void *opaque)
{
    irq->output = output;
    irq->opaque = opaque;
}

void intel_oa_irq_reset(IntelOAIrq *irq)
{
    unsigned int i;

    irq->master = 0;
    for (i = 0; i < INTEL_OA_GT_IRQ_BANKS; i++) {
        irq->isr[i] = 0;
        irq->imr[i] = UINT32_MAX;
        irq->iir[i] = 0;
        irq->ier[i] = 0;
    }
    irq->level = false;
}

void intel_oa_irq_set_status(IntelOAIrq *irq, unsigned int bank,
                             uint32_t mask, bool level)
{
    assert(bank < INTEL_OA_GT_IRQ_BANKS);
    if (level) {
        irq->isr[bank] |= mask;
    } else {
        irq->isr[bank] &= ~mask;
    }
}

bool intel_oa_irq_event(IntelOAIrq *irq, unsigned int bank, uint32_t mask)
{
    uint32_t latch;

    assert(bank < INTEL_OA_GT_IRQ_BANKS);
    latch = mask & ~irq->imr[bank];
    trace_intel_oa_irq_event(bank, mask, latch);
    if (!latch) {
        return false;
    }
    irq->iir[bank] |= latch;
    irq_update(irq);
    return true;
}

bool intel_oa_irq_mmio_read(IntelOAIrq *irq, hwaddr addr, uint32_t *val)
{
    unsigned int bank;

    if (addr == A_MASTER_IRQ) {
        *val = (irq->master & R_MASTER_IRQ_ENABLE_MASK) | irq_pending(irq);
        return true;
    }
    if (addr < INTEL_OA_GT_IRQ_BASE ||
        addr >= INTEL_OA_GT_IRQ_BASE +
                INTEL_OA_GT_IRQ_BANKS * INTEL_OA_GT_IRQ_STRIDE) {
        return false;
    }
    bank = (addr - INTEL_OA_GT_IRQ_BASE) / INTEL_OA_GT_IRQ_STRIDE;
    switch ((addr - INTEL_OA_GT_IRQ_BASE) % INTEL_OA_GT_IRQ_STRIDE) {
    case GT_ISR:
        *val = irq->isr[bank];
        break;
    case GT_IMR:
        *val = irq->imr[bank];
        break;
    case GT_IIR:
        *val = irq->iir[bank];
        break;
    case GT_IER:
        *val = irq->ier[bank];
        break;
    }
    return true;
}

bool intel_oa_irq_mmio_write(IntelOAIrq *irq, hwaddr addr, uint32_t val)
{
    unsigned int bank;

    if (addr == A_MASTER_IRQ) {
        /* only the enable bit is writable; pending bits are status */
        irq->master = val & R_MASTER_IRQ_ENABLE_MASK;
        trace_intel_oa_irq_master(val);
        irq_update(irq);
        return true;
    }
    if (addr < INTEL_OA_GT_IRQ_BASE ||
        addr >= INTEL_OA_GT_IRQ_BASE +
                INTEL_OA_GT_IRQ_BANKS * INTEL_OA_GT_IRQ_STRIDE) {
        return false;
    }
    bank = (addr - INTEL_OA_GT_IRQ_BASE) / INTEL_OA_GT_IRQ_STRIDE;
    trace_intel_oa_irq_write(bank, addr % INTEL_OA_GT_IRQ_STRIDE, val);
    switch ((addr - INTEL_OA_GT_IRQ_BASE) % INTEL_OA_GT_IRQ_STRIDE) {
    case GT_ISR:
        qemu_log_mask(LOG_GUEST_ERROR,
                      "intel-oa-gpu: GT_ISR(%u) is read-only, write of "
                      "0x%08x ignored\n", bank, val);
        break;
    case GT_IMR:
        irq->imr[bank] = val;
        break;
    case GT_IIR:
        irq->iir[bank] &= ~val;
        break;
    case GT_IER:
        irq->ier[bank] = val;
        break;
    }
    irq_update(irq);
    return true;
}

const VMStateDescription vmstate_intel_oa_irq = {
    .name = "intel-oa-gpu/irq",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_BOOL(level, IntelOAIrq),
        VMSTATE_UINT32(master, IntelOAIrq),
        VMSTATE_UINT32_ARRAY(isr, IntelOAIrq, INTEL_OA_GT_IRQ_BANKS),
        VMSTATE_UINT32_ARRAY(imr, IntelOAIrq, INTEL_OA_GT_IRQ_BANKS),
        VMSTATE_UINT32_ARRAY(iir, IntelOAIrq, INTEL_OA_GT_IRQ_BANKS),
        VMSTATE_UINT32_ARRAY(ier, IntelOAIrq, INTEL_OA_GT_IRQ_BANKS),
        VMSTATE_END_OF_LIST()
    }
};
