/*
 * intel-oa-gpu: MMIO doorbells of Documentation/dg2.rst: pages,
 * physical doorbell registers, status stages and routing. Physical
 * register layout (DW0 VALID and page, DW1 VF) is the model's.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "intel_oa_regs.h"
#include "intel_oa_doorbell.h"
#include "trace.h"

#define DB_PHYS_SIZE    (INTEL_OA_DB_IDS * 8)
#define DB_PAGES_SIZE   (INTEL_OA_DB_PAGES * INTEL_OA_DB_PAGE_SIZE)

bool intel_oa_db_valid(const IntelOADoorbells *db, unsigned int id)
{
    return FIELD_EX32(db->phys[2 * id], DB_PHYS0, VALID);
}

static unsigned int db_page_of(const IntelOADoorbells *db, unsigned int id)
{
    return FIELD_EX32(db->phys[2 * id], DB_PHYS0, PAGE);
}

uint32_t intel_oa_db_cookie(const IntelOADoorbells *db, unsigned int id)
{
    return db->cookie[db_page_of(db, id)];
}

/* The VALID physical doorbell mapping @page, or -1. */
static int db_id_of_page(const IntelOADoorbells *db, unsigned int page)
{
    unsigned int id;

    for (id = 0; id < INTEL_OA_DB_IDS; id++) {
        if (intel_oa_db_valid(db, id) && db_page_of(db, id) == page) {
            return id;
        }
    }
    return -1;
}

bool intel_oa_db_arg_ok(uint32_t id, uint32_t offset)
{
    return id < INTEL_OA_DB_IDS && !(offset % INTEL_OA_DB_PAGE_SIZE) &&
           offset < DB_PAGES_SIZE;
}

IntelOADbError intel_oa_db_arm(IntelOADoorbells *db, uint32_t id,
                               uint32_t offset)
{
    unsigned int page = offset / INTEL_OA_DB_PAGE_SIZE;

    if (!intel_oa_db_arg_ok(id, offset)) {
        return INTEL_OA_DB_BAD_ARG;
    }
    if (intel_oa_db_valid(db, id) || db_id_of_page(db, page) >= 0) {
        return INTEL_OA_DB_BUSY;
    }
    db->phys[2 * id] = FIELD_DP32(R_DB_PHYS0_VALID_MASK, DB_PHYS0, PAGE,
                                  page);
    db->phys[2 * id + 1] = 0;           /* VF 0: the PF */
    trace_intel_oa_doorbell_phys(id, page, true);
    return INTEL_OA_DB_OK;
}

IntelOADbError intel_oa_db_disarm(IntelOADoorbells *db, uint32_t id)
{
    if (id >= INTEL_OA_DB_IDS) {
        return INTEL_OA_DB_BAD_ARG;
    }
    if (!intel_oa_db_valid(db, id)) {
        return INTEL_OA_DB_NOT_ARMED;
    }
    /* the doorbell block acquires the cookie, which drops VALID */
    db->phys[2 * id] &= ~R_DB_PHYS0_VALID_MASK;
    trace_intel_oa_doorbell_phys(id, db_page_of(db, id), false);
    return INTEL_OA_DB_OK;
}

uint32_t intel_oa_db_isr_read(IntelOADoorbells *db, unsigned int n)
{
    db->isr[n] |= db->group[n];
    db->group[n] = 0;
    db->ctrl &= ~(1u << n);
    return db->isr[n];
}

void intel_oa_db_isr_clear(IntelOADoorbells *db, unsigned int n,
                           uint32_t bits)
{
    db->isr[n] &= ~bits;
}

bool intel_oa_db_guc_work(const IntelOADoorbells *db)
{
    return FIELD_EX32(db->ctrl, DOORBELL_CTRL, RUNG) &&
           FIELD_EX32(db->ctrl, DOORBELL_CTRL, TO_GUC);
}

static void db_ring(IntelOADoorbells *db, unsigned int page, uint32_t cookie)
{
    int id = db_id_of_page(db, page);
    unsigned int n;

    db->cookie[page] = cookie;
    if (id < 0) {
        intel_oa_violation(db->viol, INTEL_OA_VIOL_DOORBELL_RING_UNARMED,
                           "doorbell page %u rung (cookie 0x%08x) but no "
                           "valid physical doorbell maps it; dropped",
                           page, cookie);
        return;
    }
    trace_intel_oa_doorbell_ring(id, page, cookie);
    n = id / 32;
    if (!db->group[n]) {
        db->ctrl |= 1u << n;
    }
    db->group[n] |= 1u << (id % 32);
    if (FIELD_EX32(db->ctrl, DOORBELL_CTRL, TO_GUC)) {
        db->hooks.to_guc(db->hooks.opaque);
    } else {
        db->hooks.to_host(db->hooks.opaque);
    }
}

static bool db_in(hwaddr addr, hwaddr base, hwaddr size)
{
    return addr >= base && addr - base < size;
}

bool intel_oa_db_mmio_read(IntelOADoorbells *db, hwaddr addr, uint32_t *val)
{
    if (db_in(addr, INTEL_OA_DB_PAGE_BASE, DB_PAGES_SIZE)) {
        addr -= INTEL_OA_DB_PAGE_BASE;
        *val = addr % INTEL_OA_DB_PAGE_SIZE ? 0 :
               db->cookie[addr / INTEL_OA_DB_PAGE_SIZE];
    } else if (db_in(addr, A_DB_PHYS0, DB_PHYS_SIZE)) {
        *val = db->phys[(addr - A_DB_PHYS0) / 4];
    } else if (db_in(addr, A_GTI_DB_GROUP0, 4 * INTEL_OA_DB_GROUPS)) {
        *val = db->group[(addr - A_GTI_DB_GROUP0) / 4];
    } else if (db_in(addr, A_GUC_DB_ISR0, 4 * INTEL_OA_DB_GROUPS)) {
        *val = intel_oa_db_isr_read(db, (addr - A_GUC_DB_ISR0) / 4);
    } else if (addr == A_DOORBELL_CTRL) {
        *val = db->ctrl;
    } else {
        return false;
    }
    return true;
}

bool intel_oa_db_mmio_write(IntelOADoorbells *db, hwaddr addr, uint32_t val)
{
    if (db_in(addr, INTEL_OA_DB_PAGE_BASE, DB_PAGES_SIZE)) {
        addr -= INTEL_OA_DB_PAGE_BASE;
        if (addr % INTEL_OA_DB_PAGE_SIZE) {
            qemu_log_mask(LOG_GUEST_ERROR, "intel-oa-gpu: doorbell write "
                          "at page offset 0x%" HWADDR_PRIx " is not DW0; "
                          "ignored\n", addr % INTEL_OA_DB_PAGE_SIZE);
        } else {
            db_ring(db, addr / INTEL_OA_DB_PAGE_SIZE, val);
        }
    } else if (db_in(addr, A_DB_PHYS0, DB_PHYS_SIZE)) {
        intel_oa_violation(db->viol, INTEL_OA_VIOL_DOORBELL_REG_HOST_WRITE,
                           "host write of 0x%08x to physical doorbell "
                           "register 0x%" HWADDR_PRIx "; only the GuC "
                           "programs them; ignored", val, addr);
    } else if (db_in(addr, A_GTI_DB_GROUP0, 4 * INTEL_OA_DB_GROUPS)) {
        qemu_log_mask(LOG_GUEST_ERROR, "intel-oa-gpu: GTI doorbell group "
                      "register 0x%" HWADDR_PRIx " is read-only, write of "
                      "0x%08x ignored\n", addr, val);
    } else if (db_in(addr, A_GUC_DB_ISR0, 4 * INTEL_OA_DB_GROUPS)) {
        intel_oa_db_isr_clear(db, (addr - A_GUC_DB_ISR0) / 4, val);
    } else if (addr == A_DOORBELL_CTRL) {
        db->ctrl = (db->ctrl & R_DOORBELL_CTRL_RUNG_MASK) |
                   (val & R_DOORBELL_CTRL_TO_GUC_MASK);
        /* rings left in the stage go to the GuC once it is routed there */
        if (intel_oa_db_guc_work(db)) {
            db->hooks.to_guc(db->hooks.opaque);
        }
    } else {
        return false;
    }
    return true;
}

void intel_oa_db_init(IntelOADoorbells *db, IntelOAViolations *viol,
                      const IntelOADoorbellHooks *hooks)
{
    db->viol = viol;
    db->hooks = *hooks;
}

void intel_oa_db_reset(IntelOADoorbells *db)
{
    memset(db->phys, 0, sizeof(db->phys));
    memset(db->cookie, 0, sizeof(db->cookie));
    memset(db->group, 0, sizeof(db->group));
    memset(db->isr, 0, sizeof(db->isr));
    /* rings go to the host until the driver routes them to the GuC */
    db->ctrl = 0;
}

const VMStateDescription vmstate_intel_oa_doorbells = {
    .name = "intel-oa-gpu/doorbells",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32_ARRAY(phys, IntelOADoorbells, INTEL_OA_DB_IDS * 2),
        VMSTATE_UINT32_ARRAY(cookie, IntelOADoorbells, INTEL_OA_DB_PAGES),
        VMSTATE_UINT32_ARRAY(group, IntelOADoorbells, INTEL_OA_DB_GROUPS),
        VMSTATE_UINT32_ARRAY(isr, IntelOADoorbells, INTEL_OA_DB_GROUPS),
        VMSTATE_UINT32(ctrl, IntelOADoorbells),
        VMSTATE_END_OF_LIST()
    }
};
