// SPDX-License-Identifier: GPL-2.0
/*
 * Global GTT entries for the OA buffer.
 */

#include <linux/io.h>
#include <linux/io-64-nonatomic-lo-hi.h>

#include "intel_oa.h"
#include "regs/intel_oa_regs.h"

/**
 * DOC: GGTT
 *
 * The OA unit writes reports to a GGTT address. The driver owns the whole
 * GGTT (there is no GEM), so the OA buffer lives at a fixed, size-aligned
 * GGTT range (&OA_BUFFER_GGTT_OFFSET, 16 MiB, as OABUFFER requires the base
 * to be aligned to the buffer size). Each 4 KiB page gets a Gen8 64-bit PTE
 * (bit 0 present, bits 38:12 page address) in the PTE half of BAR0 (GSM,
 * BAR0 + 8 MiB). After updating PTEs the GGTT TLB is invalidated through
 * GFX_FLSH_CNTL, with a posting read of the last PTE first, as i915 does.
 * PTEs are written as two dwords, low first.
 */

static void ggtt_invalidate(struct intel_oa_device *oa, void __iomem *last)
{
	/* Posting read so the PTE writes land before the flush. */
	readl(last);
	intel_oa_write(oa, GFX_FLSH_CNTL_GEN6, GFX_FLSH_CNTL_EN);
	intel_oa_read(oa, GFX_FLSH_CNTL_GEN6);
}

/**
 * intel_oa_ggtt_insert - map pages at a GGTT range
 * @oa: device
 * @ggtt_offset: page aligned GGTT address of the first page
 * @dma: DMA address of each page
 * @n_pages: number of pages
 */
void intel_oa_ggtt_insert(struct intel_oa_device *oa, u32 ggtt_offset,
			  const dma_addr_t *dma, unsigned int n_pages)
{
	void __iomem *pte = oa->uncore.gsm + (ggtt_offset >> PAGE_SHIFT) * 8;
	unsigned int i;

	for (i = 0; i < n_pages; i++)
		lo_hi_writeq(((u64)dma[i] & GEN8_PTE_ADDR_MASK) |
			     GEN8_PTE_PRESENT, pte + i * 8);

	ggtt_invalidate(oa, pte + (n_pages - 1) * 8);
}

/**
 * intel_oa_ggtt_clear - unmap a GGTT range
 * @oa: device
 * @ggtt_offset: page aligned GGTT address of the first page
 * @n_pages: number of pages
 */
void intel_oa_ggtt_clear(struct intel_oa_device *oa, u32 ggtt_offset,
			 unsigned int n_pages)
{
	void __iomem *pte = oa->uncore.gsm + (ggtt_offset >> PAGE_SHIFT) * 8;
	unsigned int i;

	for (i = 0; i < n_pages; i++)
		lo_hi_writeq(0, pte + i * 8);

	ggtt_invalidate(oa, pte + (n_pages - 1) * 8);
}
