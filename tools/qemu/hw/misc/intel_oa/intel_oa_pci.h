/*
 * intel-oa-gpu: QEMU model of an Intel GPU's Observation Architecture
 * (OA) unit, its interrupts and its GGTT, for developing and testing
 * the intel_oa driver without the hardware.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_INTEL_OA_PCI_H
#define HW_MISC_INTEL_OA_PCI_H

#include "hw/pci/pci.h"
#include "qom/object.h"
#include "intel_oa_core.h"

#define TYPE_INTEL_OA_GPU "intel-oa-gpu"
OBJECT_DECLARE_SIMPLE_TYPE(IntelOAGpuState, INTEL_OA_GPU)

struct IntelOAGpuState {
    PCIDevice parent_obj;

    /* properties */
    uint32_t seed;
    uint16_t device_id;
    uint32_t subsystem;         /* PCI subsystem vendor << 16 | ID */
    uint64_t timestamp_base;    /* GPU timestamp at virtual time 0 */
    char *workload;             /* "linear" or "activity" */
    char *guc_key;              /* modulus the GuC boot ROM checks with */
    bool engine_gated;          /* counters follow the render engine's work */

    MemoryRegion bar0;
    MemoryRegion mmio;
    MemoryRegion gone;          /* over BAR0 while surprise-removed */
    QEMUBH *reinsert_bh;
    int af_cap;                 /* config offset of the AF capability */

    IntelOACore core;
};

#endif /* HW_MISC_INTEL_OA_PCI_H */
