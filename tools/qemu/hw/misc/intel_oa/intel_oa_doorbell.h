/*
 * intel-oa-gpu: Gen12.5 MMIO doorbells (seed 002 "MMIO Based Doorbells",
 * Documentation/dg2.rst "Doorbells"): 1024 doorbell pages in BAR0 at
 * 4-8 MiB, 256 physical doorbell registers that only the GuC programs,
 * the GTI doorbell group registers (the status stage), GUC_DB_ISR and
 * DOORBELL_CTRL with its routing bit.
 *
 * The block does not decide what a ring means: it hands rung doorbells
 * to the GuC or raises the host's DOORBELL_RANG through the hooks.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_INTEL_OA_DOORBELL_H
#define HW_MISC_INTEL_OA_DOORBELL_H

#include "exec/hwaddr.h"
#include "migration/vmstate.h"
#include "intel_oa_violation.h"

#define INTEL_OA_DB_PAGES           1024
#define INTEL_OA_DB_PAGE_SIZE       4096
#define INTEL_OA_DB_IDS             256
#define INTEL_OA_DB_GROUPS          (INTEL_OA_DB_IDS / 32)

/* Why ALLOCATE failed (the GuC's error codes, dg2.rst "Actions"). */
typedef enum IntelOADbError {
    INTEL_OA_DB_OK = 0,
    INTEL_OA_DB_BAD_ARG = 1,
    INTEL_OA_DB_BUSY = 2,
    INTEL_OA_DB_NOT_ARMED = 4,
} IntelOADbError;

typedef struct IntelOADoorbellHooks {
    /* a doorbell rang while routed to the GuC */
    void (*to_guc)(void *opaque);
    /* ... or while routed to the host */
    void (*to_host)(void *opaque);
    void *opaque;
} IntelOADoorbellHooks;

typedef struct IntelOADoorbells {
    IntelOAViolations *viol;
    IntelOADoorbellHooks hooks;

    uint32_t phys[INTEL_OA_DB_IDS * 2];     /* DW0, DW1 per id */
    uint32_t cookie[INTEL_OA_DB_PAGES];
    uint32_t group[INTEL_OA_DB_GROUPS];
    uint32_t isr[INTEL_OA_DB_GROUPS];
    uint32_t ctrl;
} IntelOADoorbells;

void intel_oa_db_init(IntelOADoorbells *db, IntelOAViolations *viol,
                      const IntelOADoorbellHooks *hooks);
void intel_oa_db_reset(IntelOADoorbells *db);

/* Whether @id and the page offset @offset name a doorbell and a page. */
bool intel_oa_db_arg_ok(uint32_t id, uint32_t offset);
/* The GuC's side: program or release a physical doorbell. */
IntelOADbError intel_oa_db_arm(IntelOADoorbells *db, uint32_t id,
                               uint32_t offset);
IntelOADbError intel_oa_db_disarm(IntelOADoorbells *db, uint32_t id);
bool intel_oa_db_valid(const IntelOADoorbells *db, unsigned int id);
uint32_t intel_oa_db_cookie(const IntelOADoorbells *db, unsigned int id);
/* Read GUC_DB_ISR(n): moves group n's status bits into the ISR. */
uint32_t intel_oa_db_isr_read(IntelOADoorbells *db, unsigned int n);
void intel_oa_db_isr_clear(IntelOADoorbells *db, unsigned int n,
                           uint32_t bits);
/* Rung groups wait and the GuC services them. */
bool intel_oa_db_guc_work(const IntelOADoorbells *db);

bool intel_oa_db_mmio_read(IntelOADoorbells *db, hwaddr addr, uint32_t *val);
bool intel_oa_db_mmio_write(IntelOADoorbells *db, hwaddr addr, uint32_t val);

extern const VMStateDescription vmstate_intel_oa_doorbells;

#endif /* HW_MISC_INTEL_OA_DOORBELL_H */
