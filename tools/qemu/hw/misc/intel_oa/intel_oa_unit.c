/*
 * intel-oa-gpu: render OA unit. Register semantics follow the Broadwell
 * PRM Vol 14 "Observability" and i915's Gen8-12 programming sequences,
 * and for Gen6-7.5 seed 001 as Documentation/gen6-gen7.rst reads it;
 * counter values and the context-switch schedule come from the synthetic
 * workload of Documentation/vgpu-contract.rst and platforms.rst.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/bswap.h"
#include "qemu/host-utils.h"
#include "qemu/log.h"
#include "sysemu/dma.h"
#include "intel_oa_unit.h"
#include "trace.h"

/* Batch interval for short sampling periods (virtual time). */
#define OA_BATCH_NS         (1000 * 1000)
#define OA_BUFFER_MIN_SIZE  (128 * KiB)
/* next_ts of a unit whose next report lies beyond 2^64 ticks */
#define OA_TS_NEVER         UINT64_MAX
/* Gen12.5 64-bit header: TIME_STAMP keeps 56 bits */
#define OA_WIDE_TS_BITS     56
/* Context-switch schedule (platforms.rst): slices of 2^20 ticks. */
#define OA_CTX_SLICE_SHIFT  20
#define OA_CTX_PHASES       4

/* Hardware IDs of the contexts running in phases 0..2; phase 3 is idle. */
static const uint32_t oa_ctx_ids[OA_CTX_PHASES] = { 0x1a0, 0x2b0, 0x3c0, 0 };

/* ---- register blocks ----------------------------------------------------- */

/*
 * Where each OA register lives in one register-block variant, and the
 * rules that differ between the variants. Offset 0 = not present.
 */
struct IntelOARegLayout {
    const char *name;
    hwaddr addr[OA_REG_COUNT];
    hwaddr starttrig;
    hwaddr reporttrig;
    hwaddr cec;
    uint32_t status_mask;
    /* counter select checked when enabling (OAG) or on every write */
    bool select_at_enable;
    /* OABUFFER needs an OA TLB invalidation after a disable (OAG) */
    bool tlb_rule;
    /* registers of the other variant: writes are violations, reads 0 */
    const hwaddr *absent;
    unsigned int nr_absent;
    unsigned int nr_cec;

    /* the register front end, and how it encodes the buffer and timer */
    bool (*read)(IntelOAUnit *oa, hwaddr addr, uint32_t *val);
    bool (*write)(IntelOAUnit *oa, hwaddr addr, uint32_t val);
    uint32_t (*buf_base)(const IntelOAUnit *oa);
    uint32_t (*buf_size)(const IntelOAUnit *oa);
    unsigned int (*select)(const IntelOAUnit *oa);
    bool (*timer_enabled)(const IntelOAUnit *oa);
    unsigned int (*timer_shift)(const IntelOAUnit *oa);

    /* Gen6/7 (gen6-gen7.rst) */
    unsigned int timer_extra;   /* SNB: period 2^(TP + 4), not 2^(TP + 1) */
    bool timer_edge;            /* the strobe is a TIME_STAMP bit rising */
    uint32_t buf_align;         /* OABUFFER alignment at enable (rule 26) */
    bool overrun;               /* a report that does not fit is written */
    bool has_no_overrun;        /* HSW OABUFFER bit 3 selects holding back */
    bool memsel_ro;             /* HSW: OASTATUS2 bit 0 reads 1 */
    bool oabuffer_wo;           /* SNB: OABUFFER reads 0 */
    uint32_t oabuffer_rw;       /* OABUFFER bits that read back */
    bool has_misccpctl;         /* GEN7_MISCCPCTL exists (rule 25) */
    bool has_oaperf;            /* HSW OAPERF_A0..A44 */
    bool counter_overflow;      /* OASTATUS1 bit 2 reports wrapped counters */
};

static const hwaddr oa_legacy_addrs[] = {
    A_OACONTROL, A_OA_DEBUG, A_OASTATUS, A_OAHEADPTR, A_OATAILPTR,
    A_OABUFFER, A_OACTXCONTROL, A_OA_IMR,
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

/* ---- buffer geometry ---------------------------------------------------- */

static uint32_t oa_buf_base(const IntelOAUnit *oa)
{
    return oa->layout->buf_base(oa);
}

static uint32_t oa_buf_size(const IntelOAUnit *oa)
{
    return oa->layout->buf_size(oa);
}

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

/* Offset of GGTT address @addr in the buffer, modulo the buffer size. */
static uint32_t oa_buf_offset(const IntelOAUnit *oa, uint32_t addr)
{
    return (uint32_t)(addr - oa_buf_base(oa)) % oa_buf_size(oa);
}

static bool oa_in_buffer(const IntelOAUnit *oa, uint32_t addr)
{
    return (uint32_t)(addr - oa_buf_base(oa)) < oa_buf_size(oa);
}

static uint32_t oa_head(const IntelOAUnit *oa)
{
    return oa->oaheadptr & R_OAHEADPTR_ADDR_MASK;
}

/* Bytes written by the unit and not yet consumed by software. */
static uint32_t oa_fill(const IntelOAUnit *oa)
{
    uint32_t size = oa_buf_size(oa);

    return (oa_buf_offset(oa, oa->wptr) + size -
            oa_buf_offset(oa, oa_head(oa))) % size;
}

static bool oa_enabled(const IntelOAUnit *oa)
{
    return FIELD_EX32(oa->oacontrol, OACONTROL, COUNTER_ENABLE);
}

static bool oa_timer_enabled(const IntelOAUnit *oa)
{
    return oa->layout->timer_enabled(oa);
}

static bool oa_timer_enabled_gen8(const IntelOAUnit *oa)
{
    return FIELD_EX32(oa->oactxcontrol, OACTXCONTROL, TIMER_ENABLE);
}

static bool oa_timer_enabled_gen7(const IntelOAUnit *oa)
{
    return FIELD_EX32(oa->oacontrol, GEN7_OACONTROL, TIMER_ENABLE);
}

/*
 * Context-switch reports: always on Gen8 (no OA_DEBUG), on Gen9+ unless
 * OA_DEBUG bit 1 turns them off.
 */
static bool oa_ctx_switch_enabled(const IntelOAUnit *oa)
{
    if (oa->plat->gen->no_ctx_reports) {
        return false;
    }
    return !oa->plat->gen->has_oa_debug ||
           !(oa->oa_debug & INTEL_OA_DEBUG_NO_CTX_SWITCH);
}

/* log2 of the timer period P = 2^(e + 1) ticks: 1..64; 64 = never */
static unsigned int oa_timer_shift(const IntelOAUnit *oa)
{
    return oa->layout->timer_shift(oa);
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

/*
 * log2 of the spacing of all reports. Timer and context-switch periods
 * are both powers of two, so one divides the other and the union of the
 * two report sequences is simply the one with the shorter period.
 */
static unsigned int oa_period_shift(const IntelOAUnit *oa)
{
    unsigned int shift = oa_timer_shift(oa);

    if (oa_ctx_switch_enabled(oa)) {
        shift = MIN(shift, OA_CTX_SLICE_SHIFT);
    }
    return shift;
}

/*
 * The report spacing in ticks. A spacing of 2^64 is stored as 2^63; its
 * first report is never due (oa_first_due()), so the value is not used.
 */
static uint64_t oa_period(const IntelOAUnit *oa)
{
    return 1ull << MIN(oa_period_shift(oa), 63);
}

/*
 * Ticks by which the timer strobe trails a multiple of its period P. On
 * Gen6/7 the strobe is "a specified bit" of TIME_STAMP (gen6-gen7.rst,
 * OACONTROL Timer Period, from seed 001): bit log2(P) - 1 rises when
 * TIME_STAMP = P/2 mod P, which is where IGT's Haswell check
 * oa_report_is_periodic() (tests/i915/perf.c) finds timer reports on
 * real hardware. Gen8+ reports carry their reason and no source places
 * their strobe: there it stays on the multiples, which the 2^20-tick
 * context-switch grid needs (oa_period_shift()).
 */
static uint64_t oa_timer_phase(const IntelOAUnit *oa)
{
    unsigned int shift = oa_timer_shift(oa);

    if (!oa->layout->timer_edge || shift >= 64) {
        return 0;
    }
    return 1ull << (shift - 1);
}

/*
 * First report of the spacing after @now_ts (a multiple of it, plus the
 * timer's phase), or OA_TS_NEVER if it does not fit in 64 bits. T itself
 * stays below 2^64 - 1 (the realize check on timestamp-base), so
 * OA_TS_NEVER is never reached.
 */
static uint64_t oa_first_due(const IntelOAUnit *oa, uint64_t now_ts)
{
    unsigned int shift = oa_period_shift(oa);
    uint64_t phase = oa_timer_phase(oa), q;

    if (shift >= 64) {
        return OA_TS_NEVER;
    }
    if (now_ts < phase) {
        return phase;
    }
    q = ((now_ts - phase) >> shift) + 1;
    if (q > ((OA_TS_NEVER - phase) >> shift)) {
        return OA_TS_NEVER;
    }
    return (q << shift) + phase;
}

static unsigned int oa_select_gen8(const IntelOAUnit *oa)
{
    return FIELD_EX32(oa->oacontrol, OACONTROL, COUNTER_SELECT);
}

static unsigned int oa_select_gen7(const IntelOAUnit *oa)
{
    return FIELD_EX32(oa->oacontrol, GEN7_OACONTROL, COUNTER_SELECT);
}

static const IntelOAFormat *oa_format(const IntelOAUnit *oa)
{
    return oa->plat->gen->formats[oa->layout->select(oa)];
}

/*
 * Timestamp of the next report: the periodic one, or an earlier report
 * of a report trigger (counters.rst); both at once make one report.
 */
static uint64_t oa_next_report(const IntelOAUnit *oa)
{
    return MIN(oa->next_ts, intel_oa_trig_next_ts(&oa->trig));
}

/*
 * Move past @n reports, saturating at OA_TS_NEVER: with a large
 * timestamp-base and exponent 62 the report after the last reachable
 * one lies beyond 2^64 ticks. Returns the timestamp of the last report
 * passed over.
 */
static uint64_t oa_skip_reports(IntelOAUnit *oa, uint64_t n)
{
    uint64_t step, ts = oa->next_ts;

    if (!intel_oa_trig_reporting(&oa->trig)) {
        if (umul64_overflow(n, oa->period, &step) ||
            uadd64_overflow(oa->next_ts, step, &oa->next_ts)) {
            oa->next_ts = OA_TS_NEVER;
        }
        return oa->next_ts - oa->period;
    }
    /* trigger reports have no spacing: walk the merged sequence */
    for (; n && (ts = oa_next_report(oa)) != OA_TS_NEVER; n--) {
        if (oa->next_ts == ts &&
            uadd64_overflow(oa->next_ts, oa->period, &oa->next_ts)) {
            oa->next_ts = OA_TS_NEVER;
        }
        if (intel_oa_trig_next_ts(&oa->trig) == ts) {
            intel_oa_trig_consume(&oa->trig, ts);
        }
    }
    return ts;
}

/* How many reports fell due up to @now_ts. */
static uint64_t oa_due_reports(IntelOAUnit *oa, uint64_t now_ts)
{
    uint64_t n = 0;

    if (oa->next_ts != OA_TS_NEVER && now_ts >= oa->next_ts) {
        n = (now_ts - oa->next_ts) / oa->period + 1;
    }
    if (intel_oa_trig_reporting(&oa->trig)) {
        n += intel_oa_trig_extra_reports(&oa->trig, now_ts, oa->next_ts,
                                         oa->period);
    }
    return n;
}

/* ---- report generation (hot path) --------------------------------------- */

/*
 * Gen8+ header for GPU timestamp @ts (the full 64-bit tick count). The
 * 32-bit header's TIMESTAMP and GPU_TICKS are the low 32 bits; the
 * Gen12.5 64-bit header (dg2.rst) carries a 56-bit TIMESTAMP and a 64-bit
 * GPU_TICKS, and a high RPT_ID dword that reads 0 for tile 0.
 */
static void oa_header_gen8(const IntelOAUnit *oa, uint8_t *r, uint64_t ts,
                           const IntelOATrigger *trig)
{
    const IntelOAGen *gen = oa->plat->gen;
    unsigned int tshift = oa_timer_shift(oa);
    uint32_t ctx = oa_ctx_ids[(ts >> OA_CTX_SLICE_SHIFT) % OA_CTX_PHASES];
    uint64_t ticks = ts * oa->plat->gpu_ticks_ratio;
    uint32_t rpt = 0;

    if (trig) {
        /* the writer finds its report by CTX_ID, so it is not a context */
        rpt = 1u << (gen->rpt_reason_shift + INTEL_OA_REASON_MMIO_TRIGGER);
        rpt |= (uint32_t)trig->source << INTEL_OA_RPT_SOURCE_SHIFT;
        ctx = trig->ctx;
    } else {
        /* a report due at a slice boundary and a timer tick carries both */
        if (tshift < 64 && !(ts & MAKE_64BIT_MASK(0, tshift))) {
            rpt |= 1u << (gen->rpt_reason_shift + INTEL_OA_REASON_TIMER);
        }
        if (oa_ctx_switch_enabled(oa) &&
            !(ts & MAKE_64BIT_MASK(0, OA_CTX_SLICE_SHIFT))) {
            rpt |= 1u << (gen->rpt_reason_shift +
                          INTEL_OA_REASON_CTX_SWITCH);
        }
        if (ctx) {
            rpt |= gen->rpt_ctx_valid;
        }
    }
    rpt |= intel_oa_trig_rpt_id(&oa->trig, ts, gen->rpt_reason_shift, !trig);
    if (oa->fmt->wide_header) {
        stl_le_p(r + 0, rpt);
        stq_le_p(r + 8, ts & MAKE_64BIT_MASK(0, OA_WIDE_TS_BITS));
        stl_le_p(r + 16, ctx);
        stq_le_p(r + 24, ticks);
        return;
    }
    stl_le_p(r + 0, rpt);
    stl_le_p(r + 4, ts);
    stl_le_p(r + 8, ctx);
    stl_le_p(r + 12, ticks);
}

/*
 * Gen6/7 header: no context switches, so a report is a timer report or,
 * on Haswell, a report trigger's (the Gen8 RPT_ID bits, reading 16).
 * TIME_STAMP is the 36-bit timestamp over DW1 and DW2 3:0.
 */
static void oa_header_gen7(const IntelOAUnit *oa, uint8_t *r, uint64_t ts,
                           const IntelOATrigger *trig)
{
    unsigned int shift = oa->plat->gen->rpt_reason_shift;
    unsigned int tshift = oa_timer_shift(oa);
    uint32_t rpt = intel_oa_trig_rpt_id(&oa->trig, ts, shift, true);

    if (tshift < 64 &&
        !((ts - oa_timer_phase(oa)) & MAKE_64BIT_MASK(0, tshift))) {
        rpt |= 1u << (shift + INTEL_OA_REASON_TIMER);
    }
    stl_le_p(r + 0, rpt);
    stl_le_p(r + 4, ts);
    stl_le_p(r + 8, (ts >> 32) & 0xf);
}

static void (*const oa_headers[])(const IntelOAUnit *oa, uint8_t *r,
                                  uint64_t ts,
                                  const IntelOATrigger *trig) = {
    [INTEL_OA_HEADER_GEN8] = oa_header_gen8,
    [INTEL_OA_HEADER_GEN7] = oa_header_gen7,
};

/*
 * HSW INST ADD (gen6-gen7.rst): the synthetic render workload steps
 * through 16 Ki instructions of 64 bytes, one every 1024 ticks.
 */
#define OA_INST_ADD_BASE    0x00400000
#define OA_INST_ADD_SHIFT   10
#define OA_INST_ADD_COUNT   0x4000

/*
 * N_k over [0, @c): the activity model's count, or value_k's T * (k + 1)
 * for a counter it leaves linear.
 */
static uint64_t oa_count_at_cycle(const IntelOAUnit *oa, unsigned int k,
                                  uint64_t c)
{
    uint64_t n = c / oa->plat->gpu_ticks_ratio * (k + 1);

    intel_oa_activity_count(oa->act, k, c, &n);
    return n;
}

/*
 * Report for GPU timestamp @ts, a periodic one or, with @trig, the one an
 * MMIO trigger asked for. The counters are functions of @ts itself, so
 * the 40-bit A counters keep counting when TIMESTAMP wraps. Reserved
 * dwords are 0.
 */
static void oa_fill_report(const IntelOAUnit *oa, uint8_t *r, uint64_t ts,
                           const IntelOATrigger *trig)
{
    const IntelOAFormat *f = oa->fmt;
    uint64_t hold_from, hold_to;
    bool hold = intel_oa_trig_hold(&oa->trig, ts, &hold_from, &hold_to);
    unsigned int i, j;

    memset(r, 0, f->size);
    oa_headers[oa->plat->gen->header](oa, r, ts, trig);
    if (f->inst_add) {
        stl_le_p(r + 12, OA_INST_ADD_BASE + 0x40 *
                 ((ts >> OA_INST_ADD_SHIFT) % OA_INST_ADD_COUNT));
    }

    for (i = 0; i < f->nr_runs; i++) {
        const IntelOACounterRun *run = &f->runs[i];
        uint8_t *p = r + run->offset;

        for (j = 0; j < run->count; j++) {
            unsigned int k = run->first + j;
            uint64_t n = ts * (k + 1);
            uint64_t v;

            /* counters.rst: S_k + N_k(c(T)) under the activity workload */
            intel_oa_activity_count_at(oa->act, k, ts, &n);
            if (hold) {
                /* no advance while the start trigger had not fired */
                n -= oa_count_at_cycle(oa, k, hold_to) -
                     oa_count_at_cycle(oa, k, hold_from);
            }
            v = oa->counter_base[k] + n;

            switch (run->kind) {
            case INTEL_OA_RUN_LOW32:
                stl_le_p(p + 4 * j, v);
                break;
            case INTEL_OA_RUN_LOW32_DOWN:
                stl_le_p(p - 4 * j, v);
                break;
            case INTEL_OA_RUN_U64:
                stq_le_p(p + 8 * j, v);
                break;
            default:
                p[j] = v >> 32;
                break;
            }
        }
    }
}

static void oa_dma(IntelOAUnit *oa, uint64_t phys, const void *buf,
                   uint32_t len)
{
    MemTxResult r;

    /* callers never cross a GGTT page: each page maps separately */
    assert(len <= INTEL_OA_GGTT_PAGE_SIZE &&
           phys % INTEL_OA_GGTT_PAGE_SIZE + len <= INTEL_OA_GGTT_PAGE_SIZE);
    r = dma_memory_write(oa->dma_as, phys, buf, len, MEMTXATTRS_UNSPECIFIED);
    if (r != MEMTX_OK) {
        /* the unit writes cachelines: count those that went nowhere */
        oa->ctl->stats.dma_errors += DIV_ROUND_UP(len, 64);
        trace_intel_oa_unit_dma_error(phys, len);
        qemu_log_mask(LOG_GUEST_ERROR,
                      "intel-oa-gpu: OA report DMA of %u bytes to 0x%" PRIx64
                      " failed; does the GGTT map that page to RAM?\n",
                      len, phys);
    }
}

/* Tail-race fault: land the report whose tail was published early. */
static void oa_flush_pending(IntelOAUnit *oa)
{
    if (oa->pending_valid) {
        oa_dma(oa, oa->pending_phys, oa->pending, oa->pending_len0);
        if (oa->pending_len0 < oa->pending_size) {
            oa_dma(oa, oa->pending_phys2, oa->pending + oa->pending_len0,
                   oa->pending_size - oa->pending_len0);
        }
        oa->pending_valid = false;
        trace_intel_oa_unit_pending_flush(oa->pending_phys);
    }
}

static void oa_update_half_full_status(IntelOAUnit *oa)
{
    bool level = oa->buffer_valid &&
                 oa_fill(oa) >= oa_buf_size(oa) / 2 &&
                 !FIELD_EX32(oa->oa_imr, OA_IMR, BUFFER_HALF_FULL);

    intel_oa_irq_oa_status(oa->irq, level);
}

static void oa_half_full_event(IntelOAUnit *oa)
{
    trace_intel_oa_unit_half_full(oa_fill(oa));
    if (!intel_oa_irq_has_oa_source(oa->irq) ||
        FIELD_EX32(oa->oa_imr, OA_IMR, BUFFER_HALF_FULL)) {
        return;
    }
    oa->ctl->stats.half_full_irqs++;
    intel_oa_irq_oa_event(oa->irq);
}

/*
 * GGTT address @len (at most the buffer size) bytes after @addr, which
 * lies inside the buffer, wrapping at its end.
 */
static uint32_t oa_buf_next(uint32_t base, uint32_t size,
                            uint32_t addr, uint32_t len)
{
    uint32_t off = addr - base + len;

    return base + (off >= size ? off - size : off);
}

/*
 * A report was lost. VLV's report-lost bit is not functional (it reads 1
 * while the unit runs), so there the loss goes unrecorded.
 */
static void oa_report_lost(IntelOAUnit *oa)
{
    if (!oa->plat->report_lost_stuck) {
        oa->oastatus |= R_OASTATUS_REPORT_LOST_MASK;
    }
}

static bool oa_translate(IntelOAUnit *oa, uint32_t addr, uint64_t *phys)
{
    if (intel_oa_ggtt_translate(oa->ggtt, addr, phys)) {
        return true;
    }
    intel_oa_violation(oa->ctl, INTEL_OA_VIOL_GGTT_FAULT,
                       "OA report write to GGTT 0x%08x hits a non-present "
                       "PTE; report dropped", addr);
    oa_report_lost(oa);
    return false;
}

/* What a due report that does not fit does. */
typedef enum OAFullMode {
    OA_FULL_STOP,       /* Gen8+: dropped, BUFFER_OVERFLOW */
    OA_FULL_OVERRUN,    /* Gen6/7: written anyway, BUFFER_OVERFLOW */
    OA_FULL_HOLD,       /* HSW no-overrun: dropped, no status bit */
} OAFullMode;

static OAFullMode oa_full_mode(const IntelOAUnit *oa)
{
    if (!oa->layout->overrun) {
        return OA_FULL_STOP;
    }
    if (oa->layout->has_no_overrun &&
        FIELD_EX32(oa->oabuffer, GEN7_OABUFFER, NO_OVERRUN)) {
        return OA_FULL_HOLD;
    }
    return OA_FULL_OVERRUN;
}

/*
 * Whether a counter of the current format took a lower value at some
 * report between timestamps @from and @to: the 64-bit counter is
 * monotonic, so its low 32 bits fell exactly when bits 63:32 changed.
 */
static bool oa_counters_wrapped(const IntelOAUnit *oa, uint64_t from,
                                uint64_t to)
{
    const IntelOAFormat *f = oa->fmt;
    unsigned int i, j;

    for (i = 0; i < f->nr_runs; i++) {
        for (j = 0; j < f->runs[i].count; j++) {
            unsigned int k = f->runs[i].first + j;

            if ((oa->counter_base[k] + from * (k + 1)) >> 32 !=
                (oa->counter_base[k] + to * (k + 1)) >> 32) {
                return true;
            }
        }
    }
    return false;
}

/*
 * How many of @n due reports fit from @fill on: a report fits when
 * fill + its size < the buffer size (gen6-gen7.rst).
 */
static uint64_t oa_reports_fitting(const IntelOAUnit *oa, uint32_t fill,
                                   uint32_t rs)
{
    return (oa_buf_size(oa) - fill - 1) / rs;
}

/* How many of @n due reports to write now, given the mode. */
static uint64_t oa_reports_to_write(IntelOAUnit *oa, OAFullMode mode,
                                    uint64_t n, uint32_t fill, uint32_t rs)
{
    uint32_t size = oa_buf_size(oa);
    uint64_t room;

    switch (mode) {
    case OA_FULL_OVERRUN:
        return n;
    case OA_FULL_HOLD:
        return oa->ctl->faults.force_overflow ? 0 :
               MIN(n, oa_reports_fitting(oa, fill, rs));
    default:
        if (oa->ctl->faults.force_overflow) {
            return 0;
        }
        /* keep one report free: tail == head means empty */
        room = (size - fill) / rs;
        return MIN(n, room ? room - 1 : 0);
    }
}

/*
 * Write (or drop) the @n reports that are due, starting at next_ts.
 *
 * Reports go out one GGTT page at a time through oa->stage. A report
 * that crosses a page or the end of the buffer (a tail at a 64-byte
 * boundary that is not a multiple of the report size, or a 192-byte
 * Gen6/7 report, which does not divide the buffer) is split, its
 * remainder written at the next address of the circular buffer, as the
 * hardware writes it cacheline by cacheline.
 */
static void oa_emit(IntelOAUnit *oa, uint64_t n)
{
    IntelOAFaults *faults = &oa->ctl->faults;
    uint32_t rs, size, base, fill_before, stage_len = 0;
    uint32_t stage_page = UINT32_MAX;
    uint64_t written = 0, skipped = 0, dropped = 0, count, stage_phys = 0;
    uint64_t first_ts, last_ts = 0;
    bool fault = false;
    OAFullMode mode;

    if (faults->drop_reports) {
        uint64_t d = MIN(n, faults->drop_reports);

        faults->drop_reports -= d;
        oa_skip_reports(oa, d);
        oa_report_lost(oa);
        dropped += d;
        n -= d;
    }
    if (!n) {
        goto out;
    }
    if (!oa->buffer_valid) {
        /* counted as a violation when the unit was enabled */
        goto drop_rest;
    }

    mode = oa_full_mode(oa);
    rs = oa->fmt->size;
    size = oa_buf_size(oa);
    base = oa_buf_base(oa);
    /* the buffer may have moved under a running unit: stay inside it */
    oa->wptr = base + oa_buf_offset(oa, oa->wptr);
    fill_before = oa_fill(oa);
    first_ts = oa_next_report(oa);
    count = oa_reports_to_write(oa, mode, n, fill_before, rs);
    if (count > size / rs + 1) {
        /* overrun: only the last buffer-full survives, skip the rest */
        skipped = count - (size / rs + 1);
        last_ts = oa_skip_reports(oa, skipped);
        oa->wptr = oa_buf_next(base, size, oa->wptr,
                               (skipped % size) * rs % size);
        count -= skipped;
        n -= skipped;
    }

    while (written < count) {
        uint32_t addr = oa->wptr;
        uint32_t len0 = MIN(MIN(rs, INTEL_OA_GGTT_PAGE_SIZE -
                                    addr % INTEL_OA_GGTT_PAGE_SIZE),
                            (uint64_t)base + size - addr);
        uint32_t rest = oa_buf_next(base, size, addr, len0);
        uint64_t phys, phys2 = 0;
        bool race = faults->tail_race && written + 1 == count;

        if (addr / INTEL_OA_GGTT_PAGE_SIZE != stage_page) {
            if (stage_len) {
                oa_dma(oa, stage_phys, oa->stage, stage_len);
                stage_len = 0;
            }
            if (!oa_translate(oa, addr, &stage_phys)) {
                fault = true;
                break;
            }
            stage_page = addr / INTEL_OA_GGTT_PAGE_SIZE;
        }
        /* the stage holds consecutive reports of one page */
        phys = stage_phys + stage_len;
        if (len0 < rs && !oa_translate(oa, rest, &phys2)) {
            fault = true;
            break;
        }

        if (!race && faults->lose_writes) {
            /*
             * Lost write: the tail moves over this report but none of its
             * bytes land (vgpu-contract.rst). Land what is staged, and
             * stage the next report right after this one.
             */
            faults->lose_writes--;
            if (stage_len) {
                oa_dma(oa, stage_phys, oa->stage, stage_len);
            }
            stage_len = 0;
            if (len0 < rs) {
                stage_phys = phys2 + (rs - len0);
                stage_page = rest / INTEL_OA_GGTT_PAGE_SIZE;
            } else {
                stage_phys = phys + len0;
            }
            trace_intel_oa_unit_lost_write(addr);
        } else if (race) {
            /* publish the tail now, land this report next batch */
            oa_fill_report(oa, oa->pending, oa_next_report(oa), NULL);
            oa->pending_size = rs;
            oa->pending_len0 = len0;
            oa->pending_phys = phys;
            oa->pending_phys2 = phys2;
            oa->pending_valid = true;
        } else {
            oa_fill_report(oa, oa->stage + stage_len, oa_next_report(oa),
                           NULL);
            stage_len += len0;
            if (len0 < rs) {
                /* land this page, start the next with the remainder */
                oa_dma(oa, stage_phys, oa->stage, stage_len);
                memmove(oa->stage, oa->stage + stage_len, rs - len0);
                stage_len = rs - len0;
                stage_phys = phys2;
                stage_page = rest / INTEL_OA_GGTT_PAGE_SIZE;
            }
        }
        last_ts = oa_skip_reports(oa, 1);
        oa->wptr = oa_buf_next(base, size, addr, rs);
        written++;
    }

    if (stage_len) {
        oa_dma(oa, stage_phys, oa->stage, stage_len);
    }
    if (!faults->stall_tail) {
        oa->oatailptr = oa->wptr;
    }
    n -= written;
    written += skipped;
    if (written) {
        oa->held_back = false;
    }
    if (mode == OA_FULL_OVERRUN) {
        /* the reports beyond the fitting ones overwrote unread data */
        if (written && (faults->force_overflow ||
                        written > oa_reports_fitting(oa, fill_before, rs))) {
            oa->oastatus |= R_OASTATUS_BUFFER_OVERFLOW_MASK;
        }
    } else if (n && !fault) {
        if (mode == OA_FULL_STOP) {
            oa->oastatus |= R_OASTATUS_BUFFER_OVERFLOW_MASK;
        } else {
            oa->held_back = true;
        }
    }
    if (written && oa->layout->counter_overflow) {
        if (oa_counters_wrapped(oa, oa->last_valid ? oa->last_ts : first_ts,
                                last_ts)) {
            oa->oastatus |= R_OASTATUS_COUNTER_OVERFLOW_MASK;
        }
        oa->last_ts = last_ts;
        oa->last_valid = true;
    }
    if (written && fill_before < size / 2 &&
        fill_before + MIN(written, size) * rs >= size / 2) {
        oa_half_full_event(oa);
    }
    oa_update_half_full_status(oa);

drop_rest:
    oa_skip_reports(oa, n);
    dropped += n;
out:
    oa->ctl->stats.reports_written += written;
    oa->ctl->stats.reports_dropped += dropped;
    trace_intel_oa_unit_batch(written, dropped, oa->oatailptr, oa->oastatus);
}

/* Generate everything that fell due up to now. */
static void oa_catch_up(IntelOAUnit *oa)
{
    uint64_t now_ts, n;

    oa_flush_pending(oa);
    if (!oa->running) {
        return;
    }
    now_ts = intel_oa_gt_ticks(oa->gt, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL));
    n = oa_due_reports(oa, now_ts);
    if (n) {
        oa_emit(oa, n);
    }
}

bool intel_oa_unit_trigger(IntelOAUnit *oa, const IntelOATrigger *trig,
                           uint32_t *offset)
{
    uint8_t r[INTEL_OA_MAX_REPORT_SIZE];
    uint32_t rs, size, base, addr, len0, fill;
    uint64_t phys, phys2 = 0, ts;

    if (!oa_enabled(oa) || !oa->fmt) {
        return false;
    }
    /* periodic reports due before the trigger land before it */
    oa_catch_up(oa);
    if (!oa->buffer_valid) {
        oa->ctl->stats.reports_dropped++;
        return false;
    }
    rs = oa->fmt->size;
    size = oa_buf_size(oa);
    base = oa_buf_base(oa);
    oa->wptr = base + oa_buf_offset(oa, oa->wptr);
    fill = oa_fill(oa);
    /* as for periodic reports, one report's room stays free */
    if (oa->ctl->faults.force_overflow || (size - fill) / rs < 2) {
        oa->oastatus |= R_OASTATUS_BUFFER_OVERFLOW_MASK;
        oa->ctl->stats.reports_dropped++;
        return false;
    }
    addr = oa->wptr;
    len0 = MIN(MIN(rs, INTEL_OA_GGTT_PAGE_SIZE -
                       addr % INTEL_OA_GGTT_PAGE_SIZE),
               (uint64_t)base + size - addr);
    if (!oa_translate(oa, addr, &phys) ||
        (len0 < rs && !oa_translate(oa, oa_buf_next(base, size, addr, len0),
                                    &phys2))) {
        oa->ctl->stats.reports_dropped++;
        return false;
    }
    ts = intel_oa_gt_ticks(oa->gt, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL));
    oa_fill_report(oa, r, ts, trig);
    oa_dma(oa, phys, r, len0);
    if (len0 < rs) {
        oa_dma(oa, phys2, r + len0, rs - len0);
    }
    oa->wptr = oa_buf_next(base, size, addr, rs);
    if (!oa->ctl->faults.stall_tail) {
        oa->oatailptr = oa->wptr;
    }
    oa->ctl->stats.reports_written++;
    if (fill < size / 2 && fill + rs >= size / 2) {
        oa_half_full_event(oa);
    }
    oa_update_half_full_status(oa);
    *offset = addr - base;
    trace_intel_oa_unit_trigger(trig->ctx, trig->source, *offset, ts);
    return true;
}

static void oa_schedule(IntelOAUnit *oa)
{
    uint64_t next = oa_next_report(oa);
    int64_t now, due;

    if (!oa->running || next == OA_TS_NEVER) {
        timer_del(oa->timer);
        return;
    }
    now = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
    due = intel_oa_gt_ticks_to_ns(oa->gt, next);
    timer_mod(oa->timer, MAX(due, now + OA_BATCH_NS));
}

static void oa_timer_cb(void *opaque)
{
    IntelOAUnit *oa = opaque;

    oa_catch_up(oa);
    oa_schedule(oa);
}

/* Re-evaluate whether the timer runs after a control register write. */
static void oa_reconfigure(IntelOAUnit *oa)
{
    uint64_t now_ts = intel_oa_gt_ticks(oa->gt,
                                        qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL));
    uint64_t period = oa_period(oa);
    bool run;

    /* the triggers count from the cycle the unit is enabled */
    intel_oa_trig_enable(&oa->trig, oa_enabled(oa) && oa->fmt, now_ts);
    run = oa_enabled(oa) && oa->fmt &&
          (oa_timer_enabled(oa) || oa_ctx_switch_enabled(oa) ||
           intel_oa_trig_reporting(&oa->trig));

    /* spacings 2^63 and 2^64 share the stored period: compare "never" */
    if (run && (!oa->running || period != oa->period ||
                (oa_period_shift(oa) >= 64) !=
                (oa->next_ts == OA_TS_NEVER))) {
        /* first report: the first strobe of the period after now */
        oa->period = period;
        oa->next_ts = oa_first_due(oa, now_ts);
    }
    if (!run) {
        oa_flush_pending(oa);
    }
    if (run != oa->running) {
        trace_intel_oa_unit_running(run, period, oa->next_ts);
    }
    oa->running = run;
    oa_schedule(oa);
}

/* ---- register interface ------------------------------------------------- */

static void oa_check_pointers(IntelOAUnit *oa)
{
    if (!oa_in_buffer(oa, oa_head(oa))) {
        intel_oa_violation(oa->ctl, INTEL_OA_VIOL_HEADPTR_OUTSIDE,
                           "OA enabled with OAHEADPTR 0x%08x outside the "
                           "buffer 0x%08x+0x%x", oa->oaheadptr,
                           oa_buf_base(oa), oa_buf_size(oa));
    }
    if (!oa_in_buffer(oa, oa->oatailptr)) {
        intel_oa_violation(oa->ctl, INTEL_OA_VIOL_TAILPTR_OUTSIDE,
                           "OA enabled with OATAILPTR 0x%08x outside the "
                           "buffer 0x%08x+0x%x", oa->oatailptr,
                           oa_buf_base(oa), oa_buf_size(oa));
        oa->wptr = oa->oatailptr = oa_buf_base(oa);
    }
}

/* "5" or "1, 5": the counter selects the generation has layouts for */
static char *oa_valid_selects(const IntelOAUnit *oa)
{
    GString *str = g_string_new(NULL);
    unsigned int i;

    for (i = 0; i < INTEL_OA_NUM_SELECTS; i++) {
        if (oa->plat->gen->formats[i]) {
            g_string_append_printf(str, "%s%u", str->len ? ", " : "", i);
        }
    }
    return g_string_free(str, false);
}

static void oa_write_oacontrol(IntelOAUnit *oa, uint32_t val)
{
    bool was_enabled = oa_enabled(oa);
    unsigned int sel = FIELD_EX32(val, OACONTROL, COUNTER_SELECT);

    if (FIELD_EX32(val, OACONTROL, MBZ)) {
        intel_oa_violation(oa->ctl, INTEL_OA_VIOL_OACONTROL_MBZ,
                           "OACONTROL write 0x%08x sets MBZ bits 31:8", val);
    }
    if (!oa->plat->gen->formats[sel]) {
        /*
         * Gen12 disables OAG by writing 0 (select 0): only enabling
         * with a format the generation lacks breaks the OAG rule.
         */
        if (!oa->layout->select_at_enable) {
            intel_oa_violation(oa->ctl, INTEL_OA_VIOL_BAD_COUNTER_SELECT,
                               "OACONTROL counter select %u is not a %s "
                               "report format (valid: 0, 2, 5, 7)", sel,
                               oa->plat->gen->name);
        } else if (FIELD_EX32(val, OACONTROL, COUNTER_ENABLE)) {
            g_autofree char *valid = oa_valid_selects(oa);

            intel_oa_violation(oa->ctl, INTEL_OA_VIOL_OAG_BAD_SELECT,
                               "OAG counters enabled with counter select "
                               "%u; %s OAG supports select %s only", sel,
                               oa->plat->gen->name, valid);
        }
    }
    oa->oacontrol = val;
    oa->fmt = oa_format(oa);
    if (was_enabled && !oa_enabled(oa) && oa->layout->tlb_rule) {
        /* the OA TLB may hold the old buffer's translations */
        oa->tlb_stale = true;
    }

    if (!was_enabled && oa_enabled(oa)) {
        if (!oa->buffer_valid) {
            intel_oa_violation(oa->ctl, INTEL_OA_VIOL_ENABLE_WITHOUT_BUFFER,
                               "OA counters enabled before OABUFFER was "
                               "programmed with a GGTT buffer");
        } else {
            oa_check_pointers(oa);
        }
        oa->wptr = oa->oatailptr;
        intel_oa_activity_check(oa->act);
    }
    oa_reconfigure(oa);
}

static void oa_write_oactxcontrol(IntelOAUnit *oa, uint32_t val)
{
    if (FIELD_EX32(val, OACTXCONTROL, MBZ)) {
        intel_oa_violation(oa->ctl, INTEL_OA_VIOL_OACTXCONTROL_MBZ,
                           "OACTXCONTROL write 0x%08x sets MBZ bits 31:8",
                           val);
    }
    oa->oactxcontrol = val;
    oa_reconfigure(oa);
}

/*
 * OASTATUS bits are set by hardware and cleared by software writing 0.
 * Writing 1 leaves a bit unchanged, whatever its value: i915 clears one
 * bit by writing back the value it read with that bit cleared, so a 1
 * is how software says "keep". Only reserved (MBZ) bits are a
 * violation.
 */
static void oa_write_oastatus(IntelOAUnit *oa, uint32_t val)
{
    uint32_t defined = oa->layout->status_mask;

    if (val & ~defined) {
        intel_oa_violation(oa->ctl, INTEL_OA_VIOL_OASTATUS_MBZ,
                           "OASTATUS write 0x%08x sets reserved bits "
                           "(defined: 0x%08x)", val, defined);
    }
    oa->oastatus &= val | ~defined;
}

static void oa_write_headptr(IntelOAUnit *oa, uint32_t val)
{
    if (FIELD_EX32(val, OAHEADPTR, LOW_MBZ)) {
        intel_oa_violation(oa->ctl, INTEL_OA_VIOL_HEADPTR_UNALIGNED,
                           "OAHEADPTR 0x%08x is not 64-byte aligned", val);
    }
    oa->oaheadptr = val & R_OAHEADPTR_ADDR_MASK;
    /* while enabled the head must stay inside the programmed buffer */
    if (oa_enabled(oa) && oa->buffer_valid &&
        !oa_in_buffer(oa, oa->oaheadptr)) {
        intel_oa_violation(oa->ctl, INTEL_OA_VIOL_HEADPTR_OUTSIDE,
                           "OAHEADPTR 0x%08x outside the buffer "
                           "0x%08x+0x%x", val, oa_buf_base(oa),
                           oa_buf_size(oa));
    }
    if (oa->buffer_valid) {
        oa_update_half_full_status(oa);
    }
}

static void oa_write_tailptr(IntelOAUnit *oa, uint32_t val)
{
    if (oa_enabled(oa)) {
        intel_oa_violation(oa->ctl, INTEL_OA_VIOL_TAILPTR_WHILE_ENABLED,
                           "OATAILPTR written (0x%08x) while the OA unit is "
                           "enabled", val);
    }
    if (FIELD_EX32(val, OATAILPTR, LOW_MBZ)) {
        intel_oa_violation(oa->ctl, INTEL_OA_VIOL_TAILPTR_UNALIGNED,
                           "OATAILPTR 0x%08x is not 64-byte aligned", val);
    }
    oa->oatailptr = oa->wptr = val & R_OATAILPTR_ADDR_MASK;
    oa->pending_valid = false;
}

static void oa_write_oabuffer(IntelOAUnit *oa, uint32_t val)
{
    if (oa_enabled(oa)) {
        intel_oa_violation(oa->ctl, INTEL_OA_VIOL_OABUFFER_WHILE_ENABLED,
                           "OABUFFER written (0x%08x) while the OA unit is "
                           "enabled", val);
    }
    if (oa->tlb_stale) {
        intel_oa_violation(oa->ctl, INTEL_OA_VIOL_OAG_BUFFER_WITHOUT_TLB_INV,
                           "OAG_OABUFFER reprogrammed (0x%08x) after a "
                           "disable without an OA_TLB_INV_CR invalidation",
                           val);
    }
    oa->buffer_valid = FIELD_EX32(val, OABUFFER, MEM_SELECT_GGTT);
    if (!oa->buffer_valid) {
        intel_oa_violation(oa->ctl, INTEL_OA_VIOL_OABUFFER_NOT_GGTT,
                           "OABUFFER 0x%08x selects PPGTT memory; the OA "
                           "buffer must be in the GGTT (bit 0 = 1)", val);
    }
    oa->oabuffer = val;
    if ((uint64_t)oa_buf_base(oa) + oa_buf_size(oa) > 4 * GiB) {
        intel_oa_violation(oa->ctl, INTEL_OA_VIOL_OABUFFER_BEYOND_GGTT,
                           "OABUFFER 0x%08x: the 0x%x-byte buffer at "
                           "0x%08x runs past the end of the 4 GiB GGTT",
                           val, oa_buf_size(oa), oa_buf_base(oa));
    }
    /* reprogramming the buffer ends a forced overflow */
    oa->ctl->faults.force_overflow = false;
}

static void oa_write_oabuffer_udw(IntelOAUnit *oa, uint32_t val)
{
    if (oa_enabled(oa)) {
        intel_oa_violation(oa->ctl, INTEL_OA_VIOL_OABUFFER_WHILE_ENABLED,
                           "OABUFFER_UDW written (0x%08x) while the OA unit "
                           "is enabled", val);
    }
    if (val) {
        intel_oa_violation(oa->ctl, INTEL_OA_VIOL_OABUFFER_UDW_NONZERO,
                           "OABUFFER_UDW 0x%08x: the %s GGTT is 4 GiB, "
                           "address bits 63:32 must be 0", val,
                           oa->plat->name);
    }
    oa->oabuffer_udw = val;
}

/* Plain storage registers: triggers, CECs, flex EU control, NOA mux. */
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
    if (addr >= INTEL_OA_NOA_BASE &&
        addr < INTEL_OA_NOA_BASE + INTEL_OA_NOA_SIZE) {
        return &oa->noa[(addr - INTEL_OA_NOA_BASE) / 4];
    }
    for (i = 0; i < INTEL_OA_NUM_FLEX; i++) {
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
    oa_catch_up(oa);
    *reg = val;
    intel_oa_trig_regs_changed(&oa->trig,
                               intel_oa_gt_ticks(oa->gt,
                                   qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL)));
    oa_reconfigure(oa);
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
        oa_catch_up(oa);
        *val = oa->oastatus;
        break;
    case OA_REG_HEAD:
        *val = oa->oaheadptr;
        break;
    case OA_REG_TAIL:
        oa_catch_up(oa);
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
        oa_catch_up(oa);
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
        oa_reconfigure(oa);
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
            oa_update_half_full_status(oa);
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

        /* ignored while disabled: no report, no violation (dg2.rst) */
        intel_oa_unit_trigger(oa, &trig, &off);
        break;
    }
    default:
        if (oa_reg_absent(oa, addr)) {
            intel_oa_violation(oa->ctl, INTEL_OA_VIOL_LEGACY_OA_REG,
                               "write of 0x%08x to 0x%04" HWADDR_PRIx ": the "
                               "Gen8-11 OA register block does not exist "
                               "on %s; ignored", val, addr,
                               oa->plat->gen->name);
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

/* The buffer programming sequence of rule 23, one step at a time. */
enum {
    OA_SEQ_NONE,
    OA_SEQ_HEAD,        /* OASTATUS2 written */
    OA_SEQ_BUFFER,      /* then OABUFFER */
    OA_SEQ_DONE,        /* then OASTATUS1: enabling is legal */
};

static void oa_gen7_seq(IntelOAUnit *oa, uint32_t from, uint32_t to)
{
    oa->seq_state = oa->seq_state == from ? to : OA_SEQ_NONE;
}

static void oa_gen7_check_enable(IntelOAUnit *oa)
{
    const IntelOARegLayout *l = oa->layout;
    uint32_t base = oa_buf_base(oa);

    if (oa->seq_state != OA_SEQ_DONE) {
        intel_oa_violation(oa->ctl, INTEL_OA_VIOL_GEN7_ENABLE_OUT_OF_SEQUENCE,
                           "OA enabled without OASTATUS2, OABUFFER, "
                           "OASTATUS1 programmed in that order since the "
                           "last disable");
    }
    if (oa_gen7_clock_gating_on(oa)) {
        intel_oa_violation(oa->ctl, INTEL_OA_VIOL_GEN7_CLOCK_GATING,
                           "OA enabled with render clock gating on "
                           "(UCGCTL1 0x%08x, MISCCPCTL 0x%08x)",
                           oa->ucgctl1, oa->misccpctl);
    }
    if (base % l->buf_align) {
        intel_oa_violation(oa->ctl, INTEL_OA_VIOL_GEN7_BUFFER_UNALIGNED,
                           "OA enabled with OABUFFER 0x%08x not aligned to "
                           "0x%x bytes", base, l->buf_align);
    }
    if (!l->memsel_ro &&
        !FIELD_EX32(oa->oaheadptr, GEN7_OASTATUS2, MEM_SELECT_GGTT)) {
        intel_oa_violation(oa->ctl, INTEL_OA_VIOL_GEN7_BUFFER_NOT_GGTT,
                           "OA enabled with OASTATUS2 memory select 0: the "
                           "OA buffer must be in the GGTT");
    }
    if (!oa->fmt) {
        intel_oa_violation(oa->ctl, INTEL_OA_VIOL_GEN7_BAD_COUNTER_SELECT,
                           "OA enabled with counter select %u, which has "
                           "no %s report layout", oa_select_gen7(oa),
                           oa->plat->gen->name);
    }
    if (oa->buffer_valid) {
        oa_check_pointers(oa);
    }
}

static void oa_gen7_write_oacontrol(IntelOAUnit *oa, uint32_t val)
{
    bool was_enabled = oa_enabled(oa);

    oa->oacontrol = val;
    oa->fmt = oa_format(oa);
    if (!was_enabled && oa_enabled(oa)) {
        oa_gen7_check_enable(oa);
        intel_oa_activity_check(oa->act);
        oa->wptr = oa->oatailptr;
        /* counter overflow compares reports of one enable period */
        oa->last_valid = false;
    } else if (was_enabled && !oa_enabled(oa)) {
        oa->seq_state = OA_SEQ_NONE;
    }
    oa_reconfigure(oa);
}

/*
 * OASTATUS1: tail, size and the sticky status bits, which software
 * clears by writing 0 to them (writing 1 keeps a bit).
 */
static void oa_gen7_write_oastatus1(IntelOAUnit *oa, uint32_t val)
{
    uint32_t tail = val & R_GEN7_OASTATUS1_TAIL_MASK;

    if (oa_enabled(oa)) {
        intel_oa_violation(oa->ctl, INTEL_OA_VIOL_GEN7_BUFFER_WHILE_ENABLED,
                           "OASTATUS1 written (0x%08x) while OA is enabled",
                           val);
    }
    oa_gen7_seq(oa, OA_SEQ_BUFFER, OA_SEQ_DONE);
    if (tail != (oa->oaheadptr & R_GEN7_OASTATUS2_HEAD_MASK)) {
        intel_oa_violation(oa->ctl, INTEL_OA_VIOL_GEN7_TAIL_NOT_HEAD,
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
    if (oa_enabled(oa) && oa->buffer_valid &&
        !oa_in_buffer(oa, oa_head(oa))) {
        intel_oa_violation(oa->ctl, INTEL_OA_VIOL_HEADPTR_OUTSIDE,
                           "OASTATUS2 head 0x%08x outside the buffer "
                           "0x%08x+0x%x", oa_head(oa), oa_buf_base(oa),
                           oa_buf_size(oa));
    }
    if (oa->buffer_valid) {
        oa_update_half_full_status(oa);
    }
}

static void oa_gen7_write_oabuffer(IntelOAUnit *oa, uint32_t val)
{
    if (oa_enabled(oa)) {
        intel_oa_violation(oa->ctl, INTEL_OA_VIOL_GEN7_BUFFER_WHILE_ENABLED,
                           "OABUFFER written (0x%08x) while OA is enabled",
                           val);
    }
    oa_gen7_seq(oa, OA_SEQ_HEAD, OA_SEQ_BUFFER);
    oa->oabuffer = val & ~R_GEN7_OABUFFER_OVERRUN_STATUS_MASK;
    oa->buffer_valid = true;
    oa->held_back = false;
    /* reprogramming the buffer ends a forced overflow */
    oa->ctl->faults.force_overflow = false;
}

static void oa_gen7_write_gating(IntelOAUnit *oa, uint32_t *reg, uint32_t val)
{
    *reg = val;
    if (oa_enabled(oa) && oa_gen7_clock_gating_on(oa)) {
        intel_oa_violation(oa->ctl, INTEL_OA_VIOL_GEN7_CLOCK_GATING,
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
        oa_catch_up(oa);
        *val = oa->oatailptr | oa->oastatus;
        if (oa->plat->report_lost_stuck && oa_enabled(oa)) {
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
        oa_catch_up(oa);
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
        oa_catch_up(oa);
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

bool intel_oa_unit_mmio_read(IntelOAUnit *oa, hwaddr addr, uint32_t *val)
{
    return oa->layout->read(oa, addr, val);
}

bool intel_oa_unit_mmio_write(IntelOAUnit *oa, hwaddr addr, uint32_t val)
{
    return oa->layout->write(oa, addr, val);
}

void intel_oa_unit_publish_tail(IntelOAUnit *oa)
{
    oa_catch_up(oa);
    oa->oatailptr = oa->wptr;
    trace_intel_oa_unit_publish_tail(oa->oatailptr);
}

bool intel_oa_unit_enabled(const IntelOAUnit *oa)
{
    return oa->running || oa_enabled(oa);
}

void intel_oa_unit_sync(IntelOAUnit *oa)
{
    oa_catch_up(oa);
}

uint32_t intel_oa_unit_spoil_pages(IntelOAUnit *oa, uint32_t n)
{
    uint32_t base, size, page, i;

    oa_catch_up(oa);
    if (!oa->buffer_valid) {
        return 0;
    }
    base = oa_buf_base(oa);
    size = oa_buf_size(oa);
    n = MIN(n, size / INTEL_OA_GGTT_PAGE_SIZE - 1);
    page = QEMU_ALIGN_DOWN(oa_buf_offset(oa, oa->wptr),
                           INTEL_OA_GGTT_PAGE_SIZE);
    for (i = 1; i <= n; i++) {
        intel_oa_ggtt_spoil(oa->ggtt, base + (page + i *
                            INTEL_OA_GGTT_PAGE_SIZE) % size);
    }
    return n;
}

/* ---- register-block variants ------------------------------------------- */

#define GEN8_OPS \
    .read = oa_gen8_read, .write = oa_gen8_write, \
    .buf_base = oa_buf_base_gen8, .buf_size = oa_buf_size_gen8, \
    .select = oa_select_gen8, .timer_enabled = oa_timer_enabled_gen8, \
    .timer_shift = oa_timer_shift_gen8

#define GEN7_OPS(size_) \
    .read = oa_gen7_read, .write = oa_gen7_write, \
    .buf_base = oa_buf_base_gen7, .buf_size = (size_), \
    .select = oa_select_gen7, .timer_enabled = oa_timer_enabled_gen7, \
    .timer_shift = oa_timer_shift_gen7, .timer_edge = true

static const IntelOARegLayout oa_layouts[] = {
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

/* ---- lifecycle ---------------------------------------------------------- */

void intel_oa_unit_init(IntelOAUnit *oa, AddressSpace *dma_as,
                        IntelOAActivity *act,
                        const IntelOAPlatform *plat, IntelOAGgtt *ggtt,
                        IntelOAIrq *irq, IntelOAGt *gt, IntelOACtl *ctl,
                        uint32_t seed)
{
    unsigned int k;

    oa->dma_as = dma_as;
    oa->act = act;
    oa->plat = plat;
    oa->ggtt = ggtt;
    oa->irq = irq;
    oa->gt = gt;
    oa->ctl = ctl;
    oa->layout = &oa_layouts[plat->gen->block];
    memcpy(oa->addr, oa->layout->addr, sizeof(oa->addr));
    if (!plat->gen->has_oa_debug) {
        oa->addr[OA_REG_DEBUG] = 0;
    }
    if (!plat->gen->has_mmio_trigger) {
        oa->addr[OA_REG_MMIO_TRIGGER] = 0;
    }
    oa->timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, oa_timer_cb, oa);
    /* SNB, IVB, VLV have no trigger registers */
    intel_oa_trig_init(&oa->trig, act, plat,
                       oa->layout->starttrig ? oa->starttrig : NULL,
                       oa->layout->reporttrig ? oa->reporttrig : NULL);

    /* S_k = ((seed * (k + 1)) << 8) + (k << 24), 64-bit arithmetic */
    for (k = 0; k < INTEL_OA_NUM_COUNTERS; k++) {
        oa->counter_base[k] = (((uint64_t)seed * (k + 1)) << 8) +
                              ((uint64_t)k << 24);
    }
}

void intel_oa_unit_finalize(IntelOAUnit *oa)
{
    if (oa->timer) {
        timer_free(oa->timer);
        oa->timer = NULL;
    }
}

void intel_oa_unit_reset(IntelOAUnit *oa)
{
    timer_del(oa->timer);
    oa->oacontrol = 0;
    oa->oactxcontrol = 0;
    oa->oactxid = 0;
    oa->oa_debug = 0;
    oa->oastatus = 0;
    oa->oaheadptr = 0;
    oa->oatailptr = 0;
    oa->oabuffer = 0;
    oa->oabuffer_udw = 0;
    /*
     * OA_IMR resets unmasked: the half-full source is gated by the GT
     * bank 3 IMR/IER, which reset masked/disabled.
     */
    oa->oa_imr = 0;
    memset(oa->starttrig, 0, sizeof(oa->starttrig));
    memset(oa->reporttrig, 0, sizeof(oa->reporttrig));
    memset(oa->cec, 0, sizeof(oa->cec));
    memset(oa->flex, 0, sizeof(oa->flex));
    memset(oa->noa, 0, sizeof(oa->noa));
    /* render clock gating on, as after power-up (DOP gating enabled) */
    oa->ucgctl1 = 0;
    oa->misccpctl = R_GEN7_MISCCPCTL_DOP_CLOCK_GATE_ENABLE_MASK;
    oa->seq_state = OA_SEQ_NONE;
    oa->held_back = false;
    oa->last_ts = 0;
    oa->last_valid = false;
    oa->buffer_valid = false;
    oa->tlb_stale = false;
    oa->running = false;
    oa->wptr = 0;
    oa->period = oa_period(oa);
    oa->next_ts = 0;
    oa->pending_valid = false;
    oa->pending_size = 0;
    oa->pending_len0 = 0;
    oa->pending_phys = 0;
    oa->pending_phys2 = 0;
    oa->fmt = oa_format(oa);
    intel_oa_trig_reset(&oa->trig);
}

static int oa_post_load(void *opaque, int version_id)
{
    IntelOAUnit *oa = opaque;

    if (oa->pending_valid &&
        (oa->pending_size > INTEL_OA_MAX_REPORT_SIZE ||
         oa->pending_len0 > oa->pending_size ||
         oa->pending_phys % INTEL_OA_GGTT_PAGE_SIZE + oa->pending_len0 >
         INTEL_OA_GGTT_PAGE_SIZE ||
         oa->pending_phys2 % INTEL_OA_GGTT_PAGE_SIZE +
         oa->pending_size - oa->pending_len0 > INTEL_OA_GGTT_PAGE_SIZE)) {
        return -EINVAL;
    }
    oa->fmt = oa_format(oa);
    if (oa->running && (!oa->fmt || !oa->period)) {
        return -EINVAL;
    }
    return 0;
}

static bool oa_trig_needed(void *opaque)
{
    IntelOAUnit *oa = opaque;

    return oa->trig.armed;
}

static const VMStateDescription vmstate_intel_oa_unit_trig = {
    .name = "intel-oa-gpu/oa/triggers",
    .version_id = 1,
    .minimum_version_id = 1,
    .needed = oa_trig_needed,
    .fields = (VMStateField[]) {
        VMSTATE_STRUCT(trig, IntelOAUnit, 1, vmstate_intel_oa_trig,
                       IntelOATrig),
        VMSTATE_END_OF_LIST()
    }
};

const VMStateDescription vmstate_intel_oa_unit = {
    .name = "intel-oa-gpu/oa",
    .version_id = 5,
    .minimum_version_id = 5,
    .post_load = oa_post_load,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32(oacontrol, IntelOAUnit),
        VMSTATE_UINT32(oactxcontrol, IntelOAUnit),
        VMSTATE_UINT32(oactxid, IntelOAUnit),
        VMSTATE_UINT32(oa_debug, IntelOAUnit),
        VMSTATE_UINT32(oastatus, IntelOAUnit),
        VMSTATE_UINT32(oaheadptr, IntelOAUnit),
        VMSTATE_UINT32(oatailptr, IntelOAUnit),
        VMSTATE_UINT32(oabuffer, IntelOAUnit),
        VMSTATE_UINT32(oabuffer_udw, IntelOAUnit),
        VMSTATE_UINT32(oa_imr, IntelOAUnit),
        VMSTATE_UINT32_ARRAY(starttrig, IntelOAUnit, INTEL_OA_NUM_TRIG),
        VMSTATE_UINT32_ARRAY(reporttrig, IntelOAUnit, INTEL_OA_NUM_TRIG),
        VMSTATE_UINT32_ARRAY(cec, IntelOAUnit, INTEL_OA_NUM_CEC),
        VMSTATE_UINT32_ARRAY(flex, IntelOAUnit, INTEL_OA_NUM_FLEX),
        VMSTATE_UINT32_ARRAY(noa, IntelOAUnit, INTEL_OA_NOA_REGS),
        VMSTATE_BOOL(buffer_valid, IntelOAUnit),
        VMSTATE_BOOL(tlb_stale, IntelOAUnit),
        VMSTATE_BOOL(running, IntelOAUnit),
        VMSTATE_UINT32(wptr, IntelOAUnit),
        VMSTATE_UINT64(period, IntelOAUnit),
        VMSTATE_UINT64(next_ts, IntelOAUnit),
        VMSTATE_BOOL(pending_valid, IntelOAUnit),
        VMSTATE_UINT32(pending_size, IntelOAUnit),
        VMSTATE_UINT32(pending_len0, IntelOAUnit),
        VMSTATE_UINT64(pending_phys, IntelOAUnit),
        VMSTATE_UINT64(pending_phys2, IntelOAUnit),
        VMSTATE_UINT8_ARRAY(pending, IntelOAUnit, INTEL_OA_MAX_REPORT_SIZE),
        VMSTATE_TIMER_PTR(timer, IntelOAUnit),
        VMSTATE_UINT32(ucgctl1, IntelOAUnit),
        VMSTATE_UINT32(misccpctl, IntelOAUnit),
        VMSTATE_UINT32(seq_state, IntelOAUnit),
        VMSTATE_BOOL(held_back, IntelOAUnit),
        VMSTATE_UINT64(last_ts, IntelOAUnit),
        VMSTATE_BOOL(last_valid, IntelOAUnit),
        VMSTATE_END_OF_LIST()
    },
    .subsections = (const VMStateDescription * []) {
        &vmstate_intel_oa_unit_trig,
        NULL
    }
};
