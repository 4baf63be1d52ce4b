/*
 * intel-oa-gpu: start and report triggers under the activity workload
 * (Documentation/counters.rst "Start and report triggers").
 *
 * The triggers are never evaluated cycle by cycle. Inside a busy or an
 * idle run every CEC output is periodic with period 1536 cycles, so each
 * trigger gets a prefix table over one period of its condition (and of
 * the condition's rising edges); the next fire is then found run by run
 * with a division and a binary search.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_INTEL_OA_TRIGGER_H
#define HW_MISC_INTEL_OA_TRIGGER_H

#include "migration/vmstate.h"
#include "intel_oa_platform.h"

typedef struct IntelOAActivity IntelOAActivity;

/* The four modelled triggers: two start, two report. */
enum {
    INTEL_OA_TRIG_START1,
    INTEL_OA_TRIG_START2,
    INTEL_OA_TRIG_REPORT1,
    INTEL_OA_TRIG_REPORT2,
    INTEL_OA_TRIG_COUNT
};

/* RPT_ID reason bits of the internal report triggers (reason field) */
#define INTEL_OA_REASON_TRIGGER1    1
#define INTEL_OA_REASON_TRIGGER2    2
/* RPT_ID bits that report the trigger state (counters.rst "RPT_ID") */
#define INTEL_OA_RPT_THRESHOLD_EN   (1u << 17)
#define INTEL_OA_RPT_START_FIRED    (1u << 18)

/* CEC outputs and trigger conditions repeat every 1536 cycles in a run */
#define INTEL_OA_TRIG_PERIOD        1536

/* Evaluation state of one trigger: everything before @pos is consumed. */
typedef struct IntelOATrigEval {
    uint64_t pos;       /* next cycle to evaluate; UINT64_MAX = never */
    uint32_t cnt;       /* threshold counter over [enable, pos) */
    bool prev;          /* condition at pos - 1 (edge mode) */
} IntelOATrigEval;

typedef struct IntelOATrig {
    /* collaborators (not migrated) */
    IntelOAActivity *act;
    const uint32_t *start_regs;     /* OASTARTTRIG1..8 storage */
    const uint32_t *report_regs;    /* OAREPORTTRIG1..8 storage */
    uint64_t ratio;                 /* GPU cycles per timestamp tick */

    /* activity workload and OA enabled: the triggers are evaluated */
    bool armed;
    uint64_t enable_cycle;
    /* start triggers: first fire; report triggers: next fire */
    uint64_t fire[INTEL_OA_TRIG_COUNT];
    IntelOATrigEval eval[INTEL_OA_TRIG_COUNT];

    /* derived from the trigger and CEC registers; rebuilt, not migrated */
    bool tables_valid;
    /* [trigger][busy][edge]: count of true cycles in [0, j) of a period */
    uint16_t pre[INTEL_OA_TRIG_COUNT][2][2][INTEL_OA_TRIG_PERIOD + 1];
} IntelOATrig;

void intel_oa_trig_init(IntelOATrig *t, IntelOAActivity *act,
                        const IntelOAPlatform *plat,
                        const uint32_t *start_regs,
                        const uint32_t *report_regs);
void intel_oa_trig_reset(IntelOATrig *t);

/*
 * OA enabled (@on) or disabled at timestamp @now_ts. Whether the
 * triggers are evaluated depends on the workload at that moment.
 */
void intel_oa_trig_enable(IntelOATrig *t, bool on, uint64_t now_ts);
/* A trigger or CEC register changed at @now_ts: re-evaluate from there. */
void intel_oa_trig_regs_changed(IntelOATrig *t, uint64_t now_ts);

/* Whether a report trigger may add reports (the unit must run). */
bool intel_oa_trig_reporting(const IntelOATrig *t);
/* Timestamp of the next trigger report, or UINT64_MAX. */
uint64_t intel_oa_trig_next_ts(const IntelOATrig *t);
/* The trigger report at @ts was written (or dropped): move past it. */
void intel_oa_trig_consume(IntelOATrig *t, uint64_t ts);
/*
 * How many trigger reports fall in [next, @to_ts] on timestamps that are
 * not in the periodic sequence @pnext + k * @period (those merge into
 * the periodic report).
 */
uint64_t intel_oa_trig_extra_reports(IntelOATrig *t, uint64_t to_ts,
                                     uint64_t pnext, uint64_t period);

/*
 * RPT_ID bits for a report at @ts: reason bits of the report triggers
 * firing in that tick (when @with_reasons), shifted by @reason_shift,
 * and bits 17 and 18. 0 when the triggers are not evaluated.
 */
uint32_t intel_oa_trig_rpt_id(const IntelOATrig *t, uint64_t ts,
                              unsigned int reason_shift, bool with_reasons);

/*
 * Start-trigger gating of the counters of a report at @ts: true when
 * they held over the cycles [*@from, *@to), whose advance the reported
 * values must not include.
 */
bool intel_oa_trig_hold(const IntelOATrig *t, uint64_t ts,
                        uint64_t *from, uint64_t *to);

extern const VMStateDescription vmstate_intel_oa_trig;

#endif /* HW_MISC_INTEL_OA_TRIGGER_H */
