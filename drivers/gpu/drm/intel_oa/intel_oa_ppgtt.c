// SPDX-License-Identifier: GPL-2.0
/*
 * Gen8+ per-process GTTs: 4-level page tables and the allocator of their
 * 48-bit address space.
 */

#include <linux/dma-mapping.h>
#include <linux/slab.h>

#include <drm/drm_drv.h>
#include <drm/drm_print.h>

#include "intel_oa.h"
#include "regs/intel_oa_regs.h"

/**
 * DOC: PPGTT
 *
 * Each GEM VM of a Gen8/9 device with execlist submission has a full
 * PPGTT as i915's gen8_ppgtt.c builds it for a 48-bit address space: a
 * PML4 whose entries point at page-directory-pointer tables, then page
 * directories, then page tables of 512 eight-byte entries each.
 * Cherryview's is 32-bit and 3-level: the top is a page-directory-pointer
 * table whose four page directories are allocated with it
 * (gen8_preallocate_top_level_pdp()), since a context holds their
 * addresses in its PDP0-3 registers (ASSIGN_CTX_PDP) and its descriptor
 * says 32-bit legacy addressing. An entry
 * is the next level's (or the page's) DMA address with the present and
 * writable bits; a page table entry of an uncached object also sets PWT
 * and PCD, i915's PPAT_UNCACHED, where a cached one selects PPAT index 0
 * (gen8_pte_encode()). The context image's PDP0 holds the PML4's address
 * (i915 ASSIGN_CTX_PML4) and its descriptor's addressing mode says
 * 64-bit legacy.
 *
 * Tables are allocated when a range is first mapped and stay until the
 * PPGTT goes; clearing a range zeroes its entries. Each table below the
 * PML4 is charged to the PPGTT's owner (the GEM client of its VM) before
 * it is allocated, a page for its entries and a page for a directory's
 * child pointers, so sparse bindings cannot make a client's tables
 * outgrow its limit. Objects bound in the PPGTT take addresses from its
 * own drm_mm.
 */

#define PT_ENTRIES	512

/**
 * struct intel_oa_pt - one page of a PPGTT level
 * @vaddr: its entries (coherent DMA).
 * @dma: its DMA address.
 * @child: the next level's tables (NULL for a page table).
 */
struct intel_oa_pt {
	u64 *vaddr;
	dma_addr_t dma;
	struct intel_oa_pt **child;
};

static void pt_free(struct intel_oa_device *oa, struct intel_oa_pt *pt,
		    int level)
{
	unsigned int i;

	if (!pt)
		return;
	if (pt->child) {
		for (i = 0; i < PT_ENTRIES; i++)
			pt_free(oa, pt->child[i], level - 1);
		kfree(pt->child);
	}
	dma_free_coherent(&oa->pdev->dev, PAGE_SIZE, pt->vaddr, pt->dma);
	kfree(pt);
}

/* A zeroed table of @level (0: a page table). */
static struct intel_oa_pt *pt_alloc(struct intel_oa_device *oa, int level)
{
	struct intel_oa_pt *pt;

	pt = kzalloc(sizeof(*pt), GFP_KERNEL);
	if (!pt)
		return NULL;
	pt->vaddr = dma_alloc_coherent(&oa->pdev->dev, PAGE_SIZE, &pt->dma,
				       GFP_KERNEL);
	if (!pt->vaddr)
		goto err;
	if (level) {
		pt->child = kcalloc(PT_ENTRIES, sizeof(*pt->child), GFP_KERNEL);
		if (!pt->child)
			goto err;
	}
	return pt;

err:
	if (pt->vaddr)
		dma_free_coherent(&oa->pdev->dev, PAGE_SIZE, pt->vaddr,
				  pt->dma);
	kfree(pt);
	return NULL;
}

/* What a table of @level costs its owner. */
static s64 pt_cost(int level)
{
	return level ? 2 * PAGE_SIZE : PAGE_SIZE;
}

static unsigned int pt_index(u64 addr, int level)
{
	return (addr >> (PAGE_SHIFT + 9 * level)) & (PT_ENTRIES - 1);
}

/* The page table covering @addr, allocating the levels above it. */
static struct intel_oa_pt *pt_walk(struct intel_oa_ppgtt *ppgtt, u64 addr,
				   bool alloc)
{
	struct intel_oa_pt *pt = ppgtt->pml4;
	int level;

	for (level = ppgtt->levels - 1; level > 0; level--) {
		unsigned int i = pt_index(addr, level);

		if (!pt->child[i]) {
			if (!alloc)
				return NULL;
			if (ppgtt->ops &&
			    ppgtt->ops->charge(ppgtt->owner, pt_cost(level - 1)))
				return NULL;
			pt->child[i] = pt_alloc(ppgtt->oa, level - 1);
			if (!pt->child[i]) {
				if (ppgtt->ops)
					ppgtt->ops->charge(ppgtt->owner,
							   -pt_cost(level - 1));
				return NULL;
			}
			ppgtt->charged += pt_cost(level - 1);
			/* gen8_pde_encode(): present, writable, PPAT 0 */
			pt->vaddr[i] = pt->child[i]->dma | GEN8_PAGE_PRESENT |
				       GEN8_PAGE_RW;
		}
		pt = pt->child[i];
	}
	return pt;
}

/**
 * intel_oa_ppgtt_create - an empty PPGTT
 * @oa: device
 * @bits: its address bits: 48 (4 levels) or 32 (3 levels)
 * @ops: who pays for its tables (NULL: nobody)
 * @owner: their argument; @ops->release() is called with it when the
 *	PPGTT goes
 *
 * The top level (and on 3 levels its four directories) is the caller's
 * to account for.
 *
 * Return: the PPGTT (one reference) or NULL without memory.
 */
struct intel_oa_ppgtt *intel_oa_ppgtt_create(struct intel_oa_device *oa,
					     unsigned int bits,
					     const struct intel_oa_ppgtt_owner *ops,
					     void *owner)
{
	struct intel_oa_ppgtt *ppgtt;
	unsigned int i;

	ppgtt = kzalloc(sizeof(*ppgtt), GFP_KERNEL);
	if (!ppgtt)
		return NULL;
	ppgtt->levels = bits > 32 ? 4 : 3;
	ppgtt->size = BIT_ULL(bits);
	ppgtt->pml4 = pt_alloc(oa, ppgtt->levels - 1);
	if (!ppgtt->pml4) {
		kfree(ppgtt);
		return NULL;
	}
	kref_init(&ppgtt->ref);
	mutex_init(&ppgtt->lock);
	ppgtt->oa = oa;
	/* page 0 stays unmapped, as i915 keeps it out of its allocator */
	drm_mm_init(&ppgtt->mm, PAGE_SIZE, ppgtt->size - PAGE_SIZE);
	drm_dev_get(&oa->drm);
	/* 3-level: the four directories the PDP registers name, up front */
	for (i = 0; ppgtt->levels == 3 && i < GEN8_3LVL_PDPES; i++) {
		mutex_lock(&ppgtt->lock);
		if (!pt_walk(ppgtt, (u64)i << 30, true)) {
			mutex_unlock(&ppgtt->lock);
			intel_oa_ppgtt_put(ppgtt);
			return NULL;
		}
		mutex_unlock(&ppgtt->lock);
	}
	/* the top and the directories made with it are the caller's charge */
	ppgtt->charged = 0;
	ppgtt->ops = ops;
	ppgtt->owner = owner;
	return ppgtt;
}

static void ppgtt_release(struct kref *ref)
{
	struct intel_oa_ppgtt *ppgtt =
		container_of(ref, struct intel_oa_ppgtt, ref);
	struct intel_oa_device *oa = ppgtt->oa;

	drm_mm_takedown(&ppgtt->mm);
	pt_free(oa, ppgtt->pml4, ppgtt->levels - 1);
	if (ppgtt->ops) {
		ppgtt->ops->charge(ppgtt->owner, -(s64)ppgtt->charged);
		ppgtt->ops->release(ppgtt->owner);
	}
	mutex_destroy(&ppgtt->lock);
	kfree(ppgtt);
	drm_dev_put(&oa->drm);
}

/**
 * intel_oa_ppgtt_get - another reference
 * @ppgtt: the PPGTT
 *
 * Return: @ppgtt.
 */
struct intel_oa_ppgtt *intel_oa_ppgtt_get(struct intel_oa_ppgtt *ppgtt)
{
	kref_get(&ppgtt->ref);
	return ppgtt;
}

/**
 * intel_oa_ppgtt_put - drop a reference
 * @ppgtt: the PPGTT; its ranges must all have been released
 */
void intel_oa_ppgtt_put(struct intel_oa_ppgtt *ppgtt)
{
	kref_put(&ppgtt->ref, ppgtt_release);
}

/**
 * intel_oa_ppgtt_pdp - what a context's PDP register holds
 * @ppgtt: the PPGTT
 * @n: the register, 0-3
 *
 * Return: 4-level: the DMA address of the PML4 for PDP0 (the others are
 * unused, 0); 3-level: that of page directory @n.
 */
dma_addr_t intel_oa_ppgtt_pdp(const struct intel_oa_ppgtt *ppgtt,
			      unsigned int n)
{
	if (ppgtt->levels == 4)
		return n ? 0 : ppgtt->pml4->dma;
	return ppgtt->pml4->child[n]->dma;
}

/**
 * intel_oa_ppgtt_bind - give pages an address in the PPGTT and map them
 * @ppgtt: the PPGTT
 * @node: out: the range (must be unallocated)
 * @pages: DMA address of each page
 * @n: number of pages
 * @align: alignment, a power of two of at least PAGE_SIZE
 * @fixed: the address the range must start at, U64_MAX for anywhere
 * @end: where @fixed is U64_MAX, the range ends at or below this
 * @cached: the GPU's accesses snoop (PPAT 0), else uncached
 *
 * Return: 0, -ENOSPC (no room, or @fixed is taken), -ENOMEM (a table, or
 * the owner's limit).
 */
int intel_oa_ppgtt_bind(struct intel_oa_ppgtt *ppgtt, struct drm_mm_node *node,
			const dma_addr_t *pages, unsigned long n, u64 align,
			u64 fixed, u64 end, bool cached)
{
	u64 size = (u64)n << PAGE_SHIFT;
	u64 flags = cached ? 0 : GEN8_PAGE_PWT | GEN8_PAGE_PCD;
	unsigned long i;
	int ret;

	mutex_lock(&ppgtt->lock);
	if (fixed != U64_MAX) {
		node->start = fixed;
		node->size = size;
		ret = drm_mm_reserve_node(&ppgtt->mm, node);
		if (ret == -EINVAL)
			ret = -ENOSPC;
	} else {
		ret = drm_mm_insert_node_in_range(&ppgtt->mm, node, size,
						  align, 0, 0, end,
						  DRM_MM_INSERT_BEST);
	}
	if (ret)
		goto out;
	for (i = 0; i < n; i++) {
		u64 addr = node->start + ((u64)i << PAGE_SHIFT);
		struct intel_oa_pt *pt = pt_walk(ppgtt, addr, true);

		if (!pt) {
			ret = -ENOMEM;
			break;
		}
		pt->vaddr[pt_index(addr, 0)] = pages[i] | GEN8_PAGE_PRESENT |
					       GEN8_PAGE_RW | flags;
	}
	if (ret) {
		while (i--) {
			u64 addr = node->start + ((u64)i << PAGE_SHIFT);

			pt_walk(ppgtt, addr, false)->vaddr[pt_index(addr, 0)] = 0;
		}
		drm_mm_remove_node(node);
	}
out:
	mutex_unlock(&ppgtt->lock);
	/* the tables are coherent: order them before any submission */
	wmb();
	return ret;
}

/**
 * intel_oa_ppgtt_unbind - unmap a range and give its addresses back
 * @ppgtt: the PPGTT
 * @node: the range, from intel_oa_ppgtt_bind()
 *
 * The caller knows the engine no longer uses it.
 */
void intel_oa_ppgtt_unbind(struct intel_oa_ppgtt *ppgtt,
			   struct drm_mm_node *node)
{
	u64 addr;

	mutex_lock(&ppgtt->lock);
	for (addr = node->start; addr < node->start + node->size;
	     addr += PAGE_SIZE) {
		struct intel_oa_pt *pt = pt_walk(ppgtt, addr, false);

		if (pt)
			pt->vaddr[pt_index(addr, 0)] = 0;
	}
	drm_mm_remove_node(node);
	mutex_unlock(&ppgtt->lock);
}
