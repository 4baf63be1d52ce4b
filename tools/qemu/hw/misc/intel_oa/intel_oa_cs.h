/*
 * intel-oa-gpu: the render command streamer of Gen6-7.5 in ring buffer
 * mode. Software writes commands to a ring in GGTT memory and moves
 * RING_TAIL; the streamer executes from RING_HEAD to the tail, batch
 * buffers included, and reports progress through the hardware status
 * page and the render user interrupt. The commands it executes, and
 * what it counts as a violation, are Documentation/command-streamer.rst.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_INTEL_OA_CS_H
#define HW_MISC_INTEL_OA_CS_H

#include "exec/hwaddr.h"
#include "exec/memory.h"
#include "migration/vmstate.h"
#include "qemu/timer.h"
#include "intel_oa_platform.h"
#include "intel_oa_ggtt.h"
#include "intel_oa_irq.h"
#include "intel_oa_gt.h"
#include "intel_oa_violation.h"
#include "intel_oa_unit.h"

/* Register access of MI_LOAD_REGISTER_* and MI_STORE_REGISTER_MEM */
typedef uint32_t (*IntelOACsRegRead)(void *opaque, hwaddr addr);
typedef void (*IntelOACsRegWrite)(void *opaque, hwaddr addr, uint32_t val);

/* Where the streamer fetches from. */
typedef enum IntelOACsLevel {
    INTEL_OA_CS_RING,
    INTEL_OA_CS_BATCH,
} IntelOACsLevel;

typedef struct IntelOACs {
    /* false: the platform has no ring buffer mode modelled (Gen8+) */
    bool present;
    const IntelOAPlatform *plat;
    IntelOAViolations *viol;
    AddressSpace *dma_as;
    IntelOAGgtt *ggtt;
    IntelOAIrq *irq;
    IntelOAGt *gt;
    /* the render OA unit: MI_REPORT_PERF_COUNT snapshots its counters */
    IntelOAUnit *oa;
    /* the device's register space, as the streamer's LRI/SRM see it */
    IntelOACsRegRead reg_read;
    IntelOACsRegWrite reg_write;
    void *reg_opaque;
    /* runs the streamer outside the MMIO write that started it */
    QEMUTimer *timer;

    /* RING_TAIL/HEAD/START/CTL, HWS_PGA, RING_IMR, RING_MI_MODE */
    uint32_t tail;
    uint32_t head;
    uint32_t start;
    uint32_t ctl;
    uint32_t hws_pga;
    uint32_t imr;
    uint32_t mi_mode;
    /* the batch being executed (GGTT address of the next command) */
    uint32_t level;
    uint32_t bb_addr;
    /* MI_SET_CONTEXT's context image address (bits 31:12), 0: none */
    uint32_t ctx_id;
    /* statistics, shown on the control page's debug counters */
    uint64_t commands;
    uint64_t batches;
} IntelOACs;

void intel_oa_cs_init(IntelOACs *cs, const IntelOAPlatform *plat,
                      AddressSpace *dma_as, IntelOAGgtt *ggtt,
                      IntelOAIrq *irq, IntelOAGt *gt, IntelOAUnit *oa,
                      IntelOAViolations *viol, IntelOACsRegRead reg_read,
                      IntelOACsRegWrite reg_write, void *reg_opaque);
void intel_oa_cs_finalize(IntelOACs *cs);
void intel_oa_cs_reset(IntelOACs *cs);
bool intel_oa_cs_mmio_read(IntelOACs *cs, hwaddr addr, uint32_t *val);
bool intel_oa_cs_mmio_write(IntelOACs *cs, hwaddr addr, uint32_t val);

extern const VMStateDescription vmstate_intel_oa_cs;

#endif /* HW_MISC_INTEL_OA_CS_H */
