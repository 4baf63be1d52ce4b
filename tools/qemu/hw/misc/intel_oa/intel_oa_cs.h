/*
 * intel-oa-gpu: the render command streamer. Gen6-7.5 run it in ring
 * buffer mode: software writes commands to a ring in GGTT memory and moves
 * RING_TAIL; the streamer executes from RING_HEAD to the tail, batch
 * buffers included, and reports progress through the hardware status
 * page and the render user interrupt. Gen8 and Gen9 run it in execlist
 * mode (intel_oa_execlists.c): software submits logical ring contexts
 * through the ELSP, each with its own ring and PPGTT, and learns of their
 * completion from the context status buffer and its interrupt. The
 * commands it executes, and what it counts as a violation, are
 * Documentation/command-streamer.rst.
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

/*
 * Context status buffer entries: Gen8/9 use 6 (i915 GEN8_CSB_ENTRIES),
 * Gen11+ 12 (GEN11_CSB_ENTRIES)
 */
#define INTEL_OA_CSB_ENTRIES    12

typedef struct IntelOACs {
    /* false: the platform's streamer is not modelled */
    bool present;
    /* Gen8+: execlist submission, of the platform's kind */
    bool execlists;
    IntelOAExeclists el;
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
    /* the batch being executed (address of the next command) */
    uint32_t level;
    uint64_t bb_addr;
    /* the batch is in the PPGTT (Gen8+ BB_START bit 8), non-privileged */
    bool bb_ppgtt;
    /* MI_SET_CONTEXT's context image address (bits 31:12), 0: none */
    uint32_t ctx_id;
    /* statistics, shown on the control page's debug counters */
    uint64_t commands;
    uint64_t batches;

    /* Execlists (Gen8+). RING_MODE_GEN7, a masked register */
    uint32_t gfx_mode;
    /* ELSP dwords written since the last submission (4 submit) */
    uint32_t elsp[4];
    uint32_t elsp_n;
    /* Gen11+: the submission queue, elements 0 and 1 (low, high) */
    uint32_t sq[4];
    /* the submitted elements (0: empty) and which one runs */
    uint64_t port[2];
    uint32_t port_idx;
    /* a context is loaded and executing */
    bool ctx_active;
    /* the loaded context: its PPHWSP's GGTT address and descriptor ID */
    uint32_t lrca;
    uint32_t hw_ctx_id;
    /*
     * its PDP0-3 (64-bit addressing: PDP0 is the PML4; 32-bit: the four
     * page directories), the addressing and CTX_CONTEXT_CONTROL
     */
    uint64_t pdp[4];
    bool legacy32;
    uint32_t ctx_ctl;
    /*
     * Gen12: OAR_OACONTROL and OACTXCONTROL, context state
     */
    uint32_t oar_control;
    uint32_t oa_ctx_ctl;
    /*
     * byte offsets in the image of the values of RING_HEAD,
     * CTX_CONTEXT_CONTROL, OAR_OACONTROL and OACTXCONTROL (0: none),
     * which a save writes back
     */
    uint32_t head_slot;
    uint32_t ctl_slot;
    uint32_t oar_slot;
    uint32_t oactx_slot;
    /* the context status buffer, its write and read pointers */
    uint32_t csb[INTEL_OA_CSB_ENTRIES][2];
    uint32_t csb_wp;
    uint32_t csb_rp;
    uint64_t ctx_loads;
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

/* Between intel_oa_cs.c and intel_oa_execlists.c */
bool intel_oa_cs_access(IntelOACs *cs, uint64_t addr, bool ppgtt, void *buf,
                        uint32_t len, bool write);
void intel_oa_cs_kick(IntelOACs *cs);
void intel_oa_execlists_reset(IntelOACs *cs);
bool intel_oa_execlists_mmio_read(IntelOACs *cs, hwaddr addr, uint32_t *val);
bool intel_oa_execlists_mmio_write(IntelOACs *cs, hwaddr addr, uint32_t val);
void intel_oa_execlists_ring_empty(IntelOACs *cs);
bool intel_oa_ppgtt_translate(IntelOACs *cs, uint64_t addr, uint64_t *phys);

extern const VMStateDescription vmstate_intel_oa_cs;

#endif /* HW_MISC_INTEL_OA_CS_H */
