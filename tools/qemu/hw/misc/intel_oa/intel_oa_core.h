/*
 * intel-oa-gpu: the bus-agnostic core of the virtual GPU. It owns the
 * hardware blocks (GTs, GGTT, interrupts, OA units, GuC, steering, the
 * activity model) and the control page, routes register accesses to
 * them, resets and migrates them. What it needs from the bus is given at
 * init: the owner object, the address space its DMA goes to, and the
 * interrupt output. QEMU's e1000e_core.c is the model: the PCI front end
 * (intel_oa_pci.c) is QOM, BARs, MSI, configuration space and MMIO
 * trampolines into this.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_INTEL_OA_CORE_H
#define HW_MISC_INTEL_OA_CORE_H

#include "intel_oa_cs.h"
#include "exec/memory.h"
#include "migration/vmstate.h"
#include "intel_oa_platform.h"
#include "intel_oa_ggtt.h"
#include "intel_oa_irq.h"
#include "intel_oa_gt.h"
#include "intel_oa_ctl.h"
#include "intel_oa_unit.h"
#include "intel_oa_guc.h"
#include "intel_oa_steer.h"
#include "intel_oa_activity.h"

/* What the bus front end gives the core. */
typedef struct IntelOACoreBus {
    Object *owner;              /* owns the memory regions */
    AddressSpace *dma_as;       /* bus-master accesses (reports, GuC) */
    IntelOAIrqOutput irq_output;    /* the interrupt line's level */
    IntelOARemovalFn *set_removed;  /* the surprise-removal knob */
    IntelOASpuriousFn *send_spurious;   /* one interrupt without a cause */
    void *opaque;               /* passed to the three callbacks */
} IntelOACoreBus;

/* OA units a device can have: the render GT's and the media GT's */
#define INTEL_OA_MAX_UNITS          2

typedef struct IntelOACore {
    const IntelOAPlatform *plat;
    /* the render GT (the only one before Meteor Lake) */
    IntelOAGt gt;
    /*
     * Meteor Lake's media GT where plat->media: the BAR0 window
     * INTEL_OA_MEDIA_GT_BASE.. is its register space, holding its
     * forcewake domain and its OA unit (units[1]); the SoC's timestamp
     * stays the render GT's
     */
    IntelOAGt media_gt;
    IntelOAGgtt ggtt;
    IntelOAIrq irq;
    IntelOACtl ctl;
    /*
     * One OA unit block per OA unit of the platform: units[0] is the
     * render GT's (the one the control page, the GuC and the activity
     * workload know), units[1] the media GT's OAM where plat->media.
     */
    IntelOAUnit units[INTEL_OA_MAX_UNITS];
    uint32_t nr_units;
    IntelOAGuc guc;
    IntelOASteer steer;
    IntelOAActivity act;
    /* the render command streamer (Gen6-7.5 ring buffer mode) */
    IntelOACs cs;
} IntelOACore;

/* The device's configuration (its QOM properties). */
typedef struct IntelOACoreConfig {
    uint32_t seed;
    uint64_t timestamp_base;    /* GPU timestamp at virtual time 0 */
    uint32_t workload;          /* INTEL_OA_WORKLOAD_* a reset selects */
    const char *guc_key;        /* modulus the GuC boot ROM checks with */
    /* the render unit counts only while a client's context runs (Gen8+) */
    bool engine_gated;
} IntelOACoreConfig;

bool intel_oa_core_init(IntelOACore *core, const IntelOAPlatform *plat,
                        const IntelOACoreBus *bus,
                        const IntelOACoreConfig *cfg, Error **errp);
void intel_oa_core_finalize(IntelOACore *core);
void intel_oa_core_reset(IntelOACore *core);

/* BAR0's register half: 4- or 8-byte accesses, as the guest makes them. */
uint64_t intel_oa_core_mmio_read(IntelOACore *core, hwaddr addr,
                                 unsigned size);
void intel_oa_core_mmio_write(IntelOACore *core, hwaddr addr, uint64_t data,
                              unsigned size);

extern const VMStateDescription vmstate_intel_oa_core;

#endif /* HW_MISC_INTEL_OA_CORE_H */
