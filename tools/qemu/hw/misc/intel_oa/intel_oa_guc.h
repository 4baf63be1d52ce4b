/*
 * intel-oa-gpu: the GuC's host interface on Gen12.5 (dg2.rst "GuC",
 * "Engine-interrupt redirection"): status and message registers, the
 * host-to-GuC send interrupt, a G2H event queue and the engine-interrupt
 * redirection registers. The MMIO doorbells (intel_oa_doorbell.c) are
 * part of the GuC block: only the GuC arms them and services them.
 *
 * The host loads the GuC image through the boot path
 * (intel_oa_guc_boot.c); its code is not executed. Once the boot ROM
 * has accepted an image, a small built-in "firmware" stands in for it:
 * it answers a handful of actions, over the MMIO mailbox or the H2G CT
 * buffer, 20 us of virtual time after the host asks, and services
 * OA-sample doorbells by triggering OA reports.
 * Before that, and after a GuC reset, requests and doorbells go
 * unanswered, as with a GuC that is not running.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_INTEL_OA_GUC_H
#define HW_MISC_INTEL_OA_GUC_H

#include "exec/hwaddr.h"
#include "migration/vmstate.h"
#include "qemu/timer.h"
#include "intel_oa_violation.h"
#include "intel_oa_doorbell.h"
#include "intel_oa_guc_boot.h"
#include "intel_oa_guc_ct.h"
#include "intel_oa_irq.h"
#include "intel_oa_platform.h"
#include "intel_oa_unit.h"

#define INTEL_OA_GUC_SCRATCH        16
#define INTEL_OA_GUC_IERS           4
#define INTEL_OA_GUC_MSG_DWORDS     4

/* guc-late: the longest delay of a final reply, in ms */
#define INTEL_OA_GUC_LATE_MAX_MS    60000

typedef struct IntelOAGucStats {
    uint32_t h2g_answered;
    uint32_t g2h_presented;
    uint32_t db_serviced;
    uint32_t oa_irqs;
    uint32_t g2h_dropped;
} IntelOAGucStats;

typedef struct IntelOAGuc IntelOAGuc;

struct IntelOAGuc {
    /* collaborators; present false on platforms without a GuC */
    bool present;
    IntelOAViolations *viol;
    IntelOAIrq *irq;
    IntelOAUnit *oa;
    IntelOAGucBoot boot;
    QEMUTimer *h2g_timer;
    QEMUTimer *db_timer;
    QEMUTimer *ct_timer;

    uint32_t scratch[INTEL_OA_GUC_SCRATCH];
    uint32_t send_latch;        /* GUC_HOST2GUC_DATA */
    uint32_t host_intr;         /* GUC_HOST_INTR: the last vector raised */
    uint32_t ier[INTEL_OA_GUC_IERS];

    /* the request being processed, latched at the send interrupt */
    bool h2g_pending;
    uint32_t h2g_msg[INTEL_OA_GUC_MSG_DWORDS];

    /* the CT buffers: requests, their responses and events */
    IntelOAGucCt ct;
    /* guc-late: a request taken from the H2G ring, its reply due */
    bool ct_owed;
    uint16_t ct_owed_fence;
    uint32_t ct_owed_msg[INTEL_OA_GUC_MSG_DWORDS];

    /* doorbells, and the work type the firmware armed each one for */
    IntelOADoorbells db;
    uint8_t db_type[INTEL_OA_DB_IDS];

    /* control-page knobs and counters */
    uint32_t hang;
    uint32_t garbage;       /* control page guc-garbage */
    uint32_t late_ms;       /* control page guc-late */
    bool h2g_busy;          /* answered BUSY, the final reply is due */
    uint32_t irq_in_service;
    IntelOAGucStats stats;
};

bool intel_oa_guc_init(IntelOAGuc *guc, const IntelOAPlatform *plat,
                       AddressSpace *dma_as, IntelOAGgtt *ggtt,
                       IntelOAViolations *viol, IntelOAIrq *irq,
                       IntelOAUnit *oa, const char *key_path,
                       Error **errp);
void intel_oa_guc_finalize(IntelOAGuc *guc);
void intel_oa_guc_reset(IntelOAGuc *guc);

bool intel_oa_guc_mmio_read(IntelOAGuc *guc, hwaddr addr, uint32_t *val);
bool intel_oa_guc_mmio_write(IntelOAGuc *guc, hwaddr addr, uint32_t val);

/* Control page 0x038..0x050 (reads 0, writes ignored without a GuC). */
uint32_t intel_oa_guc_ctl_read(IntelOAGuc *guc, hwaddr addr);
void intel_oa_guc_ctl_write(IntelOAGuc *guc, hwaddr addr, uint32_t val);

extern const VMStateDescription vmstate_intel_oa_guc;

#endif /* HW_MISC_INTEL_OA_GUC_H */
