/*
 * intel-oa-gpu: start and report triggers (Documentation/counters.rst
 * "Start and report triggers", reading 5). Each trigger ANDs two OR
 * groups of CEC block outputs, optionally inverted, and fires either on
 * a rising edge of that condition or when a 16-bit counter of the cycles
 * where it holds reaches the threshold.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "hw/registerfields.h"
#include "intel_oa_activity.h"
#include "intel_oa_trigger.h"
#include "trace.h"

#define TRIG_NEVER          UINT64_MAX
#define TRIG_PERIOD         INTEL_OA_TRIG_PERIOD
/* Slices of 2^20 ticks; phase 3 of every 4 is idle (platforms.rst). */
#define TRIG_SLICE_SHIFT    20
#define TRIG_PHASES         4
#define TRIG_IDLE_PHASE     3
/*
 * Runs searched for one fire. A threshold of 65535 needs at most 96 runs
 * when the condition holds once a period; a condition that never fires
 * again is given up on after this many.
 */
#define TRIG_MAX_RUNS       256

/* Registers 1..4 of a bank belong to trigger 1, 5..8 to trigger 2. */
#define TRIG_REGS_PER       4
REG32(TRIG_THRESHOLD, 0)
    FIELD(TRIG_THRESHOLD, VALUE, 0, 16)
REG32(TRIG_CTL, 4)
    FIELD(TRIG_CTL, SEL_A, 0, 8)
    FIELD(TRIG_CTL, SEL_B, 8, 8)
    FIELD(TRIG_CTL, INV_A, 16, 1)
    FIELD(TRIG_CTL, INV_B, 17, 1)
    FIELD(TRIG_CTL, THRESHOLD_EN, 23, 1)
    FIELD(TRIG_CTL, ENABLE, 31, 1)

#define TRIG_NUM_CEC        8

static const uint32_t *trig_regs(const IntelOATrig *t, unsigned int i)
{
    bool report = i >= INTEL_OA_TRIG_REPORT1;

    return (report ? t->report_regs : t->start_regs) +
           TRIG_REGS_PER * (i - (report ? INTEL_OA_TRIG_REPORT1 : 0));
}

static uint32_t trig_ctl(const IntelOATrig *t, unsigned int i)
{
    return trig_regs(t, i)[A_TRIG_CTL / 4];
}

static bool trig_enabled(const IntelOATrig *t, unsigned int i)
{
    return FIELD_EX32(trig_ctl(t, i), TRIG_CTL, ENABLE);
}

static bool trig_threshold_mode(const IntelOATrig *t, unsigned int i)
{
    return FIELD_EX32(trig_ctl(t, i), TRIG_CTL, THRESHOLD_EN);
}

/*
 * Cycles with the condition per fire: the threshold, 0 acting as 1 (the
 * count is compared before it advances, so a threshold of 0 is met on
 * the first cycle with the condition). i915's Test OA configuration
 * starts its counters with threshold-0 start triggers of a constant
 * condition, and IGT's perf tests, written against real hardware
 * (tests/i915/perf.c gen8_sanity_check_test_oa_reports() on the first
 * pair of ~20 us reports in non-zero-reason), find every B counter
 * counting from the first report: the start has fired at enable, not
 * 65536 cycles later (counters.rst reading 19).
 */
static uint32_t trig_threshold(const IntelOATrig *t, unsigned int i)
{
    uint32_t v = FIELD_EX32(trig_regs(t, i)[A_TRIG_THRESHOLD / 4],
                            TRIG_THRESHOLD, VALUE);

    return v ? v : 1;
}

static bool trig_any_start(const IntelOATrig *t)
{
    return trig_enabled(t, INTEL_OA_TRIG_START1) ||
           trig_enabled(t, INTEL_OA_TRIG_START2);
}

/* ---- runs and periodic tables ------------------------------------------- */

static uint64_t trig_slice_len(const IntelOATrig *t)
{
    return t->ratio << TRIG_SLICE_SHIFT;
}

/* Whether cycle @c is busy, and where its busy or idle run ends. */
static bool trig_run(const IntelOATrig *t, uint64_t c, uint64_t *end)
{
    uint64_t len = trig_slice_len(t);
    uint64_t s = c / len;
    unsigned int phase = s % TRIG_PHASES;
    bool busy = phase != TRIG_IDLE_PHASE;
    uint64_t next = busy ? s - phase + TRIG_IDLE_PHASE : s + 1;

    *end = next > TRIG_NEVER / len ? TRIG_NEVER : next * len;
    return busy;
}

/*
 * A cycle of an idle run with phase @j in the 1536-cycle period: slice 3
 * is the first idle one, and it is longer than a period.
 */
static uint64_t trig_idle_cycle(const IntelOATrig *t, unsigned int j)
{
    uint64_t start = TRIG_IDLE_PHASE * trig_slice_len(t);

    return start + (j + TRIG_PERIOD - start % TRIG_PERIOD) % TRIG_PERIOD;
}

static bool trig_cond(const IntelOATrig *t, unsigned int i, uint8_t blocks)
{
    uint32_t ctl = trig_ctl(t, i);
    uint8_t sel_a = FIELD_EX32(ctl, TRIG_CTL, SEL_A);
    uint8_t sel_b = FIELD_EX32(ctl, TRIG_CTL, SEL_B);
    /* an empty selection is the constant 1 */
    bool a = !sel_a || (blocks & sel_a);
    bool b = !sel_b || (blocks & sel_b);

    return (a ^ FIELD_EX32(ctl, TRIG_CTL, INV_A)) &&
           (b ^ FIELD_EX32(ctl, TRIG_CTL, INV_B));
}

static void trig_build_tables(IntelOATrig *t)
{
    uint8_t blocks[2][TRIG_PERIOD];
    bool cond[TRIG_PERIOD];
    unsigned int busy, i, j, n;

    for (busy = 0; busy < 2; busy++) {
        for (j = 0; j < TRIG_PERIOD; j++) {
            /* slice 0 is busy and longer than a period */
            uint64_t c = busy ? j : trig_idle_cycle(t, j);

            blocks[busy][j] = 0;
            for (n = 0; n < TRIG_NUM_CEC; n++) {
                if (intel_oa_cec_true(t->act, n, c)) {
                    blocks[busy][j] |= 1u << n;
                }
            }
        }
    }
    for (i = 0; i < INTEL_OA_TRIG_COUNT; i++) {
        for (busy = 0; busy < 2; busy++) {
            uint16_t *pc = t->pre[i][busy][0];
            uint16_t *pe = t->pre[i][busy][1];

            for (j = 0; j < TRIG_PERIOD; j++) {
                cond[j] = trig_cond(t, i, blocks[busy][j]);
            }
            pc[0] = pe[0] = 0;
            for (j = 0; j < TRIG_PERIOD; j++) {
                /* inside a run the cycle before phase 0 has phase 1535 */
                bool before = cond[(j + TRIG_PERIOD - 1) % TRIG_PERIOD];

                pc[j + 1] = pc[j] + cond[j];
                pe[j + 1] = pe[j] + (cond[j] && !before);
            }
        }
    }
    t->tables_valid = true;
}

static const uint16_t *trig_table(IntelOATrig *t, unsigned int i, bool busy,
                                  bool edge)
{
    if (!t->tables_valid) {
        trig_build_tables(t);
    }
    return t->pre[i][busy][edge];
}

/* True cycles of a periodic pattern in [0, @x). */
static uint64_t trig_prefix(const uint16_t *pre, uint64_t x)
{
    return x / TRIG_PERIOD * pre[TRIG_PERIOD] + pre[x % TRIG_PERIOD];
}

/* The @k-th (from 1) true cycle at or after @a; the pattern has some. */
static uint64_t trig_kth(const uint16_t *pre, uint64_t a, uint64_t k)
{
    uint64_t m = trig_prefix(pre, a) + k - 1;
    uint64_t r = m % pre[TRIG_PERIOD];
    unsigned int lo = 0, hi = TRIG_PERIOD - 1;

    /* smallest j with pre[j + 1] > r */
    while (lo < hi) {
        unsigned int mid = (lo + hi) / 2;

        if (pre[mid + 1] > r) {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    return m / pre[TRIG_PERIOD] * TRIG_PERIOD + lo;
}

static bool trig_cond_at(IntelOATrig *t, unsigned int i, uint64_t c)
{
    uint64_t end;
    const uint16_t *pre = trig_table(t, i, trig_run(t, c, &end), false);
    unsigned int j = c % TRIG_PERIOD;

    return pre[j + 1] != pre[j];
}

/*
 * Evaluate trigger @i from @e up to its next fire: return the fire cycle
 * (or TRIG_NEVER) and leave @e just after it.
 */
static uint64_t trig_step(IntelOATrig *t, unsigned int i, IntelOATrigEval *e)
{
    bool edge = !trig_threshold_mode(t, i);
    uint32_t thr = edge ? 1 : trig_threshold(t, i);
    unsigned int runs;
    uint64_t f;

    if (!trig_table(t, i, true, false)[TRIG_PERIOD] &&
        !trig_table(t, i, false, false)[TRIG_PERIOD]) {
        e->pos = TRIG_NEVER;    /* the condition never holds */
    }
    for (runs = 0; runs < TRIG_MAX_RUNS && e->pos != TRIG_NEVER; runs++) {
        uint64_t end, n;
        bool busy = trig_run(t, e->pos, &end);
        const uint16_t *pre;

        if (edge) {
            /* the first cycle's edge depends on the state carried in */
            if (trig_cond_at(t, i, e->pos) && !e->prev) {
                f = e->pos;
                goto fired;
            }
            pre = trig_table(t, i, busy, true);
            if (e->pos + 1 < end &&
                trig_prefix(pre, end) > trig_prefix(pre, e->pos + 1)) {
                f = trig_kth(pre, e->pos + 1, 1);
                goto fired;
            }
        } else {
            pre = trig_table(t, i, busy, false);
            n = trig_prefix(pre, end) - trig_prefix(pre, e->pos);
            if (e->cnt + n >= thr) {
                f = trig_kth(pre, e->pos, thr - e->cnt);
                goto fired;
            }
            e->cnt += n;
        }
        if (end == TRIG_NEVER) {
            break;
        }
        e->prev = trig_cond_at(t, i, end - 1);
        e->pos = end;
    }
    e->pos = TRIG_NEVER;
    return TRIG_NEVER;

fired:
    /* the threshold counter restarts; the condition held at f */
    e->cnt = 0;
    e->prev = true;
    e->pos = f + 1;
    return f;
}

/*
 * Evaluate trigger @i over [pos, @until) discarding fires: the state a
 * report tick leaves after the fires it merged into one report.
 */
static void trig_skip(IntelOATrig *t, unsigned int i, IntelOATrigEval *e,
                      uint64_t until)
{
    bool edge = !trig_threshold_mode(t, i);
    uint32_t thr = trig_threshold(t, i);

    while (e->pos != TRIG_NEVER && e->pos < until) {
        uint64_t end;
        bool busy = trig_run(t, e->pos, &end);
        uint64_t stop = MIN(end, until);

        if (!edge) {
            const uint16_t *pre = trig_table(t, i, busy, false);
            uint64_t n = trig_prefix(pre, stop) - trig_prefix(pre, e->pos);

            e->cnt = (e->cnt + n) % thr;
        }
        e->prev = trig_cond_at(t, i, stop - 1);
        e->pos = stop;
    }
}

static uint64_t trig_cycle(const IntelOATrig *t, uint64_t ts)
{
    return ts > TRIG_NEVER / t->ratio ? TRIG_NEVER : ts * t->ratio;
}

static uint64_t trig_tick(const IntelOATrig *t, uint64_t c)
{
    return c == TRIG_NEVER ? TRIG_NEVER : c / t->ratio;
}

/* (Re)start evaluating the triggers at cycle @c. */
static void trig_restart(IntelOATrig *t, uint64_t c)
{
    unsigned int i;

    for (i = 0; i < INTEL_OA_TRIG_COUNT; i++) {
        IntelOATrigEval *e = &t->eval[i];

        /* a start that already happened stays in the past */
        if (i < INTEL_OA_TRIG_REPORT1 && t->fire[i] < c) {
            continue;
        }
        e->pos = c;
        e->cnt = 0;
        /* the trigger logic starts from "condition was false" */
        e->prev = false;
        t->fire[i] = trig_enabled(t, i) ? trig_step(t, i, e) : TRIG_NEVER;
        trace_intel_oa_trig_fire(i, t->fire[i]);
    }
}

/* ---- interface --------------------------------------------------------- */

void intel_oa_trig_init(IntelOATrig *t, IntelOAActivity *act,
                        const IntelOAPlatform *plat,
                        const uint32_t *start_regs,
                        const uint32_t *report_regs)
{
    t->act = act;
    t->ratio = plat->gpu_ticks_ratio;
    t->start_regs = start_regs;
    t->report_regs = report_regs;
    intel_oa_trig_reset(t);
}

void intel_oa_trig_reset(IntelOATrig *t)
{
    unsigned int i;

    t->armed = false;
    t->enable_cycle = 0;
    for (i = 0; i < INTEL_OA_TRIG_COUNT; i++) {
        t->fire[i] = TRIG_NEVER;
        t->eval[i] = (IntelOATrigEval) { .pos = TRIG_NEVER };
    }
    t->tables_valid = false;
}

void intel_oa_trig_enable(IntelOATrig *t, bool on, uint64_t now_ts)
{
    unsigned int i;

    if (!t->start_regs) {
        return;     /* SNB, IVB, VLV: no triggers */
    }
    /* a unit outside the activity workload (OAM) never arms them */
    on = on && t->act && intel_oa_activity_enabled(t->act);
    if (on == t->armed) {
        return;
    }
    t->armed = on;
    trace_intel_oa_trig_arm(on, now_ts);
    for (i = 0; i < INTEL_OA_TRIG_COUNT; i++) {
        t->fire[i] = TRIG_NEVER;
    }
    if (on) {
        t->enable_cycle = trig_cycle(t, now_ts);
        t->tables_valid = false;
        trig_restart(t, t->enable_cycle);
    }
}

void intel_oa_trig_regs_changed(IntelOATrig *t, uint64_t now_ts)
{
    t->tables_valid = false;
    if (t->armed) {
        trig_restart(t, trig_cycle(t, now_ts));
    }
}

bool intel_oa_trig_reporting(const IntelOATrig *t)
{
    return t->armed && (t->fire[INTEL_OA_TRIG_REPORT1] != TRIG_NEVER ||
                        t->fire[INTEL_OA_TRIG_REPORT2] != TRIG_NEVER);
}

static uint64_t trig_next_ts(const IntelOATrig *t, const uint64_t *fire)
{
    if (!t->armed) {
        return TRIG_NEVER;
    }
    return MIN(trig_tick(t, fire[INTEL_OA_TRIG_REPORT1]),
               trig_tick(t, fire[INTEL_OA_TRIG_REPORT2]));
}

uint64_t intel_oa_trig_next_ts(const IntelOATrig *t)
{
    return trig_next_ts(t, t->fire);
}

/* Move the report triggers of @fire / @eval past the report at @ts. */
static void trig_consume(IntelOATrig *t, uint64_t *fire,
                         IntelOATrigEval *eval, uint64_t ts)
{
    unsigned int i;

    for (i = INTEL_OA_TRIG_REPORT1; i <= INTEL_OA_TRIG_REPORT2; i++) {
        if (fire[i] != TRIG_NEVER && trig_tick(t, fire[i]) <= ts) {
            /* further fires in the same tick merge into this report */
            trig_skip(t, i, &eval[i], trig_cycle(t, ts + 1));
            fire[i] = trig_step(t, i, &eval[i]);
        }
    }
}

void intel_oa_trig_consume(IntelOATrig *t, uint64_t ts)
{
    trig_consume(t, t->fire, t->eval, ts);
    trace_intel_oa_trig_report(ts, trig_next_ts(t, t->fire));
}

uint64_t intel_oa_trig_extra_reports(IntelOATrig *t, uint64_t to_ts,
                                     uint64_t pnext, uint64_t period)
{
    uint64_t fire[INTEL_OA_TRIG_COUNT];
    IntelOATrigEval eval[INTEL_OA_TRIG_COUNT];
    uint64_t ts, n = 0;

    /* walk a copy of the state: nothing is consumed yet */
    memcpy(fire, t->fire, sizeof(fire));
    memcpy(eval, t->eval, sizeof(eval));
    while ((ts = trig_next_ts(t, fire)) <= to_ts) {
        if (pnext == TRIG_NEVER || ts < pnext || (ts - pnext) % period) {
            n++;
        }
        trig_consume(t, fire, eval, ts);
    }
    return n;
}

uint32_t intel_oa_trig_rpt_id(const IntelOATrig *t, uint64_t ts,
                              unsigned int reason_shift, bool with_reasons)
{
    uint64_t c = trig_cycle(t, ts);
    bool r1 = false, r2 = false, fired;
    unsigned int start = INTEL_OA_TRIG_START1;
    unsigned int report = INTEL_OA_TRIG_REPORT1;
    uint32_t rpt = 0;

    if (!t->armed) {
        return 0;
    }
    if (with_reasons) {
        r1 = trig_tick(t, t->fire[INTEL_OA_TRIG_REPORT1]) == ts;
        r2 = trig_tick(t, t->fire[INTEL_OA_TRIG_REPORT2]) == ts;
        rpt |= r1 << (reason_shift + INTEL_OA_REASON_TRIGGER1);
        rpt |= r2 << (reason_shift + INTEL_OA_REASON_TRIGGER2);
    }
    /* bits 17 and 18 follow trigger 2 only when it alone caused this */
    if (r2 && !r1) {
        start = INTEL_OA_TRIG_START2;
        report = INTEL_OA_TRIG_REPORT2;
    }
    if (trig_enabled(t, start)) {
        fired = t->fire[start] < c;
    } else {
        /* not enabled: the combined start state (fired when no start) */
        fired = MIN(t->fire[INTEL_OA_TRIG_START1],
                    t->fire[INTEL_OA_TRIG_START2]) < c ||
                !trig_any_start(t);
    }
    if (fired) {
        rpt |= INTEL_OA_RPT_START_FIRED;
    }
    if (trig_threshold_mode(t, report)) {
        rpt |= INTEL_OA_RPT_THRESHOLD_EN;
    }
    return rpt;
}

bool intel_oa_trig_hold(const IntelOATrig *t, uint64_t ts,
                        uint64_t *from, uint64_t *to)
{
    uint64_t c = trig_cycle(t, ts);
    uint64_t start;

    if (!t->armed || !trig_any_start(t)) {
        return false;
    }
    start = MIN(t->fire[INTEL_OA_TRIG_START1],
                t->fire[INTEL_OA_TRIG_START2]);
    *from = t->enable_cycle;
    *to = MAX(MIN(c, start), t->enable_cycle);
    return *to > *from;
}

/* ---- migration --------------------------------------------------------- */

static int trig_post_load(void *opaque, int version_id)
{
    IntelOATrig *t = opaque;

    t->tables_valid = false;
    return 0;
}

static const VMStateDescription vmstate_intel_oa_trig_eval = {
    .name = "intel-oa-gpu/oa/trigger-eval",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT64(pos, IntelOATrigEval),
        VMSTATE_UINT32(cnt, IntelOATrigEval),
        VMSTATE_BOOL(prev, IntelOATrigEval),
        VMSTATE_END_OF_LIST()
    }
};

const VMStateDescription vmstate_intel_oa_trig = {
    .name = "intel-oa-gpu/oa/trigger",
    .version_id = 1,
    .minimum_version_id = 1,
    .post_load = trig_post_load,
    .fields = (VMStateField[]) {
        VMSTATE_BOOL(armed, IntelOATrig),
        VMSTATE_UINT64(enable_cycle, IntelOATrig),
        VMSTATE_UINT64_ARRAY(fire, IntelOATrig, INTEL_OA_TRIG_COUNT),
        VMSTATE_STRUCT_ARRAY(eval, IntelOATrig, INTEL_OA_TRIG_COUNT, 1,
                             vmstate_intel_oa_trig_eval, IntelOATrigEval),
        VMSTATE_END_OF_LIST()
    }
};
