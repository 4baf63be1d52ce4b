// SPDX-License-Identifier: GPL-2.0
/*
 * Global GTT entries for the OA buffer.
 */

#include <linux/io.h>
#include <linux/io-64-nonatomic-lo-hi.h>

#include "intel_oa.h"
#include "intel_oa_gen.h"
#include "regs/intel_oa_regs.h"

/**
 * DOC: GGTT
 *
 * The OA unit writes reports to a GGTT address. The driver owns the whole
 * GGTT (there is no GEM), so the OA buffer lives at a fixed GGTT range
 * (&OA_BUFFER_GGTT_OFFSET, 16 MiB, aligned as every generation's OABUFFER
 * requires). Each 4 KiB page gets a PTE in the PTE array of BAR0 (GSM).
 * The generation descriptor's &struct intel_oa_ggtt_desc says where the
 * array is and what a PTE looks like:
 *
 * - Gen8+: 64-bit PTEs at BAR0 + 8 MiB, bit 0 present, bits 38:12 the
 *   page address, written as two dwords, low first.
 * - Gen6/7: 32-bit PTEs at BAR0 + 2 MiB, bit 0 valid, bits 31:12 the page
 *   address bits 31:12 and bits 11:4 (Haswell 10:4) the address bits above
 *   32 (i915 GEN6_PTE_ADDR_ENCODE / HSW_PTE_ADDR_ENCODE), plus the cache
 *   control the contract asks for: LLC on Sandy and Ivy Bridge, writeable
 *   and snooped on Valleyview (which has no LLC), WB_LLC_AGE3 on Haswell.
 *
 * After updating PTEs the GGTT TLB is invalidated through GFX_FLSH_CNTL,
 * with a posting read of the last PTE first, as i915 does.
 */

static u64 gen8_pte_encode(dma_addr_t addr)
{
	return ((u64)addr & GEN8_PTE_ADDR_MASK) | GEN8_PTE_PRESENT;
}

static void gen8_pte_write(u64 pte, void __iomem *addr)
{
	lo_hi_writeq(pte, addr);
}

/* Address bits 31:12 in place, bits 39:32 (38:32 on HSW) in 11:4. */
static u32 gen6_pte_addr(dma_addr_t addr, u32 hi_mask)
{
	return ((u32)addr & GEN6_PTE_ADDR_LO_MASK) |
	       ((u32)((u64)addr >> 28) & hi_mask);
}

static u64 snb_pte_encode(dma_addr_t addr)
{
	return gen6_pte_addr(addr, GEN6_PTE_ADDR_HI_MASK) |
	       GEN6_PTE_CACHE_LLC | GEN6_PTE_VALID;
}

static u64 vlv_pte_encode(dma_addr_t addr)
{
	return gen6_pte_addr(addr, GEN6_PTE_ADDR_HI_MASK) |
	       BYT_PTE_SNOOPED_BY_CPU_CACHES | BYT_PTE_WRITEABLE |
	       GEN6_PTE_VALID;
}

static u64 hsw_pte_encode(dma_addr_t addr)
{
	return gen6_pte_addr(addr, HSW_PTE_ADDR_HI_MASK) |
	       HSW_WB_LLC_AGE3 | GEN6_PTE_VALID;
}

static void gen6_pte_write(u64 pte, void __iomem *addr)
{
	writel(lower_32_bits(pte), addr);
}

const struct intel_oa_ggtt_desc intel_oa_gen8_ggtt = {
	.gsm_offset = GEN8_GSM_OFFSET,
	.pte_size = 8,
	.dma_bits = 39,
	.pte_encode = gen8_pte_encode,
	.pte_write = gen8_pte_write,
};

const struct intel_oa_ggtt_desc intel_oa_snb_ggtt = {
	.gsm_offset = GEN6_GSM_OFFSET,
	.pte_size = 4,
	.dma_bits = 40,
	.pte_encode = snb_pte_encode,
	.pte_write = gen6_pte_write,
};

const struct intel_oa_ggtt_desc intel_oa_vlv_ggtt = {
	.gsm_offset = GEN6_GSM_OFFSET,
	.pte_size = 4,
	.dma_bits = 40,
	.pte_encode = vlv_pte_encode,
	.pte_write = gen6_pte_write,
};

const struct intel_oa_ggtt_desc intel_oa_hsw_ggtt = {
	.gsm_offset = GEN6_GSM_OFFSET,
	.pte_size = 4,
	.dma_bits = 39,
	.pte_encode = hsw_pte_encode,
	.pte_write = gen6_pte_write,
};

static void __iomem *ggtt_pte(struct intel_oa_device *oa, u32 ggtt_offset)
{
	return oa->uncore.gsm +
	       (ggtt_offset >> PAGE_SHIFT) * oa->gen->ggtt->pte_size;
}

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
	const struct intel_oa_ggtt_desc *ggtt = oa->gen->ggtt;
	void __iomem *pte = ggtt_pte(oa, ggtt_offset);
	unsigned int i;

	for (i = 0; i < n_pages; i++)
		ggtt->pte_write(ggtt->pte_encode(dma[i]),
				pte + i * ggtt->pte_size);

	ggtt_invalidate(oa, pte + (n_pages - 1) * ggtt->pte_size);
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
	const struct intel_oa_ggtt_desc *ggtt = oa->gen->ggtt;
	void __iomem *pte = ggtt_pte(oa, ggtt_offset);
	unsigned int i;

	for (i = 0; i < n_pages; i++)
		ggtt->pte_write(0, pte + i * ggtt->pte_size);

	ggtt_invalidate(oa, pte + (n_pages - 1) * ggtt->pte_size);
}
