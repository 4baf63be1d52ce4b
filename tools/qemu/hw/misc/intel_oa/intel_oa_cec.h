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

#endif /* HW_MISC_INTEL_OA_CEC_H */
