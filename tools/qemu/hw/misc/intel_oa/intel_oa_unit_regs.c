/*
 * intel-oa-gpu: the OA unit's register front ends. Where each register of
 * the Gen8-11 block, Gen12's OAG block and the Gen6-7.5 block lives, how
 * each block encodes the buffer and the timer, and what a read or a write
 * of each register does, with the PRM programming rules those accesses
 * can break (Documentation/vgpu-device.rst "Programming-rule
 * violations"). The timing, report writing and overflow behind them are
 * intel_oa_unit.c's; the two share intel_oa_unit_int.h.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "intel_oa_unit_int.h"
#include "trace.h"

#define OA_BUFFER_MIN_SIZE  (128 * KiB)

/* ---- register blocks ----------------------------------------------------- */

/*
 * The Gen8-11 block's registers OAG replaced. OACTXCONTROL (0x2360) stays:
 * on Gen12 it is the render context's OA control (i915
 * GEN12_OACTXCONTROL), context state the command streamer keeps.
 */
static const hwaddr oa_legacy_addrs[] = {
    A_OACONTROL, A_OA_DEBUG, A_OASTATUS, A_OAHEADPTR, A_OATAILPTR,
    A_OABUFFER, A_OA_IMR,
};

/* The logical register at @addr, or OA_REG_NONE. */
static IntelOAReg oa_reg_at(const IntelOAUnit *oa, hwaddr addr)
{
    unsigned int i;

    for (i = OA_REG_NONE + 1; i < OA_REG_COUNT; i++) {
        if (oa->addr[i] && oa->addr[i] == addr) {
            return i;
        }
    }
    return OA_REG_NONE;
}

static bool oa_reg_absent(const IntelOAUnit *oa, hwaddr addr)
{
    unsigned int i;

    for (i = 0; i < oa->layout->nr_absent; i++) {
        if (oa->layout->absent[i] == addr) {
            return true;
        }
    }
    return false;
}

/* ---- how each block encodes the buffer, the timer and the format -------- */

static uint32_t oa_buf_base_gen8(const IntelOAUnit *oa)
{
    return oa->oabuffer & R_OABUFFER_BASE_MASK;
}

static uint32_t oa_buf_size_gen8(const IntelOAUnit *oa)
{
    return OA_BUFFER_MIN_SIZE << FIELD_EX32(oa->oabuffer, OABUFFER, SIZE);
}

static uint32_t oa_buf_base_gen7(const IntelOAUnit *oa)
{
    return oa->oabuffer & R_GEN7_OABUFFER_BASE_MASK;
}

/* Gen6/7 keep the size in OASTATUS1 5:3: SNB, IVB, VLV 16 KiB steps. */
static uint32_t oa_buf_size_gen6(const IntelOAUnit *oa)
{
    return 16 * KiB * (FIELD_EX32(oa->oastatus, GEN7_OASTATUS1, SIZE) + 1);
}

/* Haswell: 128 KiB << s, the Gen8 encoding in the Gen7 register. */
static uint32_t oa_buf_size_hsw(const IntelOAUnit *oa)
{
    return OA_BUFFER_MIN_SIZE << FIELD_EX32(oa->oastatus, GEN7_OASTATUS1,
                                            SIZE);
}

static bool oa_timer_enabled_gen8(const IntelOAUnit *oa)
{
    return FIELD_EX32(oa->oactxcontrol, OACTXCONTROL, TIMER_ENABLE);
}

static bool oa_timer_enabled_gen7(const IntelOAUnit *oa)
{
    return FIELD_EX32(oa->oacontrol, GEN7_OACONTROL, TIMER_ENABLE);
}

static unsigned int oa_timer_shift_gen8(const IntelOAUnit *oa)
{
    if (!oa_timer_enabled_gen8(oa)) {
        return 64;
    }
    return FIELD_EX32(oa->oactxcontrol, OACTXCONTROL, TIMER_PERIOD) + 1;
}

/* Gen6/7: 2^(TP + 1) ticks, on SNB 2^(TP + 4); capped at "never". */
static unsigned int oa_timer_shift_gen7(const IntelOAUnit *oa)
{
    if (!oa_timer_enabled_gen7(oa)) {
        return 64;
    }
    return MIN(64, FIELD_EX32(oa->oacontrol, GEN7_OACONTROL, TIMER_PERIOD) +
                   1 + oa->layout->timer_extra);
}

static unsigned int oa_select_gen8(uint32_t control)
{
    return FIELD_EX32(control, OACONTROL, COUNTER_SELECT);
}

/* OAM_CONTROL: the select moves down to bits 3:1 */
static unsigned int oa_select_oam(uint32_t control)
{
    return FIELD_EX32(control, OAM_CONTROL, COUNTER_SELECT);
}

static unsigned int oa_select_gen7(uint32_t control)
{
    return FIELD_EX32(control, GEN7_OACONTROL, COUNTER_SELECT);
}

/* ---- register interface ------------------------------------------------- */

static void oa_check_pointers(IntelOAUnit *oa)
{
    if (!oa_unit_in_buffer(oa, oa_unit_head(oa))) {
        intel_oa_violation(oa->viol, INTEL_OA_VIOL_HEADPTR_OUTSIDE,
                           "OA enabled with OAHEADPTR 0x%08x outside the "
                           "buffer 0x%08x+0x%x", oa->oaheadptr,
                           oa_unit_buf_base(oa), oa_unit_buf_size(oa));
    }
    if (!oa_unit_in_buffer(oa, oa->oatailptr)) {
        intel_oa_violation(oa->viol, INTEL_OA_VIOL_TAILPTR_OUTSIDE,
                           "OA enabled with OATAILPTR 0x%08x outside the "
                           "buffer 0x%08x+0x%x", oa->oatailptr,
                           oa_unit_buf_base(oa), oa_unit_buf_size(oa));
        oa->wptr = oa->oatailptr = oa_unit_buf_base(oa);
    }
}

/* "5" or "1, 5": the counter selects the generation has layouts for */
static char *oa_valid_selects(const IntelOAUnit *oa)
{
    GString *str = g_string_new(NULL);
    unsigned int i;

    for (i = 0; i < INTEL_OA_NUM_SELECTS; i++) {
        if (oa->gen->formats[i]) {
            g_string_append_printf(str, "%s%u", str->len ? ", " : "", i);
        }
    }
    return g_string_free(str, false);
}

static void oa_write_oacontrol(IntelOAUnit *oa, uint32_t val)
{
    bool was_enabled = oa_unit_enabled(oa);
    unsigned int sel = oa->layout->select(val);

    if (FIELD_EX32(val, OACONTROL, MBZ)) {
        intel_oa_violation(oa->viol, INTEL_OA_VIOL_OACONTROL_MBZ,
                           "OACONTROL write 0x%08x sets MBZ bits 31:8", val);
    }
    if (!oa->gen->formats[sel]) {
        /*
         * Gen12 disables OAG by writing 0 (select 0): only enabling
         * with a format the generation lacks breaks the OAG rule.
         */
        if (!oa->layout->select_at_enable) {
            intel_oa_violation(oa->viol, INTEL_OA_VIOL_BAD_COUNTER_SELECT,
                               "OACONTROL counter select %u is not a %s "
                               "report format (valid: 0, 2, 5, 7)", sel,
                               oa->gen->name);
        } else if (FIELD_EX32(val, OACONTROL, COUNTER_ENABLE)) {
            g_autofree char *valid = oa_valid_selects(oa);

            intel_oa_violation(oa->viol, INTEL_OA_VIOL_OAG_BAD_SELECT,
                               "OAG counters enabled with counter select "
                               "%u; %s OAG supports select %s only", sel,
                               oa->gen->name, valid);
        }
    }
    oa->oacontrol = val;
    oa->fmt = oa_unit_format(oa);
    if (was_enabled && !oa_unit_enabled(oa) && oa->layout->tlb_rule) {
        /* the OA TLB may hold the old buffer's translations */
        oa->tlb_stale = true;
    }

    if (!was_enabled && oa_unit_enabled(oa)) {
        if (!oa->buffer_valid) {
            intel_oa_violation(oa->viol, INTEL_OA_VIOL_ENABLE_WITHOUT_BUFFER,
                               "OA counters enabled before OABUFFER was "
                               "programmed with a GGTT buffer");
        } else {
            oa_check_pointers(oa);
        }
        oa->wptr = oa->oatailptr;
        if (oa->act) {
            intel_oa_activity_check(oa->act);
        }
    }
    oa_unit_reconfigure(oa);
}

static void oa_write_oactxcontrol(IntelOAUnit *oa, uint32_t val)
{
    if (FIELD_EX32(val, OACTXCONTROL, MBZ)) {
        intel_oa_violation(oa->viol, INTEL_OA_VIOL_OACTXCONTROL_MBZ,
                           "OACTXCONTROL write 0x%08x sets MBZ bits 31:8",
                           val);
    }
    oa->oactxcontrol = val;
    oa_unit_reconfigure(oa);
}

/*
 * OASTATUS bits are set by hardware and cleared by software writing 0.
 * i915 clears one bit by writing back the value it read with that bit
 * cleared (gen8_oa_read()'s rmw), xe by writing 0 (__xe_oa_read()), so a
 * 1 written over a 1 keeps it. The register is read/write: a 1 written
 * over a 0 of the report-lost, buffer-overflow or counter-overflow bits
 * sets it, which no Intel driver does (a false overflow, and the restart
 * and OA_BUFFER_LOST that follow): counted as violation 41. Gen8-11's
 * pointer-wrap bits are the exception i915 relies on: it writes them as
 * 1 whatever they read, because writing 0 there corrupts OATAILPTR
 * (i915 commit 059a0beb486344), so a 1 there only keeps. Reserved (MBZ)
 * bits are violation 10.
 */
#define OASTATUS_EVENT_BITS \
    (R_OASTATUS_REPORT_LOST_MASK | R_OASTATUS_BUFFER_OVERFLOW_MASK | \
     R_OASTATUS_COUNTER_OVERFLOW_MASK)

static void oa_write_oastatus(IntelOAUnit *oa, uint32_t val)
{
    uint32_t defined = oa->layout->status_mask;
    uint32_t set = val & ~oa->oastatus & OASTATUS_EVENT_BITS & defined;

    if (val & ~defined) {
        intel_oa_violation(oa->viol, INTEL_OA_VIOL_OASTATUS_MBZ,
                           "OASTATUS write 0x%08x sets reserved bits "
                           "(defined: 0x%08x)", val, defined);
    }
    if (set) {
        intel_oa_violation(oa->viol, INTEL_OA_VIOL_OASTATUS_SW_SET,
                           "OASTATUS write 0x%08x sets status bits 0x%x "
                           "the unit did not (it read 0x%08x)", val, set,
                           oa->oastatus);
    }
    oa->oastatus = (oa->oastatus & (val | ~defined)) | set;
}

static void oa_write_headptr(IntelOAUnit *oa, uint32_t val)
{
    if (FIELD_EX32(val, OAHEADPTR, LOW_MBZ)) {
        intel_oa_violation(oa->viol, INTEL_OA_VIOL_HEADPTR_UNALIGNED,
                           "OAHEADPTR 0x%08x is not 64-byte aligned", val);
    }
    oa->oaheadptr = val & R_OAHEADPTR_ADDR_MASK;
    /* while enabled the head must stay inside the programmed buffer */
    if (oa_unit_enabled(oa) && oa->buffer_valid &&
        !oa_unit_in_buffer(oa, oa->oaheadptr)) {
        intel_oa_violation(oa->viol, INTEL_OA_VIOL_HEADPTR_OUTSIDE,
                           "OAHEADPTR 0x%08x outside the buffer "
                           "0x%08x+0x%x", val, oa_unit_buf_base(oa),
                           oa_unit_buf_size(oa));
    }
    if (oa->buffer_valid) {
        oa_unit_update_half_full_status(oa);
    }
}

static void oa_write_tailptr(IntelOAUnit *oa, uint32_t val)
{
    if (oa_unit_enabled(oa)) {
        intel_oa_violation(oa->viol, INTEL_OA_VIOL_TAILPTR_WHILE_ENABLED,
                           "OATAILPTR written (0x%08x) while the OA unit is "
                           "enabled", val);
    }
    if (FIELD_EX32(val, OATAILPTR, LOW_MBZ)) {
        intel_oa_violation(oa->viol, INTEL_OA_VIOL_TAILPTR_UNALIGNED,
                           "OATAILPTR 0x%08x is not 64-byte aligned", val);
    }
    oa->oatailptr = oa->wptr = val & R_OATAILPTR_ADDR_MASK;
    oa->pending_valid = false;
}

static void oa_write_oabuffer(IntelOAUnit *oa, uint32_t val)
{
    if (oa_unit_enabled(oa)) {
        intel_oa_violation(oa->viol, INTEL_OA_VIOL_OABUFFER_WHILE_ENABLED,
                           "OABUFFER written (0x%08x) while the OA unit is "
                           "enabled", val);
    }
    if (oa->tlb_stale) {
        intel_oa_violation(oa->viol, INTEL_OA_VIOL_OAG_BUFFER_WITHOUT_TLB_INV,
                           "OAG_OABUFFER reprogrammed (0x%08x) after a "
                           "disable without an OA_TLB_INV_CR invalidation",
                           val);
    }
    oa->buffer_valid = FIELD_EX32(val, OABUFFER, MEM_SELECT_GGTT);
    if (!oa->buffer_valid) {
        intel_oa_violation(oa->viol, INTEL_OA_VIOL_OABUFFER_NOT_GGTT,
                           "OABUFFER 0x%08x selects PPGTT memory; the OA "
                           "buffer must be in the GGTT (bit 0 = 1)", val);
    }
    oa->oabuffer = val;
    if ((uint64_t)oa_unit_buf_base(oa) + oa_unit_buf_size(oa) > 4 * GiB) {
        intel_oa_violation(oa->viol, INTEL_OA_VIOL_OABUFFER_BEYOND_GGTT,
                           "OABUFFER 0x%08x: the 0x%x-byte buffer at "
                           "0x%08x runs past the end of the 4 GiB GGTT",
                           val, oa_unit_buf_size(oa), oa_unit_buf_base(oa));
    }
    /* reprogramming the buffer ends a forced overflow */
    oa->faults->force_overflow = false;
}

static void oa_write_oabuffer_udw(IntelOAUnit *oa, uint32_t val)
{
    if (oa_unit_enabled(oa)) {
        intel_oa_violation(oa->viol, INTEL_OA_VIOL_OABUFFER_WHILE_ENABLED,
                           "OABUFFER_UDW written (0x%08x) while the OA unit "
                           "is enabled", val);
    }
    if (val) {
        intel_oa_violation(oa->viol, INTEL_OA_VIOL_OABUFFER_UDW_NONZERO,
                           "OABUFFER_UDW 0x%08x: the %s GGTT is 4 GiB, "
                           "address bits 63:32 must be 0", val,
                           oa->plat->name);
    }
    oa->oabuffer_udw = val;
}

/*
 * Plain storage registers: triggers, CECs, flex EU control, NOA mux, HSW
 * NOA output selects.
 */
static uint32_t *oa_storage_reg(IntelOAUnit *oa, hwaddr addr)
{
    static const hwaddr flex[INTEL_OA_NUM_FLEX] = {
        A_EU_PERF_CNT_CTL0, A_EU_PERF_CNT_CTL1, A_EU_PERF_CNT_CTL2,
        A_EU_PERF_CNT_CTL3, A_EU_PERF_CNT_CTL4, A_EU_PERF_CNT_CTL5,
        A_EU_PERF_CNT_CTL6,
    };
    unsigned int i;

    const IntelOARegLayout *l = oa->layout;

    if (addr % 4) {
        return NULL;
    }
    if (l->starttrig && addr - l->starttrig < 4 * INTEL_OA_NUM_TRIG) {
        return &oa->starttrig[(addr - l->starttrig) / 4];
    }
    if (l->reporttrig && addr - l->reporttrig < 4 * INTEL_OA_NUM_TRIG) {
        return &oa->reporttrig[(addr - l->reporttrig) / 4];
    }
    if (addr - l->cec < 4 * l->nr_cec) {
        return &oa->cec[(addr - l->cec) / 4];
    }
    if (addr - l->noa < l->noa_size) {
        return &oa->noa[(addr - l->noa) / 4];
    }
    if (l->noa_out && addr - l->noa_out < 4 * INTEL_OA_HSW_NOA_253A4_IDX) {
        return &oa->noa_out[(addr - l->noa_out) / 4];
    }
    if (l->noa_out && addr == A_HSW_NOA_253A4) {
        return &oa->noa_out[INTEL_OA_HSW_NOA_253A4_IDX];
    }
    for (i = 0; l->has_flex && i < INTEL_OA_NUM_FLEX; i++) {
        if (addr == flex[i]) {
            return &oa->flex[i];
        }
    }
    return NULL;
}

/*
 * Store a plain register. Under the activity workload a trigger or CEC
 * write re-times the triggers, after the reports due under the old
 * programming have landed.
 */
static void oa_store_reg(IntelOAUnit *oa, uint32_t *reg, uint32_t val)
{
    bool trig = (reg >= oa->starttrig &&
                 reg < oa->starttrig + INTEL_OA_NUM_TRIG) ||
                (reg >= oa->reporttrig &&
                 reg < oa->reporttrig + INTEL_OA_NUM_TRIG) ||
                (reg >= oa->cec && reg < oa->cec + INTEL_OA_NUM_CEC);

    if (!trig || !oa->trig.armed) {
        *reg = val;
        if (trig) {
            intel_oa_trig_regs_changed(&oa->trig, 0);
        }
        return;
    }
    oa_unit_catch_up(oa);
    *reg = val;
    intel_oa_trig_regs_changed(&oa->trig,
                               intel_oa_gt_ticks(oa->gt,
                                   qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL)));
    oa_unit_reconfigure(oa);
}

static bool oa_gen8_read(IntelOAUnit *oa, hwaddr addr, uint32_t *val)
{
    uint32_t *reg;

    switch (oa_reg_at(oa, addr)) {
    case OA_REG_CONTROL:
        *val = oa->oacontrol;
        break;
    case OA_REG_TIMER:
        *val = oa->oactxcontrol;
        break;
    case OA_REG_DEBUG:
        *val = oa->oa_debug;
        break;
    case OA_REG_STATUS:
        oa_unit_catch_up(oa);
        *val = oa->oastatus;
        break;
    case OA_REG_HEAD:
        *val = oa->oaheadptr;
        break;
    case OA_REG_TAIL:
        oa_unit_catch_up(oa);
        *val = oa->oatailptr;
        break;
    case OA_REG_BUFFER:
        *val = oa->oabuffer;
        break;
    case OA_REG_BUFFER_UDW:
        *val = oa->oabuffer_udw;
        break;
    case OA_REG_IMR:
        *val = oa->oa_imr;
        break;
    case OA_REG_TLB_INV:
        /* the model invalidates at once: never busy */
        *val = 0;
        break;
    case OA_REG_MMIO_TRIGGER:
        /* a trigger, not storage */
        *val = 0;
        break;
    default:
        if (oa_reg_absent(oa, addr)) {
            *val = 0;
            break;
        }
        if (addr == A_OACTXID) {
            *val = oa->oactxid;
            break;
        }
        reg = oa_storage_reg(oa, addr);
        if (!reg) {
            return false;
        }
        *val = *reg;
    }
    trace_intel_oa_unit_read(addr, *val);
    return true;
}

static bool oa_gen8_write(IntelOAUnit *oa, hwaddr addr, uint32_t val)
{
    IntelOAReg r = oa_reg_at(oa, addr);
    uint32_t *reg;

    switch (r) {
    case OA_REG_NONE:
    case OA_REG_TLB_INV:
    case OA_REG_MMIO_TRIGGER:
        break;
    default:
        /* everything due under the old programming lands first */
        oa_unit_catch_up(oa);
        break;
    }
    trace_intel_oa_unit_write(addr, val);

    switch (r) {
    case OA_REG_CONTROL:
        oa_write_oacontrol(oa, val);
        break;
    case OA_REG_TIMER:
        oa_write_oactxcontrol(oa, val);
        break;
    case OA_REG_DEBUG:
        /* masked register: bits 31:16 select the bits 15:0 written */
        oa->oa_debug = ((oa->oa_debug & ~(val >> 16)) |
                        (val & (val >> 16))) & 0xffff;
        /* bit 1 switches context-switch reports */
        oa_unit_reconfigure(oa);
        break;
    case OA_REG_STATUS:
        oa_write_oastatus(oa, val);
        break;
    case OA_REG_HEAD:
        oa_write_headptr(oa, val);
        break;
    case OA_REG_TAIL:
        oa_write_tailptr(oa, val);
        break;
    case OA_REG_BUFFER:
        oa_write_oabuffer(oa, val);
        break;
    case OA_REG_BUFFER_UDW:
        oa_write_oabuffer_udw(oa, val);
        break;
    case OA_REG_IMR:
        oa->oa_imr = val;
        if (oa->buffer_valid) {
            oa_unit_update_half_full_status(oa);
        }
        break;
    case OA_REG_TLB_INV:
        if (FIELD_EX32(val, OA_TLB_INV_CR, INVALIDATE)) {
            oa->tlb_stale = false;
        }
        break;
    case OA_REG_MMIO_TRIGGER: {
        IntelOATrigger trig = { .ctx = val, .source = INTEL_OA_SOURCE_CPU };
        uint32_t off;

        /*
         * Ignored while the unit is disabled (dg2.rst) or while OA_DEBUG
         * turns the MMIO trigger off (xe sets DISABLE_MMIO_TRG when a
         * stream ends and clears it for one that samples): no report,
         * no violation.
         */
        if (oa->oa_debug & INTEL_OA_DEBUG_NO_MMIO_TRG) {
            break;
        }
        intel_oa_unit_trigger(oa, &trig, &off);
        break;
    }
    default:
        if (oa_reg_absent(oa, addr)) {
            intel_oa_violation(oa->viol, INTEL_OA_VIOL_LEGACY_OA_REG,
                               "write of 0x%08x to 0x%04" HWADDR_PRIx ": the "
                               "Gen8-11 OA register block does not exist "
                               "on %s; ignored", val, addr,
                               oa->gen->name);
            break;
        }
        if (addr == A_OACTXID) {
            oa->oactxid = val;
            break;
        }
        reg = oa_storage_reg(oa, addr);
        if (!reg) {
            return false;
        }
        oa_store_reg(oa, reg, val);
    }
    return true;
}

/* ---- Gen6-7.5 register front end (gen6-gen7.rst) ------------------------ */

/* Render clock gating is on: OA must not run (rule 25). */
static bool oa_gen7_clock_gating_on(const IntelOAUnit *oa)
{
    return !FIELD_EX32(oa->ucgctl1, GEN6_UCGCTL1, CSUNIT_CLOCK_GATE_DISABLE) ||
           (oa->layout->has_misccpctl &&
            FIELD_EX32(oa->misccpctl, GEN7_MISCCPCTL, DOP_CLOCK_GATE_ENABLE));
}

static void oa_gen7_seq(IntelOAUnit *oa, uint32_t from, uint32_t to)
{
    oa->seq_state = oa->seq_state == from ? to : OA_SEQ_NONE;
}

static void oa_gen7_check_enable(IntelOAUnit *oa)
{
    const IntelOARegLayout *l = oa->layout;
    uint32_t base = oa_unit_buf_base(oa);

    if (oa->seq_state != OA_SEQ_DONE) {
        intel_oa_violation(oa->viol, INTEL_OA_VIOL_GEN7_ENABLE_OUT_OF_SEQUENCE,
                           "OA enabled without OASTATUS2, OABUFFER, "
                           "OASTATUS1 programmed in that order since the "
                           "last disable");
    }
    if (oa_gen7_clock_gating_on(oa)) {
        intel_oa_violation(oa->viol, INTEL_OA_VIOL_GEN7_CLOCK_GATING,
                           "OA enabled with render clock gating on "
                           "(UCGCTL1 0x%08x, MISCCPCTL 0x%08x)",
                           oa->ucgctl1, oa->misccpctl);
    }
    if (base % l->buf_align) {
        intel_oa_violation(oa->viol, INTEL_OA_VIOL_GEN7_BUFFER_UNALIGNED,
                           "OA enabled with OABUFFER 0x%08x not aligned to "
                           "0x%x bytes", base, l->buf_align);
    }
    if (!l->memsel_ro &&
        !FIELD_EX32(oa->oaheadptr, GEN7_OASTATUS2, MEM_SELECT_GGTT)) {
        intel_oa_violation(oa->viol, INTEL_OA_VIOL_GEN7_BUFFER_NOT_GGTT,
                           "OA enabled with OASTATUS2 memory select 0: the "
                           "OA buffer must be in the GGTT");
    }
    if (!oa->fmt) {
        intel_oa_violation(oa->viol, INTEL_OA_VIOL_GEN7_BAD_COUNTER_SELECT,
                           "OA enabled with counter select %u, which has "
                           "no %s report layout", oa_select_gen7(oa->oacontrol),
                           oa->gen->name);
    }
    if (oa->buffer_valid) {
        oa_check_pointers(oa);
    }
}

static void oa_gen7_write_oacontrol(IntelOAUnit *oa, uint32_t val)
{
    bool was_enabled = oa_unit_enabled(oa);

    oa->oacontrol = val;
    oa->fmt = oa_unit_format(oa);
    if (!was_enabled && oa_unit_enabled(oa)) {
        oa_gen7_check_enable(oa);
        if (oa->act) {
            intel_oa_activity_check(oa->act);
        }
        oa->wptr = oa->oatailptr;
        /* counter overflow compares reports of one enable period */
        oa->last_valid = false;
    } else if (was_enabled && !oa_unit_enabled(oa)) {
        oa->seq_state = OA_SEQ_NONE;
    }
    oa_unit_gate_update(oa);
    oa_unit_reconfigure(oa);
}

/*
 * OASTATUS1: tail, size and the sticky status bits, which software
 * clears by writing 0 to them (writing 1 keeps a bit).
 */
static void oa_gen7_write_oastatus1(IntelOAUnit *oa, uint32_t val)
{
    uint32_t tail = val & R_GEN7_OASTATUS1_TAIL_MASK;

    if (oa_unit_enabled(oa)) {
        intel_oa_violation(oa->viol, INTEL_OA_VIOL_GEN7_BUFFER_WHILE_ENABLED,
                           "OASTATUS1 written (0x%08x) while OA is enabled",
                           val);
    }
    oa_gen7_seq(oa, OA_SEQ_BUFFER, OA_SEQ_DONE);
    if (tail != (oa->oaheadptr & R_GEN7_OASTATUS2_HEAD_MASK)) {
        intel_oa_violation(oa->viol, INTEL_OA_VIOL_GEN7_TAIL_NOT_HEAD,
                           "OASTATUS1 tail 0x%08x differs from the "
                           "OASTATUS2 head 0x%08x", tail,
                           oa->oaheadptr & R_GEN7_OASTATUS2_HEAD_MASK);
    }
    oa->oastatus = (oa->oastatus & (val | ~R_GEN7_OASTATUS1_STATUS_MASK) &
                    R_GEN7_OASTATUS1_STATUS_MASK) |
                   (val & R_GEN7_OASTATUS1_SIZE_MASK);
    oa->oatailptr = oa->wptr = tail;
    oa->pending_valid = false;
}

/* OASTATUS2: the head (software's consumption) and the memory select. */
static void oa_gen7_write_oastatus2(IntelOAUnit *oa, uint32_t val)
{
    oa->seq_state = OA_SEQ_HEAD;
    oa->oaheadptr = val & (R_GEN7_OASTATUS2_HEAD_MASK |
                           R_GEN7_OASTATUS2_MEM_SELECT_GGTT_MASK);
    if (oa_unit_enabled(oa) && oa->buffer_valid &&
        !oa_unit_in_buffer(oa, oa_unit_head(oa))) {
        intel_oa_violation(oa->viol, INTEL_OA_VIOL_HEADPTR_OUTSIDE,
                           "OASTATUS2 head 0x%08x outside the buffer "
                           "0x%08x+0x%x", oa_unit_head(oa),
                           oa_unit_buf_base(oa), oa_unit_buf_size(oa));
    }
    if (oa->buffer_valid) {
        oa_unit_update_half_full_status(oa);
    }
}

static void oa_gen7_write_oabuffer(IntelOAUnit *oa, uint32_t val)
{
    if (oa_unit_enabled(oa)) {
        intel_oa_violation(oa->viol, INTEL_OA_VIOL_GEN7_BUFFER_WHILE_ENABLED,
                           "OABUFFER written (0x%08x) while OA is enabled",
                           val);
    }
    oa_gen7_seq(oa, OA_SEQ_HEAD, OA_SEQ_BUFFER);
    oa->oabuffer = val & ~R_GEN7_OABUFFER_OVERRUN_STATUS_MASK;
    oa->buffer_valid = true;
    oa->held_back = false;
    /* reprogramming the buffer ends a forced overflow */
    oa->faults->force_overflow = false;
}

static void oa_gen7_write_gating(IntelOAUnit *oa, uint32_t *reg, uint32_t val)
{
    *reg = val;
    if (oa_unit_enabled(oa) && oa_gen7_clock_gating_on(oa)) {
        intel_oa_violation(oa->viol, INTEL_OA_VIOL_GEN7_CLOCK_GATING,
                           "render clock gating turned on (UCGCTL1 0x%08x, "
                           "MISCCPCTL 0x%08x) while OA is enabled",
                           oa->ucgctl1, oa->misccpctl);
    }
}

/* HSW OAPERF_A<n>: the counter's low 32 bits at the time of the read. */
static bool oa_gen7_oaperf(IntelOAUnit *oa, hwaddr addr, uint32_t *val)
{
    uint64_t ts;
    unsigned int k;

    if (!oa->layout->has_oaperf || addr % 4 || addr < A_HSW_OAPERF_A0 ||
        addr >= A_HSW_OAPERF_A0 + 4 * INTEL_OA_HSW_NUM_OAPERF) {
        return false;
    }
    k = INTEL_OA_CNT_A0 + (addr - A_HSW_OAPERF_A0) / 4;
    ts = intel_oa_gt_ticks(oa->gt, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL));
    *val = oa->counter_base[k] + ts * (k + 1);
    return true;
}

static bool oa_gen7_read(IntelOAUnit *oa, hwaddr addr, uint32_t *val)
{
    const IntelOARegLayout *l = oa->layout;
    uint32_t *reg;

    switch (addr) {
    case A_GEN7_OACONTROL:
        *val = oa->oacontrol;
        break;
    case A_GEN7_OASTATUS1:
        oa_unit_catch_up(oa);
        *val = oa->oatailptr | oa->oastatus;
        if (oa->plat->report_lost_stuck && oa_unit_enabled(oa)) {
            *val |= R_OASTATUS_REPORT_LOST_MASK;
        }
        break;
    case A_GEN7_OASTATUS2:
        *val = oa->oaheadptr;
        if (l->memsel_ro) {
            *val |= R_GEN7_OASTATUS2_MEM_SELECT_GGTT_MASK;
        }
        break;
    case A_GEN7_OABUFFER:
        if (l->oabuffer_wo) {
            *val = 0;
            break;
        }
        oa_unit_catch_up(oa);
        *val = oa->oabuffer & l->oabuffer_rw;
        if (l->has_no_overrun && oa->held_back) {
            *val |= R_GEN7_OABUFFER_OVERRUN_STATUS_MASK;
        }
        break;
    case A_GEN6_UCGCTL1:
        *val = oa->ucgctl1;
        break;
    case A_GEN7_MISCCPCTL:
        if (!l->has_misccpctl) {
            return false;
        }
        *val = oa->misccpctl;
        break;
    default:
        if (oa_gen7_oaperf(oa, addr, val)) {
            break;
        }
        reg = oa_storage_reg(oa, addr);
        if (!reg) {
            return false;
        }
        *val = *reg;
    }
    trace_intel_oa_unit_read(addr, *val);
    return true;
}

static bool oa_gen7_write(IntelOAUnit *oa, hwaddr addr, uint32_t val)
{
    const IntelOARegLayout *l = oa->layout;
    uint32_t *reg;

    switch (addr) {
    case A_GEN7_OACONTROL:
    case A_GEN7_OASTATUS1:
    case A_GEN7_OASTATUS2:
    case A_GEN7_OABUFFER:
        /* everything due under the old programming lands first */
        oa_unit_catch_up(oa);
        break;
    }
    trace_intel_oa_unit_write(addr, val);

    switch (addr) {
    case A_GEN7_OACONTROL:
        oa_gen7_write_oacontrol(oa, val);
        break;
    case A_GEN7_OASTATUS1:
        oa_gen7_write_oastatus1(oa, val);
        break;
    case A_GEN7_OASTATUS2:
        oa_gen7_write_oastatus2(oa, val);
        break;
    case A_GEN7_OABUFFER:
        oa_gen7_write_oabuffer(oa, val);
        break;
    case A_GEN6_UCGCTL1:
        oa_gen7_write_gating(oa, &oa->ucgctl1, val);
        break;
    case A_GEN7_MISCCPCTL:
        if (!l->has_misccpctl) {
            return false;
        }
        oa_gen7_write_gating(oa, &oa->misccpctl, val);
        break;
    default:
        if (l->has_oaperf && addr >= A_HSW_OAPERF_A0 &&
            addr < A_HSW_OAPERF_A0 + 4 * INTEL_OA_HSW_NUM_OAPERF) {
            qemu_log_mask(LOG_GUEST_ERROR, "intel-oa-gpu: OAPERF register "
                          "0x%04" HWADDR_PRIx " is read-only, write of "
                          "0x%08x ignored\n", addr, val);
            break;
        }
        reg = oa_storage_reg(oa, addr);
        if (!reg) {
            return false;
        }
        oa_store_reg(oa, reg, val);
    }
    return true;
}

/* The NOA power register is the unit's, wherever its GT keeps it. */
bool intel_oa_unit_mmio_read(IntelOAUnit *oa, hwaddr addr, uint32_t *val)
{
    if (oa->gen->noa_power && addr == oa->gen->noa_power) {
        *val = oa->noa_power;
        return true;
    }
    return oa->layout->read(oa, addr, val);
}

bool intel_oa_unit_mmio_write(IntelOAUnit *oa, hwaddr addr, uint32_t val)
{
    if (oa->gen->noa_power && addr == oa->gen->noa_power) {
        oa_unit_noa_power_write(oa, val);
        return true;
    }
    return oa->layout->write(oa, addr, val);
}

/* ---- register-block variants ------------------------------------------- */

/* The render GT's NOA window and flex EU counters */
#define RENDER_NOA \
    .noa = INTEL_OA_NOA_BASE, .noa_size = INTEL_OA_NOA_SIZE, .has_flex = true

#define GEN8_OPS_SELECT(select_) \
    .read = oa_gen8_read, .write = oa_gen8_write, \
    .buf_base = oa_buf_base_gen8, .buf_size = oa_buf_size_gen8, \
    .select = (select_), .timer_enabled = oa_timer_enabled_gen8, \
    .timer_shift = oa_timer_shift_gen8

#define GEN8_OPS \
    .noa = INTEL_OA_NOA_BASE, .noa_size = INTEL_OA_NOA_SIZE, \
    .has_flex = true, GEN8_OPS_SELECT(oa_select_gen8)

#define GEN7_OPS(size_) \
    RENDER_NOA, \
    .read = oa_gen7_read, .write = oa_gen7_write, \
    .buf_base = oa_buf_base_gen7, .buf_size = (size_), \
    .select = oa_select_gen7, .timer_enabled = oa_timer_enabled_gen7, \
    .timer_shift = oa_timer_shift_gen7, .timer_edge = true

const IntelOARegLayout intel_oa_unit_layouts[] = {
    [INTEL_OA_BLOCK_LEGACY] = {
        .name = "Gen8-11",
        .addr = {
            [OA_REG_CONTROL] = A_OACONTROL,
            [OA_REG_TIMER] = A_OACTXCONTROL,
            [OA_REG_DEBUG] = A_OA_DEBUG,
            [OA_REG_STATUS] = A_OASTATUS,
            [OA_REG_HEAD] = A_OAHEADPTR,
            [OA_REG_TAIL] = A_OATAILPTR,
            [OA_REG_BUFFER] = A_OABUFFER,
            [OA_REG_BUFFER_UDW] = A_OABUFFER_UDW,
            [OA_REG_IMR] = A_OA_IMR,
        },
        .starttrig = A_OASTARTTRIG1,
        .reporttrig = A_OAREPORTTRIG1,
        .cec = A_OACEC0_0,
        .nr_cec = INTEL_OA_NUM_CEC,
        .status_mask = OASTATUS_DEFINED_MASK,
        GEN8_OPS,
    },
    [INTEL_OA_BLOCK_OAG] = {
        .name = "Gen12 OAG",
        .addr = {
            [OA_REG_CONTROL] = A_OAG_OACONTROL,
            [OA_REG_TIMER] = A_OAG_OAGLBCTXCTRL,
            [OA_REG_DEBUG] = A_OAG_OA_DEBUG,
            [OA_REG_STATUS] = A_OAG_OASTATUS,
            [OA_REG_HEAD] = A_OAG_OAHEADPTR,
            [OA_REG_TAIL] = A_OAG_OATAILPTR,
            [OA_REG_BUFFER] = A_OAG_OABUFFER,
            [OA_REG_IMR] = A_OAG_OA_IMR,
            [OA_REG_TLB_INV] = A_OA_TLB_INV_CR,
            [OA_REG_MMIO_TRIGGER] = A_OAG_MMIOTRIGGER,
        },
        .starttrig = A_OAG_OASTARTTRIG1,
        .reporttrig = A_OAG_OAREPORTTRIG1,
        .cec = A_OAG_CEC0_0,
        .status_mask = OAG_OASTATUS_DEFINED_MASK,
        .select_at_enable = true,
        .tlb_rule = true,
        .absent = oa_legacy_addrs,
        .nr_absent = ARRAY_SIZE(oa_legacy_addrs),
        .nr_cec = INTEL_OA_NUM_CEC,
        GEN8_OPS,
    },
    /*
     * Meteor Lake's OAM: OAG's registers and rules at the media GT's
     * block, its counter select in bits 3:1, the media GT's NOA window
     * and OA TLB, no interrupt mask and no flex EU counters. Offsets are
     * the media GT's own: the core routes its register window here.
     */
    [INTEL_OA_BLOCK_OAM] = {
        .name = "MTL OAM",
        .addr = {
            [OA_REG_CONTROL] = A_OAM_CONTROL,
            [OA_REG_TIMER] = A_OAM_CONTEXT_CONTROL,
            [OA_REG_DEBUG] = A_OAM_DEBUG,
            [OA_REG_STATUS] = A_OAM_STATUS,
            [OA_REG_HEAD] = A_OAM_HEAD_POINTER,
            [OA_REG_TAIL] = A_OAM_TAIL_POINTER,
            [OA_REG_BUFFER] = A_OAM_BUFFER,
            [OA_REG_TLB_INV] = A_OA_TLB_INV_CR,
            [OA_REG_MMIO_TRIGGER] = A_OAM_MMIO_TRG,
        },
        .starttrig = A_OAM_STARTTRIG1,
        .reporttrig = A_OAM_REPORTTRIG1,
        .cec = A_OAM_CEC0_0,
        .status_mask = OAG_OASTATUS_DEFINED_MASK,
        .select_at_enable = true,
        .tlb_rule = true,
        .nr_cec = INTEL_OA_NUM_CEC,
        .noa = INTEL_OA_MEDIA_NOA_BASE,
        .noa_size = INTEL_OA_MEDIA_NOA_SIZE,
        GEN8_OPS_SELECT(oa_select_oam),
    },
    [INTEL_OA_BLOCK_GEN6] = {
        .name = "Gen6",
        .cec = A_GEN6_OACEC0_0,
        .nr_cec = INTEL_OA_GEN6_NUM_CEC,
        GEN7_OPS(oa_buf_size_gen6),
        .timer_extra = 3,
        .buf_align = 512 * KiB,
        .overrun = true,
        .oabuffer_wo = true,
        .counter_overflow = true,
    },
    [INTEL_OA_BLOCK_GEN7] = {
        .name = "Gen7",
        .cec = A_GEN6_OACEC0_0,
        .nr_cec = INTEL_OA_GEN6_NUM_CEC,
        GEN7_OPS(oa_buf_size_gen6),
        .buf_align = 512 * KiB,
        .overrun = true,
        .oabuffer_rw = R_GEN7_OABUFFER_BASE_MASK |
                       R_GEN7_OABUFFER_STOP_RESUME_MASK,
        .has_misccpctl = true,
        .counter_overflow = true,
    },
    [INTEL_OA_BLOCK_HSW] = {
        .name = "Gen7.5",
        .starttrig = A_OASTARTTRIG1,
        .reporttrig = A_OAREPORTTRIG1,
        .cec = A_OACEC0_0,
        .nr_cec = INTEL_OA_NUM_CEC,
        .noa_out = A_HSW_NOA_OUT_SEL0,
        GEN7_OPS(oa_buf_size_hsw),
        .buf_align = 16 * MiB,
        .overrun = true,
        .has_no_overrun = true,
        .memsel_ro = true,
        .oabuffer_rw = R_GEN7_OABUFFER_BASE_MASK |
                       R_GEN7_OABUFFER_NO_OVERRUN_MASK |
                       R_GEN7_OABUFFER_STOP_RESUME_MASK,
        .has_misccpctl = true,
        .has_oaperf = true,
        .counter_overflow = true,
    },
};
