/*
 * intel-oa-gpu: the custom event counter (CEC) blocks behind the B
 * counters and the two synthetic signal buses they watch
 * (Documentation/counters.rst "CEC: custom event counters").
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_INTEL_OA_CEC_H
#define HW_MISC_INTEL_OA_CEC_H

#include "intel_oa_activity.h"

#define INTEL_OA_CEC_BLOCKS     8
/* lcm(2, 3, 512): every bus signal repeats inside a busy or idle run */
#define INTEL_OA_CEC_PERIOD     1536

/*
 * Per-cycle truth of every block over one period, busy and idle, as
 * prefix counts; derived from the CEC registers, rebuilt when they
 * change, never migrated.
 */
typedef struct IntelOACec {
    bool valid;
    uint32_t regs[2 * INTEL_OA_CEC_BLOCKS];
    uint16_t prefix[2][INTEL_OA_CEC_BLOCKS][INTEL_OA_CEC_PERIOD + 1];
    /* true cycles per 12 slices, the busy/idle and signal super-period */
    uint64_t super[INTEL_OA_CEC_BLOCKS];
} IntelOACec;

/* CEC blocks the generation has (4 on SNB, IVB, VLV; else 8). */
unsigned int intel_oa_cec_blocks(IntelOAGpuState *s);

/* True when CEC block @n's comparison holds at GPU cycle @c (counters.rst). */
bool intel_oa_cec_true(IntelOAGpuState *s, unsigned int n, uint64_t c);
bool intel_oa_cec_true_wide(IntelOAGpuState *s, unsigned int n,
                            IntelOACycles c);

/* N_Bn(c): cycles in [0, @c) where block @n is true, modulo 2^64. */
uint64_t intel_oa_cec_count(IntelOAGpuState *s, unsigned int n,
                            IntelOACycles c);

/* Violation 38 for every block whose source select is reserved. */
void intel_oa_cec_check(IntelOAGpuState *s);

#endif /* HW_MISC_INTEL_OA_CEC_H */
