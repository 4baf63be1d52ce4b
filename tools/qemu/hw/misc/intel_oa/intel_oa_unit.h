/*
 * intel-oa-gpu: an OA unit: the render GT's (Gen6-7.5 block, Gen8-11
 * block, Gen12 OAG block) or Meteor Lake's media GT's OAM.
 *
 * Timer-triggered reports are generated in batches: one QEMU timer per
 * OA unit fires about every millisecond of virtual time (or when the
 * next report is due, for long periods) and writes every report that
 * fell due since the previous batch, each stamped at its exact multiple
 * of the sampling period. Any MMIO access that can observe the OA unit
 * (OATAILPTR/OASTATUS reads, control writes) first runs a catch-up
 * batch, so software never sees a stale state.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_INTEL_OA_UNIT_H
#define HW_MISC_INTEL_OA_UNIT_H

#include "exec/hwaddr.h"
#include "exec/memory.h"
#include "migration/vmstate.h"
#include "qemu/timer.h"
#include "intel_oa_regs.h"
#include "intel_oa_platform.h"
#include "intel_oa_ggtt.h"
#include "intel_oa_irq.h"
#include "intel_oa_gt.h"
#include "intel_oa_violation.h"
#include "intel_oa_faults.h"
#include "intel_oa_trigger.h"
#include "intel_oa_activity.h"

#define INTEL_OA_NOA_REGS       (INTEL_OA_NOA_SIZE / 4)

/* The OA unit's registers, wherever a register-block variant puts them. */
typedef enum IntelOAReg {
    OA_REG_NONE,
    OA_REG_CONTROL,
    OA_REG_TIMER,
    OA_REG_DEBUG,
    OA_REG_STATUS,
    OA_REG_HEAD,
    OA_REG_TAIL,
    OA_REG_BUFFER,
    OA_REG_BUFFER_UDW,
    OA_REG_IMR,
    OA_REG_TLB_INV,
    OA_REG_MMIO_TRIGGER,
    OA_REG_COUNT
} IntelOAReg;

typedef struct IntelOARegLayout IntelOARegLayout;

/* RPT_ID 31:26: who asked for a report (dg2.rst "RPT_ID") */
#define INTEL_OA_RPT_SOURCE_SHIFT   26
enum {
    INTEL_OA_SOURCE_GUC = 0,
    INTEL_OA_SOURCE_CPU = 1,
};

/* An on-demand report: its CTX_ID and SourceID. */
typedef struct IntelOATrigger {
    uint32_t ctx;
    uint8_t source;
    /* not an MMIO trigger: the report of a context switch to @ctx */
    bool ctx_switch;
} IntelOATrigger;

typedef struct IntelOAUnit IntelOAUnit;

struct IntelOAUnit {
    /* collaborators */
    AddressSpace *dma_as;       /* where report writes go (bus master) */
    IntelOAActivity *act;       /* what the counters count (NULL: OAM) */
    const IntelOAPlatform *plat;
    const IntelOAGen *gen;      /* what kind of unit this one is */
    unsigned int id;            /* 0: the render GT's, 1: the media GT's */
    IntelOAGgtt *ggtt;
    IntelOAIrq *irq;            /* NULL: no half-full interrupt */
    IntelOAGt *gt;
    IntelOAViolations *viol;
    IntelOAFaults *faults;
    IntelOAStats *stats;
    QEMUTimer *timer;
    /* register-block variant, and its offsets (0 = absent here) */
    const IntelOARegLayout *layout;
    hwaddr addr[OA_REG_COUNT];

    /* programmable registers */
    uint32_t oacontrol;
    uint32_t oactxcontrol;
    uint32_t oactxid;
    uint32_t oa_debug;
    uint32_t oastatus;
    uint32_t oaheadptr;
    uint32_t oatailptr;         /* published tail */
    uint32_t oabuffer;
    uint32_t oabuffer_udw;
    uint32_t oa_imr;
    uint32_t starttrig[INTEL_OA_NUM_TRIG];
    uint32_t reporttrig[INTEL_OA_NUM_TRIG];
    uint32_t cec[INTEL_OA_NUM_CEC];
    uint32_t flex[INTEL_OA_NUM_FLEX];
    uint32_t noa[INTEL_OA_NOA_REGS];
    uint32_t noa_out[INTEL_OA_HSW_NUM_NOA_OUT];

    /*
     * NOA power (IntelOAGen.noa_power): the register's value; resets 0,
     * the network off. While it is off, the counters it feeds hold their
     * values of noa_off_ts; powered, they are the workload's again.
     */
    uint32_t noa_power;
    uint64_t noa_off_ts;

    /* Gen6/7 render clock gating (rule 25) */
    uint32_t ucgctl1;
    uint32_t misccpctl;

    /* internal state */
    bool buffer_valid;          /* OABUFFER programmed since reset */
    /* Gen6/7: buffer programming step reached since the last disable */
    uint32_t seq_state;
    /* HSW no-overrun: the last due report did not fit and was held back */
    bool held_back;
    /* Gen6/7: timestamp of the last report written this enable period */
    uint64_t last_ts;
    bool last_valid;
    /* OAG disabled since the last OA_TLB_INV_CR invalidation */
    bool tlb_stale;
    bool running;               /* counters + timer enabled, format valid */
    uint32_t wptr;              /* where the next report lands (GGTT) */
    uint64_t period;            /* sampling period, timestamp ticks */
    uint64_t next_ts;           /* timestamp of the next due report */
    /*
     * tail-race and torn-write faults: one report published but not yet
     * (wholly) written. Its first pending_len0 bytes go to pending_phys,
     * the rest (a report that crosses a page boundary) to pending_phys2.
     * The first pending_from of them have landed: 0 for tail-race, which
     * lands at the next batch; 64 (the header's cacheline) for torn-write,
     * whose rest lands only right before the unit's next report or when
     * the unit stops.
     */
    bool pending_valid;
    uint32_t pending_size;
    uint32_t pending_len0;
    uint32_t pending_from;
    uint64_t pending_phys;
    uint64_t pending_phys2;
    uint8_t pending[INTEL_OA_MAX_REPORT_SIZE];
    /* start and report triggers (activity workload) */
    IntelOATrig trig;

    /*
     * Gen6/7 per-context mode (OACONTROL bit 1, Select Context ID 31:12,
     * seed 001): the counters count only while the selected context is
     * the one the render engine has loaded (MI_SET_CONTEXT). gated: they
     * are held since gate_from; excluded[k]: counts of counter k the
     * closed intervals before took away; all forgotten when the mode
     * ends.
     */
    uint32_t loaded_ctx;
    /*
     * engine-gated=on (Gen8+ render unit): the same gate, open while the
     * render engine runs a client's context (loaded_ctx != 0), never
     * forgotten; configuration, not migrated
     */
    bool engine_gated;
    bool gated;
    uint64_t gate_from;
    uint64_t excluded[INTEL_OA_NUM_COUNTERS];

    /* derived from the above and the seed; rebuilt, never migrated */
    const IntelOAFormat *fmt;
    uint64_t counter_base[INTEL_OA_NUM_COUNTERS];
    /* one GGTT page of reports, plus the spill of a page-crossing one */
    uint8_t stage[INTEL_OA_GGTT_PAGE_SIZE + INTEL_OA_MAX_REPORT_SIZE];
};

/*
 * Unit @id of the platform, of kind @gen: the render GT's (@gen is
 * plat->gen) or the media GT's (plat->media). A unit whose kind has
 * no_irq gets no @irq, one with no_activity no @act.
 */
void intel_oa_unit_init(IntelOAUnit *oa, unsigned int id,
                        const IntelOAGen *gen, AddressSpace *dma_as,
                        IntelOAActivity *act,
                        const IntelOAPlatform *plat, IntelOAGgtt *ggtt,
                        IntelOAIrq *irq, IntelOAGt *gt, IntelOAViolations *viol,
                        IntelOAFaults *faults, IntelOAStats *stats,
                        uint32_t seed);
void intel_oa_unit_finalize(IntelOAUnit *oa);
void intel_oa_unit_reset(IntelOAUnit *oa);

bool intel_oa_unit_mmio_read(IntelOAUnit *oa, hwaddr addr, uint32_t *val);
bool intel_oa_unit_mmio_write(IntelOAUnit *oa, hwaddr addr, uint32_t val);

/*
 * Write one report at once at the current time (OAG_MMIOTRIGGER).
 * Returns false, writing nothing, when the counters are disabled or the
 * report was dropped; otherwise stores its byte offset in the buffer in
 * @offset.
 */
bool intel_oa_unit_trigger(IntelOAUnit *oa, const IntelOATrigger *trig,
                           uint32_t *offset);

/* Control-page hooks. */
void intel_oa_unit_publish_tail(IntelOAUnit *oa);
void intel_oa_unit_sync(IntelOAUnit *oa);
/*
 * bad-ggtt-pages: spoil the PTEs of the @n buffer pages that follow the
 * page the unit writes next. Returns how many were spoiled (0 without a
 * buffer).
 */
uint32_t intel_oa_unit_spoil_pages(IntelOAUnit *oa, uint32_t n);
/* Is the OA unit enabled (counting or about to write reports)? */
bool intel_oa_unit_enabled(const IntelOAUnit *oa);

/*
 * The render engine loaded the context @ctx (Gen7: the image's GGTT
 * address of MI_SET_CONTEXT; Gen8+: the execlist descriptor's context ID,
 * 0 when the engine goes idle): reports due before land first; then on
 * Gen7 a per-context stream's counters start or stop counting, on Gen8+
 * a context-switch report names the context and reports name it while
 * it runs.
 */
void intel_oa_unit_set_context(IntelOAUnit *oa, uint32_t ctx);

/*
 * MI_REPORT_PERF_COUNT's report: the counters now, in the format
 * OACONTROL's counter select names, RPT_ID @report_id. Returns the
 * report's size, 0 if the select names no format.
 */
uint32_t intel_oa_unit_snapshot(IntelOAUnit *oa, uint32_t report_id,
                                uint8_t *r);

/*
 * Gen12 OAR's report for MI_REPORT_PERF_COUNT: the same counters in
 * format @f (OAR_OACONTROL's), RPT_ID @report_id. Returns its size.
 */
uint32_t intel_oa_unit_snapshot_format(IntelOAUnit *oa, const IntelOAFormat *f,
                                       uint32_t report_id, uint8_t *r);

extern const VMStateDescription vmstate_intel_oa_unit;

#endif /* HW_MISC_INTEL_OA_UNIT_H */
