/*
 * intel-oa-gpu: interrupt cores. Gen6/7: one GT bank behind DEIER's
 * master enable. Gen8: GT interrupt banks and master interrupt control.
 * Gen11+: the two-level hierarchy of seed 002 (and DG1's tile level),
 * for the OA unit, the render engine and the GuC. Where each register and
 * bit comes from: Documentation/hardware-sources.rst.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "intel_oa_irq.h"
#include "trace.h"

struct IntelOAIrqOps {
    /* DG1: DG1_MSTR_TILE_INTR gates latched GFX_MSTR_IRQ bits */
    bool has_tile;
    /* Gen11+: the render engine interrupts through the RCS0 instance */
    bool render_instance;
    /* the OA buffer can interrupt (all but Sandy Bridge) */
    bool has_oa_source;
    void (*reset)(IntelOAIrq *irq);
    /* current output level */
    bool (*level)(const IntelOAIrq *irq);
    void (*oa_status)(IntelOAIrq *irq, bool level);
    bool (*oa_event)(IntelOAIrq *irq);
    bool (*read)(IntelOAIrq *irq, hwaddr addr, uint32_t *val);
    bool (*write)(IntelOAIrq *irq, hwaddr addr, uint32_t val);
};

/* Drive the output from the core's level; MSI goes on rising edges. */
static void irq_update(IntelOAIrq *irq)
{
    bool level = irq->ops->level(irq);

    if (level != irq->level) {
        irq->level = level;
        trace_intel_oa_irq_output(level);
        irq->output(irq->opaque, level);
    }
}

/* ---- Gen8 ---------------------------------------------------------------- */

enum {
    GT_ISR = A_GT_ISR0 - INTEL_OA_GT_IRQ_BASE,
    GT_IMR = A_GT_IMR0 - INTEL_OA_GT_IRQ_BASE,
    GT_IIR = A_GT_IIR0 - INTEL_OA_GT_IRQ_BASE,
    GT_IER = A_GT_IER0 - INTEL_OA_GT_IRQ_BASE,
};

/*
 * MASTER_IRQ pending bits: bank n's low half raises bit 2n, its high half
 * bit 2n + 1 (i915 GEN8_GT_RCS_IRQ..GEN8_GT_WDBOX_OACS_IRQ = bits 0..7).
 */
static uint32_t irq_pending(const IntelOAIrq *irq)
{
    uint32_t pending = 0;
    unsigned int i;

    for (i = 0; i < INTEL_OA_GT_IRQ_BANKS; i++) {
        uint32_t live = irq->iir[i] & irq->ier[i];

        if (live & 0xffff) {
            pending |= 1u << (2 * i);
        }
        if (live >> 16) {
            pending |= 1u << (2 * i + 1);
        }
    }
    return pending;
}

static bool gen8_level(const IntelOAIrq *irq)
{
    return FIELD_EX32(irq->master, MASTER_IRQ, ENABLE) && irq_pending(irq);
}

static void gen8_reset(IntelOAIrq *irq)
{
    unsigned int i;

    irq->master = 0;
    for (i = 0; i < INTEL_OA_GT_IRQ_BANKS; i++) {
        irq->isr[i] = 0;
        irq->imr[i] = UINT32_MAX;
        irq->iir[i] = 0;
        irq->ier[i] = 0;
    }
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

static void gen8_oa_status(IntelOAIrq *irq, bool level)
{
    intel_oa_irq_set_status(irq, INTEL_OA_IRQ_BANK_OA,
                            INTEL_OA_IRQ_OA_HALF_FULL, level);
}

static bool gen8_oa_event(IntelOAIrq *irq)
{
    return intel_oa_irq_event(irq, INTEL_OA_IRQ_BANK_OA,
                              INTEL_OA_IRQ_OA_HALF_FULL);
}

static bool gen8_read(IntelOAIrq *irq, hwaddr addr, uint32_t *val)
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

static bool gen8_write(IntelOAIrq *irq, hwaddr addr, uint32_t val)
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

static const IntelOAIrqOps gen8_ops = {
    .has_oa_source = true,
    .reset = gen8_reset,
    .level = gen8_level,
    .oa_status = gen8_oa_status,
    .oa_event = gen8_oa_event,
    .read = gen8_read,
    .write = gen8_write,
};

/* ---- Gen6/7 -------------------------------------------------------------- */

/*
 * One GT bank at 0x44010 (kept in bank 0 of the Gen8 arrays) and the
 * master enable DEIER bit 31 (kept in @master with the rest of DEIER).
 */
static bool gen7_level(const IntelOAIrq *irq)
{
    return FIELD_EX32(irq->master, GEN7_DEIER, MASTER_ENABLE) &&
           (irq->iir[0] & irq->ier[0]);
}

static void gen7_oa_status(IntelOAIrq *irq, bool level)
{
    intel_oa_irq_set_status(irq, 0, INTEL_OA_GEN7_IRQ_OA_HALF_FULL, level);
}

static bool gen7_oa_event(IntelOAIrq *irq)
{
    return intel_oa_irq_event(irq, 0, INTEL_OA_GEN7_IRQ_OA_HALF_FULL);
}

/* Sandy Bridge's OA unit raises no interrupt: software polls. */
static void gen6_oa_status(IntelOAIrq *irq, bool level)
{
}

static bool gen6_oa_event(IntelOAIrq *irq)
{
    return false;
}

static bool gen7_read(IntelOAIrq *irq, hwaddr addr, uint32_t *val)
{
    switch (addr) {
    case A_GEN7_DEIER:
        *val = irq->master;
        return true;
    case A_GEN7_GTISR:
        *val = irq->isr[0];
        return true;
    case A_GEN7_GTIMR:
        *val = irq->imr[0];
        return true;
    case A_GEN7_GTIIR:
        *val = irq->iir[0];
        return true;
    case A_GEN7_GTIER:
        *val = irq->ier[0];
        return true;
    }
    return false;
}

static bool gen7_write(IntelOAIrq *irq, hwaddr addr, uint32_t val)
{
    switch (addr) {
    case A_GEN7_DEIER:
        irq->master = val;
        trace_intel_oa_irq_master(val);
        break;
    case A_GEN7_GTISR:
        qemu_log_mask(LOG_GUEST_ERROR,
                      "intel-oa-gpu: GTISR is read-only, write of 0x%08x "
                      "ignored\n", val);
        return true;
    case A_GEN7_GTIMR:
        irq->imr[0] = val;
        break;
    case A_GEN7_GTIIR:
        irq->iir[0] &= ~val;
        break;
    case A_GEN7_GTIER:
        irq->ier[0] = val;
        break;
    default:
        return false;
    }
    trace_intel_oa_irq_write(0, addr, val);
    irq_update(irq);
    return true;
}

static const IntelOAIrqOps gen7_ops = {
    .has_oa_source = true,
    .reset = gen8_reset,
    .level = gen7_level,
    .oa_status = gen7_oa_status,
    .oa_event = gen7_oa_event,
    .read = gen7_read,
    .write = gen7_write,
};

static const IntelOAIrqOps gen6_ops = {
    .reset = gen8_reset,
    .level = gen7_level,
    .oa_status = gen6_oa_status,
    .oa_event = gen6_oa_event,
    .read = gen7_read,
    .write = gen7_write,
};

/* ---- Gen11, Gen12 and DG1 ------------------------------------------------ */

static bool gen11_dw_pending(const IntelOAIrq *irq)
{
    return irq->dw0 != 0;
}

static bool gen11_level(const IntelOAIrq *irq)
{
    return FIELD_EX32(irq->gfx_mstr, GFX_MSTR_IRQ, ENABLE) &&
           gen11_dw_pending(irq);
}

static bool dg1_level(const IntelOAIrq *irq)
{
    return FIELD_EX32(irq->tile, DG1_MSTR_TILE_INTR, ENABLE) &&
           FIELD_EX32(irq->tile, DG1_MSTR_TILE_INTR, TILE0);
}

static void gen11_reset(IntelOAIrq *irq)
{
    irq->gfx_mstr = 0;
    irq->tile = 0;
    irq->dw0 = 0;
    irq->dw0_secondary = 0;
    irq->dw0_snapshot = 0;
    irq->dw0_serviced = 0;
    irq->selector = 0;
    irq->identity = 0;
    irq->wgbox_enable = 0;
    /* every source masked until the driver unmasks it, as i915 assumes */
    irq->wgbox_mask = UINT32_MAX;
    irq->oa_collapse = 0;
    irq->guc_enable = 0;
    irq->guc_mask = UINT32_MAX;
    irq->guc_collapse = 0;
    irq->rcs_enable = 0;
    irq->rcs_mask = UINT32_MAX;
    irq->rcs_collapse = 0;
}

static bool gen11_has_guc(const IntelOAIrq *irq)
{
    return irq->guc_hooks.take_oa != NULL;
}

/*
 * A DW-level event: on DG1 it latches GFX_MSTR_IRQ's DW0 bit and the
 * tile bit; integrated parts show the IIR level directly.
 */
static void gen11_dw_event(IntelOAIrq *irq)
{
    if (irq->ops->has_tile) {
        irq->gfx_mstr |= R_GFX_MSTR_IRQ_GT_DW0_MASK;
        irq->tile |= R_DG1_MSTR_TILE_INTR_TILE0_MASK;
    }
}

/*
 * An engine raises its GT_INTR_DW0 bit. While software holds a
 * snapshot of the IIR it has not cleared yet, the event waits in the
 * secondary storage (seed 002's double buffering).
 */
static void gen11_dw0_raise(IntelOAIrq *irq, uint32_t bit)
{
    if (irq->dw0_snapshot) {
        irq->dw0_secondary |= bit;
    } else if (!(irq->dw0 & bit)) {
        irq->dw0 |= bit;
        gen11_dw_event(irq);
    }
    irq_update(irq);
}

/* WDOAPerf's unmasked first-level bits, as the identity presents them. */
static uint32_t gen11_oa_unmasked(const IntelOAIrq *irq)
{
    return irq->oa_collapse & ~irq->wgbox_mask & 0xffff;
}

/* The GuC's unmasked vector bits. */
static uint32_t gen11_guc_unmasked(const IntelOAIrq *irq)
{
    return irq->guc_collapse & ~(irq->guc_mask >> INTEL_OA_GEN11_GUC_SHIFT) &
           0xffff;
}

/* The render engine's unmasked vector bits. */
static uint32_t gen11_rcs_unmasked(const IntelOAIrq *irq)
{
    return irq->rcs_collapse & ~(irq->rcs_mask >> INTEL_OA_GEN11_RCS_SHIFT) &
           0xffff;
}

void intel_oa_irq_render_event(IntelOAIrq *irq, uint32_t mask)
{
    if (!irq->ops->render_instance) {
        intel_oa_irq_event(irq, 0, mask);
        return;
    }
    mask &= irq->rcs_enable >> INTEL_OA_GEN11_RCS_SHIFT;
    if (!mask) {
        return;
    }
    irq->rcs_collapse |= mask;
    if (gen11_rcs_unmasked(irq)) {
        gen11_dw0_raise(irq, INTEL_OA_GEN11_RCS0_DW0_BIT);
    }
}

bool intel_oa_irq_guc_event(IntelOAIrq *irq, uint32_t data)
{
    if (!gen11_has_guc(irq) ||
        !((irq->guc_enable >> INTEL_OA_GEN11_GUC_SHIFT) & data)) {
        return false;
    }
    irq->guc_collapse |= data;
    if (gen11_guc_unmasked(irq)) {
        gen11_dw0_raise(irq, INTEL_OA_GEN11_GUC_DW0_BIT);
    }
    return true;
}

static void gen11_oa_status(IntelOAIrq *irq, bool level)
{
    /* no first-level status register is modelled on Gen11+ */
}

static bool gen11_oa_event(IntelOAIrq *irq)
{
    uint32_t data = INTEL_OA_GEN11_OA_HALF_FULL;

    /* redirection happens at the engine, before the host's enables */
    if (gen11_has_guc(irq) &&
        irq->guc_hooks.take_oa(irq->guc_hooks.opaque, data)) {
        return false;
    }
    if (!(irq->wgbox_enable & data)) {
        return false;
    }
    irq->oa_collapse |= data;
    if (gen11_oa_unmasked(irq)) {
        gen11_dw0_raise(irq, INTEL_OA_GEN11_OA_DW0_BIT);
    }
    return true;
}

static void gen11_write_dw0(IntelOAIrq *irq, uint32_t val)
{
    uint32_t clear = val & irq->dw0;

    if (clear & ~irq->dw0_serviced) {
        intel_oa_violation(irq->viol, INTEL_OA_VIOL_IRQ_IIR_CLEAR_UNSERVICED,
                           "GT_INTR_DW0 bits 0x%08x cleared without "
                           "servicing the engine through IIR_REG_SELECTOR0",
                           clear & ~irq->dw0_serviced);
    }
    irq->dw0 &= ~val;
    irq->dw0_serviced &= ~clear;
    irq->dw0_snapshot &= irq->dw0;
    if (!irq->dw0 && irq->dw0_secondary) {
        irq->dw0 = irq->dw0_secondary;
        irq->dw0_secondary = 0;
        gen11_dw_event(irq);
    }
}

static void gen11_write_selector(IntelOAIrq *irq, uint32_t val)
{
    if (!is_power_of_2(val)) {
        intel_oa_violation(irq->viol, INTEL_OA_VIOL_IRQ_SELECTOR_NOT_ONE_HOT,
                           "IIR_REG_SELECTOR0 0x%08x is not one-hot", val);
        return;
    }
    if (!(val & irq->dw0)) {
        intel_oa_violation(irq->viol, INTEL_OA_VIOL_IRQ_SELECTOR_NOT_PENDING,
                           "IIR_REG_SELECTOR0 0x%08x names a bit not set in "
                           "GT_INTR_DW0 (0x%08x)", val, irq->dw0);
        return;
    }
    irq->selector = val;
    irq->identity = R_INTR_IDENTITY_REG0_VALID_MASK;
    if (val == INTEL_OA_GEN11_OA_DW0_BIT) {
        irq->identity = FIELD_DP32(irq->identity, INTR_IDENTITY_REG0, CLASS,
                                   INTEL_OA_GEN11_OA_CLASS);
        irq->identity = FIELD_DP32(irq->identity, INTR_IDENTITY_REG0,
                                   INSTANCE, INTEL_OA_GEN11_OA_INSTANCE);
        irq->identity = FIELD_DP32(irq->identity, INTR_IDENTITY_REG0, DATA,
                                   gen11_oa_unmasked(irq));
    } else if (val == INTEL_OA_GEN11_RCS0_DW0_BIT) {
        irq->identity = FIELD_DP32(irq->identity, INTR_IDENTITY_REG0, CLASS,
                                   INTEL_OA_GEN11_RENDER_CLASS);
        irq->identity = FIELD_DP32(irq->identity, INTR_IDENTITY_REG0, DATA,
                                   gen11_rcs_unmasked(irq));
    } else if (val == INTEL_OA_GEN11_GUC_DW0_BIT) {
        irq->identity = FIELD_DP32(irq->identity, INTR_IDENTITY_REG0, CLASS,
                                   INTEL_OA_GEN11_OA_CLASS);
        irq->identity = FIELD_DP32(irq->identity, INTR_IDENTITY_REG0,
                                   INSTANCE, INTEL_OA_GEN11_GUC_INSTANCE);
        irq->identity = FIELD_DP32(irq->identity, INTR_IDENTITY_REG0, DATA,
                                   gen11_guc_unmasked(irq));
    }
}

static void gen11_write_identity(IntelOAIrq *irq, uint32_t val)
{
    if (!FIELD_EX32(val, INTR_IDENTITY_REG0, VALID) ||
        !FIELD_EX32(irq->identity, INTR_IDENTITY_REG0, VALID)) {
        return;
    }
    if (irq->selector == INTEL_OA_GEN11_OA_DW0_BIT) {
        irq->oa_collapse &= ~FIELD_EX32(irq->identity, INTR_IDENTITY_REG0,
                                        DATA);
    } else if (irq->selector == INTEL_OA_GEN11_GUC_DW0_BIT) {
        irq->guc_collapse &= ~FIELD_EX32(irq->identity, INTR_IDENTITY_REG0,
                                         DATA);
    } else if (irq->selector == INTEL_OA_GEN11_RCS0_DW0_BIT) {
        irq->rcs_collapse &= ~FIELD_EX32(irq->identity, INTR_IDENTITY_REG0,
                                         DATA);
    }
    irq->dw0_serviced |= irq->selector;
    irq->identity = 0;
    irq->selector = 0;
}

static bool gen11_read(IntelOAIrq *irq, hwaddr addr, uint32_t *val)
{
    bool dg1 = irq->ops->has_tile;

    switch (addr) {
    case A_DG1_MSTR_TILE_INTR:
        if (!dg1) {
            return false;
        }
        *val = irq->tile;
        return true;
    case A_GFX_MSTR_IRQ:
        *val = irq->gfx_mstr;
        if (!dg1 && gen11_dw_pending(irq)) {
            *val |= R_GFX_MSTR_IRQ_GT_DW0_MASK;
        }
        return true;
    case A_GT_INTR_DW0:
        /* the read is the snapshot software services */
        irq->dw0_snapshot = irq->dw0;
        *val = irq->dw0;
        if (gen11_has_guc(irq)) {
            irq->guc_hooks.dw0_read(irq->guc_hooks.opaque, *val);
        }
        return true;
    case A_GT_INTR_DW1:
        *val = 0;
        return true;
    case A_IIR_REG_SELECTOR0:
        *val = irq->selector;
        return true;
    case A_INTR_IDENTITY_REG0:
        *val = irq->identity;
        return true;
    case A_GPM_WGBOXPERF_INTR_ENABLE:
        *val = irq->wgbox_enable;
        return true;
    case A_GPM_WGBOXPERF_INTR_MASK:
        *val = irq->wgbox_mask;
        return true;
    case A_RENDER_COPY_INTR_ENABLE:
        *val = irq->rcs_enable;
        return true;
    case A_RCS0_RSVD_INTR_MASK:
        *val = irq->rcs_mask;
        return true;
    case A_GUC_SG_INTR_ENABLE:
    case A_GUC_SG_INTR_MASK:
        if (!gen11_has_guc(irq)) {
            return false;
        }
        *val = addr == A_GUC_SG_INTR_ENABLE ? irq->guc_enable :
                                               irq->guc_mask;
        return true;
    }
    return false;
}

static bool gen11_write(IntelOAIrq *irq, hwaddr addr, uint32_t val)
{
    bool dg1 = irq->ops->has_tile;

    switch (addr) {
    case A_DG1_MSTR_TILE_INTR:
        if (!dg1) {
            return false;
        }
        /* enable is RW, the tile bit write-1-to-clear */
        irq->tile = (val & R_DG1_MSTR_TILE_INTR_ENABLE_MASK) |
                    (irq->tile & ~val & R_DG1_MSTR_TILE_INTR_TILE0_MASK);
        break;
    case A_GFX_MSTR_IRQ:
        if (dg1) {
            /* DW latches write-1-to-clear; bit 31 unused on DG1 */
            irq->gfx_mstr &= ~val;
        } else {
            irq->gfx_mstr = val & R_GFX_MSTR_IRQ_ENABLE_MASK;
        }
        break;
    case A_GT_INTR_DW0:
        gen11_write_dw0(irq, val);
        break;
    case A_GT_INTR_DW1:
        break;
    case A_IIR_REG_SELECTOR0:
        gen11_write_selector(irq, val);
        break;
    case A_INTR_IDENTITY_REG0:
        gen11_write_identity(irq, val);
        break;
    case A_GPM_WGBOXPERF_INTR_ENABLE:
        irq->wgbox_enable = val;
        break;
    case A_GPM_WGBOXPERF_INTR_MASK:
        irq->wgbox_mask = val;
        /* a latched event that is unmasked now reaches the IIR */
        if (gen11_oa_unmasked(irq)) {
            gen11_dw0_raise(irq, INTEL_OA_GEN11_OA_DW0_BIT);
        }
        break;
    case A_RENDER_COPY_INTR_ENABLE:
        irq->rcs_enable = val;
        break;
    case A_RCS0_RSVD_INTR_MASK:
        irq->rcs_mask = val;
        if (gen11_rcs_unmasked(irq)) {
            gen11_dw0_raise(irq, INTEL_OA_GEN11_RCS0_DW0_BIT);
        }
        break;
    case A_GUC_SG_INTR_ENABLE:
        if (!gen11_has_guc(irq)) {
            return false;
        }
        irq->guc_enable = val;
        break;
    case A_GUC_SG_INTR_MASK:
        if (!gen11_has_guc(irq)) {
            return false;
        }
        irq->guc_mask = val;
        if (gen11_guc_unmasked(irq)) {
            gen11_dw0_raise(irq, INTEL_OA_GEN11_GUC_DW0_BIT);
        }
        break;
    default:
        return false;
    }
    trace_intel_oa_irq_gen11_write(addr, val);
    irq_update(irq);
    return true;
}

static const IntelOAIrqOps gen11_ops = {
    .has_oa_source = true,
    .render_instance = true,
    .reset = gen11_reset,
    .level = gen11_level,
    .oa_status = gen11_oa_status,
    .oa_event = gen11_oa_event,
    .read = gen11_read,
    .write = gen11_write,
};

static const IntelOAIrqOps dg1_ops = {
    .has_tile = true,
    .has_oa_source = true,
    .render_instance = true,
    .reset = gen11_reset,
    .level = dg1_level,
    .oa_status = gen11_oa_status,
    .oa_event = gen11_oa_event,
    .read = gen11_read,
    .write = gen11_write,
};

static const IntelOAIrqOps *const irq_ops[] = {
    [INTEL_OA_IRQ_GEN8] = &gen8_ops,
    [INTEL_OA_IRQ_GEN11] = &gen11_ops,
    [INTEL_OA_IRQ_DG1] = &dg1_ops,
    [INTEL_OA_IRQ_GEN7] = &gen7_ops,
    [INTEL_OA_IRQ_GEN6] = &gen6_ops,
};

/* ---- common -------------------------------------------------------------- */

void intel_oa_irq_init(IntelOAIrq *irq, IntelOAIrqArch arch,
                       IntelOAViolations *viol, IntelOAIrqOutput output,
                       void *opaque)
{
    irq->ops = irq_ops[arch];
    irq->viol = viol;
    irq->output = output;
    irq->opaque = opaque;
}

void intel_oa_irq_attach_guc(IntelOAIrq *irq, const IntelOAIrqGucHooks *h)
{
    /* only the Gen11+ cores have the GuC's instance */
    assert(irq->ops->read == gen11_read);
    irq->guc_hooks = *h;
}

void intel_oa_irq_reset(IntelOAIrq *irq)
{
    irq->ops->reset(irq);
    irq->level = false;
}

void intel_oa_irq_oa_status(IntelOAIrq *irq, bool level)
{
    irq->ops->oa_status(irq, level);
}

bool intel_oa_irq_has_oa_source(const IntelOAIrq *irq)
{
    return irq->ops->has_oa_source;
}

bool intel_oa_irq_oa_event(IntelOAIrq *irq)
{
    return irq->ops->oa_event(irq);
}

bool intel_oa_irq_mmio_read(IntelOAIrq *irq, hwaddr addr, uint32_t *val)
{
    return irq->ops->read(irq, addr, val);
}

bool intel_oa_irq_mmio_write(IntelOAIrq *irq, hwaddr addr, uint32_t val)
{
    return irq->ops->write(irq, addr, val);
}

const VMStateDescription vmstate_intel_oa_irq = {
    .name = "intel-oa-gpu/irq",
    .version_id = 4,
    .minimum_version_id = 4,
    .fields = (VMStateField[]) {
        VMSTATE_BOOL(level, IntelOAIrq),
        VMSTATE_UINT32(master, IntelOAIrq),
        VMSTATE_UINT32_ARRAY(isr, IntelOAIrq, INTEL_OA_GT_IRQ_BANKS),
        VMSTATE_UINT32_ARRAY(imr, IntelOAIrq, INTEL_OA_GT_IRQ_BANKS),
        VMSTATE_UINT32_ARRAY(iir, IntelOAIrq, INTEL_OA_GT_IRQ_BANKS),
        VMSTATE_UINT32_ARRAY(ier, IntelOAIrq, INTEL_OA_GT_IRQ_BANKS),
        VMSTATE_UINT32(gfx_mstr, IntelOAIrq),
        VMSTATE_UINT32(tile, IntelOAIrq),
        VMSTATE_UINT32(dw0, IntelOAIrq),
        VMSTATE_UINT32(dw0_secondary, IntelOAIrq),
        VMSTATE_UINT32(dw0_snapshot, IntelOAIrq),
        VMSTATE_UINT32(dw0_serviced, IntelOAIrq),
        VMSTATE_UINT32(selector, IntelOAIrq),
        VMSTATE_UINT32(identity, IntelOAIrq),
        VMSTATE_UINT32(wgbox_enable, IntelOAIrq),
        VMSTATE_UINT32(wgbox_mask, IntelOAIrq),
        VMSTATE_UINT32(oa_collapse, IntelOAIrq),
        VMSTATE_UINT32(guc_enable, IntelOAIrq),
        VMSTATE_UINT32(guc_mask, IntelOAIrq),
        VMSTATE_UINT32(guc_collapse, IntelOAIrq),
        VMSTATE_UINT32(rcs_enable, IntelOAIrq),
        VMSTATE_UINT32(rcs_mask, IntelOAIrq),
        VMSTATE_UINT32(rcs_collapse, IntelOAIrq),
        VMSTATE_END_OF_LIST()
    }
};
