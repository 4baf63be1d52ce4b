/*
 * intel-oa-gpu: global GTT. A PTE array in BAR0 after the registers
 * maps the GGTT address space:
 *
 *   Gen8+   BAR0 16 MiB, 8 MiB of 64-bit PTEs at +8 MiB (4 GiB GGTT)
 *   Gen6/7  BAR0 4 MiB, 2 MiB of 32-bit PTEs at +2 MiB (2 GiB GGTT)
 *
 * The device translates through a small TLB that only GFX_FLSH_CNTL
 * invalidates, as on hardware: software must flush after rewriting PTEs
 * that may be cached.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_INTEL_OA_GGTT_H
#define HW_MISC_INTEL_OA_GGTT_H

#include "exec/memory.h"
#include "migration/vmstate.h"

#define INTEL_OA_GGTT_PAGE_SIZE     4096
#define INTEL_OA_GGTT_TLB_ENTRIES   64

/* PTE format and BAR0 geometry (gen6-gen7.rst "BAR0 and the GGTT"). */
typedef enum IntelOAGgttKind {
    INTEL_OA_GGTT_GEN8,         /* 64-bit PTE, address 38:12 */
    INTEL_OA_GGTT_GEN6,         /* SNB/IVB/VLV: address 39:32 in 11:4 */
    INTEL_OA_GGTT_HSW,          /* address 38:32 in 10:4 */
    INTEL_OA_GGTT_XEHP,         /* Gen8 PTE; bit 1 (local memory) faults */
    INTEL_OA_GGTT_MTL,          /* Gen8 PTE with a PAT index in 53:52 */
} IntelOAGgttKind;

typedef struct IntelOAGgttLayout IntelOAGgttLayout;

typedef struct IntelOAGgtt {
    const IntelOAGgttLayout *layout;
    MemoryRegion pte_mr;
    uint8_t *ptes;
    /* direct-mapped TLB: tag = GGTT page number + 1, 0 = invalid */
    uint32_t tlb_tag[INTEL_OA_GGTT_TLB_ENTRIES];
    uint64_t tlb_phys[INTEL_OA_GGTT_TLB_ENTRIES];
} IntelOAGgtt;

void intel_oa_ggtt_init(IntelOAGgtt *ggtt, IntelOAGgttKind kind,
                        Object *owner, Error **errp);
void intel_oa_ggtt_reset(IntelOAGgtt *ggtt);

/* BAR0 size and where the PTE array starts (= size of the MMIO part). */
uint64_t intel_oa_ggtt_bar0_size(const IntelOAGgtt *ggtt);
uint64_t intel_oa_ggtt_pte_offset(const IntelOAGgtt *ggtt);

/*
 * Translate a GGTT address to a bus address for DMA. Returns false if
 * the PTE is not present or the address lies beyond the GGTT.
 */
bool intel_oa_ggtt_translate(IntelOAGgtt *ggtt, uint32_t ggtt_addr,
                             uint64_t *phys);
/*
 * Whether what the device writes through @ggtt_addr's PTE is coherent
 * with the CPU's caches: false on Meteor Lake for PAT index 0 (WB, no
 * coherency), true everywhere else.
 */
bool intel_oa_ggtt_coherent(const IntelOAGgtt *ggtt, uint32_t ggtt_addr);

/*
 * Fault injection (bad-ggtt-pages): overwrite the PTE of the page at
 * @ggtt_addr with a present one that maps the top of the address range
 * its format can express, which nothing decodes, and drop the page from
 * the TLB. Device writes through it fail on the bus.
 */
void intel_oa_ggtt_spoil(IntelOAGgtt *ggtt, uint32_t ggtt_addr);

bool intel_oa_ggtt_mmio_read(IntelOAGgtt *ggtt, hwaddr addr, uint32_t *val);
bool intel_oa_ggtt_mmio_write(IntelOAGgtt *ggtt, hwaddr addr, uint32_t val);

extern const VMStateDescription vmstate_intel_oa_ggtt;

#endif /* HW_MISC_INTEL_OA_GGTT_H */
