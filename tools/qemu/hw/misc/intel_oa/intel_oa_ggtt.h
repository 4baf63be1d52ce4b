/*
 * intel-oa-gpu: global GTT. The upper 8 MiB of BAR0 hold 1 Mi Gen8
 * 64-bit PTEs (bit 0 present, bits 38:12 page address) mapping a 4 GiB
 * GGTT address space. The device translates through a small TLB that
 * only GFX_FLSH_CNTL invalidates, as on hardware: software must flush
 * after rewriting PTEs that may be cached.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_INTEL_OA_GGTT_H
#define HW_MISC_INTEL_OA_GGTT_H

#include "exec/memory.h"
#include "migration/vmstate.h"

#define INTEL_OA_GGTT_PAGE_SIZE     4096
#define INTEL_OA_GGTT_TLB_ENTRIES   64

typedef struct IntelOAGgtt {
    MemoryRegion pte_mr;
    uint8_t *ptes;
    /* direct-mapped TLB: tag = GGTT page number + 1, 0 = invalid */
    uint32_t tlb_tag[INTEL_OA_GGTT_TLB_ENTRIES];
    uint64_t tlb_phys[INTEL_OA_GGTT_TLB_ENTRIES];
} IntelOAGgtt;

void intel_oa_ggtt_init(IntelOAGgtt *ggtt, Object *owner, Error **errp);
void intel_oa_ggtt_reset(IntelOAGgtt *ggtt);

/*
 * Translate a GGTT address to a bus address for DMA. Returns false if
 * the PTE is not present.
 */
bool intel_oa_ggtt_translate(IntelOAGgtt *ggtt, uint32_t ggtt_addr,
                             uint64_t *phys);

bool intel_oa_ggtt_mmio_read(IntelOAGgtt *ggtt, hwaddr addr, uint32_t *val);
bool intel_oa_ggtt_mmio_write(IntelOAGgtt *ggtt, hwaddr addr, uint32_t val);

extern const VMStateDescription vmstate_intel_oa_ggtt;

#endif /* HW_MISC_INTEL_OA_GGTT_H */
