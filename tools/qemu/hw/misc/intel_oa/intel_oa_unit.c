/*
 * intel-oa-gpu: render OA unit, its core: when reports are due (timer,
 * context switches, triggers), the batching timer, writing reports
 * through the GGTT into the circular buffer, what a full buffer does,
 * the half-full event, the on-demand MMIO trigger, reset and migration.
 * Register semantics (the Broadwell PRM Vol 14 "Observability", i915's
 * Gen8-12 programming sequences and, for Gen6-7.5, seed 001 as
 * Documentation/gen6-gen7.rst reads it) are intel_oa_unit_regs.c's;
 * report contents intel_oa_unit_report.c's.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/bswap.h"
#include "qemu/host-utils.h"
#include "qemu/log.h"
#include "sysemu/dma.h"
#include "intel_oa_unit_int.h"
#include "trace.h"

/* Batch interval for short sampling periods (virtual time). */
#define OA_BATCH_NS         (1000 * 1000)
/* next_ts of a unit whose next report lies beyond 2^64 ticks */
#define OA_TS_NEVER         UINT64_MAX
/* a report's first cacheline: RPT_ID, TIMESTAMP, CTX_ID, GPU_TICKS */
#define OA_HEADER_LINE      64

/* ---- buffer geometry ---------------------------------------------------- */

uint32_t oa_unit_buf_base(const IntelOAUnit *oa)
{
    return oa->layout->buf_base(oa);
}

uint32_t oa_unit_buf_size(const IntelOAUnit *oa)
{
    return oa->layout->buf_size(oa);
}

/* Offset of GGTT address @addr in the buffer, modulo the buffer size. */
static uint32_t oa_buf_offset(const IntelOAUnit *oa, uint32_t addr)
{
    return (uint32_t)(addr - oa_unit_buf_base(oa)) % oa_unit_buf_size(oa);
}

bool oa_unit_in_buffer(const IntelOAUnit *oa, uint32_t addr)
{
    return (uint32_t)(addr - oa_unit_buf_base(oa)) < oa_unit_buf_size(oa);
}

uint32_t oa_unit_head(const IntelOAUnit *oa)
{
    return oa->oaheadptr & R_OAHEADPTR_ADDR_MASK;
}

/* Bytes written by the unit and not yet consumed by software. */
static uint32_t oa_fill(const IntelOAUnit *oa)
{
    uint32_t size = oa_unit_buf_size(oa);

    return (oa_buf_offset(oa, oa->wptr) + size -
            oa_buf_offset(oa, oa_unit_head(oa))) % size;
}

bool oa_unit_enabled(const IntelOAUnit *oa)
{
    return FIELD_EX32(oa->oacontrol, OACONTROL, COUNTER_ENABLE);
}

bool oa_unit_noa_powered(const IntelOAUnit *oa)
{
    return !oa->gen->noa_power || (oa->noa_power & oa->gen->noa_power_bit);
}

/*
 * A write of the NOA power register. The reports due so far keep the old
 * state; switched off, the counters the network feeds hold their values
 * of that moment (oa_unit_fill_report()).
 */
void oa_unit_noa_power_write(IntelOAUnit *oa, uint32_t val)
{
    bool on = val & oa->gen->noa_power_bit;
    uint64_t now;

    if (oa_unit_noa_powered(oa) != on) {
        oa_unit_catch_up(oa);
        now = intel_oa_gt_ticks(oa->gt,
                                qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL));
        if (!on) {
            oa->noa_off_ts = now;
        }
        trace_intel_oa_unit_noa_power(oa->id, on, now);
    }
    oa->noa_power = val;
}

static bool oa_timer_enabled(const IntelOAUnit *oa)
{
    return oa->layout->timer_enabled(oa);
}

/*
 * Context-switch reports: always on Gen8 (no OA_DEBUG), on Gen9+ unless
 * OA_DEBUG bit 1 turns them off.
 */
bool oa_unit_ctx_switch_enabled(const IntelOAUnit *oa)
{
    if (oa->gen->no_ctx_reports) {
        return false;
    }
    return !oa->gen->has_oa_debug ||
           !(oa->oa_debug & INTEL_OA_DEBUG_NO_CTX_SWITCH);
}

/* log2 of the timer period P = 2^(e + 1) ticks: 1..64; 64 = never */
unsigned int oa_unit_timer_shift(const IntelOAUnit *oa)
{
    return oa->layout->timer_shift(oa);
}

/*
 * log2 of the spacing of all reports. Timer and context-switch periods
 * are both powers of two, so one divides the other and the union of the
 * two report sequences is simply the one with the shorter period.
 */
static unsigned int oa_period_shift(const IntelOAUnit *oa)
{
    unsigned int shift = oa_unit_timer_shift(oa);

    if (oa_unit_ctx_switch_enabled(oa)) {
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
uint64_t oa_unit_timer_phase(const IntelOAUnit *oa)
{
    unsigned int shift = oa_unit_timer_shift(oa);

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
    uint64_t phase = oa_unit_timer_phase(oa), q;

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

const IntelOAFormat *oa_unit_format(const IntelOAUnit *oa)
{
    return oa->gen->formats[oa->layout->select(oa->oacontrol)];
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
        oa->stats->dma_errors += DIV_ROUND_UP(len, 64);
        trace_intel_oa_unit_dma_error(phys, len);
        qemu_log_mask(LOG_GUEST_ERROR,
                      "intel-oa-gpu: OA report DMA of %u bytes to 0x%" PRIx64
                      " failed; does the GGTT map that page to RAM?\n",
                      len, phys);
    }
}

/*
 * Land the report whose tail was published early (tail-race), or the rest
 * of a torn one (torn-write) when @next_report: the unit is about to write
 * its next report or has stopped, and its writes land in order.
 */
static void oa_flush_pending(IntelOAUnit *oa, bool next_report)
{
    uint32_t from = oa->pending_from;

    if (oa->pending_valid && (!from || next_report)) {
        if (from < oa->pending_len0) {
            oa_dma(oa, oa->pending_phys + from, oa->pending + from,
                   oa->pending_len0 - from);
        }
        if (oa->pending_len0 < oa->pending_size) {
            oa_dma(oa, oa->pending_phys2, oa->pending + oa->pending_len0,
                   oa->pending_size - oa->pending_len0);
        }
        oa->pending_valid = false;
        oa->pending_from = 0;
        trace_intel_oa_unit_pending_flush(oa->pending_phys, from);
    }
}

/*
 * Hold back the report in oa->pending, @len0 bytes of it at @phys and the
 * rest at @phys2, of which the first @from bytes have landed (0:
 * tail-race, OA_HEADER_LINE: torn-write).
 */
static void oa_hold_pending(IntelOAUnit *oa, uint32_t rs, uint32_t len0,
                            uint64_t phys, uint64_t phys2, uint32_t from)
{
    oa->pending_size = rs;
    oa->pending_len0 = len0;
    oa->pending_phys = phys;
    oa->pending_phys2 = phys2;
    oa->pending_from = from;
    oa->pending_valid = true;
}

void oa_unit_update_half_full_status(IntelOAUnit *oa)
{
    bool level = oa->buffer_valid &&
                 oa_fill(oa) >= oa_unit_buf_size(oa) / 2 &&
                 !FIELD_EX32(oa->oa_imr, OA_IMR, BUFFER_HALF_FULL);

    if (oa->irq) {
        intel_oa_irq_oa_status(oa->irq, level);
    }
}

static void oa_half_full_event(IntelOAUnit *oa)
{
    trace_intel_oa_unit_half_full(oa_fill(oa));
    if (!oa->irq || !intel_oa_irq_has_oa_source(oa->irq) ||
        FIELD_EX32(oa->oa_imr, OA_IMR, BUFFER_HALF_FULL)) {
        return;
    }
    oa->stats->half_full_irqs++;
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
        if (!intel_oa_ggtt_coherent(oa->ggtt, addr)) {
            intel_oa_violation(oa->viol, INTEL_OA_VIOL_OA_BUFFER_NOT_COHERENT,
                               "OA report write to GGTT 0x%08x through a PTE "
                               "with PAT index 0 (WB, not coherent): the CPU "
                               "may read stale lines", addr);
        }
        return true;
    }
    intel_oa_violation(oa->viol, INTEL_OA_VIOL_GGTT_FAULT,
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
    return (oa_unit_buf_size(oa) - fill - 1) / rs;
}

/* How many of @n due reports to write now, given the mode. */
static uint64_t oa_reports_to_write(IntelOAUnit *oa, OAFullMode mode,
                                    uint64_t n, uint32_t fill, uint32_t rs)
{
    uint32_t size = oa_unit_buf_size(oa);
    uint64_t room;

    switch (mode) {
    case OA_FULL_OVERRUN:
        return n;
    case OA_FULL_HOLD:
        return oa->faults->force_overflow ? 0 :
               MIN(n, oa_reports_fitting(oa, fill, rs));
    default:
        if (oa->faults->force_overflow) {
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
    IntelOAFaults *faults = oa->faults;
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
    size = oa_unit_buf_size(oa);
    base = oa_unit_buf_base(oa);
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
        bool torn = !race && faults->torn_write && written + 1 == count;

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

        if (!race && !torn && faults->lose_writes) {
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
            oa_unit_fill_report(oa, oa->pending, oa_next_report(oa), NULL);
            oa_hold_pending(oa, rs, len0, phys, phys2, 0);
        } else if (torn) {
            /*
             * The header's cacheline lands with the tail, the rest waits
             * for the next report (vgpu-contract.rst). A report starts on
             * a 64-byte boundary, so that cacheline is within len0.
             */
            oa_unit_fill_report(oa, oa->pending, oa_next_report(oa), NULL);
            memcpy(oa->stage + stage_len, oa->pending, OA_HEADER_LINE);
            stage_len += OA_HEADER_LINE;
            oa_hold_pending(oa, rs, len0, phys, phys2, OA_HEADER_LINE);
        } else {
            oa_unit_fill_report(oa, oa->stage + stage_len, oa_next_report(oa),
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
    oa_unit_update_half_full_status(oa);

drop_rest:
    oa_skip_reports(oa, n);
    dropped += n;
out:
    oa->stats->reports_written += written;
    oa->stats->reports_dropped += dropped;
    trace_intel_oa_unit_batch(written, dropped, oa->oatailptr, oa->oastatus);
}

/* The GPU timestamp now. */
static uint64_t oa_now_ts(const IntelOAUnit *oa)
{
    return intel_oa_gt_ticks(oa->gt, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL));
}

/* Write the periodic reports due at GPU time @now_ts. */
static void oa_unit_catch_up_at(IntelOAUnit *oa, uint64_t now_ts)
{
    uint64_t n;

    oa_flush_pending(oa, !oa->running);
    if (!oa->running) {
        return;
    }
    n = oa_due_reports(oa, now_ts);
    if (n) {
        oa_flush_pending(oa, true);
        oa_emit(oa, n);
    }
}

/* Generate everything that fell due up to now. */
void oa_unit_catch_up(IntelOAUnit *oa)
{
    oa_unit_catch_up_at(oa, oa_now_ts(oa));
}

bool intel_oa_unit_trigger(IntelOAUnit *oa, const IntelOATrigger *trig,
                           uint32_t *offset)
{
    uint64_t ts;

    if (!oa_unit_write_one(oa, trig, offset, &ts)) {
        return false;
    }
    trace_intel_oa_unit_trigger(trig->ctx, trig->source, *offset, ts);
    return true;
}

/*
 * One report at GPU time @now_ts, outside the periodic sequence (an MMIO
 * trigger's or a context switch's), after the periodic reports due before
 * it. The caller reads the clock once: without the guest's instruction
 * counter QEMU's clock moves between two reads, and a periodic report
 * falling between them would land before the report of an event that
 * happened earlier.
 */
static bool oa_unit_write_one_at(IntelOAUnit *oa, const IntelOATrigger *trig,
                                 uint64_t now_ts, uint32_t *offset,
                                 uint64_t *when)
{
    uint8_t r[INTEL_OA_MAX_REPORT_SIZE];
    uint32_t rs, size, base, addr, len0, fill;
    uint64_t phys, phys2 = 0, ts;

    if (!oa_unit_enabled(oa) || !oa->fmt) {
        return false;
    }
    /* periodic reports due before the trigger land before it */
    oa_unit_catch_up_at(oa, now_ts);
    if (!oa->buffer_valid) {
        oa->stats->reports_dropped++;
        return false;
    }
    rs = oa->fmt->size;
    size = oa_unit_buf_size(oa);
    base = oa_unit_buf_base(oa);
    oa->wptr = base + oa_buf_offset(oa, oa->wptr);
    fill = oa_fill(oa);
    /* as for periodic reports, one report's room stays free */
    if (oa->faults->force_overflow || (size - fill) / rs < 2) {
        oa->oastatus |= R_OASTATUS_BUFFER_OVERFLOW_MASK;
        oa->stats->reports_dropped++;
        return false;
    }
    addr = oa->wptr;
    len0 = MIN(MIN(rs, INTEL_OA_GGTT_PAGE_SIZE -
                       addr % INTEL_OA_GGTT_PAGE_SIZE),
               (uint64_t)base + size - addr);
    if (!oa_translate(oa, addr, &phys) ||
        (len0 < rs && !oa_translate(oa, oa_buf_next(base, size, addr, len0),
                                    &phys2))) {
        oa->stats->reports_dropped++;
        return false;
    }
    ts = now_ts;
    oa_unit_fill_report(oa, r, ts, trig);
    oa_flush_pending(oa, true);
    if (oa->faults->torn_write) {
        /* as the last report of a batch: the header's line first */
        oa_dma(oa, phys, r, OA_HEADER_LINE);
        memcpy(oa->pending, r, rs);
        oa_hold_pending(oa, rs, len0, phys, phys2, OA_HEADER_LINE);
    } else {
        oa_dma(oa, phys, r, len0);
        if (len0 < rs) {
            oa_dma(oa, phys2, r + len0, rs - len0);
        }
    }
    oa->wptr = oa_buf_next(base, size, addr, rs);
    if (!oa->faults->stall_tail) {
        oa->oatailptr = oa->wptr;
    }
    oa->stats->reports_written++;
    if (fill < size / 2 && fill + rs >= size / 2) {
        oa_half_full_event(oa);
    }
    oa_unit_update_half_full_status(oa);
    *offset = addr - base;
    *when = ts;
    return true;
}

/* The same now. */
bool oa_unit_write_one(IntelOAUnit *oa, const IntelOATrigger *trig,
                       uint32_t *offset, uint64_t *when)
{
    return oa_unit_write_one_at(oa, trig, oa_now_ts(oa), offset, when);
}

/* Gen6/7 per-context mode is on. */
static bool oa_per_context(const IntelOAUnit *oa)
{
    return oa->gen->gen <= 7 &&
           FIELD_EX32(oa->oacontrol, GEN7_OACONTROL, SPECIFIC_CONTEXT);
}

/*
 * Open or close the gate after a context switch or an OACONTROL write.
 * Outside per-context mode the counters are the workload's again: what
 * the mode held is forgotten (they jump, as after the NOA network comes
 * back), so every system-wide stream sees value_k(T). engine-gated=on
 * gates by the engine's work instead, for the device's life.
 */
void oa_unit_gate_update(IntelOAUnit *oa)
{
    uint64_t now = intel_oa_gt_ticks(oa->gt,
                                     qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL));
    bool open;
    unsigned int k;

    if (oa->engine_gated) {
        /* the activity runs while a client's context does */
        open = oa->loaded_ctx != 0;
    } else if (!oa_per_context(oa)) {
        oa->gated = false;
        oa->gate_from = 0;
        memset(oa->excluded, 0, sizeof(oa->excluded));
        return;
    } else {
        open = (oa->oacontrol & R_GEN7_OACONTROL_CONTEXT_ID_MASK) ==
               (oa->loaded_ctx & R_GEN7_OACONTROL_CONTEXT_ID_MASK);
    }
    if (open != oa->gated) {
        return;
    }
    if (!open) {
        oa->gated = true;
        oa->gate_from = now;
        return;
    }
    for (k = 0; k < INTEL_OA_NUM_COUNTERS; k++) {
        oa->excluded[k] += oa_unit_workload_count(oa, k, now) -
                           oa_unit_workload_count(oa, k, oa->gate_from);
    }
    oa->gated = false;
}

uint64_t oa_unit_gated_count(const IntelOAUnit *oa, unsigned int k,
                             uint64_t ts)
{
    uint64_t n = oa->excluded[k];

    if (oa->gated && ts > oa->gate_from) {
        n += oa_unit_workload_count(oa, k, ts) -
             oa_unit_workload_count(oa, k, oa->gate_from);
    }
    return n;
}

void intel_oa_unit_set_context(IntelOAUnit *oa, uint32_t ctx)
{
    IntelOATrigger sw = { .ctx = ctx, .ctx_switch = true };
    uint64_t now = oa_now_ts(oa), ts;
    uint32_t offset;

    /*
     * One instant for the switch: the periodic reports due up to it name
     * the context switched away from, the switch's report comes next.
     */
    oa_unit_catch_up_at(oa, now);
    oa->loaded_ctx = ctx;
    oa_unit_gate_update(oa);
    /*
     * Gen8+: the unit writes a report when the render engine switches
     * context (seed 000 "Context ID in Execlist mode"; i915 forwards these
     * as the bookends of a filtered context's work), naming the context
     * switched to, or the synthetic schedule's when the engine goes back
     * to it.
     */
    if (oa->gen->gen >= 8 && oa_unit_ctx_switch_enabled(oa)) {
        oa_unit_write_one_at(oa, &sw, now, &offset, &ts);
    }
}

uint32_t intel_oa_unit_snapshot(IntelOAUnit *oa, uint32_t report_id,
                                uint8_t *r)
{
    uint64_t ts;

    if (!oa->fmt) {
        return 0;
    }
    ts = intel_oa_gt_ticks(oa->gt, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL));
    oa_unit_fill_report(oa, r, ts, NULL);
    /* the lowest dword is the command's report ID (seed 001) */
    stl_le_p(r, report_id);
    return oa->fmt->size;
}

uint32_t intel_oa_unit_snapshot_format(IntelOAUnit *oa, const IntelOAFormat *f,
                                       uint32_t report_id, uint8_t *r)
{
    uint64_t ts;

    ts = intel_oa_gt_ticks(oa->gt, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL));
    oa_unit_fill_report_format(oa, f, r, ts, NULL);
    stl_le_p(r, report_id);
    return f->size;
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

    oa_unit_catch_up(oa);
    oa_schedule(oa);
}

/* Re-evaluate whether the timer runs after a control register write. */
void oa_unit_reconfigure(IntelOAUnit *oa)
{
    uint64_t now_ts = intel_oa_gt_ticks(oa->gt,
                                        qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL));
    uint64_t period = oa_period(oa);
    bool run;

    /* the triggers count from the cycle the unit is enabled */
    intel_oa_trig_enable(&oa->trig, oa_unit_enabled(oa) && oa->fmt, now_ts);
    run = oa_unit_enabled(oa) && oa->fmt &&
          (oa_timer_enabled(oa) || oa_unit_ctx_switch_enabled(oa) ||
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
        oa_flush_pending(oa, true);
    }
    if (run != oa->running) {
        trace_intel_oa_unit_running(run, period, oa->next_ts);
    }
    oa->running = run;
    oa_schedule(oa);
}

void intel_oa_unit_publish_tail(IntelOAUnit *oa)
{
    oa_unit_catch_up(oa);
    oa->oatailptr = oa->wptr;
    trace_intel_oa_unit_publish_tail(oa->oatailptr);
}

bool intel_oa_unit_enabled(const IntelOAUnit *oa)
{
    return oa->running || oa_unit_enabled(oa);
}

void intel_oa_unit_sync(IntelOAUnit *oa)
{
    oa_unit_catch_up(oa);
}

uint32_t intel_oa_unit_spoil_pages(IntelOAUnit *oa, uint32_t n)
{
    uint32_t base, size, page, i;

    oa_unit_catch_up(oa);
    if (!oa->buffer_valid) {
        return 0;
    }
    base = oa_unit_buf_base(oa);
    size = oa_unit_buf_size(oa);
    n = MIN(n, size / INTEL_OA_GGTT_PAGE_SIZE - 1);
    page = QEMU_ALIGN_DOWN(oa_buf_offset(oa, oa->wptr),
                           INTEL_OA_GGTT_PAGE_SIZE);
    for (i = 1; i <= n; i++) {
        intel_oa_ggtt_spoil(oa->ggtt, base + (page + i *
                            INTEL_OA_GGTT_PAGE_SIZE) % size);
    }
    return n;
}

/* ---- lifecycle ---------------------------------------------------------- */

void intel_oa_unit_init(IntelOAUnit *oa, unsigned int id,
                        const IntelOAGen *gen, AddressSpace *dma_as,
                        IntelOAActivity *act,
                        const IntelOAPlatform *plat, IntelOAGgtt *ggtt,
                        IntelOAIrq *irq, IntelOAGt *gt, IntelOAViolations *viol,
                        IntelOAFaults *faults, IntelOAStats *stats,
                        uint32_t seed)
{
    unsigned int k;

    oa->id = id;
    oa->gen = gen;
    oa->dma_as = dma_as;
    oa->act = gen->no_activity ? NULL : act;
    oa->plat = plat;
    oa->ggtt = ggtt;
    oa->irq = gen->no_irq ? NULL : irq;
    oa->gt = gt;
    oa->viol = viol;
    oa->faults = faults;
    oa->stats = stats;
    oa->layout = &intel_oa_unit_layouts[gen->block];
    memcpy(oa->addr, oa->layout->addr, sizeof(oa->addr));
    if (!gen->has_oa_debug) {
        oa->addr[OA_REG_DEBUG] = 0;
    }
    if (!gen->has_mmio_trigger) {
        oa->addr[OA_REG_MMIO_TRIGGER] = 0;
    }
    oa->timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, oa_timer_cb, oa);
    /* SNB, IVB, VLV have no trigger registers */
    intel_oa_trig_init(&oa->trig, oa->act, plat,
                       oa->layout->starttrig ? oa->starttrig : NULL,
                       oa->layout->reporttrig ? oa->reporttrig : NULL);

    /*
     * S_k = ((seed * (k + 1)) << 8) + (k << 24) + (u << 30) for unit u,
     * 64-bit arithmetic
     */
    for (k = 0; k < INTEL_OA_NUM_COUNTERS; k++) {
        oa->counter_base[k] = (((uint64_t)seed * (k + 1)) << 8) +
                              ((uint64_t)k << 24) + ((uint64_t)id << 30);
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
    oa->loaded_ctx = 0;
    /* engine-gated: idle from the reset on */
    oa->gated = oa->engine_gated;
    oa->gate_from = oa->engine_gated ?
                    intel_oa_gt_ticks(oa->gt,
                                      qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL)) :
                    0;
    memset(oa->excluded, 0, sizeof(oa->excluded));
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
    memset(oa->noa_out, 0, sizeof(oa->noa_out));
    /* NOA off, as i915 and xe leave it: a metric set powers it */
    oa->noa_power = 0;
    oa->noa_off_ts = 0;
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
    oa->pending_from = 0;
    oa->pending_phys = 0;
    oa->pending_phys2 = 0;
    oa->fmt = oa_unit_format(oa);
    intel_oa_trig_reset(&oa->trig);
}

static int oa_post_load(void *opaque, int version_id)
{
    IntelOAUnit *oa = opaque;

    if (oa->pending_valid &&
        (oa->pending_size > INTEL_OA_MAX_REPORT_SIZE ||
         oa->pending_len0 > oa->pending_size ||
         oa->pending_from > oa->pending_len0 ||
         oa->pending_phys % INTEL_OA_GGTT_PAGE_SIZE + oa->pending_len0 >
         INTEL_OA_GGTT_PAGE_SIZE ||
         oa->pending_phys2 % INTEL_OA_GGTT_PAGE_SIZE +
         oa->pending_size - oa->pending_len0 > INTEL_OA_GGTT_PAGE_SIZE)) {
        return -EINVAL;
    }
    oa->fmt = oa_unit_format(oa);
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

static bool oa_noa_needed(void *opaque)
{
    IntelOAUnit *oa = opaque;

    return oa->noa_power || oa->noa_off_ts;
}

static const VMStateDescription vmstate_intel_oa_unit_noa = {
    .name = "intel-oa-gpu/oa/noa",
    .version_id = 1,
    .minimum_version_id = 1,
    .needed = oa_noa_needed,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32(noa_power, IntelOAUnit),
        VMSTATE_UINT64(noa_off_ts, IntelOAUnit),
        VMSTATE_END_OF_LIST()
    }
};

static bool oa_gate_needed(void *opaque)
{
    IntelOAUnit *oa = opaque;

    return oa->loaded_ctx || oa->gated || oa->gate_from;
}

static const VMStateDescription vmstate_intel_oa_unit_gate = {
    .name = "intel-oa-gpu/oa/context-gate",
    .version_id = 1,
    .minimum_version_id = 1,
    .needed = oa_gate_needed,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32(loaded_ctx, IntelOAUnit),
        VMSTATE_BOOL(gated, IntelOAUnit),
        VMSTATE_UINT64(gate_from, IntelOAUnit),
        VMSTATE_UINT64_ARRAY(excluded, IntelOAUnit, INTEL_OA_NUM_COUNTERS),
        VMSTATE_END_OF_LIST()
    }
};

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
    .version_id = 7,
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
        VMSTATE_UINT32_ARRAY_V(noa_out, IntelOAUnit,
                               INTEL_OA_HSW_NUM_NOA_OUT, 6),
        VMSTATE_BOOL(buffer_valid, IntelOAUnit),
        VMSTATE_BOOL(tlb_stale, IntelOAUnit),
        VMSTATE_BOOL(running, IntelOAUnit),
        VMSTATE_UINT32(wptr, IntelOAUnit),
        VMSTATE_UINT64(period, IntelOAUnit),
        VMSTATE_UINT64(next_ts, IntelOAUnit),
        VMSTATE_BOOL(pending_valid, IntelOAUnit),
        VMSTATE_UINT32(pending_size, IntelOAUnit),
        VMSTATE_UINT32(pending_len0, IntelOAUnit),
        VMSTATE_UINT32_V(pending_from, IntelOAUnit, 7),
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
        &vmstate_intel_oa_unit_noa,
        &vmstate_intel_oa_unit_gate,
        NULL
    }
};
