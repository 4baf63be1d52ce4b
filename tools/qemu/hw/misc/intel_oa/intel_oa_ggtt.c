/*
 * intel-oa-gpu: global GTT (PTE array in BAR0, per-generation PTE
 * decoding, translation with a TLB invalidated by GFX_FLSH_CNTL).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/bswap.h"
#include "qapi/error.h"
#include "intel_oa_regs.h"
#include "intel_oa_ggtt.h"
#include "trace.h"

struct IntelOAGgttLayout {
    uint64_t bar0_size;
    uint64_t pte_offset;
    uint64_t pte_size;
    unsigned int pte_bytes;
    /* page address of a present PTE, or false if not present */
    bool (*decode)(uint64_t pte, uint64_t *page);
    /* a present PTE mapping the highest page the format can address */
    uint64_t bad_pte;
    /* Meteor Lake: the PTE carries a PAT index (bits 53:52) */
    bool has_pat;
};

static bool ggtt_decode_gen8(uint64_t pte, uint64_t *page)
{
    *page = pte & INTEL_OA_PTE_ADDR_MASK;
    return pte & INTEL_OA_PTE_PRESENT;
}

/*
 * Gen12.5: bit 1 selects local memory, which the model does not have;
 * such a PTE maps nothing the device could write (dg2.rst "BAR0").
 */
static bool ggtt_decode_xehp(uint64_t pte, uint64_t *page)
{
    return ggtt_decode_gen8(pte, page) && !(pte & INTEL_OA_PTE_LM);
}

/* Address bits 31:12 in place; the extra high bits sit in 11:4. */
static uint64_t ggtt_gen6_page(uint64_t pte, unsigned int high_bits)
{
    return (pte & 0xfffff000) |
           (((pte >> 4) & MAKE_64BIT_MASK(0, high_bits)) << 32);
}

static bool ggtt_decode_gen6(uint64_t pte, uint64_t *page)
{
    *page = ggtt_gen6_page(pte, 8);
    return pte & INTEL_OA_GEN6_PTE_VALID;
}

/* Haswell: bit 11 is cache control, only address bits 38:32 in 10:4. */
static bool ggtt_decode_hsw(uint64_t pte, uint64_t *page)
{
    *page = ggtt_gen6_page(pte, 7);
    return pte & INTEL_OA_GEN6_PTE_VALID;
}

static const IntelOAGgttLayout ggtt_layouts[] = {
    [INTEL_OA_GGTT_GEN8] = {
        .bar0_size = INTEL_OA_GEN8_BAR0_SIZE,
        .pte_offset = INTEL_OA_GEN8_BAR0_SIZE / 2,
        .pte_size = INTEL_OA_GEN8_BAR0_SIZE / 2,
        .pte_bytes = 8,
        .decode = ggtt_decode_gen8,
        .bad_pte = INTEL_OA_PTE_ADDR_MASK | INTEL_OA_PTE_PRESENT,
    },
    [INTEL_OA_GGTT_GEN6] = {
        .bar0_size = INTEL_OA_GEN6_BAR0_SIZE,
        .pte_offset = INTEL_OA_GEN6_BAR0_SIZE / 2,
        .pte_size = INTEL_OA_GEN6_BAR0_SIZE / 2,
        .pte_bytes = 4,
        .decode = ggtt_decode_gen6,
        .bad_pte = 0xfffff000 | (0xff << 4) | INTEL_OA_GEN6_PTE_VALID,
    },
    [INTEL_OA_GGTT_HSW] = {
        .bar0_size = INTEL_OA_GEN6_BAR0_SIZE,
        .pte_offset = INTEL_OA_GEN6_BAR0_SIZE / 2,
        .pte_size = INTEL_OA_GEN6_BAR0_SIZE / 2,
        .pte_bytes = 4,
        .decode = ggtt_decode_hsw,
        .bad_pte = 0xfffff000 | (0x7f << 4) | INTEL_OA_GEN6_PTE_VALID,
    },
    [INTEL_OA_GGTT_MTL] = {
        .bar0_size = INTEL_OA_GEN8_BAR0_SIZE,
        .pte_offset = INTEL_OA_GEN8_BAR0_SIZE / 2,
        .pte_size = INTEL_OA_GEN8_BAR0_SIZE / 2,
        .pte_bytes = 8,
        .decode = ggtt_decode_gen8,
        /* a wrong page, but i915's PAT index: only the address is bad */
        .bad_pte = INTEL_OA_PTE_ADDR_MASK | INTEL_OA_PTE_PRESENT |
                   (3ull << INTEL_OA_MTL_PTE_PAT_SHIFT),
        .has_pat = true,
    },
    [INTEL_OA_GGTT_XEHP] = {
        .bar0_size = INTEL_OA_GEN8_BAR0_SIZE,
        .pte_offset = INTEL_OA_GEN8_BAR0_SIZE / 2,
        .pte_size = INTEL_OA_GEN8_BAR0_SIZE / 2,
        .pte_bytes = 8,
        .decode = ggtt_decode_xehp,
        .bad_pte = INTEL_OA_PTE_ADDR_MASK | INTEL_OA_PTE_PRESENT,
    },
};

uint64_t intel_oa_ggtt_bar0_size(const IntelOAGgtt *ggtt)
{
    return ggtt->layout->bar0_size;
}

uint64_t intel_oa_ggtt_pte_offset(const IntelOAGgtt *ggtt)
{
    return ggtt->layout->pte_offset;
}

void intel_oa_ggtt_init(IntelOAGgtt *ggtt, IntelOAGgttKind kind,
                        Object *owner, Error **errp)
{
    /*
     * The PTEs are plain memory for the guest (the driver writes them
     * with writeq), so back them with RAM: no exit per PTE write and
     * migration comes for free.
     */
    Error *local_err = NULL;

    ggtt->layout = &ggtt_layouts[kind];
    memory_region_init_ram(&ggtt->pte_mr, owner, "intel-oa-gpu.ggtt",
                           ggtt->layout->pte_size, &local_err);
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
    memset(ggtt->ptes, 0, ggtt->layout->pte_size);
    memory_region_set_dirty(&ggtt->pte_mr, 0, ggtt->layout->pte_size);
    ggtt_tlb_flush(ggtt);
}

bool intel_oa_ggtt_translate(IntelOAGgtt *ggtt, uint32_t ggtt_addr,
                             uint64_t *phys)
{
    uint32_t page = ggtt_addr / INTEL_OA_GGTT_PAGE_SIZE;
    unsigned int slot = page % INTEL_OA_GGTT_TLB_ENTRIES;
    const IntelOAGgttLayout *l = ggtt->layout;
    uint64_t pte, page_addr;

    if (ggtt->tlb_tag[slot] == page + 1) {
        *phys = ggtt->tlb_phys[slot] | (ggtt_addr % INTEL_OA_GGTT_PAGE_SIZE);
        return true;
    }

    /* the Gen6/7 GGTT ends at 2 GiB: nothing maps beyond it */
    if ((uint64_t)page * l->pte_bytes >= l->pte_size) {
        trace_intel_oa_ggtt_fault(ggtt_addr, 0);
        return false;
    }
    pte = l->pte_bytes == 8 ? ldq_le_p(ggtt->ptes + (uint64_t)page * 8) :
                              ldl_le_p(ggtt->ptes + (uint64_t)page * 4);
    if (!l->decode(pte, &page_addr)) {
        trace_intel_oa_ggtt_fault(ggtt_addr, pte);
        return false;
    }
    ggtt->tlb_tag[slot] = page + 1;
    ggtt->tlb_phys[slot] = page_addr;
    trace_intel_oa_ggtt_fill(ggtt_addr, pte);
    *phys = ggtt->tlb_phys[slot] | (ggtt_addr % INTEL_OA_GGTT_PAGE_SIZE);
    return true;
}

bool intel_oa_ggtt_coherent(const IntelOAGgtt *ggtt, uint32_t ggtt_addr)
{
    const IntelOAGgttLayout *l = ggtt->layout;
    uint64_t off = (uint64_t)(ggtt_addr / INTEL_OA_GGTT_PAGE_SIZE) * 8;

    if (!l->has_pat || off >= l->pte_size) {
        return true;
    }
    return extract64(ldq_le_p(ggtt->ptes + off), INTEL_OA_MTL_PTE_PAT_SHIFT,
                     2) != INTEL_OA_MTL_PAT_WB;
}

void intel_oa_ggtt_spoil(IntelOAGgtt *ggtt, uint32_t ggtt_addr)
{
    const IntelOAGgttLayout *l = ggtt->layout;
    uint32_t page = ggtt_addr / INTEL_OA_GGTT_PAGE_SIZE;
    unsigned int slot = page % INTEL_OA_GGTT_TLB_ENTRIES;
    uint64_t off = (uint64_t)page * l->pte_bytes;

    if (off >= l->pte_size) {
        return;
    }
    if (l->pte_bytes == 8) {
        stq_le_p(ggtt->ptes + off, l->bad_pte);
    } else {
        stl_le_p(ggtt->ptes + off, l->bad_pte);
    }
    memory_region_set_dirty(&ggtt->pte_mr, off, l->pte_bytes);
    if (ggtt->tlb_tag[slot] == page + 1) {
        ggtt->tlb_tag[slot] = 0;
    }
    trace_intel_oa_ggtt_spoil(ggtt_addr, l->bad_pte);
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
