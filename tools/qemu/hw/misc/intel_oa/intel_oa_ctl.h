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

#define INTEL_OA_CTL_MAGIC      0x41474f56  /* "VOGA" */
#define INTEL_OA_CTL_VERSION    6

REG32(CTL_MAGIC, 0x000)
REG32(CTL_VERSION, 0x004)
REG32(CTL_VIOLATIONS, 0x008)
REG32(CTL_LAST_VIOLATION, 0x00c)
REG32(CTL_SEED, 0x010)
REG32(CTL_DROP_REPORTS, 0x014)
REG32(CTL_FORCE_OVERFLOW, 0x018)
REG32(CTL_STALL_TAIL, 0x01c)
REG32(CTL_REPORTS_WRITTEN, 0x020)
REG32(CTL_REPORTS_DROPPED, 0x024)
REG32(CTL_HALF_FULL_IRQS, 0x028)
REG32(CTL_MSIS_SENT, 0x02c)
REG32(CTL_TAIL_RACE, 0x030)
REG32(CTL_RATIO, 0x034)
/* version 2 (dg2.rst): the GuC's knobs and counters; 0 without a GuC */
REG32(CTL_GUC_HANG, 0x038)
REG32(CTL_IRQ_IN_SERVICE, 0x03c)
REG32(CTL_H2G_ANSWERED, 0x040)
REG32(CTL_G2H_PRESENTED, 0x044)
REG32(CTL_DB_SERVICED, 0x048)
REG32(CTL_GUC_OA_IRQS, 0x04c)
REG32(CTL_G2H_DROPPED, 0x050)
/* version 3 (counters.rst): 0 = linear, 1 = activity workload */
REG32(CTL_WORKLOAD, 0x054)
/* version 4 (vgpu-contract.rst): time travel and more faults */
REG32(CTL_TS_ADVANCE, 0x058)
REG32(CTL_LOSE_WRITES, 0x05c)
REG32(CTL_SPURIOUS_IRQS, 0x060)
REG32(CTL_IRQ_STORM, 0x064)
REG32(CTL_FORCEWAKE_STUCK, 0x068)
REG32(CTL_GUC_GARBAGE, 0x06c)
/* version 5 (vgpu-contract.rst): late GuC replies, bad PTEs, removal */
REG32(CTL_GUC_LATE, 0x070)
REG32(CTL_BAD_GGTT_PAGES, 0x074)
REG32(CTL_SURPRISE_REMOVAL, 0x078)
REG32(CTL_DMA_ERRORS, 0x07c)
/* version 6 (guc-firmware.rst): a GuC another driver left running */
REG32(CTL_GUC_PRELOADED, 0x080)

/*
 * PRM-rule violations. The numeric value is what the control page's
 * "last violation" register reports; never renumber, only append.
 */
typedef enum IntelOAViolation {
    INTEL_OA_VIOL_NONE = 0,
    INTEL_OA_VIOL_OABUFFER_WHILE_ENABLED = 1,
    INTEL_OA_VIOL_TAILPTR_WHILE_ENABLED = 2,
    INTEL_OA_VIOL_OABUFFER_NOT_GGTT = 3,
    INTEL_OA_VIOL_HEADPTR_UNALIGNED = 4,
    INTEL_OA_VIOL_HEADPTR_OUTSIDE = 5,
    INTEL_OA_VIOL_TAILPTR_UNALIGNED = 6,
    INTEL_OA_VIOL_TAILPTR_OUTSIDE = 7,
    INTEL_OA_VIOL_OACONTROL_MBZ = 8,
    INTEL_OA_VIOL_OACTXCONTROL_MBZ = 9,
    INTEL_OA_VIOL_OASTATUS_MBZ = 10,
    INTEL_OA_VIOL_BAD_COUNTER_SELECT = 11,
    INTEL_OA_VIOL_ENABLE_WITHOUT_BUFFER = 12,
    INTEL_OA_VIOL_GGTT_FAULT = 13,
    INTEL_OA_VIOL_OABUFFER_UDW_NONZERO = 14,
    INTEL_OA_VIOL_OABUFFER_BEYOND_GGTT = 15,
    INTEL_OA_VIOL_OAG_BAD_SELECT = 16,
    INTEL_OA_VIOL_OAG_BUFFER_WITHOUT_TLB_INV = 17,
    INTEL_OA_VIOL_LEGACY_OA_REG = 18,
    INTEL_OA_VIOL_IRQ_SELECTOR_NOT_ONE_HOT = 19,
    INTEL_OA_VIOL_IRQ_SELECTOR_NOT_PENDING = 20,
    INTEL_OA_VIOL_IRQ_IIR_CLEAR_UNSERVICED = 21,
    /* Gen6-7.5 (gen6-gen7.rst) */
    INTEL_OA_VIOL_GEN7_BUFFER_WHILE_ENABLED = 22,
    INTEL_OA_VIOL_GEN7_ENABLE_OUT_OF_SEQUENCE = 23,
    INTEL_OA_VIOL_GEN7_TAIL_NOT_HEAD = 24,
    INTEL_OA_VIOL_GEN7_CLOCK_GATING = 25,
    INTEL_OA_VIOL_GEN7_BUFFER_UNALIGNED = 26,
    INTEL_OA_VIOL_GEN7_BUFFER_NOT_GGTT = 27,
    INTEL_OA_VIOL_GEN7_BAD_COUNTER_SELECT = 28,
    /* Gen12.5 (dg2.rst) */
    INTEL_OA_VIOL_FORCEWAKE_NOT_AWAKE = 29,
    INTEL_OA_VIOL_MCR_READ_MULTICAST = 30,
    INTEL_OA_VIOL_MCR_READ_FUSED_OFF = 31,
    INTEL_OA_VIOL_MCR_UNICAST_WRITE = 32,
    INTEL_OA_VIOL_DOORBELL_REG_HOST_WRITE = 33,
    INTEL_OA_VIOL_DOORBELL_RING_UNARMED = 34,
    INTEL_OA_VIOL_GUC_SEND_WHILE_BUSY = 35,
    /* activity workload (counters.rst), checked at OA enable */
    INTEL_OA_VIOL_FLEX_UNSUPPORTED_FILTER = 36,
    INTEL_OA_VIOL_FLEX_RESERVED_ENCODING = 37,
    INTEL_OA_VIOL_CEC_RESERVED_SOURCE = 38,
    /* GuC boot path (guc-firmware.rst) */
    INTEL_OA_VIOL_GUC_DMA_WITHOUT_SHIM = 39,
    INTEL_OA_VIOL_GUC_DMA_WHILE_RUNNING = 40,
    INTEL_OA_VIOL_COUNT
} IntelOAViolation;

/* Fault-injection knobs, consumed by the OA unit. */
typedef struct IntelOAFaults {
    uint32_t drop_reports;
    uint32_t lose_writes;
    uint32_t irq_storm;         /* OA interrupt events still to raise */
    bool force_overflow;
    bool stall_tail;
    bool tail_race;
} IntelOAFaults;

typedef struct IntelOAStats {
    uint64_t reports_written;
    uint64_t reports_dropped;
    uint64_t half_full_irqs;
    uint64_t msis_sent;
    uint64_t dma_errors;        /* 64-byte writes the bus did not complete */
    uint32_t ggtt_spoiled;      /* PTEs bad-ggtt-pages overwrote */
} IntelOAStats;

typedef struct IntelOAUnit IntelOAUnit;
typedef struct IntelOAGuc IntelOAGuc;

/*
 * Surprise removal is the PCI front end's business: the control page
 * only tells it when the knob changes.
 */
typedef void IntelOARemovalFn(void *opaque, bool removed);

typedef struct IntelOACtl {
    MemoryRegion mr;
    IntelOARemovalFn *set_removed;
    void *removal_opaque;
    bool removed;               /* surprise-removal: BAR0 and config gone */
    QEMUTimer *storm_timer;     /* paces irq-storm events */
    IntelOAUnit *oa;
    IntelOAGuc *guc;
    uint32_t seed;
    uint32_t ratio;
    /* the workload a reset selects (the device property) */
    uint32_t reset_workload;

    uint32_t workload;
    uint32_t violations;
    uint32_t last_violation;
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

/* Count and log one PRM-rule violation. */
void intel_oa_violation(IntelOACtl *ctl, IntelOAViolation code,
                        const char *fmt, ...) G_GNUC_PRINTF(3, 4);
const char *intel_oa_violation_name(IntelOAViolation code);

extern const VMStateDescription vmstate_intel_oa_ctl;

#endif /* HW_MISC_INTEL_OA_CTL_H */
