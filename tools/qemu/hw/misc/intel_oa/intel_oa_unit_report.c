/*
 * intel-oa-gpu: what the OA unit writes in a report. The header (RPT_ID
 * with its reasons, TIMESTAMP, CTX_ID from the context schedule of
 * Documentation/platforms.rst, GPU_TICKS) and every counter of the
 * format at the report's GPU timestamp: value_k(T) of
 * Documentation/vgpu-contract.rst, or under the activity workload
 * S_k + N_k(c(T)) of Documentation/counters.rst, held while a start
 * trigger has not fired. The hot path: intel_oa_unit.c calls it for
 * every report it writes.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/bswap.h"
#include "intel_oa_unit_int.h"

/* Gen12.5 64-bit header: TIME_STAMP keeps 56 bits */
#define OA_WIDE_TS_BITS     56
#define OA_CTX_PHASES       4

/* Hardware IDs of the contexts running in phases 0..2; phase 3 is idle. */
static const uint32_t oa_ctx_ids[OA_CTX_PHASES] = { 0x1a0, 0x2b0, 0x3c0, 0 };

/*
 * Gen8+ header for GPU timestamp @ts (the full 64-bit tick count). The
 * 32-bit header's TIMESTAMP and GPU_TICKS are the low 32 bits; the
 * Gen12.5 64-bit header (dg2.rst) carries a 56-bit TIMESTAMP and a 64-bit
 * GPU_TICKS, and a high RPT_ID dword that reads 0 for tile 0.
 */
static void oa_header_gen8(const IntelOAUnit *oa, const IntelOAFormat *f,
                           uint8_t *r, uint64_t ts,
                           const IntelOATrigger *trig)
{
    const IntelOAGen *gen = oa->gen;
    unsigned int tshift = oa_unit_timer_shift(oa);
    uint32_t ctx = oa_ctx_ids[(ts >> OA_CTX_SLICE_SHIFT) % OA_CTX_PHASES];
    uint64_t ticks = ts * oa->plat->gpu_ticks_ratio;
    uint32_t rpt = 0;

    if (oa->loaded_ctx) {
        /* a client's execlist context runs: reports name it */
        ctx = oa->loaded_ctx;
    }
    if (trig && trig->ctx_switch) {
        /* the switch itself, named by the context switched to */
        rpt = 1u << (gen->rpt_reason_shift + INTEL_OA_REASON_CTX_SWITCH);
        ctx = trig->ctx ? trig->ctx : ctx;
        if (ctx) {
            rpt |= gen->rpt_ctx_valid;
        }
    } else if (trig) {
        /* the writer finds its report by CTX_ID, so it is not a context */
        rpt = 1u << (gen->rpt_reason_shift + INTEL_OA_REASON_MMIO_TRIGGER);
        rpt |= (uint32_t)trig->source << INTEL_OA_RPT_SOURCE_SHIFT;
        ctx = trig->ctx;
    } else {
        /* a report due at a slice boundary and a timer tick carries both */
        if (tshift < 64 && !(ts & MAKE_64BIT_MASK(0, tshift))) {
            rpt |= 1u << (gen->rpt_reason_shift + INTEL_OA_REASON_TIMER);
        }
        if (oa_unit_ctx_switch_enabled(oa) &&
            !(ts & MAKE_64BIT_MASK(0, OA_CTX_SLICE_SHIFT))) {
            rpt |= 1u << (gen->rpt_reason_shift +
                          INTEL_OA_REASON_CTX_SWITCH);
        }
        if (ctx) {
            rpt |= gen->rpt_ctx_valid;
        }
    }
    rpt |= intel_oa_trig_rpt_id(&oa->trig, ts, gen->rpt_reason_shift, !trig);
    if (f->wide_header) {
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
static void oa_header_gen7(const IntelOAUnit *oa, const IntelOAFormat *f,
                           uint8_t *r, uint64_t ts,
                           const IntelOATrigger *trig)
{
    unsigned int shift = oa->gen->rpt_reason_shift;
    unsigned int tshift = oa_unit_timer_shift(oa);
    uint32_t rpt = intel_oa_trig_rpt_id(&oa->trig, ts, shift, true);

    if (tshift < 64 &&
        !((ts - oa_unit_timer_phase(oa)) & MAKE_64BIT_MASK(0, tshift))) {
        rpt |= 1u << (shift + INTEL_OA_REASON_TIMER);
    }
    stl_le_p(r + 0, rpt);
    stl_le_p(r + 4, ts);
    stl_le_p(r + 8, (ts >> 32) & 0xf);
}

static void (*const oa_headers[])(const IntelOAUnit *oa,
                                  const IntelOAFormat *f, uint8_t *r,
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

    if (oa->act) {
        intel_oa_activity_count(oa->act, k, c, &n);
    }
    return n;
}

/*
 * N_k at report timestamp @ts: the count of the workload, less the cycles
 * the start trigger held it (@hold over [hold_from, hold_to)).
 */
uint64_t oa_unit_workload_count(const IntelOAUnit *oa, unsigned int k,
                                uint64_t ts)
{
    uint64_t n = ts * (k + 1);

    /* counters.rst: S_k + N_k(c(T)) under the activity workload */
    if (oa->act) {
        intel_oa_activity_count_at(oa->act, k, ts, &n);
    }
    return n;
}

static uint64_t oa_advance(const IntelOAUnit *oa, unsigned int k, uint64_t ts,
                           bool hold, uint64_t hold_from, uint64_t hold_to)
{
    uint64_t n = oa_unit_workload_count(oa, k, ts) -
                 oa_unit_gated_count(oa, k, ts);

    if (hold) {
        /* no advance while the start trigger had not fired */
        n -= oa_count_at_cycle(oa, k, hold_to) -
             oa_count_at_cycle(oa, k, hold_from);
    }
    return n;
}

/* Whether counter @k is one the NOA network feeds (a B or C counter). */
static bool oa_noa_counter(const IntelOAUnit *oa, unsigned int k)
{
    return oa->gen->noa_power && k >= oa->gen->noa_first;
}

/*
 * Report for GPU timestamp @ts, a periodic one or, with @trig, the one an
 * MMIO trigger asked for. The counters are functions of @ts itself, so
 * the 40-bit A counters keep counting when TIMESTAMP wraps. Reserved
 * dwords are 0. While the NOA network is off, the counters it feeds
 * hold their values of the moment it went off; powered again, they are
 * functions of @ts again (they jump, as reprogrammed counters do).
 */
void oa_unit_fill_report(const IntelOAUnit *oa, uint8_t *r, uint64_t ts,
                           const IntelOATrigger *trig)
{
    oa_unit_fill_report_format(oa, oa->fmt, r, ts, trig);
}

void oa_unit_fill_report_format(const IntelOAUnit *oa, const IntelOAFormat *f,
                                uint8_t *r, uint64_t ts,
                                const IntelOATrigger *trig)
{
    uint64_t hold_from, hold_to, off_from, off_to;
    bool hold = intel_oa_trig_hold(&oa->trig, ts, &hold_from, &hold_to);
    bool frozen = !oa_unit_noa_powered(oa) && ts > oa->noa_off_ts;
    bool off_hold = frozen &&
                    intel_oa_trig_hold(&oa->trig, oa->noa_off_ts,
                                       &off_from, &off_to);
    unsigned int i, j;

    memset(r, 0, f->size);
    oa_headers[oa->gen->header](oa, f, r, ts, trig);
    if (f->inst_add) {
        stl_le_p(r + 12, OA_INST_ADD_BASE + 0x40 *
                 ((ts >> OA_INST_ADD_SHIFT) % OA_INST_ADD_COUNT));
    }

    for (i = 0; i < f->nr_runs; i++) {
        const IntelOACounterRun *run = &f->runs[i];
        uint8_t *p = r + run->offset;

        for (j = 0; j < run->count; j++) {
            unsigned int k = run->first + j;
            uint64_t n, v;

            if (frozen && oa_noa_counter(oa, k)) {
                n = oa_advance(oa, k, oa->noa_off_ts, off_hold, off_from,
                               off_to);
            } else {
                n = oa_advance(oa, k, ts, hold, hold_from, hold_to);
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
