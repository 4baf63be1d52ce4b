/*
 * intel-oa-gpu: global GTT (PTE array in BAR0, translation with a TLB
 * invalidated by GFX_FLSH_CNTL).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/bswap.h"
#include "qapi/error.h"
#include "intel_oa_regs.h"
#include "intel_oa_ggtt.h"
#include "trace.h"

#define GGTT_NUM_PTES   (INTEL_OA_GGTT_PTE_SIZE / 8)

void intel_oa_ggtt_init(IntelOAGgtt *ggtt, Object *owner, Error **errp)
{
    /*
     * The PTEs are plain memory for the guest (the driver writes them
     * with writeq), so back them with RAM: no exit per PTE write and
     * migration comes for free.
     */
    Error *local_err = NULL;

    memory_region_init_ram(&ggtt->pte_mr, owner, "intel-oa-gpu.ggtt",
                           INTEL_OA_GGTT_PTE_SIZE, &local_err);
    if (local_err) {
        error_propagate(errp, local_err);
        return;
    }
    ggtt->ptes = memory_region_get_ram_ptr(&ggtt->pte_mr);
}

static void ggtt_tlb_flush(IntelOAGgtt *ggtt)
{
    memset(ggtt->tlb_tag, 0, sizeof(ggtt->tlb_tag));
    memset(ggtt->tlb_phys, 0, sizeof(ggtt->tlb_phys));
}

void intel_oa_ggtt_reset(IntelOAGgtt *ggtt)
{
    memset(ggtt->ptes, 0, INTEL_OA_GGTT_PTE_SIZE);
    memory_region_set_dirty(&ggtt->pte_mr, 0, INTEL_OA_GGTT_PTE_SIZE);
    ggtt_tlb_flush(ggtt);
}

bool intel_oa_ggtt_translate(IntelOAGgtt *ggtt, uint32_t ggtt_addr,
                             uint64_t *phys)
{
    uint32_t page = ggtt_addr / INTEL_OA_GGTT_PAGE_SIZE;
    unsigned int slot = page % INTEL_OA_GGTT_TLB_ENTRIES;
    uint64_t pte;

    if (ggtt->tlb_tag[slot] == page + 1) {
        *phys = ggtt->tlb_phys[slot] | (ggtt_addr % INTEL_OA_GGTT_PAGE_SIZE);
        return true;
    }

    /* page < 1 Mi always holds: the GGTT spans exactly 4 GiB. */
    pte = ldq_le_p(ggtt->ptes + (uint64_t)page * 8);
    if (!(pte & INTEL_OA_PTE_PRESENT)) {
        trace_intel_oa_ggtt_fault(ggtt_addr, pte);
        return false;
    }
    ggtt->tlb_tag[slot] = page + 1;
    ggtt->tlb_phys[slot] = pte & INTEL_OA_PTE_ADDR_MASK;
    trace_intel_oa_ggtt_fill(ggtt_addr, pte);
    *phys = ggtt->tlb_phys[slot] | (ggtt_addr % INTEL_OA_GGTT_PAGE_SIZE);
    return true;
}

bool intel_oa_ggtt_mmio_read(IntelOAGgtt *ggtt, hwaddr addr, uint32_t *val)
{
    switch (addr) {
    case A_GFX_FLSH_CNTL:
        /* the invalidation completes immediately */
        *val = 0;
        return true;
    }
    return false;
}

bool intel_oa_ggtt_mmio_write(IntelOAGgtt *ggtt, hwaddr addr, uint32_t val)
{
    switch (addr) {
    case A_GFX_FLSH_CNTL:
        if (FIELD_EX32(val, GFX_FLSH_CNTL, EN)) {
            trace_intel_oa_ggtt_invalidate();
            ggtt_tlb_flush(ggtt);
        }
        return true;
    }
    return false;
}

const VMStateDescription vmstate_intel_oa_ggtt = {
    .name = "intel-oa-gpu/ggtt",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32_ARRAY(tlb_tag, IntelOAGgtt, INTEL_OA_GGTT_TLB_ENTRIES),
        VMSTATE_UINT64_ARRAY(tlb_phys, IntelOAGgtt, INTEL_OA_GGTT_TLB_ENTRIES),
        VMSTATE_END_OF_LIST()
    }
};
