/*
 * intel-oa-gpu: virtual-GPU control page (BAR2), PRM-rule violation
 * accounting, fault-injection knobs and statistics.
 *
 * The control page does not exist on Intel silicon. It lets tests and
 * the host observe what the device saw (violations, statistics) and
 * inject faults the real hardware can exhibit (lost reports, overflow,
 * late tail updates). Layout: Documentation/vgpu-contract.rst.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_INTEL_OA_CTL_H
#define HW_MISC_INTEL_OA_CTL_H

#include "exec/memory.h"
#include "qemu/timer.h"
#include "migration/vmstate.h"
#include "hw/registerfields.h"
#include "intel_oa_ctl_regs.h"
#include "intel_oa_violation.h"
#include "intel_oa_faults.h"
#include "intel_oa_unit.h"
#include "intel_oa_guc.h"



/*
 * Surprise removal and spurious interrupts are the bus front end's
 * business: the control page only tells it when the knob changes, and
 * asks it to send one interrupt with no cause (an MSI, or an INTx pulse).
 */
typedef void IntelOARemovalFn(void *opaque, bool removed);
typedef void IntelOASpuriousFn(void *opaque);

typedef struct IntelOACtl {
    MemoryRegion mr;
    IntelOARemovalFn *set_removed;
    IntelOASpuriousFn *send_spurious;
    void *front_opaque;
    bool removed;               /* surprise-removal: BAR0 and config gone */
    QEMUTimer *storm_timer;     /* paces irq-storm events */
    IntelOAUnit *oa;
    IntelOAGuc *guc;
    uint32_t seed;
    uint32_t ratio;
    /* the workload a reset selects (the device property) */
    uint32_t reset_workload;

    uint32_t workload;
    IntelOAViolations viol;
    IntelOAFaults faults;
    IntelOAStats stats;
} IntelOACtl;

void intel_oa_ctl_init(IntelOACtl *ctl, Object *owner, IntelOAUnit *oa,
                       IntelOAGuc *guc, uint32_t seed, uint32_t ratio);
void intel_oa_ctl_reset(IntelOACtl *ctl);
void intel_oa_ctl_finalize(IntelOACtl *ctl);

/* Virtual time between the events of an irq-storm. */
#define INTEL_OA_STORM_NS       20000
/*
 * Spurious interrupts sent per spurious-irqs write, at most: they are
 * sent there and then, under the BQL, so a larger count (a stray guest
 * write) would stop the vCPU and every timer until it was done.
 */
#define INTEL_OA_SPURIOUS_MAX   65536

/*
 * A control-page register as the guest sees it: the QEMU monitor's fault
 * knobs (qom-set on the device) go through these.
 */
uint32_t intel_oa_ctl_read_reg(IntelOACtl *ctl, hwaddr addr);
void intel_oa_ctl_write_reg(IntelOACtl *ctl, hwaddr addr, uint32_t val);

extern const VMStateDescription vmstate_intel_oa_ctl;

#endif /* HW_MISC_INTEL_OA_CTL_H */
