/*
 * intel-oa-gpu: the "activity" workload of Documentation/counters.rst:
 * busy cycles B(c), the synthetic EU activity model, the flex EU counters
 * A7..A20 and the fixed-function A counters.
 *
 * Under the "linear" test workload nothing here is consulted and every
 * counter keeps value_k(T) of Documentation/vgpu-contract.rst.
 *
 * Bus-agnostic: it reads the OA unit's flex and CEC registers and the
 * control page's workload through the pointers of IntelOAActivity, which
 * the device wires up at realize; nothing here knows the PCI device.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_INTEL_OA_ACTIVITY_H
#define HW_MISC_INTEL_OA_ACTIVITY_H

#include "intel_oa_regs.h"
#include "intel_oa_platform.h"
#include "intel_oa_violation.h"

#define INTEL_OA_FLEX_COUNTERS  14
#define INTEL_OA_FLEX_PERIOD    32

/*
 * What one subslice's EUs count for each flex counter (A7..A20), derived
 * from EU_PERF_CNT_CTL0-6 when they change and never migrated: for a
 * cycle event the slots in phases below h of a busy period (head[32]: a
 * whole period), for the threads-loaded event the EUs it sums.
 */
typedef struct IntelOAFlexCache {
    bool valid;
    uint32_t regs[INTEL_OA_NUM_FLEX];
    bool threads[INTEL_OA_FLEX_COUNTERS];
    uint16_t threads_eus[INTEL_OA_FLEX_COUNTERS];
    uint16_t head[INTEL_OA_FLEX_COUNTERS][INTEL_OA_FLEX_PERIOD + 1];
} IntelOAFlexCache;

#define INTEL_OA_CEC_BLOCKS     8
/* lcm(2, 3, 512): every bus signal repeats inside a busy or idle run */
#define INTEL_OA_CEC_PERIOD     1536

/*
 * Per-cycle truth of every CEC block over one period, busy and idle, as
 * prefix counts; derived from the CEC registers, rebuilt when they
 * change, never migrated (intel_oa_cec.c).
 */
typedef struct IntelOACec {
    bool valid;
    uint32_t regs[2 * INTEL_OA_CEC_BLOCKS];
    uint16_t prefix[2][INTEL_OA_CEC_BLOCKS][INTEL_OA_CEC_PERIOD + 1];
    /* true cycles per 12 slices, the busy/idle and signal super-period */
    uint64_t super[INTEL_OA_CEC_BLOCKS];
} IntelOACec;

/*
 * The synthetic GPU: its inputs (wired at realize, not migrated: the
 * registers they point at are the OA unit's and migrate with it) and the
 * caches derived from them.
 */
typedef struct IntelOAActivity {
    const IntelOAPlatform *plat;
    IntelOAViolations *viol;
    const uint32_t *workload;       /* the control page's selector */
    uint32_t *flex_regs;            /* EU_PERF_CNT_CTL0..6; reset here */
    const uint32_t *cec_regs;       /* CEC0_0, CEC0_1 .. CEC7_1 */
    const uint32_t *noa_out_regs;   /* HSW_NOA_OUT_SEL0..2, 0x253a4 */
    IntelOAFlexCache flex_cache;
    IntelOACec cec;
} IntelOAActivity;

void intel_oa_activity_init(IntelOAActivity *s, const IntelOAPlatform *plat,
                            IntelOAViolations *viol,
                            const uint32_t *workload, uint32_t *flex_regs,
                            const uint32_t *cec_regs,
                            const uint32_t *noa_out_regs);

/* Control page offset 0x054 and the "workload" property. */
typedef enum IntelOAWorkload {
    INTEL_OA_WORKLOAD_LINEAR = 0,
    INTEL_OA_WORKLOAD_ACTIVITY = 1,
} IntelOAWorkload;

/*
 * GPU cycle counts reach T * R, beyond 64 bits for timestamps near 2^63
 * (counters.rst "Time base"), so the model computes in 128 bits.
 */
typedef unsigned __int128 IntelOACycles;

/* EU0's pipes, as bits of intel_oa_eu0_pipes() (CEC signal buses). */
enum {
    INTEL_OA_PIPE_FPU0 = 1 << 0,
    INTEL_OA_PIPE_FPU1 = 1 << 1,
    INTEL_OA_PIPE_SEND = 1 << 2,
    INTEL_OA_PIPE_SYSTOLIC = 1 << 3,
    INTEL_OA_PIPE_CONTROL = 1 << 4,
};

/* True when the device runs the activity workload. */
bool intel_oa_activity_enabled(IntelOAActivity *s);

/* Busy cycles before cycle @c, B(c) of counters.rst, for the platform's R. */
uint64_t intel_oa_busy_before(IntelOAActivity *s, uint64_t c);
IntelOACycles intel_oa_busy_before_wide(IntelOAActivity *s, IntelOACycles c);

/* Whether cycle @c lies in a busy slice. */
bool intel_oa_cycle_busy(IntelOAActivity *s, IntelOACycles c);

/* The pipes EU0 (e8 = 0, lambda 32) runs at phase @p of a busy period. */
unsigned int intel_oa_eu0_pipes(IntelOAActivity *s, unsigned int p);

/*
 * N_k(c) of counters.rst for counter @k in the contract's numbering (the
 * index the report formats use: A0 = 0, then the generation's B0 and C0),
 * over cycles [0, @c), modulo 2^64. Returns false, leaving @n alone, when
 * counter @k does not follow the activity model (then value_k(T) applies:
 * linear workload, A24/A33, Gen6/7 A counters...). Counter k
 * then reports S_k + N_k(c(T)), truncated to its width.
 */
bool intel_oa_activity_count(IntelOAActivity *s, unsigned int k,
                             uint64_t c, uint64_t *n);
bool intel_oa_activity_count_wide(IntelOAActivity *s, unsigned int k,
                                  IntelOACycles c, uint64_t *n);
/* The same at timestamp @ts, i.e. at cycle c(T) = T * R. */
bool intel_oa_activity_count_at(IntelOAActivity *s, unsigned int k,
                                uint64_t ts, uint64_t *n);

/*
 * The OA unit was just enabled: log violations 36 and 37 for the flex
 * fields and 38 for the CEC blocks (activity workload only).
 */
void intel_oa_activity_check(IntelOAActivity *s);

/* Device reset: the Gen12.5 flex registers' hardware default. */
void intel_oa_activity_reset(IntelOAActivity *s);

/*
 * The custom event counter (CEC) blocks behind the B counters and the two
 * synthetic signal buses they watch (intel_oa_cec.c; counters.rst "CEC:
 * custom event counters"), part of this workload's model.
 */

/* CEC blocks the generation has (4 on SNB, IVB, VLV; else 8). */
unsigned int intel_oa_cec_blocks(IntelOAActivity *s);

/* True when CEC block @n's comparison holds at GPU cycle @c (counters.rst). */
bool intel_oa_cec_true(IntelOAActivity *s, unsigned int n, uint64_t c);
bool intel_oa_cec_true_wide(IntelOAActivity *s, unsigned int n,
                            IntelOACycles c);

/* N_Bn(c): cycles in [0, @c) where block @n is true, modulo 2^64. */
uint64_t intel_oa_cec_count(IntelOAActivity *s, unsigned int n,
                            IntelOACycles c);

/* Violation 38 for every block whose source select is reserved. */
void intel_oa_cec_check(IntelOAActivity *s);

#endif /* HW_MISC_INTEL_OA_ACTIVITY_H */
