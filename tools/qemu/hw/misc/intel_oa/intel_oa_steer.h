/*
 * intel-oa-gpu: Gen12.5 forcewake and multicast/replicated register
 * (MCR) rules of seed 002's "Force Wake and Steering Table", as
 * Documentation/dg2.rst reads them. Every register access below
 * 0x40000 is looked up in the table: an access to a range whose wake
 * domain is not acknowledged is violation 29; reads and writes of
 * replicated ranges must follow the MCR_SELECTOR (0xfdc) protocol
 * (violations 30-32). Platforms without the table are not checked.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_INTEL_OA_STEER_H
#define HW_MISC_INTEL_OA_STEER_H

#include "exec/hwaddr.h"
#include "migration/vmstate.h"
#include "intel_oa_platform.h"
#include "intel_oa_gt.h"
#include "intel_oa_violation.h"

typedef struct IntelOASteer {
    bool enabled;
    const IntelOAPlatform *plat;
    IntelOAGt *gt;
    IntelOAViolations *viol;
    /* present instances, derived from the fuses at init */
    uint32_t dss;
    uint8_t gslice;
    uint8_t mslice;
    uint8_t sqidi;
    uint32_t mcr_selector;
} IntelOASteer;

void intel_oa_steer_init(IntelOASteer *st, const IntelOAPlatform *plat,
                         IntelOAGt *gt, IntelOAViolations *viol);
void intel_oa_steer_reset(IntelOASteer *st);

/*
 * Check one 32-bit access before it is dispatched. Returns true if the
 * access reaches a fused-off instance: a read then returns 0.
 */
bool intel_oa_steer_check(IntelOASteer *st, hwaddr addr, bool write);

bool intel_oa_steer_mmio_read(IntelOASteer *st, hwaddr addr, uint32_t *val);
bool intel_oa_steer_mmio_write(IntelOASteer *st, hwaddr addr, uint32_t val);

extern const VMStateDescription vmstate_intel_oa_steer;

#endif /* HW_MISC_INTEL_OA_STEER_H */
